//! One-way platforms: through from below, solid from above, open to a body dropping
//! through, and all of it carried by snapshots.

use crate::support;

use lockstep2d::{
    BodyDef, BodyId, ChainDef, Geometry, Polygon, Segment, ShapeDef, Snapshot, SolidSide, Vec2,
    World, WorldDef,
};
use support::{DT, run, world_with_ground};

const PLATFORM_Y: f32 = 3.0;

#[derive(Clone, Copy, Debug)]
enum Platform {
    Segment,
    Chain,
}

/// Ground at y = 0 and a one-way platform 3 m up from x = −4 to 4, solid from above.
fn world_with_platform(kind: Platform) -> World {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, PLATFORM_Y)))
        .unwrap();
    // Right to left, so the front (the right-hand side) faces up.
    let (right, left) = (Vec2::new(4.0, 0.0), Vec2::new(-4.0, 0.0));
    match kind {
        Platform::Segment => {
            let segment = Segment {
                point1: right,
                point2: left,
            };
            let def = ShapeDef::new(Geometry::Segment(segment)).one_way();
            world.create_shape(body, &def).unwrap();
        }
        Platform::Chain => {
            let mut def = ChainDef::open(vec![right, Vec2::ZERO, left], SolidSide::Above);
            def.one_way = true;
            world.create_chain(body, &def).unwrap();
        }
    }
    world
}

fn add_crate(world: &mut World, at: Vec2, velocity: Vec2) -> BodyId {
    let def = BodyDef::dynamic(at).with_velocity(velocity, 0.0);
    let body = world.create_body(&def).unwrap();
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    world.create_shape(body, &square).unwrap();
    body
}

fn height(world: &World, body: BodyId) -> f32 {
    world.position(body).unwrap().y
}

#[test]
fn a_box_thrown_up_through_a_platform_lands_and_rests_on_it() {
    for kind in [Platform::Segment, Platform::Chain] {
        for speed in [10.0, 20.0] {
            let mut world = world_with_platform(kind);
            let body = add_crate(&mut world, Vec2::new(1.0, 0.5), Vec2::new(0.0, speed));
            // Rising through the platform zone it keeps nearly all its speed: nothing
            // holds it half-way.
            let mut crossing = Vec::new();
            for _ in 0..300 {
                world.step(DT).unwrap();
                let y = height(&world, body);
                if (PLATFORM_Y - 0.5..=PLATFORM_Y + 0.5).contains(&y) {
                    crossing.push(world.linear_velocity(body).unwrap().y);
                }
            }
            let rising = crossing.first().copied().unwrap_or(0.0);
            let expected = (speed * speed - 2.0 * 10.0 * (PLATFORM_Y - 1.0)).sqrt();
            assert!(
                rising > 0.9 * expected,
                "{kind:?} at {speed} m/s: {rising} m/s crossing, {expected} expected"
            );
            let rest = height(&world, body);
            assert!(
                (rest - (PLATFORM_Y + 0.5)).abs() < 0.02,
                "{kind:?} at {speed} m/s came to rest at {rest}"
            );
            assert!(world.linear_velocity(body).unwrap().length() < 0.01);
        }
    }
}

#[test]
fn a_box_dropping_through_falls_to_the_ground_and_stops_dropping_when_told() {
    for kind in [Platform::Segment, Platform::Chain] {
        let mut world = world_with_platform(kind);
        let body = add_crate(&mut world, Vec2::new(1.0, PLATFORM_Y + 0.5), Vec2::ZERO);
        run(&mut world, 120);
        assert!((height(&world, body) - (PLATFORM_Y + 0.5)).abs() < 0.02);
        world.set_drop_through(body, true).unwrap();
        run(&mut world, 10);
        // Released while half-way: the platform stays open until they part.
        world.set_drop_through(body, false).unwrap();
        run(&mut world, 110);
        let y = height(&world, body);
        assert!(
            (y - 0.5).abs() < 0.02,
            "{kind:?}: the box is at {y}, not on the ground"
        );
        // Thrown up again without dropping, it lands on the platform.
        world
            .set_linear_velocity(body, Vec2::new(0.0, 10.0))
            .unwrap();
        run(&mut world, 240);
        let y = height(&world, body);
        assert!(
            (y - (PLATFORM_Y + 0.5)).abs() < 0.02,
            "{kind:?}: landed at {y}"
        );
    }
}

/// A snapshot taken while the box is half-way through restores a world that steps to
/// the same bits as the original.
#[test]
fn a_snapshot_taken_half_way_through_replays_exactly() {
    let mut world = world_with_platform(Platform::Chain);
    let body = add_crate(&mut world, Vec2::new(1.0, 0.5), Vec2::new(0.0, 9.0));
    while height(&world, body) < PLATFORM_Y {
        world.step(DT).unwrap();
    }
    let saved = Snapshot::from_bytes(&world.snapshot().to_bytes()).unwrap();
    let mut copy = world_with_platform(Platform::Chain);
    copy.restore(&saved);
    for step in 0..200 {
        world.step(DT).unwrap();
        copy.step(DT).unwrap();
        assert_eq!(world.state_hash(), copy.state_hash(), "step {step}");
    }
    assert!((height(&copy, body) - (PLATFORM_Y + 0.5)).abs() < 0.02);
}

#[test]
fn dropping_through_is_refused_for_a_stale_body() {
    let mut world = world_with_platform(Platform::Segment);
    let body = add_crate(&mut world, Vec2::new(1.0, 5.0), Vec2::ZERO);
    world.destroy_body(body).unwrap();
    assert!(world.set_drop_through(body, true).is_err());
    assert!(world.drops_through(body).is_err());
}
