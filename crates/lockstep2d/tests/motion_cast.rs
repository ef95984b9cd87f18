//! Turning shape casts: a shape carried at a steady velocity and spin meets what it
//! would meet stepped through the motion finely, never later, and without spin it is
//! the straight cast to the bit.

use lockstep2d::math::Rot;
use lockstep2d::{
    BodyDef, Error, Geometry, LINEAR_SLOP, Polygon, QueryFilter, RayHit, ShapeDef, Transform, Vec2,
    World, WorldDef,
};

/// A world with a static post (a box 0.2 m wide, 2 m tall) standing at x = 3.
fn world_with_post() -> World {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let post = world
        .create_body(&BodyDef::static_at(Vec2::new(3.0, 0.0)))
        .unwrap();
    let shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.1, 1.0).unwrap()));
    world.create_shape(post, &shape).unwrap();
    world
}

/// A plank 3 m long and 0.1 m thick.
fn plank() -> Geometry {
    Geometry::Polygon(Polygon::new_box(1.5, 0.05).unwrap())
}

/// The pose at time `t` of a motion from `start`: carried by `velocity`, turned about
/// its origin by `spin`.
fn pose(start: Transform, velocity: Vec2, spin: f32, t: f32) -> Transform {
    Transform {
        p: start.p + t * velocity,
        q: start.q.compose(Rot::from_angle(t * spin)),
    }
}

/// The first time among `samples` equal steps of `duration` at which the shape overlaps
/// anything.
fn first_touch_stepped(
    world: &World,
    geometry: &Geometry,
    start: Transform,
    velocity: Vec2,
    spin: f32,
    duration: f32,
    samples: usize,
) -> Option<f32> {
    let any = QueryFilter::default();
    (0..=samples)
        .map(|k| duration * k as f32 / samples as f32)
        .find(|&t| {
            let at = pose(start, velocity, spin, t);
            !world.overlap_shape(geometry, at, &any).unwrap().is_empty()
        })
}

#[test]
fn a_spinning_plank_meets_the_post_when_fine_steps_do_and_never_after() {
    let world = world_with_post();
    let any = QueryFilter::default();
    // Its straight path passes below the post's foot; its spin swings its end into it.
    let start = Transform::new(Vec2::new(0.0, -1.2), 0.0);
    let (velocity, duration, samples) = (Vec2::new(1.5, 0.0), 2.0, 40_000);
    let straight = world
        .cast_shape(&plank(), start, duration * velocity, &any)
        .unwrap();
    assert_eq!(straight, None, "without spin it passes under the post");
    for spin in [1.0, 3.0, -2.5] {
        let hit = world
            .cast_shape_motion(&plank(), start, velocity, spin, duration, &any)
            .unwrap()
            .unwrap_or_else(|| panic!("spin {spin}: the turning plank meets the post"));
        let t_cast = hit.fraction * duration;
        let stepped =
            first_touch_stepped(&world, &plank(), start, velocity, spin, duration, samples)
                .expect("the fine steps meet the post");
        // Never past the impact: at the cast's time it does not overlap yet.
        let at = pose(start, velocity, spin, t_cast);
        assert!(world.overlap_shape(&plank(), at, &any).unwrap().is_empty());
        // Short of it by no more than the cast's tolerance at the speed its far end
        // closes at, give or take a fine step.
        let fastest = velocity.length() + spin.abs() * 1.5;
        let tolerance_time = 0.25 * LINEAR_SLOP / (0.05 * fastest);
        let step = duration / samples as f32;
        assert!(
            t_cast <= stepped && stepped - t_cast <= tolerance_time + step,
            "spin {spin}: cast {t_cast} s, stepped {stepped} s"
        );
        assert!(
            hit.normal.length() > 0.99 && hit.point.x >= 2.9 - 1e-3,
            "{hit:?}"
        );
    }
}

#[test]
fn without_spin_it_is_the_straight_cast_to_the_bit() {
    let world = world_with_post();
    let any = QueryFilter::default();
    for (y, angle, speed) in [
        (0.5, 0.3, 2.0),
        (-0.9, 1.2, 5.0),
        (3.0, 0.0, 1.0),
        (0.0, -0.7, 0.5),
    ] {
        let start = Transform::new(Vec2::new(-1.0, y), angle);
        let velocity = Vec2::new(speed, 0.1);
        let straight: Option<RayHit> = world
            .cast_shape(&plank(), start, 2.0 * velocity, &any)
            .unwrap();
        let turning = world
            .cast_shape_motion(&plank(), start, velocity, 0.0, 2.0, &any)
            .unwrap();
        assert_eq!(
            turning.map(bits),
            straight.map(bits),
            "y {y}, angle {angle}"
        );
    }
}

fn bits(hit: RayHit) -> [u32; 5] {
    [
        hit.point.x.to_bits(),
        hit.point.y.to_bits(),
        hit.normal.x.to_bits(),
        hit.normal.y.to_bits(),
        hit.fraction.to_bits(),
    ]
}

#[test]
fn bad_motions_are_refused() {
    let world = world_with_post();
    let any = QueryFilter::default();
    let start = Transform::new(Vec2::ZERO, 0.0);
    let cast = |v: Vec2, w: f32, d: f32| world.cast_shape_motion(&plank(), start, v, w, d, &any);
    assert!(matches!(
        cast(Vec2::X, f32::NAN, 1.0),
        Err(Error::NotFinite { .. })
    ));
    assert!(cast(Vec2::new(f32::INFINITY, 0.0), 1.0, 1.0).is_err());
    assert!(cast(Vec2::X, 1.0, 0.0).is_err());
    assert!(cast(Vec2::X, 1.0, -1.0).is_err());
    assert!(
        cast(Vec2::new(1.0e5, 0.0), 1.0, 100.0).is_err(),
        "ten million metres"
    );
    assert!(cast(Vec2::X, 2.0e6, 1.0).is_err());
}
