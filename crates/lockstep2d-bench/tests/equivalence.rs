//! The converters build the same physics: small scenes, stepped in all three engines,
//! end alike. These run with `cargo test -p lockstep2d-bench` only (the bench crate is
//! not a default member, so the root `cargo test` never builds rapier2d or Box2D).

use lockstep2d::{Motor, SolidSide, Spring};
use lockstep2d_bench::engine::{BenchWorld, BodyEnd, Engine};
use lockstep2d_bench::settings::Settings;
use lockstep2d_scenes::{BodyJson, JointJson, JointType, SceneDef, ShapeJson};

/// A 40 × 2 ground box whose top face is y = 0, and `body`.
fn on_ground(name: &str, body: BodyJson) -> SceneDef {
    SceneDef {
        bodies: vec![
            BodyJson::static_at([0.0, -1.0]).with_shape(ShapeJson::new_box(20.0, 1.0)),
            body,
        ],
        ..SceneDef::new(name)
    }
}

fn build(engine: Engine, def: &SceneDef) -> Box<dyn BenchWorld> {
    let settings = Settings::for_scene(def, 1);
    engine
        .build(def, &settings)
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()))
}

/// Every engine's bodies after `steps` steps.
fn run_all(def: &SceneDef, steps: u32) -> Vec<(Engine, Vec<BodyEnd>)> {
    Engine::ALL
        .into_iter()
        .map(|engine| {
            let mut world = build(engine, def);
            for _ in 0..steps {
                world.step().expect("step");
            }
            (engine, world.bodies())
        })
        .collect()
}

/// Body 1's height in every engine is within `tolerance` of `expected`.
fn assert_rests_at(def: &SceneDef, expected: f32, tolerance: f32) {
    for (engine, bodies) in run_all(def, 120) {
        let y = bodies[1].position[1];
        assert!(
            (y - expected).abs() < tolerance,
            "{}: {} rests at y = {y}, expected {expected} ± {tolerance}",
            def.name(),
            engine.name()
        );
    }
}

#[test]
fn a_dropped_box_rests_at_the_same_height_in_every_engine() {
    let def = on_ground(
        "box",
        BodyJson::dynamic([0.0, 4.0]).with_shape(ShapeJson::new_box(0.5, 0.5)),
    );
    assert_rests_at(&def, 0.5, 0.01);
}

#[test]
fn circles_capsules_and_polygons_rest_where_they_should() {
    let circle = BodyJson::dynamic([0.0, 3.0]).with_shape(ShapeJson::circle(0.5));
    assert_rests_at(&on_ground("circle", circle), 0.5, 0.01);
    let capsule =
        BodyJson::dynamic([0.0, 3.0]).with_shape(ShapeJson::capsule([-0.5, 0.0], [0.5, 0.0], 0.25));
    assert_rests_at(&on_ground("capsule", capsule), 0.25, 0.01);
    // A triangle with its vertices out of order: every engine takes the hull.
    let triangle = BodyJson::dynamic([0.0, 3.0]).with_shape(ShapeJson::polygon(vec![
        [1.0, 0.0],
        [0.0, 1.0],
        [-1.0, 0.0],
    ]));
    assert_rests_at(&on_ground("triangle", triangle), 0.0, 0.01);
}

#[test]
fn an_offset_rotated_box_lands_on_its_long_side() {
    // The box sits 1 m right of the body origin, turned upright: 2 m tall, 0.5 m wide.
    let shape = ShapeJson::offset_box(1.0, 0.25, [1.0, 0.0], std::f32::consts::FRAC_PI_2);
    let def = on_ground(
        "offset_box",
        BodyJson::dynamic([0.0, 3.0]).with_shape(shape),
    );
    assert_rests_at(&def, 1.0, 0.01);
}

/// The times at which body 1's x velocity changes sign from + to −, over `steps`.
fn swing_turns(engine: Engine, def: &SceneDef, steps: u32) -> Vec<f32> {
    let mut world = build(engine, def);
    let dt = 1.0 / def.hz as f32;
    let mut last = 0.0;
    let mut turns = Vec::new();
    for step in 1..=steps {
        world.step().expect("step");
        let vx = world.bodies()[1].velocity[0];
        if last > 0.0 && vx <= 0.0 {
            turns.push(step as f32 * dt);
        }
        last = vx;
    }
    turns
}

