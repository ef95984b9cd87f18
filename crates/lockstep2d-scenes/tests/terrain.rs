//! The chain scenes: `platformer` and `terrain` hold what falls on them. No body passes
//! through a chain, a ledge holds what lands on it, and the level settles with every
//! body inside it.

use lockstep2d::BodyType;
use lockstep2d::Vec2;
use lockstep2d_scenes::{Pad, SceneDef, Script, ShapeJson, named, sync_test};

/// Every chain of the scene's first body, as its points in world coordinates.
fn chains(def: &SceneDef) -> Vec<Vec<[f32; 2]>> {
    let ground = &def.bodies[0];
    let [px, py] = ground.position;
    ground
        .shapes
        .iter()
        .filter_map(|s| match s {
            ShapeJson::Chain {
                points,
                one_way: false,
                ..
            } => Some(points.iter().map(|&[x, y]| [x + px, y + py]).collect()),
            _ => None,
        })
        .collect()
}

/// The height of the ground chain at `x`: the highest of its links that span `x`,
/// leaving out upright links (the walls).
fn ground_height(chain: &[[f32; 2]], x: f32) -> Option<f32> {
    chain
        .windows(2)
        .filter_map(|w| {
            let ([x1, y1], [x2, y2]) = (w[0], w[1]);
            let (lo, hi) = (x1.min(x2), x1.max(x2));
            if hi - lo < 1e-3 || x < lo || x > hi {
                return None;
            }
            Some(y1 + (y2 - y1) * (x - x1) / (x2 - x1))
        })
        .reduce(f32::max)
}

/// How far a body's centre may sink below the ground line: a body resting on the
/// chain lies above it, so only the contact's overlap (millimetres) sinks its centre.
/// A body that went through would be metres below.
const SINK: f32 = 0.05;

/// Steps `def` `steps` times, checking every few steps that each dynamic body is finite
/// and above the ground; returns the world's final state.
fn step_above_ground(def: &SceneDef, steps: u32) -> lockstep2d_scenes::Scene {
    let ground = chains(def).remove(0);
    let mut scene = def.build().unwrap();
    for step in 1..=steps {
        scene.world.step(scene.dt()).unwrap();
        if step % 10 != 0 && step != steps {
            continue;
        }
        for (i, (&id, body)) in scene.bodies.iter().zip(&def.bodies).enumerate() {
            if body.body_type != BodyType::Dynamic {
                continue;
            }
            let p = scene.world.position(id).unwrap();
            let v = scene.world.linear_velocity(id).unwrap();
            assert!(
                p.is_finite() && v.is_finite(),
                "{}: body {i} at {p}, {v} at step {step}",
                def.name()
            );
            let floor = ground_height(&ground, p.x)
                .unwrap_or_else(|| panic!("{}: body {i} left the ground's span: {p}", def.name()));
            assert!(
                p.y >= floor - SINK,
                "{}: body {i} at {p} is below the ground ({floor}) at step {step}",
                def.name()
            );
        }
    }
    scene
}

#[test]
fn the_platformer_level_is_a_chain_facing_up_with_ledges_a_belt_and_a_pile() {
    let def = named("platformer").unwrap();
    let dynamic = def
        .bodies
        .iter()
        .filter(|b| b.body_type == BodyType::Dynamic)
        .count();
    assert!((30..=60).contains(&dynamic), "{dynamic} dynamic bodies");
    let kinds: Vec<&str> = def.bodies[1..]
        .iter()
        .map(|b| b.shapes[0].type_name())
        .collect();
    for kind in ["box", "circle", "capsule", "polygon"] {
        assert!(kinds.contains(&kind), "no {kind:?} in the pile");
    }
    let level = &def.bodies[0].shapes;
    let ledges = level.iter().filter(|s| s.is_one_way()).count();
    assert!((2..=3).contains(&ledges), "{ledges} one-way ledges");
    assert!(
        level.iter().any(|s| s.material().tangent_speed == 2.0),
        "a 2 m/s belt"
    );

    // The ground's links run right to left, so their fronts face up.
    let built = def.build().unwrap();
    let world = &built.world;
    let floor_link = world.body_shapes(built.bodies[0]).unwrap()[2];
    let up = world.shape_def(floor_link).unwrap().geometry.front_normal();
    assert!(up.is_some_and(|n| n.y > 0.9), "front {up:?}");
}

#[test]
fn the_platformer_settles_with_every_body_inside_above_the_ground() {
    let def = named("platformer").unwrap();
    let scene = step_above_ground(&def, 900);
    let world = &scene.world;
    let mut fastest = 0.0f32;
    for &id in &scene.bodies[1..] {
        let p = world.position(id).unwrap();
        assert!(p.x.abs() < 30.0 && p.y < 15.0, "outside the walls: {p}");
        fastest = fastest.max(world.linear_velocity(id).unwrap().length());
    }
    assert!(fastest < 0.1, "still moving at {fastest} m/s after 15 s");
}

#[test]
fn the_platformer_ledges_hold_what_falls_on_them_from_above() {
    let def = named("platformer").unwrap();
    // (left end, right end, height) of each one-way ledge, from the scene.
    let ledges: Vec<(f32, f32, f32)> = def.bodies[0]
        .shapes
        .iter()
        .filter(|s| s.is_one_way())
        .map(|s| {
            let points = match s {
                ShapeJson::Segment { point1, point2, .. } => vec![*point1, *point2],
                ShapeJson::Chain { points, .. } => points.clone(),
                _ => panic!("a one-way segment or chain"),
            };
            let xs = points.iter().map(|p| p[0]);
            let lo = xs.clone().fold(f32::INFINITY, f32::min);
            let hi = xs.fold(f32::NEG_INFINITY, f32::max);
            let top = points
                .iter()
                .map(|p| p[1])
                .fold(f32::NEG_INFINITY, f32::max);
            (lo, hi, top)
        })
        .collect();
    let mut scene = def.build().unwrap();
    for _ in 0..600 {
        scene.world.step(scene.dt()).unwrap();
    }
    for (lo, hi, top) in ledges {
        let resting = scene.bodies[1..]
            .iter()
            .map(|&id| scene.world.position(id).unwrap())
            .filter(|p| (lo..=hi).contains(&p.x) && p.y > top - 0.3 && p.y < top + 1.0)
            .count();
        assert!(
            resting > 0,
            "nothing rests on the ledge {lo}..{hi} at {top}"
        );
    }
}

