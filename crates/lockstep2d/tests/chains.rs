//! Chains: smooth ground made of many links, and segments.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, Capsule, ChainDef, Circle, Geometry, Polygon, Segment, ShapeDef, SolidSide,
    Vec2, World, WorldDef,
};
use support::{DT, slide_for_five_seconds};

/// How the ground under the slider is made.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ground {
    /// One long box.
    Box,
    /// A chain of one-metre links.
    Chain,
    /// The same links as separate segments, which know nothing of their neighbours.
    Segments,
    /// The same links as chains of ten, as terrain is made in chunks; `ghosts`: each
    /// carried on by its neighbours' points.
    Chunks { ghosts: bool },
}

const FRICTION: f32 = 0.02;
const LINKS: usize = 100;

/// Ground whose surface runs through `points` (ordered right to left, so its front
/// faces up).
fn build_ground(world: &mut World, ground: Ground, points: &[Vec2]) {
    let body = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let material = ShapeDef::new(Geometry::Polygon(Polygon::new_box(1.0, 1.0).unwrap()))
        .with_friction(FRICTION)
        .material();
    match ground {
        Ground::Box => {
            let (first, last) = (points[0], points[points.len() - 1]);
            let half_width = 0.5 * (first.x - last.x);
            let center = Vec2::new(0.5 * (first.x + last.x), first.y - 1.0);
            let slab = Polygon::new_offset_box(half_width, 1.0, center, 0.0).unwrap();
            let def = ShapeDef::new(Geometry::Polygon(slab)).with_friction(FRICTION);
            world.create_shape(body, &def).unwrap();
        }
        Ground::Chain => {
            let def = ChainDef::open(points.to_vec(), SolidSide::Above).with_material(material);
            world.create_chain(body, &def).unwrap();
        }
        Ground::Chunks { ghosts } => {
            // The ground's own ends carry on straight.
            let n = points.len();
            let before = |i: usize| points.get(i.wrapping_sub(1)).copied();
            let before = |i| before(i).unwrap_or(points[0] * 2.0 - points[1]);
            let after = |i: usize| points.get(i + 1).copied();
            let after = |i| after(i).unwrap_or(points[n - 1] * 2.0 - points[n - 2]);
            for first in (0..n - 1).step_by(10) {
                let last = (first + 10).min(n - 1);
                let mut def = ChainDef::open(points[first..=last].to_vec(), SolidSide::Above)
                    .with_material(material);
                if ghosts {
                    def = def.with_ghosts(before(first), after(last));
                }
                world.create_chain(body, &def).unwrap();
            }
        }
        Ground::Segments => {
            for pair in points.windows(2) {
                let segment = Segment {
                    point1: pair[0],
                    point2: pair[1],
                };
                let def = ShapeDef::new(Geometry::Segment(segment)).with_friction(FRICTION);
                world.create_shape(body, &def).unwrap();
            }
        }
    }
}

/// `LINKS + 1` points one metre apart, right to left, turning by `bends[i % len]`
/// radians at each joint (a positive turn bends the ground down, a hilltop's shape).
fn polyline(bends: &[f32]) -> Vec<Vec2> {
    let mut points = vec![Vec2::new(50.0, 0.0)];
    let mut direction = Vec2::new(-1.0, 0.0);
    for i in 0..LINKS {
        let last = *points.last().unwrap();
        points.push(last + direction);
        let bend = bends[i % bends.len()];
        let (s, c) = (lockstep2d::math::sin(bend), lockstep2d::math::cos(bend));
        direction = Vec2::new(
            c * direction.x - s * direction.y,
            s * direction.x + c * direction.y,
        );
    }
    points
}

fn slider(world: &mut World, geometry: Geometry, at: Vec2, speed: f32) -> BodyId {
    let body = world
        .create_body(&BodyDef::dynamic(at).with_velocity(Vec2::new(-speed, 0.0), 0.0))
        .unwrap();
    world
        .create_shape(body, &ShapeDef::new(geometry).with_friction(FRICTION))
        .unwrap();
    body
}

/// The slider's speed after sliding for five seconds from x = 45 at 5 m/s over flat
/// ground, and the largest vertical speed seen after its first half second (a rolling
/// disc's reported velocity carries about a centimetre a second of vertical speed on
/// any ground, as the solve follows its contact point round the disc, so it is
/// measured from positions).
fn slide(ground: Ground, geometry: Geometry, rest_height: f32) -> (f32, f32) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    build_ground(&mut world, ground, &polyline(&[0.0]));
    let body = slider(&mut world, geometry, Vec2::new(45.0, rest_height), 5.0);
    slide_for_five_seconds(&mut world, body)
}

