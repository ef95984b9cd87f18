//! Collision filters: which shapes touch, by category, mask and group.

use crate::support;

use lockstep2d::{BodyId, Filter, Geometry, Polygon, ShapeDef, Vec2, World, WorldDef};
use support::*;

/// A 1 m box (density 1) at `y` above x = 0, with `filter`.
fn filtered_box(world: &mut World, y: f32, filter: Filter) -> BodyId {
    let body = world
        .create_body(&lockstep2d::BodyDef::dynamic(Vec2::new(0.0, y)))
        .unwrap();
    let shape =
        ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap())).with_filter(filter);
    world.create_shape(body, &shape).unwrap();
    body
}

/// Asserts that a 1 m box's centre stands at `height` (within 2 cm): on the ground
/// (0.5 m) or on another box (1.5 m).
fn assert_at(y: f32, height: f32, what: &str) {
    assert!((y - height).abs() < 0.02, "{what}: the box stands at {y} m");
}

fn filter(category_bits: u64, mask_bits: u64, group_index: i32) -> Filter {
    Filter {
        category_bits,
        mask_bits,
        group_index,
    }
}

/// Drops a box from 3 m onto one resting on the ground, both with its filter, and
/// returns the height of the dropped box's centre after two seconds: 1.5 m when it
/// lands on the other, 0.5 m when it passes through to the ground.
fn dropped_box_height(lower: Filter, upper: Filter) -> f32 {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    filtered_box(&mut world, 0.5, lower);
    let dropped = filtered_box(&mut world, 3.0, upper);
    run(&mut world, 120);
    world.position(dropped).unwrap().y
}

#[test]
fn shapes_whose_masks_refuse_each_other_pass_through_but_land_on_the_ground() {
    // Category 2, touching everything but category 2 (the ground is category 1).
    let debris = filter(2, !2, 0);
    let y = dropped_box_height(debris, debris);
    assert_at(y, 0.5, "masks that refuse each other");
    let y = dropped_box_height(Filter::default(), Filter::default());
    assert_at(y, 1.5, "unfiltered");
}

#[test]
fn a_shared_group_overrides_the_masks() {
    let limb = filter(1, u64::MAX, -7);
    let y = dropped_box_height(limb, limb);
    assert_at(y, 0.5, "a negative group");
    // Masks that refuse each other, but one positive group: they stack.
    let y = dropped_box_height(filter(2, !2, 5), filter(2, !2, 5));
    assert_at(y, 1.5, "a positive group");
}

#[test]
fn a_filter_changed_at_run_time_ends_the_contacts_it_forbids() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    filtered_box(&mut world, 0.5, filter(4, u64::MAX, 0));
    let upper = filtered_box(&mut world, 1.5, Filter::default());
    run(&mut world, 60);
    let y = world.position(upper).unwrap().y;
    assert_at(y, 1.5, "stacked at first");
    let shape = world.body_shapes(upper).unwrap()[0];
    world.set_shape_filter(shape, filter(1, !4, 0)).unwrap();
    world.step(DT).unwrap();
    let ended = &world.contact_events().end;
    assert_eq!(
        ended.len(),
        1,
        "the contact with the lower box ends: {ended:?}"
    );
    assert!(ended[0].shape_a == shape || ended[0].shape_b == shape);
    run(&mut world, 120);
    let y = world.position(upper).unwrap().y;
    assert_at(y, 0.5, "it fell through to the ground");
}

#[test]
fn a_filter_for_a_removed_shape_is_an_error_that_changes_nothing() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = filtered_box(&mut world, 0.5, Filter::default());
    let shape = world.body_shapes(body).unwrap()[0];
    world.destroy_shape(shape).unwrap();
    let before = world.state_hash();
    assert!(world.set_shape_filter(shape, filter(2, 0, 0)).is_err());
    assert_eq!(world.state_hash(), before);
}