#[test]
fn terrain_is_two_kilometres_of_hills_with_300_bodies_over_it() {
    let def = named("terrain").unwrap();
    assert!(def.sleep, "the benchmark sleeps, as Box2D's default");
    let ground = chains(&def).remove(0);
    let xs: Vec<f32> = ground.iter().map(|p| p[0]).collect();
    let span = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max)
        - xs.iter().copied().fold(f32::INFINITY, f32::min);
    assert_eq!(span, 2000.0);
    // Right to left, a point every 1 to 3 m (the last step to the wall may be longer
    // than the others), walled at both ends.
    let steps: Vec<f32> = ground.windows(2).map(|w| w[0][0] - w[1][0]).collect();
    let interior = &steps[1..steps.len() - 1];
    assert!(
        interior.iter().all(|&dx| (1.0..=3.0).contains(&dx)),
        "{interior:?}"
    );
    assert_eq!((steps[0], steps[steps.len() - 1]), (0.0, 0.0), "walls");
    let heights: Vec<f32> = ground[1..ground.len() - 1].iter().map(|p| p[1]).collect();
    let range = heights.iter().copied().fold(f32::NEG_INFINITY, f32::max)
        - heights.iter().copied().fold(f32::INFINITY, f32::min);
    assert!((3.0..=20.0).contains(&range), "hills {range} m high");
    let slopes = ground[1..ground.len() - 1]
        .windows(2)
        .map(|w| ((w[1][1] - w[0][1]) / (w[1][0] - w[0][0])).abs());
    assert!(
        slopes.fold(0.0, f32::max) < 0.5,
        "smooth: no slope over 27°"
    );

    let bodies = &def.bodies[1..];
    assert_eq!(bodies.len(), 300);
    for body in bodies {
        let floor = ground_height(&ground, body.position[0]).unwrap();
        let clearance = body.position[1] - floor;
        assert!((1.0..=6.0).contains(&clearance), "{clearance} m up");
    }
    let built = def.build().unwrap();
    for &id in &built.bodies[1..] {
        let shape = built.world.body_shapes(id).unwrap()[0];
        let aabb = built.world.shape_aabb(shape).unwrap();
        let size = (aabb.max - aabb.min).max_element();
        assert!((0.2..=1.3).contains(&size), "a body {size} m across");
    }
}

#[test]
fn terrain_bodies_roll_down_and_none_falls_through() {
    let def = named("terrain").unwrap();
    let start: Vec<Vec2> = def.bodies[1..]
        .iter()
        .map(|b| Vec2::from(b.position))
        .collect();
    let scene = step_above_ground(&def, 400);
    let moved = scene.bodies[1..]
        .iter()
        .zip(&start)
        .filter(|&(&id, &p0)| {
            let p = scene.world.position(id).unwrap();
            (p.x - p0.x).abs() > 1.0
        })
        .count();
    assert!(
        moved > 30,
        "only {moved} bodies rolled or slid a metre sideways"
    );
}

/// The jumper's pad on frame `frame` of every 200: jump (while standing) for the first
/// 10, which from under the left ledge goes straight up through it and lands on it; down
/// for 50 from frame 100, which drops it back through to the floor.
fn ledge_pad(frame: u64) -> Pad {
    let phase = frame % 200;
    Pad::default()
        .with(Pad::JUMP, phase < 10)
        .with(Pad::DOWN, (100..150).contains(&phase))
}

/// The platformer's player (its capsule) jumps up through the left ledge and lands on
/// it, drops through it to the floor, and does it again, with the crowd kicked, pushed,
/// spawned and removed around it, under the sync test: every frame rolled back 7 frames
/// and played again, with no state that differs.
#[test]
fn the_platformer_jumper_passes_the_sync_test_through_jumps_and_drops() {
    let mut scene = named("platformer").unwrap().build().unwrap();
    let dt = scene.dt();
    let player = scene.bodies[1];
    let script = Script::new(&scene.world);
    let mut heights = Vec::new();
    let report = sync_test(&mut scene.world, 450, 7, |frame, world| {
        script.play_with(frame, world, dt, &[ledge_pad(frame)])?;
        heights.push((
            frame,
            world.position(player)?.y,
            world.linear_velocity(player)?.y,
        ));
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.resimulated, 7 * (450 - 7));
    // The first time each frame was played (later plays are the same, as checked).
    let mut first: Vec<(u64, f32, f32)> = Vec::new();
    for h in heights {
        if first.last().is_none_or(|last| h.0 > last.0) {
            first.push(h);
        }
    }
    // At rest standing on the ledge (top 2.5 m, capsule centre 0.6 m above its feet),
    // then on the floor, twice over.
    let mut rests = first
        .iter()
        .filter(|&&(_, _, vy)| vy.abs() < 0.05)
        .map(|&(_, height, _)| height);
    for round in 1..=2 {
        for (floor, name) in [(2.5 + 0.6, "the ledge"), (0.6, "the floor")] {
            assert!(
                rests.any(|height| (height - floor).abs() < 0.05),
                "the player never stood on {name} in round {round}"
            );
        }
    }
}