fn shapes() -> [(Geometry, f32); 3] {
    [
        (Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()), 0.5),
        (
            Geometry::Circle(Circle {
                center: Vec2::ZERO,
                radius: 0.5,
            }),
            0.5,
        ),
        (
            Geometry::Capsule(Capsule {
                center1: Vec2::new(-0.5, 0.0),
                center2: Vec2::new(0.5, 0.0),
                radius: 0.25,
            }),
            0.25,
        ),
    ]
}

#[test]
fn shapes_slide_across_the_joints_of_a_chain_as_across_one_long_box() {
    for (geometry, height) in shapes() {
        let (on_box, _) = slide(Ground::Box, geometry, height);
        let (on_chain, vy) = slide(Ground::Chain, geometry, height);
        assert!(
            on_box > 3.9,
            "{geometry:?} keeps sliding on the box: {on_box}"
        );
        assert!(vy < 0.01, "{geometry:?} jumps at a joint: |vy| up to {vy}");
        let lost = (on_box - on_chain) / on_box;
        assert!(
            lost < 0.01,
            "{geometry:?}: {on_chain} m/s on the chain, {on_box} on the box"
        );
    }
}

#[test]
fn shapes_slide_across_chunks_of_chain_carried_on_by_ghosts_as_across_one_chain() {
    for (geometry, height) in shapes() {
        let (on_chain, _) = slide(Ground::Chain, geometry, height);
        let (on_chunks, vy) = slide(Ground::Chunks { ghosts: true }, geometry, height);
        assert!(vy < 0.01, "{geometry:?} jumps at a seam: |vy| up to {vy}");
        assert!(
            (on_chain - on_chunks).abs() < 1e-3 * on_chain,
            "{geometry:?}: {on_chunks} m/s on the chunks, {on_chain} on one chain"
        );
    }
    let (geometry, height) = shapes()[0];
    let (on_chain, _) = slide(Ground::Chain, geometry, height);
    let (on_ledges, vy) = slide(Ground::Chunks { ghosts: false }, geometry, height);
    assert!(
        (on_chain - on_ledges) / on_chain > 0.01 || vy > 0.01,
        "a box crosses chunks' square ends unhindered: {on_ledges} m/s, |vy| {vy}"
    );
}

#[test]
fn a_box_sliding_across_separate_segments_catches_on_their_ends() {
    let (geometry, height) = shapes()[0];
    let (on_box, _) = slide(Ground::Box, geometry, height);
    let (on_segments, vy) = slide(Ground::Segments, geometry, height);
    let lost = (on_box - on_segments) / on_box;
    assert!(
        lost > 0.01 || vy > 0.01,
        "no ghost collision without ghost vertices: {on_segments} m/s, |vy| {vy}"
    );
}

/// Over ground that bends by 1° at every joint, alternately up and down (slopes of 0°
/// and 1°), without friction. A ghost collision shows as a contact normal far outside
/// the links' own (a joint's corner met side-on), as a throw off the ground, or as
/// energy lost; here every normal stays within the links' fan, the slider never leaves
/// the ground (at 5 m/s a 1° bend per metre is a 57 m curve, which needs only 0.44 m/s²
/// of gravity's 9.8 to follow), and a disc keeps its energy. A box or a capsule does
/// not: each crest tips it by 1° onto the next link, which it lands on inelastically,
/// as a rigid box would, losing a little speed at each crest (docs/decisions.md, "Ghost
/// vertices on chain links").
#[test]
fn shapes_slide_over_bent_chains_without_meeting_a_corner() {
    let bend = 1f32.to_radians();
    let points = polyline(&[bend, -bend]);
    for (geometry, height) in shapes() {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let body = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
        let def = ChainDef::open(points.clone(), SolidSide::Above).with_material(
            lockstep2d::SurfaceMaterial {
                friction: 0.0,
                ..Default::default()
            },
        );
        world.create_chain(body, &def).unwrap();
        let start = points[5] + Vec2::new(0.0, height);
        let velocity = Vec2::new(-5.0, 0.0);
        let slider = world
            .create_body(&BodyDef::dynamic(start).with_velocity(velocity, 0.0))
            .unwrap();
        let slider_shape = ShapeDef::new(geometry).with_friction(0.0);
        let shape = world.create_shape(slider, &slider_shape).unwrap();
        let gravity = WorldDef::default().gravity.y.abs();
        let energy = |world: &World| {
            let v = world.linear_velocity(slider).unwrap();
            0.5 * v.length_squared() + gravity * (world.position(slider).unwrap().y - start.y)
        };
        let initial = energy(&world);
        // Slopes are 0° and 1°, down to the left: the links' normals lean right by 0° to
        // 1°. A tipping box's own face may lean a little past them (the fan admits a
        // sine of 0.01 more).
        let (lean_min, lean_max) = (-0.02, bend + 0.02);
        for step in 0..300 {
            world.step(DT).unwrap();
            let mut touching = false;
            for contact in world.contacts().filter(|c| c.shape_b == shape) {
                touching = true;
                let n = contact.manifold.normal;
                let lean = lockstep2d::math::atan2(n.x, n.y);
                assert!(
                    (lean_min..=lean_max).contains(&lean),
                    "{geometry:?} met a corner at step {step}: normal {n:?}"
                );
            }
            assert!(
                step < 30 || touching,
                "{geometry:?} left the ground at step {step}"
            );
        }
        if matches!(geometry, Geometry::Circle(_)) {
            let speed_kept = (energy(&world) / initial).sqrt();
            assert!(speed_kept > 0.99, "the disc kept {speed_kept} of its speed");
        }
    }
}

