//! The world's queries agree with testing every shape: the broad phase's trees may
//! only skip shapes that could not answer. Rays, shape casts and overlaps are thrown at
//! random through a settled `large_pyramid` and through `rain` in mid-fall.

use lockstep2d::{
    Aabb, Capsule, Circle, Geometry, Polygon, QueryFilter, RayHit, Rot, ShapeId, Transform, Vec2,
    World,
};
use lockstep2d_scenes::{Pcg32, named};

/// A named scene after `steps` steps, with every shape it holds and their bounds.
struct Stage {
    world: World,
    shapes: Vec<ShapeId>,
    bounds: Aabb,
}

fn stage(name: &str, steps: u32) -> Stage {
    let mut scene = named(name).expect("named scene").build().expect("builds");
    for _ in 0..steps {
        scene.world.step(scene.dt()).expect("steps");
    }
    let world = scene.world;
    let shapes: Vec<ShapeId> = world
        .body_ids()
        .flat_map(|b| world.body_shapes(b).expect("live body"))
        .collect();
    let bounds = shapes
        .iter()
        .map(|&s| world.shape_aabb(s).expect("live shape"))
        .reduce(|a, b| a.union(&b))
        .expect("the scene has shapes");
    Stage {
        world,
        shapes,
        bounds,
    }
}

impl Stage {
    /// A random point in the scene's bounds, grown by a tenth of its size.
    fn point(&self, rng: &mut Pcg32) -> Vec2 {
        let size = self.bounds.max - self.bounds.min;
        let (min, max) = (self.bounds.min - 0.1 * size, self.bounds.max + 0.1 * size);
        Vec2::new(rng.range(min.x, max.x), rng.range(min.y, max.y))
    }

    /// A random point within a metre of a random shape's bounds: where overlaps are.
    fn near_point(&self, rng: &mut Pcg32) -> Vec2 {
        let shape = self.shapes[rng.next_u32() as usize % self.shapes.len()];
        let aabb = self.world.shape_aabb(shape).expect("live shape").grown(1.0);
        Vec2::new(
            rng.range(aabb.min.x, aabb.max.x),
            rng.range(aabb.min.y, aabb.max.y),
        )
    }

    /// A random translation up to half the scene's size.
    fn translation(&self, rng: &mut Pcg32) -> Vec2 {
        let reach = 0.5 * (self.bounds.max - self.bounds.min).length();
        let angle = rng.range(-std::f32::consts::PI, std::f32::consts::PI);
        rng.range(0.05, 1.0) * reach * Rot::from_angle(angle).rotate(Vec2::X)
    }

    /// The nearest of the hits `each` finds on every shape: least fraction, then lowest
    /// shape slot, as the world's queries choose.
    fn brute_closest(&self, each: impl Fn(ShapeId) -> Option<RayHit>) -> Option<RayHit> {
        self.shapes.iter().filter_map(|&s| each(s)).min_by(|a, b| {
            (a.fraction.total_cmp(&b.fraction)).then(a.shape.index().cmp(&b.shape.index()))
        })
    }
}

fn assert_same_closest(found: Option<RayHit>, expected: Option<RayHit>, what: &str) {
    match (found, expected) {
        (None, None) => {}
        (Some(f), Some(e)) => {
            assert_eq!(f.shape, e.shape, "{what}: a different closest shape");
            assert!(
                (f.fraction - e.fraction).abs() <= 1e-5,
                "{what}: fraction {} against {}",
                f.fraction,
                e.fraction
            );
        }
        _ => panic!("{what}: the query found {found:?}, testing every shape {expected:?}"),
    }
}

fn rays_agree_with_brute_force(name: &str, steps: u32) {
    let stage = stage(name, steps);
    let filter = QueryFilter::default();
    let mut rng = Pcg32::new(19, 1);
    let mut hits = 0;
    for i in 0..10_000 {
        let (origin, translation) = (stage.point(&mut rng), stage.translation(&mut rng));
        let found = stage
            .world
            .cast_ray_closest(origin, translation, &filter)
            .expect("valid ray");
        let expected = stage.brute_closest(|s| {
            (stage.world)
                .shape_ray_cast(s, origin, translation)
                .expect("valid ray")
        });
        assert_same_closest(found, expected, &format!("{name} ray {i}"));
        hits += usize::from(found.is_some());
    }
    // Rays that hit nothing agree too easily: most must hit something.
    assert!(hits > 3_000, "{name}: only {hits} of 10,000 rays hit");
}

#[test]
fn ray_casts_through_a_settled_large_pyramid_agree_with_testing_every_shape() {
    rays_agree_with_brute_force("large_pyramid", 60);
}

