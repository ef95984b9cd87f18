//! The plugin: the `Physics` resource, the `PhysicsStep` schedule, and the systems that
//! run each frame's steps and write the smoothed poses to `Transform`.

use std::time::Duration;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::ScheduleLabel;
use bevy_math::prelude::*;
use bevy_time::prelude::*;
use bevy_transform::TransformSystems;
use bevy_transform::prelude::*;
use lockstep2d::{FixedStepper, StepInfo, StepperConfig, WorldDef};

use crate::components::PhysicsBody;
use crate::messages::{
    ContactImpact, ContactStarted, ContactStopped, JointOverThreshold, SensorEntered, SensorExited,
};
use crate::physics::Physics;
use crate::sync::sync;

/// The schedule the plugin runs once before each physics step: game logic that must
/// run per step (forces, held inputs, controllers of the game's own, spawners) goes
/// here. Its systems see the last step's state and may spawn and despawn bodies; what
/// they spawn is made before the step.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhysicsStep;

/// The plugin's systems in `PostUpdate`, in this order, before transform propagation.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhysicsSystems {
    /// Bodies made and destroyed, then the frame's steps, each after `PhysicsStep`.
    Step,
    /// Every body's `Transform` set to its smoothed pose.
    Writeback,
}

/// lockstep2d in a Bevy app: a world and a fixed-step driver, checked when the plugin
/// is made.
pub struct Lockstep2dPlugin {
    physics: Physics,
}

impl Lockstep2dPlugin {
    /// The plugin for a world made by `world` and stepped by a driver of `stepper`.
    /// Fails, naming the field, on a setting the engine refuses.
    pub fn new(world: &WorldDef, stepper: StepperConfig) -> lockstep2d::Result<Self> {
        let physics = Physics::new(lockstep2d::World::new(world)?, FixedStepper::new(stepper)?);
        Ok(Lockstep2dPlugin { physics })
    }
}

impl Default for Lockstep2dPlugin {
    /// Gravity −10 m/s² in y, Box2D v3's soft step at 60 Hz, interpolated poses.
    fn default() -> Self {
        Lockstep2dPlugin::new(&WorldDef::default(), StepperConfig::default())
            .expect("the default settings are valid")
    }
}

impl Plugin for Lockstep2dPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.physics.clone())
            .init_schedule(PhysicsStep)
            .add_message::<ContactStarted>()
            .add_message::<ContactStopped>()
            .add_message::<ContactImpact>()
            .add_message::<SensorEntered>()
            .add_message::<SensorExited>()
            .add_message::<JointOverThreshold>()
            .configure_sets(
                PostUpdate,
                (PhysicsSystems::Step, PhysicsSystems::Writeback)
                    .chain()
                    .before(TransformSystems::Propagate),
            )
            .add_systems(
                PostUpdate,
                (
                    run_frame.in_set(PhysicsSystems::Step),
                    write_transforms.in_set(PhysicsSystems::Writeback),
                ),
            );
    }
}

/// The frame's steps: `Time<Virtual>`'s frame time to the driver, and for each step
/// the `PhysicsStep` schedule, what it spawned made, the step, its events sent.
fn run_frame(world: &mut World) {
    let frame = world
        .get_resource::<Time<Virtual>>()
        .map_or(Duration::ZERO, Time::delta);
    sync(world);
    let plan = world
        .resource_mut::<Physics>()
        .stepper_mut()
        .begin_frame(frame);
    world.resource_mut::<Physics>().step_error = None;
    for info in plan.step_infos() {
        world.run_schedule(PhysicsStep);
        sync(world);
        if let Err(e) = step(world, &info) {
            world.resource_mut::<Physics>().step_error = Some(e);
            break;
        }
    }
    let mut physics = world.resource_mut::<Physics>();
    let (engine, stepper) = physics.parts();
    stepper.end_frame(engine);
}

/// One step, then its events as messages.
fn step(world: &mut World, info: &StepInfo) -> lockstep2d::Result<()> {
    world.resource_scope(|world, mut physics: Mut<Physics>| {
        let (engine, stepper) = physics.parts();
        stepper.step(engine, info)?;
        send_messages(world, &physics);
        Ok(())
    })
}

fn send_messages(world: &mut World, physics: &Physics) {
    let entity = |body| physics.entity(body).unwrap_or(Entity::PLACEHOLDER);
    let events = physics.world().contact_events();
    for &event in &events.begin {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactStarted { entities, event });
    }
    for &event in &events.end {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactStopped { entities, event });
    }
    for &event in &events.hit {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactImpact { entities, event });
    }
    let sensors = physics.world().sensor_events();
    for &event in &sensors.begin {
        let (sensor, visitor) = (entity(event.sensor_body), entity(event.visitor_body));
        world.write_message(SensorEntered {
            sensor,
            visitor,
            event,
        });
    }
    for &event in &sensors.end {
        let (sensor, visitor) = (entity(event.sensor_body), entity(event.visitor_body));
        world.write_message(SensorExited {
            sensor,
            visitor,
            event,
        });
    }
    for &event in physics.world().joint_events() {
        let joint = physics
            .joint_entity(event.joint)
            .unwrap_or(Entity::PLACEHOLDER);
        world.write_message(JointOverThreshold { joint, event });
    }
}

/// Every body's `Transform` at its smoothed pose; z and scale are the entity's own.
fn write_transforms(physics: Res<Physics>, mut bodies: Query<(&PhysicsBody, &mut Transform)>) {
    for (body, mut transform) in &mut bodies {
        let Ok(pose) = physics.smoothed_pose(body.0) else {
            continue; // a body the engine removed (out of bounds): the entity stays put
        };
        transform.translation.x = pose.p.x;
        transform.translation.y = pose.p.y;
        transform.rotation = Quat::from_rotation_z(pose.q.angle());
    }
}
