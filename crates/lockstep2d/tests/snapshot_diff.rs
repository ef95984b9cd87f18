//! Where two snapshots differ: nothing for the same state, and otherwise each differing
//! body, shape, joint, contact or part of the state, with its first differing field and
//! both values' bits.

use crate::support;

use lockstep2d::{Snapshot, StateValue, Vec2, World, WorldDef};
use support::{add_box, run, world_with_ground};

/// Ground and a column of three boxes, settled for a second.
fn column() -> (World, Vec<lockstep2d::BodyId>) {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let boxes = (0..3)
        .map(|i| add_box(&mut world, Vec2::new(0.0, 0.5 + i as f32), 0.5, 1.0))
        .collect();
    run(&mut world, 60);
    (world, boxes)
}

#[test]
fn a_snapshot_and_its_copy_do_not_differ() {
    let (world, _) = column();
    let restored = {
        let mut other = World::new(&WorldDef::default()).unwrap();
        other.restore(&world.snapshot());
        other
    };
    assert_eq!(
        world.snapshot().first_difference(&restored.snapshot()),
        None
    );
}

#[test]
fn a_body_moved_by_a_hair_is_named_with_its_field_and_both_values() {
    let (world, boxes) = column();
    let mut nudged = world.clone();
    let top = boxes[2];
    let v = nudged.linear_velocity(top).unwrap();
    let moved = Vec2::new(f32::from_bits(v.x.to_bits() + 1), v.y);
    nudged.set_linear_velocity(top, moved).unwrap();
    let differences = world.snapshot().differences(&nudged.snapshot());
    let subject = format!("body {}", top.index());
    let difference = differences.iter().find(|d| d.subject == subject).unwrap();
    assert_eq!(difference.field, "v.x");
    assert_eq!(difference.first, Some(StateValue::F32(v.x.to_bits())));
    assert_eq!(difference.second, Some(StateValue::F32(v.x.to_bits() + 1)));
    // The report shows both values with their bits.
    let report = difference.to_string();
    let bits = format!("{:#010x}", v.x.to_bits() + 1);
    assert!(report.contains("v.x") && report.contains(&bits), "{report}");
    // Nothing but the moved body and the island it woke differs.
    assert!(
        differences.iter().all(|d| d.subject.starts_with("body ")),
        "{differences:?}"
    );
}

#[test]
fn states_a_step_apart_differ_in_the_step_count_and_the_falling_bodies() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    add_box(&mut world, Vec2::new(0.0, 3.0), 0.5, 1.0);
    let before = world.snapshot();
    world.step(1.0 / 60.0).unwrap();
    let differences = before.differences(&world.snapshot());
    let subjects: Vec<&str> = differences.iter().map(|d| d.subject.as_str()).collect();
    assert!(subjects.contains(&"step_count"), "{subjects:?}");
    assert!(subjects.contains(&"body 1"), "{subjects:?}");
}

#[test]
fn signed_zeros_differ() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let body = world
        .create_body(&lockstep2d::BodyDef::dynamic(Vec2::ZERO))
        .unwrap();
    let plus = world.snapshot();
    world
        .set_linear_velocity(body, Vec2::new(-0.0, 0.0))
        .unwrap();
    let difference = plus.first_difference(&world.snapshot()).unwrap();
    assert_eq!(
        (difference.subject.as_str(), difference.field.as_str()),
        ("body 0", "v.x")
    );
}

#[test]
fn a_state_with_a_body_more_differs_where_the_other_has_none() {
    let (world, _) = column();
    let mut more = world.clone();
    add_box(&mut more, Vec2::new(5.0, 0.5), 0.5, 1.0);
    let differences = world.snapshot().differences(&more.snapshot());
    let added = differences.iter().find(|d| d.subject == "body 4").unwrap();
    assert_eq!(added.first, None, "{added}");
}

#[test]
fn snapshots_of_other_scenes_differ_from_the_start() {
    let (world, _) = column();
    let empty = World::new(&WorldDef::default()).unwrap().snapshot();
    let difference = world.snapshot().first_difference(&empty);
    assert!(difference.is_some());
    let roundtrip = Snapshot::from_bytes(&empty.to_bytes()).unwrap();
    assert_eq!(empty.first_difference(&roundtrip), None);
}

#[test]
fn contacts_are_named_by_their_bodies() {
    let (mut world, boxes) = column();
    let mut nudged = world.clone();
    let top = boxes[2];
    let p = nudged.position(top).unwrap();
    nudged
        .set_transform(top, p + Vec2::new(1e-4, 0.0), 0.0)
        .unwrap();
    world.step(1.0 / 60.0).unwrap();
    nudged.step(1.0 / 60.0).unwrap();
    let differences = world.snapshot().differences(&nudged.snapshot());
    let (middle, top) = (boxes[1].index(), top.index());
    let touching = format!("(bodies {middle} and {top})");
    assert!(
        differences
            .iter()
            .any(|d| d.subject.starts_with("contact ") && d.subject.ends_with(&touching)),
        "{differences:#?}"
    );
}