#[test]
fn ray_casts_through_rain_agree_with_testing_every_shape() {
    rays_agree_with_brute_force("rain", 60);
}

#[test]
fn a_ray_visits_every_shape_it_crosses_when_never_clipped() {
    let stage = stage("large_pyramid", 30);
    let mut rng = Pcg32::new(3, 7);
    for _ in 0..300 {
        let (origin, translation) = (stage.point(&mut rng), stage.translation(&mut rng));
        let mut visited = Vec::new();
        (stage.world)
            .cast_ray(origin, translation, &QueryFilter::default(), |hit| {
                visited.push(hit.shape);
                1.0
            })
            .expect("valid ray");
        let all = (stage.world)
            .cast_ray_all(origin, translation, &QueryFilter::default())
            .expect("valid ray");
        assert!(
            all.windows(2).all(|w| w[0].fraction <= w[1].fraction),
            "nearest first"
        );
        let mut listed: Vec<ShapeId> = all.iter().map(|h| h.shape).collect();
        listed.sort_unstable();
        visited.sort_unstable();
        assert_eq!(listed, visited, "cast_ray_all lists what cast_ray visits");
        let mut expected: Vec<ShapeId> = (stage.shapes.iter().copied())
            .filter(|&s| {
                let hit = stage.world.shape_ray_cast(s, origin, translation);
                hit.expect("valid ray").is_some()
            })
            .collect();
        expected.sort_unstable();
        assert_eq!(visited, expected);
    }
}

/// A random circle, box or capsule about 0.2 to 2 m across.
fn random_geometry(rng: &mut Pcg32) -> Geometry {
    let size = rng.range(0.1, 1.0);
    match rng.next_u32() % 3 {
        0 => Circle {
            center: Vec2::ZERO,
            radius: size,
        }
        .into(),
        1 => Polygon::new_box(size, rng.range(0.1, 1.0))
            .expect("valid box")
            .into(),
        _ => Capsule {
            center1: Vec2::new(-size, 0.0),
            center2: Vec2::new(size, 0.0),
            radius: rng.range(0.05, 0.5),
        }
        .into(),
    }
}

fn random_pose(stage: &Stage, rng: &mut Pcg32) -> Transform {
    Transform::new(stage.near_point(rng), rng.range(-3.0, 3.0))
}

#[test]
fn shape_casts_agree_with_casting_against_every_shape() {
    for name in ["large_pyramid", "rain"] {
        let stage = stage(name, 60);
        let mut rng = Pcg32::new(23, 2);
        let mut hits = 0;
        for i in 0..400 {
            let geometry = random_geometry(&mut rng);
            let (pose, translation) = (random_pose(&stage, &mut rng), stage.translation(&mut rng));
            let filter = QueryFilter::default();
            let found = (stage.world)
                .cast_shape(&geometry, pose, translation, &filter)
                .expect("valid cast");
            let expected = stage.brute_closest(|s| {
                (stage.world)
                    .shape_cast(s, &geometry, pose, translation)
                    .expect("valid cast")
            });
            assert_same_closest(found, expected, &format!("{name} cast {i}"));
            hits += usize::from(found.is_some());
        }
        assert!(hits > 100, "{name}: only {hits} of 400 casts hit");
    }
}