#[test]
fn a_pendulum_has_the_same_period_in_every_engine() {
    // A small ball on a 2 m pin, released 0.5 m to the side of straight down.
    let mut def = on_ground(
        "pendulum",
        BodyJson::dynamic([0.5, 10.0 - 1.936_5]).with_shape(ShapeJson::circle(0.1)),
    );
    def.joints = vec![JointJson::revolute(0, 1, [0.0, 10.0])];
    let period = |engine| {
        let turns = swing_turns(engine, &def, 600);
        assert!(turns.len() >= 3, "{}: {turns:?}", Engine::name(engine));
        (turns[turns.len() - 1] - turns[0]) / (turns.len() - 1) as f32
    };
    let reference = period(Engine::Lockstep2d);
    // A point mass on a 2 m rod: T ≈ 2π·√(L/g) = 2.81 s at small angles.
    assert!(
        (reference - 2.81).abs() < 0.1,
        "lockstep2d period {reference}"
    );
    for engine in [Engine::Rapier, Engine::Box2d] {
        let t = period(engine);
        assert!(
            (t - reference).abs() < 0.02 * reference,
            "{}: period {t} s, lockstep2d {reference} s",
            engine.name()
        );
    }
}

#[test]
fn a_revolute_motor_spins_at_its_speed_in_every_engine() {
    let mut def = on_ground(
        "motor",
        BodyJson::dynamic([0.0, 5.0]).with_shape(ShapeJson::new_box(1.0, 0.1)),
    );
    def.gravity = [0.0, 0.0];
    let mut joint = JointJson::revolute(0, 1, [0.0, 5.0]);
    joint.motor = Some(Motor {
        speed: 2.0,
        max_force: 1000.0,
    });
    def.joints = vec![joint];
    for (engine, bodies) in run_all(&def, 60) {
        // After 1 s at 2 rad/s the bar has turned 2 rad (angles wrap to (−π, π]).
        let angle = bodies[1].angle;
        assert!(
            (angle - 2.0).abs() < 0.05,
            "{}: turned {angle} rad in 1 s",
            engine.name()
        );
    }
}

#[test]
fn a_revolute_limit_stops_a_swing_in_every_engine() {
    let mut def = on_ground(
        "limit",
        BodyJson::dynamic([1.0, 5.0]).with_shape(ShapeJson::new_box(1.0, 0.1)),
    );
    let mut joint = JointJson::revolute(0, 1, [0.0, 5.0]);
    joint.limit = Some([-0.5, 0.5]);
    def.joints = vec![joint];
    for (engine, bodies) in run_all(&def, 120) {
        let angle = bodies[1].angle;
        assert!(
            (angle + 0.5).abs() < 0.02,
            "{}: hangs at {angle} rad, the limit is −0.5",
            engine.name()
        );
    }
}

#[test]
fn a_prismatic_spring_settles_where_the_weight_balances_it() {
    // A 1 kg box on a vertical 1 Hz spring: k = (2π)² N/m, sag = g/k = 0.253 m.
    let mut def = on_ground(
        "prismatic_spring",
        BodyJson::dynamic([0.0, 5.0]).with_shape(ShapeJson::new_box(0.5, 0.5)),
    );
    let mut joint = JointJson::new(JointType::Prismatic, 0, 1, [0.0, 5.0]);
    joint.axis = Some([0.0, 1.0]);
    joint.spring = Some(Spring {
        hertz: 1.0,
        damping_ratio: 1.0,
    });
    def.joints = vec![joint];
    for (engine, bodies) in run_all(&def, 600) {
        let sag = 5.0 - bodies[1].position[1];
        assert!(
            (sag - 0.253).abs() < 0.01,
            "{}: sags {sag} m, expected 0.253",
            engine.name()
        );
    }
}

#[test]
fn joints_a_peer_cannot_build_are_refused_by_name() {
    let mut def = on_ground(
        "motor_joint",
        BodyJson::dynamic([0.0, 5.0]).with_shape(ShapeJson::new_box(0.5, 0.5)),
    );
    let mut joint = JointJson::new(JointType::Motor, 0, 1, [0.0, 5.0]);
    joint.max_force = Some(10.0);
    def.joints = vec![joint];
    let settings = Settings::for_scene(&def, 1);
    assert!(Engine::Lockstep2d.build(&def, &settings).is_ok());
    for engine in [Engine::Rapier, Engine::Box2d] {
        let message = engine.build(&def, &settings).err().expect("refused");
        assert!(
            message.contains("motor joint"),
            "{}: {message}",
            engine.name()
        );
    }
}

#[test]
fn every_engine_builds_the_box2d_lite_scenes_and_large_pyramid() {
    for name in ["pyramid", "suspension_bridge", "dominos", "large_pyramid"] {
        let def = lockstep2d_scenes::named(name).expect("a named scene");
        for engine in Engine::ALL {
            let mut world = build(engine, &def);
            world.step().expect("step");
            assert_eq!(
                world.bodies().len(),
                def.bodies.len(),
                "{name}: {}",
                engine.name()
            );
        }
    }
}

