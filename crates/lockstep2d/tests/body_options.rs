//! Body options: kinematic bodies, fixed rotation, bullets, disabling, the speed limit
//! and user data.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{BodyDef, BodyId, JointDef, QueryFilter, ShapeDef, Vec2, World, WorldDef};
use support::{DT, add_box, run, world_with_ground};

fn zero_g() -> World {
    World::new(&WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    })
    .unwrap()
}

#[test]
fn a_kinematic_body_moves_by_its_velocity_and_pushes_what_it_meets() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let def = BodyDef::kinematic(Vec2::new(-3.0, 0.5)).with_velocity(Vec2::new(2.0, 0.0), 0.0);
    let pusher = world.create_body(&def).unwrap();
    world
        .create_shape(pusher, &ShapeDef::new_box(0.5, 0.5).unwrap())
        .unwrap();
    let crate_ = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    run(&mut world, 120);
    let x = world.position(pusher).unwrap().x;
    assert!(
        (x - 1.0).abs() < 1e-4,
        "kinematic body at {x}, expected 1.0"
    );
    assert!(
        world.position(crate_).unwrap().x > 1.9,
        "the crate was pushed ahead"
    );
}

#[test]
fn a_body_with_fixed_rotation_does_not_turn_when_struck_off_centre() {
    let mut world = zero_g();
    let make = |world: &mut World, y: f32, fixed: bool| {
        let def = BodyDef {
            fixed_rotation: fixed,
            ..BodyDef::dynamic(Vec2::new(0.0, y))
        };
        let body = world.create_body(&def).unwrap();
        world
            .create_shape(body, &ShapeDef::new_box(1.0, 0.2).unwrap())
            .unwrap();
        world
            .apply_linear_impulse(body, Vec2::new(0.0, 1.0), Vec2::new(0.9, y))
            .unwrap();
        body
    };
    let (free, fixed) = (make(&mut world, 0.0, false), make(&mut world, 5.0, true));
    run(&mut world, 30);
    assert!(world.angular_velocity(free).unwrap().abs() > 0.5);
    assert_eq!(world.angular_velocity(fixed).unwrap(), 0.0);
    assert_eq!(world.angle(fixed).unwrap(), 0.0);
    assert_eq!(world.inertia(fixed).unwrap(), 0.0);
    // The same push moves both centres alike.
    let (v_free, v_fixed) = (
        world.linear_velocity(free).unwrap(),
        world.linear_velocity(fixed).unwrap(),
    );
    assert!((v_free - v_fixed).length() < 1e-5);
    world.set_fixed_rotation(fixed, false).unwrap();
    assert!(world.inertia(fixed).unwrap() > 0.0);
}

/// A column of three 1 m boxes resting on the ground at x = 20, and a 5 cm disc fired at
/// it at 200 m/s from x = 18: 3.3 m a step at 60 Hz, so in its first step it would go
/// from 1.5 m short of the box to past it, before any contact can exist.
fn fire_at_stack(bullet: bool) -> (World, BodyId, BodyId) {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let first = add_box(&mut world, Vec2::new(20.0, 0.5), 0.5, 1.0);
    add_box(&mut world, Vec2::new(20.0, 1.5), 0.5, 1.0);
    add_box(&mut world, Vec2::new(20.0, 2.5), 0.5, 1.0);
    let def = BodyDef {
        is_bullet: bullet,
        gravity_scale: 0.0,
        ..BodyDef::dynamic(Vec2::new(18.0, 0.5)).with_velocity(Vec2::new(200.0, 0.0), 0.0)
    };
    let disc = world.create_body(&def).unwrap();
    world
        .create_shape(disc, &ShapeDef::circle(0.05).with_density(50.0))
        .unwrap();
    (world, disc, first)
}

/// Whether the disc ever got ahead of the first box's centre, and the box's fastest speed.
fn outcome(bullet: bool) -> (bool, f32) {
    let (mut world, disc, first) = fire_at_stack(bullet);
    let (mut passed, mut box_speed) = (false, 0.0f32);
    for _ in 0..30 {
        world.step(DT).unwrap();
        passed |= world.position(disc).unwrap().x > world.position(first).unwrap().x;
        box_speed = minmax::max(box_speed, world.linear_velocity(first).unwrap().length());
    }
    (passed, box_speed)
}

#[test]
fn a_bullet_hits_the_first_dynamic_box_where_an_ordinary_disc_passes_through() {
    let (passed, box_speed) = outcome(true);
    assert!(!passed, "the bullet got past the first box");
    assert!(box_speed > 1.0, "the first box was hit: {box_speed} m/s");
    let (passed, box_speed) = outcome(false);
    assert!(
        passed && box_speed < 0.01,
        "an ordinary disc tunnels: {box_speed} m/s"
    );
}

