//! The same calls give the same bits: two runs agree, and a golden hash pins the result.

use crate::support;

use lockstep2d::{
    BodyDef, Capsule, Circle, Geometry, JointDef, LaneForm, Polygon, ShapeDef, SolverSettings,
    Vec2, World, WorldDef,
};
use support::*;

/// A small scene with every shape kind, a joint, spin and friction.
fn mixed_scene(solver: SolverSettings) -> World {
    let def = WorldDef {
        solver,
        ..WorldDef::default()
    };
    let mut world = world_with_ground(&def, 0.6);
    let shapes = [
        Geometry::Polygon(Polygon::new_box(0.4, 0.3).unwrap()),
        Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.35,
        }),
        Geometry::Capsule(Capsule {
            center1: Vec2::new(-0.3, 0.0),
            center2: Vec2::new(0.3, 0.0),
            radius: 0.2,
        }),
        Geometry::Polygon(
            Polygon::new(&[
                Vec2::new(-0.4, -0.3),
                Vec2::new(0.5, -0.2),
                Vec2::new(0.1, 0.5),
            ])
            .unwrap(),
        ),
    ];
    let mut previous = None;
    for i in 0..24 {
        let position = Vec2::new((i % 6) as f32 * 0.9 - 2.5, 1.0 + (i / 6) as f32 * 1.1);
        let def = BodyDef::dynamic(position)
            .with_angle(0.1 * i as f32)
            .with_velocity(Vec2::new(0.0, 0.0), 0.5 - 0.05 * i as f32);
        let body = world.create_body(&def).unwrap();
        let shape = ShapeDef::new(shapes[i % shapes.len()]).with_density(1.0 + (i % 3) as f32);
        world.create_shape(body, &shape).unwrap();
        if i % 6 == 5
            && let Some(prev) = previous
        {
            let anchor = world.position(body).unwrap();
            world
                .create_joint(&JointDef::revolute(prev, body, anchor))
                .unwrap();
        }
        previous = Some(body);
    }
    world
}

fn hash_after(steps: usize) -> u64 {
    hash_with(SolverSettings::default(), steps)
}

fn hash_with(solver: SolverSettings, steps: usize) -> u64 {
    let mut world = mixed_scene(solver);
    run(&mut world, steps);
    world.state_hash()
}

#[test]
fn two_runs_give_the_same_hash() {
    assert_eq!(hash_after(240), hash_after(240));
    // Early, while everything still moves (by 240 steps the scene is asleep).
    assert_ne!(hash_after(30), hash_after(31), "the hash must see a step");
}

/// The state of `mixed_scene` after 300 steps, under each solver. If a change to the
/// engine alters results on purpose, update the constant and say why in the commit; if it
/// changes by accident, determinism (or the physics) broke.
const MIXED_SCENE_GOLDEN_HASH_SOFT: u64 = 0x32b5_25ec_8db7_e38f;
const MIXED_SCENE_GOLDEN_HASH_PGS: u64 = 0x6e4e_7e75_0f95_a213;

#[test]
fn golden_hash_of_mixed_scene() {
    let soft = hash_with(SolverSettings::default(), 300);
    assert_eq!(
        soft, MIXED_SCENE_GOLDEN_HASH_SOFT,
        "MIXED_SCENE_GOLDEN_HASH_SOFT changed: got {soft:#018x}"
    );
    let pgs = hash_with(SolverSettings::box2d_lite(), 300);
    assert_eq!(
        pgs, MIXED_SCENE_GOLDEN_HASH_PGS,
        "MIXED_SCENE_GOLDEN_HASH_PGS changed: got {pgs:#018x}"
    );
}

#[test]
fn cloned_world_continues_identically() {
    let mut world = mixed_scene(SolverSettings::default());
    run(&mut world, 100);
    let mut copy = world.clone();
    run(&mut world, 100);
    run(&mut copy, 100);
    assert_eq!(world.state_hash(), copy.state_hash());
}

/// A pyramid big enough that its colours are shared out among threads.
fn big_pyramid(threads: u32) -> World {
    let def = WorldDef {
        threads,
        ..WorldDef::default()
    };
    let mut world = world_with_ground(&def, 0.6);
    let base = 50;
    for row in 0..base {
        for column in row..base {
            let x = (row as f32 + 1.0) * 0.5 + (column - row) as f32 - 0.5 * base as f32;
            add_box(&mut world, Vec2::new(x, 0.5 + row as f32), 0.5, 1.0);
        }
    }
    world
}

/// `big_pyramid` on `threads` threads after 40 steps.
fn pyramid_hash(threads: u32) -> u64 {
    let mut world = big_pyramid(threads);
    run(&mut world, 40);
    world.state_hash()
}

#[test]
fn the_thread_count_does_not_change_a_bit() {
    let one = pyramid_hash(1);
    assert_eq!(pyramid_hash(2), one, "2 threads");
    assert_eq!(pyramid_hash(4), one, "4 threads");
    assert!(
        World::new(&WorldDef {
            threads: 0,
            ..WorldDef::default()
        })
        .is_err()
    );
}

/// Every compiled form of the lane code this CPU runs (AVX-512, AVX2, portable on
/// x86_64) gives the golden bits, on one thread and on two. The cross-architecture check
/// covers the forms other CPUs run.
#[test]
fn every_lane_form_gives_the_same_bits() {
    let reference = pyramid_hash(1);
    let forms = LaneForm::ALL.into_iter().filter(|&f| f >= LaneForm::best());
    for form in forms {
        form.limit().unwrap();
        assert_eq!(LaneForm::in_use(), form);
        let soft = hash_with(SolverSettings::default(), 300);
        assert_eq!(soft, MIXED_SCENE_GOLDEN_HASH_SOFT, "{form:?}");
        assert_eq!(pyramid_hash(1), reference, "{form:?}, 1 thread");
        assert_eq!(pyramid_hash(2), reference, "{form:?}, 2 threads");
    }
    LaneForm::best().limit().unwrap();
    assert_eq!(LaneForm::in_use(), LaneForm::best());
}
