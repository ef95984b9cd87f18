//! The plugin stepped by a schedule of the app's (`FixedUpdate` at the physics rate)
//! instead of its own driver, in a headless app drawn at 144 Hz: one step per run of
//! the schedule with its per-step systems and messages, the engine's bits, bodies
//! drawn moving evenly between the steps, and game logic reading the steps' own poses
//! from `Transform`.

use crate::glide;

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::prelude::*;
use lockstep2d::{BodyDef, ShapeDef, StepperConfig, Vec2, WorldDef};
use lockstep2d_bevy::{
    Collider, ContactStarted, Lockstep2dPlugin, Physics, PhysicsBody, PhysicsStep, PhysicsSystems,
    RigidBody,
};

/// A headless app drawn at 144 Hz whose physics steps run in `FixedUpdate` at 60 Hz.
fn app(world: &WorldDef) -> App {
    let plugin = Lockstep2dPlugin::new(world, StepperConfig::default())
        .unwrap()
        .in_schedule(FixedUpdate);
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin, plugin))
        .insert_resource(Time::<Fixed>::from_hz(60.0))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 144.0,
        )));
    app
}

/// Runs of `FixedUpdate` and of `PhysicsStep`, and the contacts that started.
#[derive(Resource, Default)]
struct Seen {
    fixed_runs: u64,
    step_runs: u64,
    started: Vec<[Entity; 2]>,
}

fn count_fixed_runs(mut seen: ResMut<Seen>) {
    seen.fixed_runs += 1;
}

fn count_step_runs(mut seen: ResMut<Seen>) {
    seen.step_runs += 1;
}

fn record_started(mut messages: MessageReader<ContactStarted>, mut seen: ResMut<Seen>) {
    seen.started.extend(messages.read().map(|m| m.entities));
}

#[test]
fn each_run_of_the_schedule_is_one_step_with_its_systems_and_messages() {
    let mut app = app(&WorldDef::default());
    app.init_resource::<Seen>()
        .add_systems(FixedUpdate, count_fixed_runs.before(PhysicsSystems::Step))
        .add_systems(PhysicsStep, count_step_runs)
        .add_systems(Update, record_started);
    let ground_shape = ShapeDef::new_box(20.0, 0.5).unwrap();
    let ground = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef::static_at(Vec2::ZERO)),
            Collider::new(ground_shape),
            Transform::from_xyz(0.0, -0.5, 0.0),
        ))
        .id();
    let ball = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef::dynamic(Vec2::ZERO)),
            Collider::new(ShapeDef::circle(0.5)),
            Transform::from_xyz(0.0, 2.0, 0.0),
        ))
        .id();
    for _ in 0..300 {
        app.update();
    }
    let seen = app.world().resource::<Seen>();
    let physics = app.world().resource::<Physics>();
    let steps = physics.world().step_count();
    // 299 frames of 1/144 s (the first update brings no time) hold 124 steps of 1/60 s.
    assert_eq!(steps, 124);
    assert_eq!((seen.fixed_runs, seen.step_runs), (steps, steps));
    let mut landing = *seen.started.first().expect("the ball lands");
    landing.sort_by_key(|e| e.index_u32());
    assert_eq!((seen.started.len(), landing), (1, [ground, ball]));

    // The engine alone, the same steps.
    let mut alone = lockstep2d::World::new(&WorldDef::default()).unwrap();
    let floor = alone
        .create_body(&BodyDef::static_at(Vec2::new(0.0, -0.5)))
        .unwrap();
    alone.create_shape(floor, &ground_shape).unwrap();
    let def = BodyDef {
        angle: 2.0 * lockstep2d::math::atan2(0.0, 1.0),
        ..BodyDef::dynamic(Vec2::new(0.0, 2.0))
    };
    let body = alone.create_body(&def).unwrap();
    alone.create_shape(body, &ShapeDef::circle(0.5)).unwrap();
    for _ in 0..steps {
        alone.step(1.0 / 60.0).unwrap();
        alone.clear_forces();
    }
    assert_eq!(physics.state_hash(), alone.state_hash());
}

#[test]
fn bodies_are_drawn_moving_evenly_between_the_schedules_steps() {
    let still = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut app = app(&still);
    let disc = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef {
                linear_velocity: Vec2::new(2.0, 0.0),
                ..BodyDef::dynamic(Vec2::ZERO)
            }),
            Collider::new(ShapeDef::circle(0.25)),
        ))
        .id();
    let mut xs = Vec::new();
    for _ in 0..300 {
        app.update();
        xs.push(app.world().get::<Transform>(disc).unwrap().translation.x);
    }
    glide::assert_moves_evenly(&xs, 2.0 / 144.0);
}

/// For each step, the x of the disc's `Transform` and of its body, as a per-step
/// system sees them.
#[derive(Resource, Default)]
struct SeenX(Vec<(f32, f32)>);

fn see_x(physics: Res<Physics>, discs: Query<(&PhysicsBody, &Transform)>, mut seen: ResMut<SeenX>) {
    for (body, transform) in &discs {
        let x = physics.world().position(body.0).unwrap().x;
        seen.0.push((transform.translation.x, x));
    }
}

#[test]
fn game_logic_reads_the_last_steps_pose_from_transform_not_the_drawn_one() {
    let still = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut app = app(&still);
    app.init_resource::<SeenX>().add_systems(PhysicsStep, see_x);
    app.world_mut().spawn((
        RigidBody(BodyDef {
            linear_velocity: Vec2::new(2.0, 0.0),
            ..BodyDef::dynamic(Vec2::ZERO)
        }),
        Collider::new(ShapeDef::circle(0.25)),
    ));
    for _ in 0..100 {
        app.update();
    }
    // Drawn between the steps, the disc's `Transform` is elsewhere once a frame; the
    // steps' systems see the step's own pose, bit for bit.
    let seen = &app.world().resource::<SeenX>().0;
    assert!(seen.len() > 30);
    for &(transform_x, body_x) in seen {
        assert_eq!(transform_x.to_bits(), body_x.to_bits());
    }
}