/// The shapes `touches` holds for, sorted.
fn brute_overlaps(stage: &Stage, touches: impl Fn(ShapeId) -> bool) -> Vec<ShapeId> {
    let mut found: Vec<ShapeId> = stage
        .shapes
        .iter()
        .copied()
        .filter(|&s| touches(s))
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn point_and_shape_overlaps_agree_with_testing_every_shape() {
    for name in ["large_pyramid", "rain"] {
        let stage = stage(name, 60);
        let world = &stage.world;
        let filter = QueryFilter::default();
        let mut rng = Pcg32::new(29, 3);
        let mut found_any = 0;
        for _ in 0..400 {
            let point = stage.near_point(&mut rng);
            let found = world.overlap_point(point, &filter).expect("valid point");
            let expected =
                brute_overlaps(&stage, |s| world.shape_test_point(s, point).expect("valid"));
            assert_eq!(found, expected, "{name}: shapes at {point}");
            let (geometry, pose) = (random_geometry(&mut rng), random_pose(&stage, &mut rng));
            let found = world
                .overlap_shape(&geometry, pose, &filter)
                .expect("valid");
            let expected = brute_overlaps(&stage, |s| {
                world.shape_touches(s, &geometry, pose).expect("valid")
            });
            assert_eq!(
                found, expected,
                "{name}: shapes touching {geometry:?} at {pose:?}"
            );
            found_any += usize::from(!found.is_empty());
        }
        assert!(
            found_any > 50,
            "{name}: only {found_any} of 400 shapes touched any"
        );
    }
}

/// `aabb` as a box polygon placed in the world.
fn as_polygon(aabb: &Aabb) -> (Geometry, Transform) {
    let half = 0.5 * (aabb.max - aabb.min);
    let polygon = Polygon::new_box(half.x, half.y).expect("a box with size");
    (
        polygon.into(),
        Transform::new(0.5 * (aabb.min + aabb.max), 0.0),
    )
}

#[test]
fn box_overlaps_agree_with_testing_every_shape_against_the_box_as_a_polygon() {
    for name in ["large_pyramid", "rain"] {
        let stage = stage(name, 60);
        let world = &stage.world;
        let mut rng = Pcg32::new(31, 4);
        let mut found_any = 0;
        for _ in 0..400 {
            let center = stage.near_point(&mut rng);
            let half = Vec2::new(rng.range(0.1, 4.0), rng.range(0.1, 4.0));
            let aabb = Aabb {
                min: center - half,
                max: center + half,
            };
            let found = world
                .overlap_aabb(aabb, &QueryFilter::default())
                .expect("valid");
            // The box and the polygon are tested by different code (separating axes
            // against GJK, whose f32 triangles lose about 0.1 mm on a thin overlap of
            // metre-sized shapes): allow them to differ within 1 mm of the surface.
            let (inner, inner_pose) = as_polygon(&aabb.grown(-1e-3));
            let (outer, outer_pose) = as_polygon(&aabb.grown(1e-3));
            let surely = brute_overlaps(&stage, |s| {
                world.shape_touches(s, &inner, inner_pose).expect("valid")
            });
            let maybe = brute_overlaps(&stage, |s| {
                world.shape_touches(s, &outer, outer_pose).expect("valid")
            });
            assert!(
                surely.iter().all(|s| found.contains(s)),
                "{name}: missed in {aabb:?}"
            );
            assert!(
                found.iter().all(|s| maybe.contains(s)),
                "{name}: extra in {aabb:?}"
            );
            found_any += usize::from(!found.is_empty());
        }
        assert!(
            found_any > 50,
            "{name}: only {found_any} of 400 boxes touched any"
        );
    }
}

/// One of each query the world answers in any order, drawn at random.
fn ask_one_of_each(stage: &Stage, rng: &mut Pcg32) -> String {
    let (world, filter) = (&stage.world, QueryFilter::default());
    let (origin, translation) = (stage.point(rng), stage.translation(rng));
    let ray = world.cast_ray_closest(origin, translation, &filter);
    let (geometry, pose) = (random_geometry(rng), random_pose(stage, rng));
    let cast = world.cast_shape(&geometry, pose, stage.translation(rng), &filter);
    let point = world.overlap_point(stage.near_point(rng), &filter);
    let touching = world.overlap_shape(&geometry, pose, &filter);
    let center = stage.near_point(rng);
    let half = Vec2::new(rng.range(0.1, 4.0), rng.range(0.1, 4.0));
    let boxed = world.overlap_aabb(
        Aabb {
            min: center - half,
            max: center + half,
        },
        &filter,
    );
    // Debug output keeps every bit of every float: equal strings are equal answers.
    format!("{ray:?} {cast:?} {point:?} {touching:?} {boxed:?}")
}

/// A world asked few questions since it last changed walks the broad phase's binary
/// trees; one asked as many as half its shapes walks a four-wide copy of them. Both
/// must give every query the same answer, to the bit.
#[test]
fn queries_answer_the_same_before_and_after_the_trees_are_copied() {
    for name in ["large_pyramid", "rain"] {
        let stage = stage(name, 60);
        // 5 × 200 queries: under the half of the shapes that makes the copy.
        let queries = 200;
        assert!(5 * queries < stage.shapes.len() / 2, "{name} is too small");
        let mut rng = Pcg32::new(37, 5);
        let first: Vec<String> = (0..queries)
            .map(|_| ask_one_of_each(&stage, &mut rng))
            .collect();
        let far = stage.bounds.max + Vec2::splat(100.0);
        for _ in 0..stage.shapes.len() {
            let none = stage.world.overlap_point(far, &QueryFilter::default());
            assert_eq!(none, Ok(Vec::new()));
        }
        let mut rng = Pcg32::new(37, 5);
        for (i, answer) in first.iter().enumerate() {
            assert_eq!(
                &ask_one_of_each(&stage, &mut rng),
                answer,
                "{name} query {i}"
            );
        }
    }
}
