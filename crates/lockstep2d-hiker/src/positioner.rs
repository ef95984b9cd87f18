//! The positioner: the world border follows the view (it never moves back), the
//! world's bounds follow the border so the engine removes what falls behind it, and
//! the monster comes on at a constant speed, never behind the border.

use lockstep2d::{Aabb, Vec2, minmax};

use crate::game::Game;

/// How high above the ground the monster floats (m).
const MONSTER_HEIGHT: f32 = 1.0;
/// How far past the border a body must fall before the world removes it (m).
const BOUNDS_MARGIN: f32 = 1.0;
/// The bounds' reach up, down and ahead (m): far past anything in the game.
const BOUNDS_REACH: f32 = 100_000.0;

/// Runs the stage.
pub fn position(game: &mut Game) -> lockstep2d::Result<()> {
    let hiker_x = game.world.position(game.state.hiker)?.x;
    let state = &mut game.state;
    state.border = minmax::max(state.border, hiker_x - game.rules.border_behind);
    let bounds = Aabb {
        min: Vec2::new(state.border - BOUNDS_MARGIN, -BOUNDS_REACH),
        max: Vec2::new(state.border + BOUNDS_REACH, BOUNDS_REACH),
    };
    game.world.set_bounds(Some(bounds))?;
    move_monster(game)
}

/// Gives the monster the velocity that takes it to its next place in this step.
fn move_monster(game: &mut Game) -> lockstep2d::Result<()> {
    let dt = game.rules.dt();
    let state = &mut game.state;
    state.monster_x = minmax::max(
        state.monster_x + game.rules.monster_speed * dt,
        state.border + 1.0,
    );
    let x = state.monster_x;
    let target = Vec2::new(x, game.mountain.height(x) + MONSTER_HEIGHT);
    let now = game.world.position(state.monster)?;
    game.world
        .set_linear_velocity(state.monster, (target - now) * (1.0 / dt))
}