/// A static body holding `ground`, and a disc of radius 0.5 dropped at each of `xs`.
fn discs_on(name: &str, ground: ShapeJson, xs: &[f32]) -> SceneDef {
    let mut bodies = vec![BodyJson::static_at([0.0, 0.0]).with_shape(ground)];
    for &x in xs {
        bodies.push(BodyJson::dynamic([x, 2.0]).with_shape(ShapeJson::circle(0.5)));
    }
    SceneDef {
        bodies,
        ..SceneDef::new(name)
    }
}

#[test]
fn discs_rest_on_every_link_of_an_open_chain_in_every_engine() {
    // Three level links drawn right to left (front up); a disc over the middle of each.
    // Box2D's own open chain would let the discs over the two end links through: the
    // converter's padding makes it collide on them as lockstep2d does.
    let chain = ShapeJson::chain(
        vec![[6.0, 0.0], [2.0, 0.0], [-2.0, 0.0], [-6.0, 0.0]],
        SolidSide::RightOfPoints,
    );
    let def = discs_on("chain", chain, &[-4.0, 0.0, 4.0]);
    for (engine, bodies) in run_all(&def, 120) {
        for (i, body) in bodies[1..].iter().enumerate() {
            let y = body.position[1];
            assert!(
                (y - 0.5).abs() < 0.02,
                "{}: disc {i} rests at y = {y}, expected 0.5",
                engine.name()
            );
        }
    }
}

#[test]
fn a_chain_holds_only_from_its_front_in_every_engine() {
    // Drawn left to right, the chain's front faces down: a disc dropped on it from
    // above falls through.
    let chain = ShapeJson::chain(
        vec![[-6.0, 0.0], [-2.0, 0.0], [2.0, 0.0], [6.0, 0.0]],
        SolidSide::RightOfPoints,
    );
    let def = discs_on("chain_back", chain, &[0.0]);
    for (engine, bodies) in run_all(&def, 120) {
        let y = bodies[1].position[1];
        assert!(y < -2.0, "{}: the disc stopped at y = {y}", engine.name());
    }
}

#[test]
fn a_disc_rests_on_a_segment_and_a_chain_loop_in_every_engine() {
    let segment = discs_on(
        "segment",
        ShapeJson::segment([-3.0, 0.0], [3.0, 0.0]),
        &[0.0],
    );
    assert_rests_at(&segment, 0.5, 0.02);
    // A counter-clockwise square loop keeps things out: the disc rests on its top.
    let square = ShapeJson::chain_loop(
        vec![[-3.0, -1.0], [3.0, -1.0], [3.0, 0.0], [-3.0, 0.0]],
        SolidSide::RightOfPoints,
    );
    assert_rests_at(&discs_on("loop", square, &[0.0]), 0.5, 0.02);
}

#[test]
fn surfaces_a_peer_does_not_have_are_refused_by_name() {
    let belt = ShapeJson::new_box(3.0, 0.25).with_tangent_speed(2.0);
    let one_way = ShapeJson::segment([3.0, 0.0], [-3.0, 0.0]).one_way();
    let rolling = ShapeJson::new_box(3.0, 0.25).with_rolling_resistance(0.1);
    let cases = [
        (belt, Engine::Rapier, "tangent speed"),
        (rolling, Engine::Rapier, "rolling resistance"),
        (one_way.clone(), Engine::Rapier, "one-way"),
        (one_way, Engine::Box2d, "one-way"),
    ];
    for (ground, engine, what) in cases {
        let def = discs_on("surface", ground, &[0.0]);
        let settings = Settings::for_scene(&def, 1);
        assert!(Engine::Lockstep2d.build(&def, &settings).is_ok());
        let message = engine.build(&def, &settings).err().expect("refused");
        assert!(message.contains(what), "{}: {message}", engine.name());
    }
}

#[test]
fn every_engine_builds_the_chain_scenes() {
    let terrain = lockstep2d_scenes::named("terrain").expect("a named scene");
    for engine in Engine::ALL {
        let mut world = build(engine, &terrain);
        world.step().expect("step");
        assert_eq!(
            world.bodies().len(),
            terrain.bodies.len(),
            "{}",
            engine.name()
        );
    }
    // The platformer has one-way ledges and a belt: lockstep2d only.
    let platformer = lockstep2d_scenes::named("platformer").expect("a named scene");
    build(Engine::Lockstep2d, &platformer).step().expect("step");
}
