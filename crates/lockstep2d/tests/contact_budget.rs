//! A world holds at most `WorldDef::max_contacts` contacts: a crowd piled into one spot
//! slows it down instead of exhausting memory, and says so.

use lockstep2d::{BodyDef, Geometry, Polygon, ShapeDef, Snapshot, Vec2, World, WorldDef};

const DT: f32 = 1.0 / 60.0;

/// `count` unit boxes created at the origin, every one overlapping every other.
fn pile(count: usize, max_contacts: u32) -> World {
    let mut world = World::new(&WorldDef {
        max_contacts,
        ..WorldDef::default()
    })
    .unwrap();
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    for _ in 0..count {
        let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
        world.create_shape(body, &square).unwrap();
    }
    world
}

/// 3,000 boxes at one point are 4.5 million overlapping pairs: without a budget the
/// first step tried to make a contact of each and ran out of memory.
#[test]
fn boxes_piled_at_one_point_make_no_more_contacts_than_the_budget() {
    let mut world = pile(3_000, 20_000);
    world.step(DT).unwrap();
    assert!(world.contact_budget_reached());
    assert!(world.contact_count() <= 20_000, "{}", world.contact_count());
    assert!(world.contact_count() > 10_000, "{}", world.contact_count());
    for _ in 0..3 {
        world.step(DT).unwrap();
        assert!(world.contact_count() <= 20_000);
    }
}

#[test]
fn a_world_under_its_budget_does_not_report_it() {
    let mut world = pile(30, 20_000);
    world.step(DT).unwrap();
    assert!(!world.contact_budget_reached());
    // 30 boxes at one point: every pair touches.
    assert_eq!(world.contact_count(), 30 * 29 / 2);
}

/// Pairs left waiting are made as soon as contacts that ended make room.
#[test]
fn waiting_pairs_are_made_once_there_is_room() {
    let mut world = pile(10, 20);
    world.step(DT).unwrap();
    assert!(world.contact_budget_reached());
    assert_eq!(world.contact_count(), 20);
    let ids: Vec<_> = world.body_ids().collect();
    for &body in &ids[..7] {
        world.destroy_body(body).unwrap();
    }
    world.step(DT).unwrap();
    // Three boxes left: their three pairs, whichever of them waited.
    assert!(!world.contact_budget_reached());
    assert_eq!(world.contact_count(), 3);
}

/// The budget is part of what a snapshot saves: a restored world keeps to it.
#[test]
fn a_restored_world_keeps_its_budget() {
    let world = pile(200, 50);
    let bytes = world.snapshot().to_bytes();
    let mut restored = World::new(&WorldDef::default()).unwrap();
    restored.restore(&Snapshot::from_bytes(&bytes).unwrap());
    restored.step(DT).unwrap();
    assert!(restored.contact_budget_reached());
    assert_eq!(restored.contact_count(), 50);
}
