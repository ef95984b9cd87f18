//! Queries answer for the world as it is now. They read a copy of the broad phase's
//! trees made by the first query after the trees change; each test asks, changes the
//! world one way, and asks again.

use crate::support;

use lockstep2d::{
    BodyDef, Filter, Geometry, Polygon, QueryFilter, ShapeDef, ShapeId, Vec2, World, WorldDef,
};
use support::DT;

const HERE: Vec2 = Vec2::new(0.0, 0.0);
const THERE: Vec2 = Vec2::new(30.0, 0.0);

/// A world without gravity and one dynamic unit box at `HERE`, asked once already.
fn asked_world() -> (World, lockstep2d::BodyId, ShapeId) {
    let def = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let body = world.create_body(&BodyDef::dynamic(HERE)).unwrap();
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    let shape = world.create_shape(body, &square).unwrap();
    assert_eq!(found_at(&world, HERE), vec![shape]);
    (world, body, shape)
}

fn found_at(world: &World, point: Vec2) -> Vec<ShapeId> {
    world.overlap_point(point, &QueryFilter::default()).unwrap()
}

/// The nearest shape a ray from far left along y = `y` hits.
fn ray_along(world: &World, y: f32) -> Option<ShapeId> {
    let hit = world
        .cast_ray_closest(
            Vec2::new(-100.0, y),
            Vec2::new(200.0, 0.0),
            &QueryFilter::default(),
        )
        .unwrap();
    hit.map(|h| h.shape)
}

#[test]
fn a_moved_body_is_found_where_it_went() {
    let (mut world, body, shape) = asked_world();
    world.set_transform(body, THERE, 0.0).unwrap();
    assert!(found_at(&world, HERE).is_empty());
    assert_eq!(found_at(&world, THERE), vec![shape]);
    assert_eq!(ray_along(&world, 0.0), Some(shape));
}

#[test]
fn a_body_that_steps_out_of_its_box_is_found_where_it_went() {
    let (mut world, body, shape) = asked_world();
    world
        .set_linear_velocity(body, Vec2::new(60.0, 0.0))
        .unwrap();
    for _ in 0..30 {
        world.step(DT).unwrap();
    }
    assert!(found_at(&world, HERE).is_empty());
    assert_eq!(found_at(&world, THERE), vec![shape]);
}

#[test]
fn made_and_destroyed_shapes_appear_and_vanish() {
    let (mut world, body, shape) = asked_world();
    let far = world.create_body(&BodyDef::dynamic(THERE)).unwrap();
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    let second = world.create_shape(far, &square).unwrap();
    assert_eq!(found_at(&world, THERE), vec![second]);
    world.destroy_shape(shape).unwrap();
    assert!(found_at(&world, HERE).is_empty());
    world.destroy_body(far).unwrap();
    assert!(found_at(&world, THERE).is_empty());
    assert_eq!(ray_along(&world, 0.0), None);
    assert!(
        world
            .overlap_point(HERE, &QueryFilter::default().skipping(body))
            .is_ok()
    );
}

#[test]
fn a_new_filter_is_seen_at_once() {
    let (mut world, _, shape) = asked_world();
    let in_category = |bits: u64| Filter {
        category_bits: bits,
        ..Filter::default()
    };
    let seeing = |bits: u64| QueryFilter::default().with_mask(bits);
    world.set_shape_filter(shape, in_category(0b10)).unwrap();
    assert_eq!(
        world.overlap_point(HERE, &seeing(0b10)).unwrap(),
        vec![shape]
    );
    // A query that sees only the new category must not be turned away by the old one.
    world.set_shape_filter(shape, in_category(0b01)).unwrap();
    assert_eq!(
        world.overlap_point(HERE, &seeing(0b01)).unwrap(),
        vec![shape]
    );
    assert!(world.overlap_point(HERE, &seeing(0b10)).unwrap().is_empty());
}

#[test]
fn a_disabled_body_is_not_found_and_an_enabled_one_is() {
    let (mut world, body, shape) = asked_world();
    world.set_enabled(body, false).unwrap();
    assert!(found_at(&world, HERE).is_empty());
    world.set_enabled(body, true).unwrap();
    assert_eq!(found_at(&world, HERE), vec![shape]);
}

#[test]
fn a_restored_world_is_asked_as_it_was_saved() {
    let (mut world, body, shape) = asked_world();
    let saved = world.snapshot();
    world.set_transform(body, THERE, 0.0).unwrap();
    assert_eq!(found_at(&world, THERE), vec![shape]);
    world.restore(&saved);
    assert_eq!(found_at(&world, HERE), vec![shape]);
    assert!(found_at(&world, THERE).is_empty());
}
