//! The `character` scene and its walker: the scripted character survives every rollback
//! on one and two threads, and a long random walk through the level never leaves the
//! character inside the static level deeper than its skin.

use lockstep2d::{
    BodyDef, BodyId, BodyType, Capsule, CharacterDef, Geometry, Polygon, QueryFilter, ShapeDef,
    ShapeId, Vec2, World, WorldDef,
};
use lockstep2d_scenes::{Pcg32, Script, WalkInput, named, sync_test, walk};

/// The scene's ground top, and its walls' inner faces at x = ±WALLS.
const GROUND: f32 = 0.0;
const WALLS: f32 = 25.0;
/// How far below its origin the capsule's lowest point is.
const FOOT: f32 = 0.8;
/// The lower one-way platform's height and span.
const LEDGE: (f32, f32, f32) = (2.2, 3.0, 7.0);
/// The moving platform's starting x; the script turns it back every 3 s at 2 m/s.
const LIFT_X: f32 = 18.0;
const LIFT_REACH: f32 = 3.0;

/// The level as built: a standing capsule, a 1 kg and a 1,000 kg box, a platform moving
/// at 2 m/s; walking right, the character climbs the 0.1, 0.2 and 0.25 m steps and is
/// stopped by the 0.35 m one, above its 0.3 m step height.
#[test]
fn the_character_walks_up_the_low_steps_and_is_stopped_by_the_high_one() {
    let mut scene = named("character").unwrap().build().unwrap();
    let dt = scene.dt();
    let world = &mut scene.world;
    let id = scene.characters[0];
    let [light, heavy] = [scene.bodies[6], scene.bodies[7]];
    assert!((world.mass(light).unwrap() - 1.0).abs() < 1e-6);
    assert!((world.mass(heavy).unwrap() - 1000.0).abs() < 1e-3);
    assert_eq!(
        world.linear_velocity(scene.bodies[1]).unwrap(),
        Vec2::new(2.0, 0.0)
    );
    let shape = world.body_shapes(id).unwrap()[0];
    let Geometry::Capsule(capsule) = world.shape_def(shape).unwrap().geometry else {
        panic!("a capsule");
    };
    assert_eq!(capsule.radius, 0.3);
    assert_eq!(world.character_settings(id).unwrap().step_height, 0.3);

    let mut tops = Vec::new();
    for frame in 0..200 {
        let run = if frame < 10 { 0.0 } else { 4.0 };
        walk_input(world, id, WalkInput { run, jump: None });
        world.step(dt).unwrap();
        // The flat tops it stood on, in order (on an edge, the ground is its corner).
        let ground = world.character(id).unwrap().ground();
        if let Some(ground) = ground.filter(|g| g.normal.y > 0.999) {
            let top = ground.point.y;
            if tops
                .last()
                .is_none_or(|&last: &f32| (top - last).abs() > 0.01)
            {
                tops.push(top);
            }
        }
    }
    // The ground, each step's top and the ground between them.
    let expected = [0.0, 0.1, 0.0, 0.2, 0.0, 0.25, 0.0];
    assert_eq!(tops.len(), expected.len(), "stood on {tops:?}");
    for (top, height) in tops.iter().zip(expected) {
        assert!((top - height).abs() < 0.02, "stood on {tops:?}");
    }
    let p = world.position(id).unwrap();
    let face = 10.25;
    assert!(
        (p.x + capsule.radius - (face - 0.02)).abs() < 0.005,
        "stopped a skin short of the 0.35 m step's face at {face}: at {p}"
    );
}

