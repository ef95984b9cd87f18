//! The keyboard's hold on a scene's character: Left and Right run, Space jumps, Down
//! drops through one-way platforms. Held keys act on every step they are held; a jump
//! is one press, spent by the next step that can use it.

use lockstep2d::{BodyId, Result, World};
use lockstep2d_scenes::{WalkInput, platform_actions, walk};

/// Running speed (m/s) while an arrow is held.
const RUN_SPEED: f32 = 5.0;
/// Take-off speed (m/s) of a jump: a 3.2 m rise under 10 m/s².
const JUMP_SPEED: f32 = 8.0;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pad {
    pub left: bool,
    pub right: bool,
    pub down: bool,
    /// Space was pressed and no step has jumped on it yet.
    jump: bool,
}

impl Pad {
    pub fn press_jump(&mut self) {
        self.jump = true;
    }

    /// One step of the character `player` under the held keys: its move for the coming
    /// step of `dt` (through the scenes' walker), its drop-through switch, and the
    /// script's turning of the moving platforms, which the keyboard does not drive.
    pub fn drive(&mut self, world: &mut World, player: BodyId, dt: f32) -> Result<()> {
        for action in platform_actions(world.step_count(), world) {
            action.apply(world)?;
        }
        let run = RUN_SPEED * (f32::from(u8::from(self.right)) - f32::from(u8::from(self.left)));
        let grounded = world.character(player)?.grounded;
        let jump = (self.jump && grounded).then_some(JUMP_SPEED);
        if jump.is_some() {
            self.jump = false;
        }
        let displacement = walk(world, player, WalkInput { run, jump }, dt)?;
        world.move_character(player, displacement)?;
        world.set_drop_through(player, self.down)
    }
}
