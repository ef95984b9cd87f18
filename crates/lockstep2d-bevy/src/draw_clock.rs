//! When a schedule of the app times the steps: how far each drawn frame falls into the
//! next step.

use bevy_ecs::prelude::*;
use bevy_time::prelude::*;

use crate::physics::Physics;

/// The time the frames have brought that the steps have not yet used, mirrored from
/// the schedule that times the steps (bevy_ggrs's accumulator, or `Time<Fixed>`'s):
/// frame time in, a step's length out for each step the world has gone forward since
/// the last frame drawn. Steps run again after a rollback are not counted twice: only
/// the world's step count matters. Drawing only: nothing of it goes back into the
/// simulation.
#[derive(Resource, Default)]
pub(crate) struct DrawClock {
    carried: f64,
    last_step: Option<u64>,
}

/// The frame's `alpha` between the last two steps, for `Physics::smoothed_pose`.
pub(crate) fn follow_steps(
    time: Res<Time<Virtual>>,
    mut clock: ResMut<DrawClock>,
    mut physics: ResMut<Physics>,
) {
    let dt = f64::from(physics.stepper().clock().dt());
    let steps = physics.world().step_count();
    // A world put back before the last frame drawn (a session started again) has run
    // no new steps.
    let new = clock
        .last_step
        .and_then(|last| steps.checked_sub(last))
        .unwrap_or(0);
    clock.last_step = Some(steps);
    let carried = clock.carried + time.delta_secs_f64() - new as f64 * dt;
    clock.carried = carried.clamp(0.0, dt);
    physics.draw_alpha = Some((clock.carried / dt) as f32);
}