/// Plays `frames` scripted frames of `character` on `threads` threads under the sync
/// test (rolling back 7 frames every frame). Returns the frames played again, the final
/// state hash, and each frame's first play: the character's position, whether it stood,
/// and the moving platform's x.
fn scripted(frames: u64, threads: u32) -> (u64, u64, Vec<(Vec2, bool, f32)>) {
    let mut scene = named("character").unwrap().build().unwrap();
    scene.world.set_threads(threads).unwrap();
    let dt = scene.dt();
    let script = Script::new(&scene.world);
    let (player, lift) = (scene.characters[0], scene.bodies[1]);
    let mut seen: Vec<(Vec2, bool, f32)> = Vec::new();
    let report = sync_test(&mut scene.world, frames, 7, |frame, world| {
        script.play(frame, world, dt)?;
        if frame as usize == seen.len() {
            let grounded = world.character(player)?.grounded();
            seen.push((world.position(player)?, grounded, world.position(lift)?.x));
        }
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{threads} thread(s): {e}"));
    (report.resimulated, scene.world.state_hash(), seen)
}

#[test]
fn the_scripted_character_survives_every_rollback_on_one_and_two_threads() {
    let frames = 900;
    let (resimulated, hash, seen) = scripted(frames, 1);
    assert_eq!(resimulated, 7 * (frames - 7), "every frame checked");
    let (again, hash_2, _) = scripted(frames, 2);
    assert_eq!((again, hash_2), (resimulated, hash), "2 threads");
    println!("{frames} frames, {resimulated} played again, 0 mismatches, hash {hash:#018x}");

    // It jumped up through the lower one-way platform, stood on it, and dropped through
    // it: its foot crossed the platform's height upwards and downwards within its span.
    let (ledge_y, ledge_left, ledge_right) = LEDGE;
    let span = ledge_left..ledge_right;
    let foot = |(p, _, _): &(Vec2, bool, f32)| p.y - FOOT;
    let crossed = |up: bool| {
        seen.windows(2).any(|w| {
            let inside = span.contains(&w[0].0.x) && span.contains(&w[1].0.x);
            let (before, after) = (foot(&w[0]) - ledge_y, foot(&w[1]) - ledge_y);
            inside
                && if up {
                    before < 0.0 && after >= 0.0
                } else {
                    before >= 0.0 && after < 0.0
                }
        })
    };
    assert!(
        crossed(true),
        "never jumped up through the one-way platform"
    );
    assert!(crossed(false), "never dropped through the one-way platform");
    let stood = seen
        .iter()
        .any(|s| s.1 && (foot(s) - ledge_y - 0.02).abs() < 0.005 && span.contains(&s.0.x));
    assert!(
        stood,
        "never stood on the one-way platform, a skin above it"
    );
    // The moving platform went both ways and no further than the script takes it.
    let lift: Vec<f32> = seen.iter().map(|s| s.2).collect();
    let (low, high) = lift
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    println!("moving platform between x = {low} and {high}");
    assert!(
        (low - (LIFT_X - LIFT_REACH)).abs() < 0.05 && (high - (LIFT_X + LIFT_REACH)).abs() < 0.05,
        "the platform shuttled between {low} and {high}"
    );
}

/// A capsule's clearance from the static level: the distance (m) from its core segment
/// to the nearest static shape that is not one-way (which it may pass through from
/// below), less its radius; negative for an overlap that deep. `None` when nothing is
/// within `reach` of its surface.
fn clearance(world: &World, character: BodyId, reach: f32) -> Option<(f32, ShapeId)> {
    let shape = world.body_shapes(character).unwrap()[0];
    let Geometry::Capsule(capsule) = world.shape_def(shape).unwrap().geometry else {
        panic!("the scene's character is a capsule");
    };
    let xf = world.transform(character).unwrap();
    let with_radius = |radius: f32| Geometry::Capsule(Capsule { radius, ..capsule });
    let filter = QueryFilter::default().skipping(character);
    let near = world
        .overlap_shape(&with_radius(capsule.radius + reach), xf, &filter)
        .unwrap();
    let level = near.into_iter().filter(|&s| {
        let body = world.shape_body(s).unwrap();
        world.body_type(body) == Ok(BodyType::Static) && !world.shape_def(s).unwrap().one_way
    });
    level
        .map(|s| {
            // The least radius at which the capsule touches `s` is the core's distance
            // to it; bisect for it.
            let (mut apart, mut touching) = (1e-4, capsule.radius + reach);
            if world.shape_touches(s, &with_radius(apart), xf).unwrap() {
                return (apart - capsule.radius, s);
            }
            for _ in 0..24 {
                let mid = 0.5 * (apart + touching);
                if world.shape_touches(s, &with_radius(mid), xf).unwrap() {
                    touching = mid;
                } else {
                    apart = mid;
                }
            }
            (touching - capsule.radius, s)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// What a random walk did.
struct Walk {
    /// The least clearance from the static level, and the step and position it was at.
    least: (f32, usize, Vec2),
    /// The leftmost and rightmost x, and the highest y, the character reached.
    low_x: f32,
    high_x: f32,
    top: f32,
    jumps: usize,
    grounded: usize,
}

/// `steps` steps of random input from `seed` through the level: runs in [−6, 6] m/s
/// held for 10 to 60 frames, jumps at 4 to 9 m/s (one frame in 60 asks), drop-through
/// held for 10 to 40 frames, the moving platform turned back as the script does. After
/// every step it checks that the character overlaps no static shape of the level by
/// more than its skin, and is inside the walls and above the ground.
fn random_walk(seed: u64, steps: usize) -> Walk {
    let mut scene = named("character").unwrap().build().unwrap();
    let dt = scene.dt();
    let id = scene.characters[0];
    let world = &mut scene.world;
    let skin = world.character_settings(id).unwrap().skin;
    let platforms: Vec<BodyId> = world
        .body_ids()
        .filter(|&b| world.body_type(b) == Ok(BodyType::Kinematic) && b != id)
        .collect();
    let mut rng = Pcg32::new(seed, 7);
    let (mut run, mut hold, mut dropping) = (0.0, 0, 0);
    let mut walk = Walk {
        least: (f32::MAX, 0, Vec2::ZERO),
        low_x: f32::MAX,
        high_x: f32::MIN,
        top: f32::MIN,
        jumps: 0,
        grounded: 0,
    };
    for step in 0..steps {
        if hold == 0 {
            run = rng.range(-6.0, 6.0);
            hold = 10 + rng.next_u32() % 51;
        }
        hold -= 1;
        let jump = rng
            .next_u32()
            .is_multiple_of(60)
            .then(|| rng.range(4.0, 9.0));
        if dropping == 0 && rng.next_u32().is_multiple_of(90) {
            dropping = 10 + rng.next_u32() % 31;
            world.set_drop_through(id, true).unwrap();
        } else if dropping > 0 {
            dropping -= 1;
            if dropping == 0 {
                world.set_drop_through(id, false).unwrap();
            }
        }
        if step % 180 == 90 {
            for &platform in &platforms {
                let v = world.linear_velocity(platform).unwrap();
                world.set_linear_velocity(platform, -v).unwrap();
            }
        }
        let standing = world.character(id).unwrap().grounded();
        walk.jumps += usize::from(standing && jump.is_some());
        walk_input(world, id, WalkInput { run, jump });
        world.step(dt).unwrap();

        let p = world.position(id).unwrap();
        walk.grounded += usize::from(world.character(id).unwrap().grounded());
        walk.low_x = walk.low_x.min(p.x);
        walk.high_x = walk.high_x.max(p.x);
        walk.top = walk.top.max(p.y);
        assert!(
            p.x.abs() < WALLS && p.y - FOOT > GROUND - skin,
            "seed {seed}, step {step}: the character left the level, at {p}"
        );
        if let Some((gap, shape)) = clearance(world, id, 2.0 * skin) {
            assert!(
                gap >= -skin,
                "seed {seed}, step {step}: the character at {p} is {} m inside static \
                 shape {shape:?}, deeper than its {skin} m skin",
                -gap
            );
            if gap < walk.least.0 {
                walk.least = (gap, step, p);
            }
        }
    }
    walk
}

/// Sets the character's velocity for the coming step by the walker's rule.
fn walk_input(world: &mut World, id: BodyId, input: WalkInput) {
    let velocity = walk(world, id, input).unwrap();
    world.set_character_velocity(id, velocity).unwrap();
}

/// 10,000 random moves from each of six seeds, together over the whole level from the
/// steep slope to the moving platform's stretch: the character never ends a step inside
/// the static level deeper than its skin (pinched between the 50° slope and a box pushed
/// to its foot, standing on a ball against a wall, under a box resting on its head).
#[test]
fn random_walks_never_leave_the_character_inside_the_level() {
    let (mut low_x, mut high_x) = (f32::MAX, f32::MIN);
    for seed in 1..=6 {
        let walk = random_walk(seed, 10_000);
        let (gap, step, at) = walk.least;
        println!(
            "seed {seed}, 10,000 steps: least clearance from the static level {gap} m at \
             step {step}, {at}; x from {} to {}, highest {}; {} jumps, grounded {} steps",
            walk.low_x, walk.high_x, walk.top, walk.jumps, walk.grounded
        );
        low_x = low_x.min(walk.low_x);
        high_x = high_x.max(walk.high_x);
    }
    assert!(
        low_x < -20.0 && high_x > 20.0,
        "went over the level: x from {low_x} to {high_x}"
    );
}

/// A character dropped into the V between a 50° slope (too steep to climb, so it cannot
/// stand on it) and a wall 0.3 m from the slope's foot, narrower than the character:
/// it comes to rest wedged above the ground, out of both.
#[test]
fn a_character_in_a_v_of_a_steep_slope_and_a_wall_stays_out_of_both() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let level = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let rise = 4.0 * tan(50.0);
    let slope = Polygon::new(&[
        Vec2::new(-1.0, 0.0),
        Vec2::new(-5.0, 0.0),
        Vec2::new(-5.0, rise),
    ])
    .unwrap();
    let ground = Polygon::new_offset_box(10.0, 0.5, Vec2::new(0.0, -0.5), 0.0).unwrap();
    let wall = Polygon::new_offset_box(0.25, 2.5, Vec2::new(-0.45, 2.5), 0.0).unwrap();
    for polygon in [slope, ground, wall] {
        let def = ShapeDef::new(Geometry::Polygon(polygon));
        world.create_shape(level, &def).unwrap();
    }
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -0.5),
        center2: Vec2::new(0.0, 0.5),
        radius: 0.3,
    });
    let id = world
        .create_character(&CharacterDef::new(Vec2::new(-1.5, 4.0), capsule))
        .unwrap();
    let skin = world.character_settings(id).unwrap().skin;
    let dt = 1.0 / 60.0;
    for step in 0..240 {
        walk_input(&mut world, id, WalkInput::default());
        world.step(dt).unwrap();
        if let Some((gap, shape)) = clearance(&world, id, 2.0 * skin) {
            let p = world.position(id).unwrap();
            assert!(
                gap >= -skin,
                "step {step}: at {p}, {} m inside {shape:?}",
                -gap
            );
        }
    }
}

/// A character walking into a 1,000 kg box on the ground at 4 m/s: its push (at most
/// 1,000 N) is less than the box's friction (0.6 × 1,000 kg × 10 m/s² = 6,000 N), so the
/// box stays where it is.
#[test]
fn walking_into_a_box_too_heavy_to_push_leaves_it_in_place() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let level = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let ground = Polygon::new_offset_box(10.0, 0.5, Vec2::new(0.0, -0.5), 0.0).unwrap();
    world
        .create_shape(level, &ShapeDef::new(Geometry::Polygon(ground)))
        .unwrap();
    let heavy = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, 0.5)))
        .unwrap();
    let block = ShapeDef {
        density: 1000.0,
        ..ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()))
    };
    world.create_shape(heavy, &block).unwrap();
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -0.5),
        center2: Vec2::new(0.0, 0.5),
        radius: 0.3,
    });
    let id = world
        .create_character(&CharacterDef::new(Vec2::new(1.5, 0.82), capsule))
        .unwrap();
    let dt = 1.0 / 60.0;
    let run = WalkInput {
        run: -4.0,
        jump: None,
    };
    let mut fastest: f32 = 0.0;
    for _ in 0..150 {
        walk_input(&mut world, id, run);
        world.step(dt).unwrap();
        fastest = fastest.max(world.linear_velocity(heavy).unwrap().length());
    }
    let moved = world.position(heavy).unwrap().x.abs();
    assert!(
        moved < 0.01 && fastest < 0.05,
        "the box moved {moved} m, at up to {fastest} m/s"
    );
}

/// The tangent of `degrees`, from the engine's own sine and cosine.
fn tan(degrees: f32) -> f32 {
    let rot = lockstep2d::Rot::from_angle(degrees.to_radians());
    rot.s / rot.c
}
