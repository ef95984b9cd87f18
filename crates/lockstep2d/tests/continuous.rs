//! Continuous collision: a fast body does not pass through a static wall, and a fast
//! body sliding along one is not held back by it.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, BodyType, Geometry, Polygon, ShapeDef, SolverSettings, Vec2, World, WorldDef,
};
use support::*;

/// The face of the wall that the box starts in front of (x, m).
const WALL_FACE: f32 = 2.0;

fn add_fixed_box(world: &mut World, def: BodyDef, half: Vec2) -> BodyId {
    let body = world.create_body(&def).unwrap();
    let shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(half.x, half.y).unwrap()));
    world.create_shape(body, &shape).unwrap();
    body
}

/// A 0.2 m box between a thin static wall and a kinematic piston that drives through
/// the wall at 10 m/s, without gravity: the piston crushes the box against the wall
/// with unbounded force. Returns the farthest the box's centre got (x, m).
fn farthest_crushed_box(continuous: bool) -> f32 {
    let def = WorldDef {
        gravity: Vec2::ZERO,
        solver: SolverSettings {
            continuous,
            ..SolverSettings::default()
        },
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let wall = BodyDef::static_at(Vec2::new(WALL_FACE + 0.05, 0.0));
    add_fixed_box(&mut world, wall, Vec2::new(0.05, 2.0));
    let piston = BodyDef {
        body_type: BodyType::Kinematic,
        linear_velocity: Vec2::new(10.0, 0.0),
        ..BodyDef::static_at(Vec2::new(0.0, 0.0))
    };
    add_fixed_box(&mut world, piston, Vec2::new(0.2, 1.0));
    let crushed = add_box(&mut world, Vec2::new(1.0, 0.0), 0.1, 1.0);
    let mut farthest = f32::MIN;
    for _ in 0..30 {
        world.step(DT).unwrap();
        farthest = minmax::max(farthest, world.position(crushed).unwrap().x);
    }
    farthest
}

#[test]
fn a_body_crushed_against_a_wall_does_not_pass_through_it() {
    // The box may sink into the wall, but its centre stays in front of it.
    let with = farthest_crushed_box(true);
    assert!(
        with < WALL_FACE,
        "with continuous collision the box reached x = {with}"
    );
    // The test's own check: without the sweep, the piston pushes the box's centre past
    // the wall's back face.
    let without = farthest_crushed_box(false);
    assert!(
        without > WALL_FACE + 0.1,
        "without continuous collision the box only reached x = {without}"
    );
}

#[test]
fn a_fast_body_sliding_on_the_ground_is_not_held_back() {
    let mut world = world_with_ground(&WorldDef::default(), 0.0);
    let def = BodyDef::dynamic(Vec2::new(-40.0, 0.25)).with_velocity(Vec2::new(50.0, 0.0), 0.0);
    let slider = world.create_body(&def).unwrap();
    let shape =
        ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.25, 0.25).unwrap())).with_friction(0.0);
    world.create_shape(slider, &shape).unwrap();
    // 0.83 m a step, over three times the box's half width: the box is swept every step
    // while it touches the ground, and must keep its speed.
    run(&mut world, 60);
    let x = world.position(slider).unwrap().x;
    assert!((x - 10.0).abs() < 0.5, "the box slid to x = {x}, not 10");
    assert!(
        world.position(slider).unwrap().y > 0.2,
        "it sank into the ground"
    );
}

/// The lowest a shape's centre gets when fired straight down at `speed` from 40 m
/// above a static ground 20 km wide, `x` metres from its middle.
fn lowest_over_wide_ground(geometry: Geometry, x: f32, speed: f32) -> f32 {
    let def = WorldDef {
        solver: SolverSettings {
            max_linear_speed: 2.0 * speed,
            ..SolverSettings::default()
        },
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    add_fixed_box(
        &mut world,
        BodyDef::static_at(Vec2::new(0.0, -1.0)),
        Vec2::new(10_000.0, 1.0),
    );
    let fired = BodyDef {
        linear_velocity: Vec2::new(0.0, -speed),
        ..BodyDef::dynamic(Vec2::new(x, 40.0))
    };
    let body = world.create_body(&fired).unwrap();
    world.create_shape(body, &ShapeDef::new(geometry)).unwrap();
    let mut lowest = f32::MAX;
    for _ in 0..30 {
        world.step(DT).unwrap();
        lowest = minmax::min(lowest, world.position(body).unwrap().y);
    }
    lowest
}

/// A ground 20 km wide once let every shape through at 1,000 m/s: its vertices lie
/// kilometres from the body that hits it. The contact made from the box swept over the
/// step and the sweep of continuous collision must both keep millimetres there.
#[test]
fn shapes_fired_at_a_ground_20_km_wide_stop_on_its_surface() {
    let shapes = [
        (
            Geometry::Circle(lockstep2d::Circle {
                center: Vec2::ZERO,
                radius: 0.25,
            }),
            0.25,
        ),
        (Polygon::new_box(0.25, 0.25).unwrap().into(), 0.25),
        (
            lockstep2d::Capsule {
                center1: Vec2::new(-0.2, 0.0),
                center2: Vec2::new(0.2, 0.0),
                radius: 0.1,
            }
            .into(),
            0.1,
        ),
    ];
    for (geometry, resting_height) in shapes {
        for x in [0.0, 8_000.0] {
            for speed in [1_000.0, 2_000.0] {
                let lowest = lowest_over_wide_ground(geometry, x, speed);
                assert!(
                    lowest > resting_height - 0.01,
                    "{geometry:?} at x = {x}, {speed} m/s: centre down to y = {lowest}"
                );
            }
        }
    }
}
