//! The plugin in a headless app (the task pools and time of Bevy's `MinimalPlugins`,
//! updated by hand with time advanced by hand): it
//! steps the same bits as the engine alone, runs per-step systems once per step at any
//! frame rate, makes joints and destroys what despawned entities made, sends contacts
//! as messages, and moves drawn bodies evenly.

use crate::glide;

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_math::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::prelude::*;
use lockstep2d::{BodyDef, ShapeDef, Vec2, WorldDef};
use lockstep2d_bevy::{
    Collider, ContactStarted, Joint, Lockstep2dPlugin, Physics, PhysicsBody, PhysicsJoint,
    PhysicsStep, RigidBody,
};

/// A headless app whose every update is a frame of `1 / render_hz` seconds.
fn app(render_hz: f64, world: &WorldDef) -> App {
    let mut app = App::new();
    let plugin = Lockstep2dPlugin::new(world, lockstep2d::StepperConfig::default()).unwrap();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin, plugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / render_hz,
        )));
    app
}

fn ground() -> ShapeDef {
    ShapeDef::new_box(20.0, 0.5).unwrap()
}

fn crate_box() -> ShapeDef {
    ShapeDef::new_box(0.5, 0.5).unwrap()
}

#[test]
fn a_box_dropped_on_the_ground_rests_where_the_engine_alone_puts_it() {
    let mut app = app(60.0, &WorldDef::default());
    app.world_mut().spawn((
        RigidBody(BodyDef::static_at(Vec2::ZERO)),
        Collider::new(ground()),
        Transform::from_xyz(0.0, -0.5, 0.0),
    ));
    let falling = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef::dynamic(Vec2::ZERO)),
            Collider::new(crate_box()),
            Transform::from_xyz(0.3, 4.0, 0.0).with_rotation(Quat::from_rotation_z(0.2)),
        ))
        .id();
    for _ in 0..180 {
        app.update();
    }
    let physics = app.world().resource::<Physics>();
    let steps = physics.world().step_count();
    assert!(steps >= 170, "{steps} steps");

    // The same scene in the engine alone, the same number of steps.
    let mut alone = lockstep2d::World::new(&WorldDef::default()).unwrap();
    let ground_body = alone
        .create_body(&BodyDef::static_at(Vec2::new(0.0, -0.5)))
        .unwrap();
    alone.create_shape(ground_body, &ground()).unwrap();
    // The body's angle from the entity's turn, as the plugin reads it.
    let q = Quat::from_rotation_z(0.2);
    let angle = 2.0 * lockstep2d::math::atan2(q.z, q.w);
    let def = BodyDef {
        angle,
        ..BodyDef::dynamic(Vec2::new(0.3, 4.0))
    };
    let body = alone.create_body(&def).unwrap();
    alone.create_shape(body, &crate_box()).unwrap();
    for _ in 0..steps {
        alone.step(1.0 / 60.0).unwrap();
    }
    assert_eq!(physics.state_hash(), alone.state_hash());
    let resting = alone.position(body).unwrap();
    assert!(
        (resting.y - 0.5).abs() < 0.02,
        "rests on the ground: {resting}"
    );
    // And the entity is drawn there.
    let drawn = app.world().get::<Transform>(falling).unwrap().translation;
    assert!((drawn.y - resting.y).abs() < 1e-3, "{drawn} vs {resting}");
}

#[test]
fn despawning_an_entity_destroys_its_body() {
    let mut app = app(60.0, &WorldDef::default());
    let ball = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef::dynamic(Vec2::ZERO)),
            Collider::new(ShapeDef::circle(0.5)),
        ))
        .id();
    app.update();
    let id = app.world().get::<PhysicsBody>(ball).unwrap().0;
    assert!(
        app.world()
            .resource::<Physics>()
            .world()
            .position(id)
            .is_ok()
    );
    app.world_mut().despawn(ball);
    app.update();
    let physics = app.world().resource::<Physics>();
    assert!(physics.world().position(id).is_err(), "the body is gone");
    assert_eq!(physics.world().body_ids().count(), 0);
    assert_eq!(physics.entity(id), None);
}

