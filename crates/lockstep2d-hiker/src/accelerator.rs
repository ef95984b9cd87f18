//! The accelerator: the hiker's intent turned into the character's velocity for this
//! step (the walker's rule: the run, and a jump from the ground; the world keeps the
//! velocity and bends it with gravity), held back at the world border.

use lockstep2d::minmax;
use lockstep2d_scenes::{WalkInput, walk};

use crate::event_processor::Intent;
use crate::game::Game;

/// How close to the border the hiker may come (m).
const BORDER_GAP: f32 = 0.5;

/// Runs the stage. A jump counts only when the hiker stands on something.
pub fn accelerate(game: &mut Game, intent: Intent) -> lockstep2d::Result<()> {
    let hiker = game.state.hiker;
    let rules = &game.rules;
    let speed = if intent.crouch {
        rules.crouch_speed
    } else {
        rules.run_speed
    };
    let grounded = game.world.character(hiker)?.grounded();
    let state = &mut game.state.hiker_state;
    let jump = (intent.jump && grounded).then(|| {
        state.jumps += 1;
        if state.boots_jumps > 0 {
            state.boots_jumps -= 1;
            rules.boots_jump_speed
        } else {
            rules.jump_speed
        }
    });
    let input = WalkInput {
        run: intent.run * speed,
        jump,
    };
    let mut velocity = walk(&game.world, hiker, input)?;
    let x = game.world.position(hiker)?.x;
    let least = (game.state.border + BORDER_GAP - x) / rules.dt();
    velocity.x = minmax::max(velocity.x, minmax::min(least, 0.0));
    game.world.set_character_velocity(hiker, velocity)
}
