//! The steps: a frame's worth from the plugin's own driver, or one per run of a
//! schedule the app times. Either way each step is the same sequence: what was spawned
//! and despawned synced, the `PhysicsStep` schedule, anything it spawned synced, the
//! step, its events sent as messages.

use std::time::Duration;

use bevy_ecs::prelude::*;
use bevy_time::prelude::*;
use lockstep2d::StepInfo;

use crate::messages::send_step_messages;
use crate::physics::Physics;
use crate::plugin::PhysicsStep;
use crate::sync::sync;
use crate::transforms::write_step_poses;

/// The frame's steps by the plugin's own driver: `Time<Virtual>`'s frame time in,
/// as many steps as it is worth.
pub(crate) fn run_frame(world: &mut World) {
    let frame = world
        .get_resource::<Time<Virtual>>()
        .map_or(Duration::ZERO, Time::delta);
    sync(world);
    let plan = world
        .resource_mut::<Physics>()
        .stepper_mut()
        .begin_frame(frame);
    world.resource_mut::<Physics>().step_error = None;
    let infos = plan.step_infos(world.resource::<Physics>().world());
    for info in infos {
        if !run_step(world, &info) {
            break;
        }
    }
    end_frame(world);
}

/// One step, for a run of the schedule the app times the steps with. It reads no
/// clock: in a rollback schedule, a run is a step, however often it is run again.
pub(crate) fn run_scheduled_step(world: &mut World) {
    sync(world);
    let physics = world.resource::<Physics>();
    let info = StepInfo {
        step: physics.world().step_count(),
        dt: physics.stepper().clock().dt(),
        index_in_frame: 0,
        steps_in_frame: 1,
    };
    world.resource_mut::<Physics>().step_error = None;
    run_step(world, &info);
    end_frame(world);
}

/// The `PhysicsStep` schedule, what it spawned made, the step, its messages, the
/// bodies' `Transform`s at their new poses. False when the engine refused the step
/// (its error is kept in `Physics`).
fn run_step(world: &mut World, info: &StepInfo) -> bool {
    world.run_schedule(PhysicsStep);
    sync(world);
    let stepped = world.resource_scope(|world, mut physics: Mut<Physics>| {
        let (engine, stepper) = physics.parts();
        if let Err(e) = stepper.step(engine, info) {
            physics.step_error = Some(e);
            return false;
        }
        send_step_messages(world, &physics);
        true
    });
    if stepped {
        write_step_poses(world);
    }
    stepped
}

/// User forces cleared (if the driver is set to) once the frame's steps are done.
fn end_frame(world: &mut World) {
    let mut physics = world.resource_mut::<Physics>();
    let (engine, stepper) = physics.parts();
    stepper.end_frame(engine);
}
