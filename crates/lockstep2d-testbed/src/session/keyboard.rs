//! The keyboard's hold on a scene's character: the keys held make a `Pad`, which the
//! scripted game's rules (`pad_actions`) turn into the character's run, jump and
//! drop-through, as they do for a player over a network. Held keys act on every step
//! they are held; a press of Space is kept until a step that can jump uses it, so a tap
//! between two steps is not lost.

use lockstep2d::{BodyId, Result, World};
use lockstep2d_scenes::{Pad, pad_actions, platform_actions};

/// The keys held for the character, and a jump pressed and not yet used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Keyboard {
    /// Left, Right and Down as held now.
    pub held: Pad,
    /// Space was pressed and no step has jumped on it yet.
    jump: bool,
}

impl Keyboard {
    /// Space was pressed: the next step that can jump does.
    pub fn press_jump(&mut self) {
        self.jump = true;
    }

    /// One step of the character `player` under the keys: its pad's actions for the
    /// coming step, and the script's turning of the moving platforms, which the
    /// keyboard does not drive.
    pub fn drive(&mut self, world: &mut World, player: BodyId) -> Result<()> {
        let mut actions = platform_actions(world.step_count(), world);
        let jump = self.jump && world.character(player)?.grounded();
        if jump {
            self.jump = false;
        }
        let pad = self.held.with(Pad::JUMP, jump);
        actions.extend(pad_actions(world, player, pad)?);
        for action in actions {
            action.apply(world)?;
        }
        Ok(())
    }
}