#[test]
fn a_disabled_body_leaves_the_simulation_and_comes_back_whole() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let shelf = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let top = add_box(&mut world, Vec2::new(0.0, 1.5), 0.5, 1.0);
    let hanger = add_box(&mut world, Vec2::new(3.0, 2.0), 0.25, 1.0);
    let pin = world
        .create_joint(&JointDef::revolute(shelf, hanger, Vec2::new(3.0, 2.0)))
        .unwrap();
    run(&mut world, 60);
    world.set_enabled(shelf, false).unwrap();
    assert!(!world.is_enabled(shelf).unwrap());
    let held = world.position(shelf).unwrap();
    // Nothing rests on it any more, nothing finds it, and it does not fall.
    run(&mut world, 60);
    assert!(
        world.position(top).unwrap().y < 0.6,
        "the top box fell through its place"
    );
    assert_eq!(world.position(shelf).unwrap(), held);
    let shelf_shape = world.body_shapes(shelf).unwrap()[0];
    let here = world.overlap_point(held, &QueryFilter::default()).unwrap();
    assert!(!here.contains(&shelf_shape), "queries do not see it");
    assert!(
        world.position(hanger).unwrap().y < 0.5,
        "its joint no longer holds"
    );
    // Enabled again, it is pushed out of the box now in its place and falls.
    world.set_enabled(shelf, true).unwrap();
    assert!(world.joint_ids().any(|j| j == pin), "the joint was kept");
    run(&mut world, 120);
    let back = world.position(shelf).unwrap();
    assert!(
        back.y > 0.4 && back.distance(held) > 0.1,
        "settled elsewhere: {back}"
    );
}

#[test]
fn no_body_moves_faster_than_the_world_limit() {
    let mut world = zero_g();
    let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    world.create_shape(body, &ShapeDef::circle(0.5)).unwrap();
    world
        .set_linear_velocity(body, Vec2::new(300.0, 0.0))
        .unwrap();
    world
        .apply_force_to_center(body, Vec2::new(1.0e7, 1.0e7))
        .unwrap();
    run(&mut world, 10);
    let speed = world.linear_velocity(body).unwrap().length();
    let limit = world.solver_settings().max_linear_speed;
    assert_eq!(limit, 400.0);
    assert!(
        speed <= limit * (1.0 + 1e-6) && speed > 0.99 * limit,
        "{speed}"
    );
}

#[test]
fn user_data_is_kept_returned_and_restored() {
    let mut world = zero_g();
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::ZERO).with_user_data(7))
        .unwrap();
    let shape = world
        .create_shape(body, &ShapeDef::circle(0.5).with_user_data(8))
        .unwrap();
    let other = world.create_body(&BodyDef::dynamic(Vec2::X)).unwrap();
    world.create_shape(other, &ShapeDef::circle(0.5)).unwrap();
    let joint = world
        .create_joint(&JointDef::revolute(body, other, Vec2::ZERO).with_user_data(9))
        .unwrap();
    let saved = world.snapshot();
    world.set_body_user_data(body, 70).unwrap();
    world.set_shape_user_data(shape, 80).unwrap();
    world.set_joint_user_data(joint, 90).unwrap();
    let read = |w: &World| {
        (
            w.body_user_data(body).unwrap(),
            w.shape_user_data(shape).unwrap(),
            w.joint_user_data(joint).unwrap(),
        )
    };
    assert_eq!(read(&world), (70, 80, 90));
    world.restore(&saved);
    assert_eq!(read(&world), (7, 8, 9));
    let decoded = lockstep2d::Snapshot::from_bytes(&saved.to_bytes()).unwrap();
    world.restore(&decoded);
    assert_eq!(read(&world), (7, 8, 9));
}

#[test]
fn a_world_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<World>();
}

/// A body disabled while moving keeps its velocity through the steps it sits out, and
/// moves on with it when enabled again.
#[test]
fn a_disabled_body_keeps_its_velocity_until_it_comes_back() {
    let mut world = zero_g();
    let def = BodyDef::dynamic(Vec2::ZERO).with_velocity(Vec2::new(3.0, 1.0), 2.0);
    let body = world.create_body(&def).unwrap();
    world.create_shape(body, &ShapeDef::circle(0.5)).unwrap();
    world.set_enabled(body, false).unwrap();
    run(&mut world, 30);
    assert_eq!(world.linear_velocity(body).unwrap(), Vec2::new(3.0, 1.0));
    assert_eq!(world.angular_velocity(body).unwrap(), 2.0);
    assert_eq!(world.position(body).unwrap(), Vec2::ZERO);
    world.set_enabled(body, true).unwrap();
    run(&mut world, 60);
    let moved = world.position(body).unwrap();
    assert!((moved - Vec2::new(3.0, 1.0)).length() < 0.01, "{moved}");
}