/// A disc rolls down a hill made of one-metre links as down one box ramp of the same
/// slope.
#[test]
fn a_disc_rolls_down_a_chain_hill_as_down_a_box_ramp() {
    let slope = 20f32.to_radians();
    let (s, c) = (lockstep2d::math::sin(slope), lockstep2d::math::cos(slope));
    let down = Vec2::new(-c, -s);
    let normal = Vec2::new(-s, c);
    let speed_after_three_seconds = |as_chain: bool| {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
        let top = Vec2::new(40.0, 0.0);
        if as_chain {
            let points = (0..=60).map(|i| top + i as f32 * down).collect();
            world
                .create_chain(ground, &ChainDef::open(points, SolidSide::Above))
                .unwrap();
        } else {
            let center = top + 30.0 * down - 0.5 * normal;
            let ramp = Polygon::new_offset_box(30.0, 0.5, center, slope).unwrap();
            world
                .create_shape(ground, &ShapeDef::new(Geometry::Polygon(ramp)))
                .unwrap();
        }
        let disc = world
            .create_body(&BodyDef::dynamic(top + 2.0 * down + 0.5 * normal))
            .unwrap();
        let circle = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        });
        world.create_shape(disc, &ShapeDef::new(circle)).unwrap();
        support::run(&mut world, 180);
        world.linear_velocity(disc).unwrap().length()
    };
    let (on_ramp, on_chain) = (
        speed_after_three_seconds(false),
        speed_after_three_seconds(true),
    );
    // Rolling without slipping: a = ⅔·g·sin θ, 6.7 m/s after three seconds.
    assert!((on_ramp - 6.7).abs() < 0.2, "{on_ramp} m/s down the ramp");
    let difference = (on_chain - on_ramp).abs() / on_ramp;
    assert!(
        difference < 0.01,
        "{on_chain} m/s down the chain, {on_ramp} down the ramp"
    );
}

/// A ground chain from x = 10 to x = −10 at y = 0 (its front faces up), and a
/// two-sided segment from x = 20 to 30 at the same height.
fn chain_and_segment() -> (World, Vec<lockstep2d::ShapeId>, lockstep2d::ShapeId) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let points = (0..=20).map(|i| Vec2::new(10.0 - i as f32, 0.0)).collect();
    let links = world
        .create_chain(ground, &ChainDef::open(points, SolidSide::Above))
        .unwrap();
    let segment = Segment {
        point1: Vec2::new(20.0, 0.0),
        point2: Vec2::new(30.0, 0.0),
    };
    let segment = world
        .create_shape(ground, &ShapeDef::new(Geometry::Segment(segment)))
        .unwrap();
    (world, links, segment)
}

#[test]
fn rays_meet_a_chain_from_its_front_only_and_a_segment_from_both_sides() {
    let (world, links, segment) = chain_and_segment();
    let filter = lockstep2d::QueryFilter::default();
    let down = world
        .cast_ray_closest(Vec2::new(2.5, 3.0), Vec2::new(0.0, -6.0), &filter)
        .unwrap()
        .expect("the chain is hit from above");
    assert_eq!(down.shape, links[7], "the link from x = 3 to x = 2");
    assert!((down.point - Vec2::new(2.5, 0.0)).length() < 1e-5);
    assert_eq!(down.normal, Vec2::new(0.0, 1.0));
    assert!((down.fraction - 0.5).abs() < 1e-6);
    let up = world.cast_ray_closest(Vec2::new(2.5, -3.0), Vec2::new(0.0, 6.0), &filter);
    assert_eq!(up.unwrap(), None, "a ray from behind passes the chain");
    for (from, normal) in [(3.0, 1.0), (-3.0, -1.0)] {
        let hit = world
            .cast_ray_closest(Vec2::new(25.0, from), Vec2::new(0.0, -2.0 * from), &filter)
            .unwrap()
            .expect("the segment is hit from either side");
        assert_eq!((hit.shape, hit.normal), (segment, Vec2::new(0.0, normal)));
    }
}

