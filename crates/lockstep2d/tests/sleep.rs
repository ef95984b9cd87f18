//! Islands and sleeping: resting bodies stop, stay put bit for bit, and wake when
//! something reaches them.

use crate::support;

use lockstep2d::{
    BodyDef, Circle, Geometry, JointDef, ShapeDef, SleepSettings, Vec2, World, WorldDef,
};
use support::*;

fn dropped_box() -> (World, lockstep2d::BodyId) {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = add_box(&mut world, Vec2::new(0.0, 2.0), 0.5, 1.0);
    (world, body)
}

#[test]
fn a_resting_box_falls_asleep_and_stays_put_bit_for_bit() {
    let (mut world, body) = dropped_box();
    // About 0.6 s to land and settle, then 0.5 s of rest.
    run(&mut world, 90);
    assert!(!world.is_awake(body).unwrap(), "still awake after 1.5 s");
    assert_eq!(world.linear_velocity(body).unwrap(), Vec2::ZERO);
    assert_eq!(world.angular_velocity(body).unwrap(), 0.0);
    let pose = world.transform(body).unwrap();
    let hash = world.state_hash();
    run(&mut world, 100);
    assert_eq!(world.transform(body).unwrap(), pose);
    assert_eq!(world.state_hash(), hash);
    assert_eq!(world.awake_body_count(), 0);
}

#[test]
fn sleep_can_be_turned_off() {
    let mut world = world_with_ground(
        &WorldDef {
            sleep: SleepSettings {
                enabled: false,
                ..SleepSettings::default()
            },
            ..WorldDef::default()
        },
        0.6,
    );
    let body = add_box(&mut world, Vec2::new(0.0, 2.0), 0.5, 1.0);
    run(&mut world, 300);
    assert!(world.is_awake(body).unwrap());
}

#[test]
fn a_force_wakes_a_sleeping_body() {
    let (mut world, body) = dropped_box();
    run(&mut world, 120);
    assert!(!world.is_awake(body).unwrap());
    world
        .apply_linear_impulse(body, Vec2::new(0.0, 5.0), world.position(body).unwrap())
        .unwrap();
    assert!(world.is_awake(body).unwrap());
    run(&mut world, 10);
    assert!(
        world.position(body).unwrap().y > 0.6,
        "the impulse did not lift it"
    );
}

#[test]
fn a_ball_thrown_at_a_sleeping_stack_wakes_it_and_knocks_it_over() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let stack: Vec<_> = (0..5)
        .map(|i| add_box(&mut world, Vec2::new(0.0, 0.5 + i as f32), 0.5, 1.0))
        .collect();
    run(&mut world, 180);
    assert_eq!(world.awake_body_count(), 0, "the stack should sleep");
    let top_before = world.position(stack[4]).unwrap();
    let ball = add_ball(&mut world, Vec2::new(-6.0, 4.5), 0.4, 0.0);
    world
        .set_linear_velocity(ball, Vec2::new(20.0, 0.0))
        .unwrap();
    run(&mut world, 30);
    assert!(world.is_awake(stack[4]).unwrap());
    let moved = world.position(stack[4]).unwrap().distance(top_before);
    assert!(moved > 0.5, "the top box moved only {moved} m");
}

#[test]
fn removing_the_ground_wakes_what_rests_on_it() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let floor = Geometry::Polygon(lockstep2d::Polygon::new_box(5.0, 0.5).unwrap());
    world.create_shape(ground, &ShapeDef::new(floor)).unwrap();
    let body = add_box(&mut world, Vec2::new(0.0, 1.0), 0.5, 1.0);
    run(&mut world, 120);
    assert!(!world.is_awake(body).unwrap());
    world.destroy_body(ground).unwrap();
    run(&mut world, 30);
    assert!(
        world.position(body).unwrap().y < 0.0,
        "the box hangs in the air"
    );
}

#[test]
fn a_swinging_pendulum_never_sleeps_and_a_chain_sleeps_whole() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let pivot = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let bob = world
        .create_body(&BodyDef::dynamic(Vec2::new(2.0, 0.0)))
        .unwrap();
    let disc = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.2,
    });
    world.create_shape(bob, &ShapeDef::new(disc)).unwrap();
    world
        .create_joint(&JointDef::revolute(pivot, bob, Vec2::ZERO))
        .unwrap();
    run(&mut world, 600);
    assert!(
        world.is_awake(bob).unwrap(),
        "a swinging pendulum fell asleep"
    );

    // A hanging chain of three links comes to rest and sleeps as one island; pushing
    // the last link wakes the first.
    let mut world = World::new(&WorldDef::default()).unwrap();
    let pivot = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let mut previous = pivot;
    let mut links = Vec::new();
    for i in 0..3 {
        let def = BodyDef {
            linear_damping: 0.5,
            angular_damping: 0.5,
            ..BodyDef::dynamic(Vec2::new(0.0, -0.5 - i as f32))
        };
        let link = world.create_body(&def).unwrap();
        world.create_shape(link, &ShapeDef::new(disc)).unwrap();
        let anchor = Vec2::new(0.0, -(i as f32));
        world
            .create_joint(&JointDef::revolute(previous, link, anchor))
            .unwrap();
        links.push(link);
        previous = link;
    }
    run(&mut world, 300);
    assert_eq!(world.awake_body_count(), 0, "the chain should sleep");
    world
        .apply_force_to_center(links[2], Vec2::new(10.0, 0.0))
        .unwrap();
    assert!(
        world.is_awake(links[0]).unwrap(),
        "the island woke only in part"
    );
}
