//! The plugin without a window: a stack of boxes dropped on the ground in a headless
//! app (Bevy's task pools and time, updated by hand), frames of a 144 Hz display over 60 Hz physics,
//! printing each contact as it starts and where the top box comes to rest.
//!
//! ```text
//! cargo run --release -p lockstep2d-bevy --example headless
//! ```

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::prelude::*;
use lockstep2d::{BodyDef, ShapeDef, Vec2};
use lockstep2d_bevy::{
    Collider, ContactStarted, Lockstep2dPlugin, Physics, PhysicsStep, PhysicsSystems, RigidBody,
};

/// A marker for the box whose rest the example reports.
#[derive(Component)]
struct Top;

/// Steps run, counted by a system in the per-step schedule.
#[derive(Resource, Default)]
struct Steps(u32);

fn setup(mut commands: Commands) {
    let ground = ShapeDef::new_box(10.0, 0.5).expect("a box");
    commands.spawn((
        RigidBody(BodyDef::static_at(Vec2::ZERO)),
        Collider::new(ground),
        Transform::from_xyz(0.0, -0.5, 0.0),
    ));
    for i in 0..5 {
        let crate_box = ShapeDef::new_box(0.5, 0.5).expect("a box");
        let mut spawned = commands.spawn((
            RigidBody(BodyDef::dynamic(Vec2::ZERO)),
            Collider::new(crate_box),
            Transform::from_xyz(0.0, 0.5 + 1.1 * i as f32, 0.0),
        ));
        if i == 4 {
            spawned.insert(Top);
        }
    }
}

fn count_steps(mut steps: ResMut<Steps>) {
    steps.0 += 1;
}

fn report_contacts(mut started: MessageReader<ContactStarted>, steps: Res<Steps>) {
    for contact in started.read() {
        let [a, b] = contact.entities;
        println!("by step {}: {a} touches {b}", steps.0);
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        Lockstep2dPlugin::default(),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 144.0,
    )))
    .init_resource::<Steps>()
    .add_systems(Startup, setup)
    .add_systems(PhysicsStep, count_steps)
    // Read after the frame's steps, so the count is the frame's last.
    .add_systems(PostUpdate, report_contacts.after(PhysicsSystems::Step));
    for _ in 0..3 * 144 {
        app.update();
    }
    let world = app.world_mut();
    let top = world
        .query_filtered::<&Transform, With<Top>>()
        .single(world)
        .expect("one top box");
    let physics = world.resource::<Physics>();
    println!(
        "after {} steps the top box rests at y = {:.3} m (state hash {:#018x})",
        physics.world().step_count(),
        top.translation.y,
        physics.state_hash()
    );
}