#[test]
fn overlaps_and_shape_casts_see_chain_links() {
    let (world, links, segment) = chain_and_segment();
    let filter = lockstep2d::QueryFilter::default();
    let area = lockstep2d::Aabb {
        min: Vec2::new(-0.5, -0.1),
        max: Vec2::new(1.5, 0.1),
    };
    let found = world.overlap_aabb(area, &filter).unwrap();
    assert_eq!(
        found,
        vec![links[8], links[9], links[10]],
        "links over x in [−1, 2]"
    );
    let disc = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.5,
    });
    let place = |x: f32| lockstep2d::Transform::new(Vec2::new(x, 2.0), 0.0);
    let cast = |x: f32| {
        world
            .cast_shape(&disc, place(x), Vec2::new(0.0, -4.0), &filter)
            .unwrap()
            .expect("the disc lands on the ground")
    };
    let on_chain = cast(4.5);
    assert_eq!(on_chain.shape, links[5]);
    assert!((on_chain.fraction - 0.375).abs() < 0.01, "{on_chain:?}");
    assert_eq!(cast(25.0).shape, segment);
    let touching = world.overlap_shape(&disc, place(25.0), &filter).unwrap();
    assert!(touching.is_empty(), "2 m above the segment: {touching:?}");
}

#[test]
fn a_chain_that_cannot_be_made_is_refused_and_nothing_is_made() {
    let (mut world, _, _) = chain_and_segment();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let before = world.state_hash();
    let points = |xs: &[f32]| xs.iter().map(|&x| Vec2::new(x, 0.0)).collect::<Vec<_>>();
    let bad = [
        ("points", ChainDef::open(points(&[1.0]), SolidSide::Above)),
        (
            "points",
            ChainDef::closed(points(&[1.0, 2.0]), SolidSide::RightOfPoints),
        ),
        (
            "points",
            ChainDef::open(points(&[3.0, 2.0, 2.001, 1.0]), SolidSide::Above),
        ),
        (
            "points",
            ChainDef::open(points(&[3.0, f32::NAN, 1.0]), SolidSide::Above),
        ),
        (
            "points",
            ChainDef::open(points(&[3.0, 2.0e6]), SolidSide::Above),
        ),
        (
            "points",
            ChainDef::closed(points(&[3.0, 2.0, 3.0]), SolidSide::RightOfPoints),
        ),
        ("materials", {
            let mut def = ChainDef::open(points(&[3.0, 2.0, 1.0]), SolidSide::Above);
            def.materials = vec![Default::default(); 3];
            def
        }),
        (
            "ghosts",
            ChainDef::closed(points(&[3.0, 2.0, 1.0]), SolidSide::RightOfPoints)
                .with_ghosts(Vec2::X, Vec2::Y),
        ),
        (
            "ghosts",
            ChainDef::open(points(&[3.0, 2.0]), SolidSide::Above)
                .with_ghosts(Vec2::new(4.0, 0.0), Vec2::new(2.0, 0.0)),
        ),
        (
            "ghosts",
            ChainDef::open(points(&[3.0, 2.0]), SolidSide::Above)
                .with_ghosts(Vec2::new(f32::NAN, 0.0), Vec2::ZERO),
        ),
        (
            "solid",
            ChainDef::open(
                vec![Vec2::new(0.0, 3.0), Vec2::new(0.0, 1.0)],
                SolidSide::Above,
            ),
        ),
        (
            "solid",
            ChainDef::open(points(&[3.0, 2.0]), SolidSide::Outside),
        ),
        ("solid", ChainDef::closed(square(), SolidSide::Above)),
        ("friction", {
            let material = lockstep2d::SurfaceMaterial {
                friction: -1.0,
                ..Default::default()
            };
            ChainDef::open(points(&[3.0, 2.0, 1.0]), SolidSide::Above).with_material(material)
        }),
    ];
    for (field, def) in bad {
        let error = world.create_chain(ground, &def).unwrap_err();
        assert_eq!(error.field(), Some(field), "{def:?}: {error}");
        assert_eq!(
            world.state_hash(),
            before,
            "a refused chain changed the world"
        );
    }
    let one_way_box =
        ShapeDef::new(Geometry::Polygon(Polygon::new_box(1.0, 1.0).unwrap())).one_way();
    let error = world.create_shape(ground, &one_way_box).unwrap_err();
    assert_eq!(error.field(), Some("one_way"));
}