/// How many times the `PhysicsStep` schedule ran.
#[derive(Resource, Default)]
struct StepRuns(u64);

fn count(mut runs: ResMut<StepRuns>) {
    runs.0 += 1;
}

#[test]
fn a_per_step_system_runs_once_for_each_physics_step_at_any_frame_rate() {
    for render_hz in [30.0, 60.0, 144.0] {
        let mut app = app(render_hz, &WorldDef::default());
        app.init_resource::<StepRuns>()
            .add_systems(PhysicsStep, count);
        let frames = 500;
        for _ in 0..frames {
            app.update();
        }
        let steps = app.world().resource::<Physics>().world().step_count();
        let runs = app.world().resource::<StepRuns>().0;
        assert_eq!(runs, steps, "at {render_hz} Hz");
        // The frames' time (the first update has none) is worth this many 60 Hz steps.
        let frame_ns = Duration::from_secs_f64(1.0 / render_hz).as_nanos();
        let expected = ((frames - 1) as u128 * frame_ns * 60 / 1_000_000_000) as u64;
        assert!(
            steps.abs_diff(expected) <= 1,
            "{steps} steps at {render_hz} Hz, expected {expected}"
        );
    }
}

#[test]
fn interpolated_transforms_move_evenly_at_144_hz_over_60_hz_physics() {
    let still = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut app = app(144.0, &still);
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

#[test]
fn a_joint_entity_joins_two_bodies_and_despawning_it_frees_them() {
    let mut app = app(60.0, &WorldDef::default());
    let world = app.world_mut();
    let post = world
        .spawn((
            RigidBody(BodyDef::static_at(Vec2::ZERO)),
            Transform::from_xyz(0.0, 5.0, 0.0),
        ))
        .id();
    let bob = world
        .spawn((
            RigidBody(BodyDef::dynamic(Vec2::ZERO)),
            Collider::new(ShapeDef::circle(0.25)),
            Transform::from_xyz(2.0, 5.0, 0.0),
        ))
        .id();
    let pin =
        lockstep2d::JointKind::Revolute(lockstep2d::RevoluteJointDef::at(Vec2::new(0.0, 5.0)));
    let rope = world.spawn(Joint::new(post, bob, pin)).id();
    for _ in 0..60 {
        app.update();
    }
    assert!(app.world().get::<PhysicsJoint>(rope).is_some());
    // A pendulum: the bob swings on its 2 m arm, it does not fall.
    let at = app.world().get::<Transform>(bob).unwrap().translation;
    let arm = Vec2::new(at.x, at.y - 5.0).length();
    assert!((arm - 2.0).abs() < 0.01, "arm {arm}");
    app.world_mut().despawn(rope);
    for _ in 0..60 {
        app.update();
    }
    let physics = app.world().resource::<Physics>();
    assert_eq!(physics.world().joint_ids().count(), 0);
    let y = app.world().get::<Transform>(bob).unwrap().translation.y;
    // Pinned, the bob never goes below 3 m (the pin's 5 m less the arm).
    assert!(y < 2.5, "unpinned, the bob falls: y {y}");
}

/// Every `ContactStarted` seen, by the entities it names.
#[derive(Resource, Default)]
struct Started(Vec<[Entity; 2]>);

fn record_started(mut messages: MessageReader<ContactStarted>, mut started: ResMut<Started>) {
    started.0.extend(messages.read().map(|m| m.entities));
}

#[test]
fn contacts_arrive_as_messages_naming_the_entities() {
    let mut app = app(60.0, &WorldDef::default());
    app.init_resource::<Started>()
        .add_systems(Update, record_started);
    let ground = app
        .world_mut()
        .spawn((
            RigidBody(BodyDef::static_at(Vec2::ZERO)),
            Collider::new(ground()),
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
    for _ in 0..90 {
        app.update();
    }
    let started = &app.world().resource::<Started>().0;
    assert_eq!(started.len(), 1, "one landing: {started:?}");
    let mut pair = started[0];
    pair.sort_by_key(|e| e.index_u32());
    assert_eq!(pair, [ground, ball]);
}