/// A 4 m square about the origin, wound counter-clockwise.
fn square() -> Vec<Vec2> {
    [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]
        .map(|(x, y)| Vec2::new(x, y))
        .to_vec()
}

/// Where a box ends after two seconds, and the highest its centre rose, thrown from
/// `start` at `velocity` at a chain through `points`, solid on side `solid`.
fn box_against_chain(
    (points, is_loop): (Vec<Vec2>, bool),
    solid: SolidSide,
    start: Vec2,
    velocity: Vec2,
) -> (Vec2, f32) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let chain = ChainDef {
        is_loop,
        ..ChainDef::open(points, solid)
    };
    world.create_chain(ground, &chain).unwrap();
    let body = world.create_body(&BodyDef::dynamic(start)).unwrap();
    world
        .create_shape(body, &ShapeDef::new_box(0.25, 0.25).unwrap())
        .unwrap();
    world.set_linear_velocity(body, velocity).unwrap();
    let mut highest = start.y;
    for _ in 0..120 {
        world.step(DT).unwrap();
        highest = minmax::max(highest, world.position(body).unwrap().y);
    }
    (world.position(body).unwrap(), highest)
}

#[test]
fn a_chain_is_solid_on_the_side_it_states_whichever_way_it_was_drawn() {
    let left_to_right: Vec<Vec2> = (0..=8).map(|i| Vec2::new(i as f32 - 4.0, 0.0)).collect();
    let right_to_left: Vec<Vec2> = left_to_right.iter().rev().copied().collect();
    let (above, below) = (Vec2::new(0.0, 1.0), Vec2::new(0.0, -1.0));
    // Thrown up from below at 6 m/s, a free box rises 1.8 m, past the chain.
    let up = Vec2::new(0.0, 6.0);
    for points in [left_to_right, right_to_left] {
        let open = || (points.clone(), false);
        // Ground holds up a box dropped on it, and lets one thrown from below through:
        // that one falls back and lands on top.
        let (end, _) = box_against_chain(open(), SolidSide::Above, above, Vec2::ZERO);
        assert!(
            (end.y - 0.25).abs() < 0.02,
            "dropped on ground: ends at {end}"
        );
        let (end, _) = box_against_chain(open(), SolidSide::Above, below, up);
        assert!(
            (end.y - 0.25).abs() < 0.02,
            "thrown up through ground: ends at {end}"
        );
        // A ceiling lets the dropped box fall through and stops the thrown one.
        let (end, _) = box_against_chain(open(), SolidSide::Below, above, Vec2::ZERO);
        assert!(end.y < -10.0, "dropped through a ceiling: ends at {end}");
        let (_, highest) = box_against_chain(open(), SolidSide::Below, below, up);
        assert!(highest < -0.2, "thrown at a ceiling: rose to {highest}");
    }
    let counter_clockwise = square();
    let clockwise: Vec<Vec2> = counter_clockwise.iter().rev().copied().collect();
    for points in [counter_clockwise, clockwise] {
        let closed = || (points.clone(), true);
        // A box dropped inside a loop solid inside rests on its floor; one dropped on a
        // loop solid outside rests on its roof.
        let (end, _) = box_against_chain(closed(), SolidSide::Inside, Vec2::ZERO, Vec2::ZERO);
        assert!((end.y + 1.75).abs() < 0.02, "inside: ends at {end}");
        let start = Vec2::new(0.0, 3.0);
        let (end, _) = box_against_chain(closed(), SolidSide::Outside, start, Vec2::ZERO);
        assert!((end.y - 2.25).abs() < 0.02, "outside: ends at {end}");
    }
}

#[test]
fn lines_add_no_mass_to_a_dynamic_body() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    world.create_shape(body, &square).unwrap();
    let segment = Segment {
        point1: Vec2::new(-3.0, 1.0),
        point2: Vec2::new(3.0, 1.0),
    };
    world
        .create_shape(
            body,
            &ShapeDef::new(Geometry::Segment(segment)).with_density(5.0),
        )
        .unwrap();
    assert_eq!(world.mass(body).unwrap(), 1.0);
}
