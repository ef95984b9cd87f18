//! The named scenes: each builds, has the bodies its source has, and survives a trip
//! through JSON unchanged.

use lockstep2d::BodyType;
use lockstep2d::Vec2;
use lockstep2d_scenes::{SceneDef, ShapeJson, from_json, named, names};

fn scene(name: &str) -> SceneDef {
    named(name).unwrap_or_else(|| panic!("no scene named {name}"))
}

#[test]
fn names_are_listed_in_order_and_each_defines_its_scene() {
    assert_eq!(
        names(),
        [
            "single_box",
            "simple_pendulum",
            "varying_friction",
            "randomized_stacking",
            "pyramid",
            "teeter",
            "suspension_bridge",
            "dominos",
            "multi_pendulum",
            "vertical_stack",
            "circle_stack",
            "high_mass_ratio_1",
            "high_mass_ratio_2",
            "friction_ramp",
            "overlap_recovery",
            "arch",
            "double_domino",
            "card_house",
            "confined",
            "far_pyramid",
            "bridge",
            "ball_and_chain",
            "ragdoll",
            "falling_hinges",
            "sensor_gate",
            "ray_cast",
            "outline",
            "platformer",
            "character",
            "large_pyramid",
            "many_pyramids",
            "joint_grid",
            "rain",
            "smash",
            "spinner",
            "tumbler",
            "bouncy_pile",
            "terrain",
            "heightfield",
            "huge_pyramids",
        ]
    );
    for &name in names() {
        assert_eq!(scene(name).name(), name);
    }
    assert!(named("no_such_scene").is_none());
}

#[test]
fn every_scene_builds_with_the_bodies_and_joints_of_its_source() {
    // (name, bodies including the ground, joints), counted from Box2D-Lite's main.cpp,
    // Box2D v3's samples and benchmarks.c and Solver2D's samples.
    let expected = [
        ("single_box", 2, 0),
        ("simple_pendulum", 2, 1),
        ("varying_friction", 11, 0),
        ("randomized_stacking", 11, 0),
        ("pyramid", 1 + 78, 0),
        ("teeter", 5, 1),
        ("suspension_bridge", 16, 16),
        ("dominos", 18, 4),
        ("multi_pendulum", 16, 15),
        ("vertical_stack", 1 + 15, 0),
        ("circle_stack", 1 + 10, 0),
        ("high_mass_ratio_1", 1 + 3 * 55, 0),
        ("high_mass_ratio_2", 4, 0),
        ("friction_ramp", 6 + 5, 0),
        ("overlap_recovery", 1 + 10, 0),
        ("arch", 1 + 17 + 4, 0),
        ("double_domino", 1 + 15, 0),
        ("card_house", 1 + 40, 0),
        ("confined", 1 + 625, 0),
        ("far_pyramid", 1 + 820, 0),
        ("bridge", 1 + 160 + 5, 161),
        ("ball_and_chain", 1 + 30 + 1, 31),
        ("ragdoll", 1 + 10, 9),
        ("falling_hinges", 1 + 80, 40),
        // A gate and a bar, eight blocks, six balls and a rover.
        ("sensor_gate", 3 + 8 + 6 + 1, 0),
        // A ground, a post, a boulder and twelve falling shapes.
        ("ray_cast", 3 + 12, 0),
        // The bowl and four rows of four concave bodies.
        ("outline", 1 + 16, 0),
        // The level (ground, ledges, belt) and four rows of ten shapes.
        ("platformer", 1 + 41, 0),
        // The level (ground, walls, slopes, steps, one-way platforms), the moving
        // platform, four loose bodies and the light and heavy boxes; and a character.
        ("character", 1 + 1 + 4 + 2, 0),
        ("large_pyramid", 1 + 5050, 0),
        ("many_pyramids", 1 + 400 * 55, 0),
        // Box2D's 2 × 9,900 pins, less the six between static circles.
        ("joint_grid", 100 * 100, 2 * 9900 - 6),
        ("rain", 1 + 1000 * 10, 1000 * 9),
        ("smash", 1 + 120 * 80, 0),
        ("spinner", 2 + 2 * 3038, 1),
        ("tumbler", 2 + 45 * 45, 1),
        // The box and forty by twenty-five bodies.
        ("bouncy_pile", 1 + 40 * 25, 0),
        ("terrain", 1 + 300, 0),
        // The heightfield, its two walls and four hundred boulders.
        ("heightfield", 3 + 400, 0),
        ("huge_pyramids", 1 + 43 * 43 * 55, 0),
    ];
    assert_eq!(expected.len(), names().len());
    for (name, bodies, joints) in expected {
        let built = scene(name)
            .build()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(built.bodies.len(), bodies, "{name}: bodies");
        assert_eq!(
            built.world.body_count(),
            bodies + built.characters.len(),
            "{name}: bodies in the world, characters' too"
        );
        let characters = usize::from(name == "character");
        assert_eq!(built.characters.len(), characters, "{name}: characters");
        assert_eq!(built.joints.len(), joints, "{name}: joints");
        assert_eq!((built.hz, built.name.as_str()), (60, name));
    }
}

#[test]
fn every_scene_round_trips_through_json() {
    for &name in names() {
        let def = scene(name);
        let text = def.to_json();
        let back = from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, def, "{name}");
        // Debug output tells −0.0 from 0.0 and prints every f32 exactly, so this also
        // checks that no number changed its bits on the way.
        assert_eq!(format!("{back:?}"), format!("{def:?}"), "{name}");
    }
}

#[test]
fn box2d_lite_masses_come_from_full_sizes_and_masses() {
    let single = scene("single_box").build().unwrap();
    assert!((single.world.mass(single.bodies[1]).unwrap() - 200.0).abs() < 1e-3);
    assert_eq!(
        single.world.mass(single.bodies[0]).unwrap(),
        0.0,
        "ground is static"
    );

    // Demo 6's plank: Set(Vec2(12, 0.25), 100), inertia m (w² + h²) / 12.
    let teeter = scene("teeter").build().unwrap();
    let plank = teeter.bodies[1];
    assert!((teeter.world.mass(plank).unwrap() - 100.0).abs() < 1e-3);
    let inertia = 100.0 * (12.0f32 * 12.0 + 0.25 * 0.25) / 12.0;
    assert!((teeter.world.inertia(plank).unwrap() - inertia).abs() / inertia < 1e-5);
}

#[test]
fn box2d_lite_friction_is_0_2_unless_the_demo_sets_another() {
    for &name in &names()[..9] {
        let def = scene(name);
        let frictions: Vec<f32> = def
            .bodies
            .iter()
            .flat_map(|b| b.shapes.iter().map(|s| s.material().friction))
            .collect();
        let others: Vec<f32> = frictions.iter().copied().filter(|&f| f != 0.2).collect();
        let expected: &[f32] = match name {
            "varying_friction" => &[0.75, 0.5, 0.35, 0.1, 0.0],
            "dominos" => &[0.1; 11],
            _ => &[],
        };
        assert_eq!(others, expected, "{name}");
        assert!(
            def.joints.iter().all(|j| j.collide_connected),
            "{name}: Box2D-Lite's joints let their bodies collide"
        );
    }
}

#[test]
fn pyramid_rows_follow_demo_5() {
    let def = scene("pyramid");
    let first = &def.bodies[1];
    let last = def.bodies.last().unwrap();
    assert_eq!(first.position, [-6.0, 0.75]);
    // The top box starts 11 rows up: x = −6 + 11 · 0.5625, y = 0.75 + 11 · 2.
    assert_eq!(last.position, [0.1875, 22.75]);
    assert_eq!(first.shapes[0].density(), 10.0);
}

#[test]
fn soft_joints_use_box2d_lites_formulas() {
    // softness = 1 / (d + h k), bias = h k / (d + h k), d = 2 m ζ ω, k = m ω², h = 1/60.
    let expected = |mass: f64, hz: f64| {
        let omega = 2.0 * std::f64::consts::PI * hz;
        let (d, k, h) = (2.0 * mass * 0.7 * omega, mass * omega * omega, 1.0 / 60.0);
        (1.0 / (d + h * k), h * k / (d + h * k))
    };
    for (name, mass, hz) in [
        ("suspension_bridge", 50.0, 2.0),
        ("multi_pendulum", 10.0, 4.0),
    ] {
        let (softness, bias) = expected(mass, hz);
        for joint in &scene(name).joints {
            assert!((f64::from(joint.softness) - softness).abs() / softness < 1e-5);
            assert!((f64::from(joint.bias_factor) - bias).abs() / bias < 1e-5);
        }
    }
    let bridge = scene("suspension_bridge");
    let last = bridge.joints.last().unwrap();
    assert_eq!(
        (last.body_a, last.body_b),
        (15, 0),
        "the far end is pinned to the ground"
    );
    assert_eq!(last.anchor, [9.625, 5.0]);
}

#[test]
fn randomized_stacking_is_random_but_the_same_every_time() {
    let def = scene("randomized_stacking");
    assert_eq!(def, scene("randomized_stacking"));
    let offsets: Vec<f32> = def.bodies[1..].iter().map(|b| b.position[0]).collect();
    assert!(
        offsets.iter().all(|x| (-0.1..=0.1).contains(x)),
        "{offsets:?}"
    );
    assert!(offsets.windows(2).any(|w| w[0] != w[1]), "{offsets:?}");
    let heights: Vec<f32> = def.bodies[1..].iter().map(|b| b.position[1]).collect();
    assert_eq!(heights[0], 0.51);
    assert!((heights[9] - (0.51 + 9.0 * 1.05)).abs() < 1e-5);
}

#[test]
fn large_pyramid_matches_box2d_v3s_benchmark() {
    let def = scene("large_pyramid");
    assert_eq!(def.steps, 500);
    let ground = &def.bodies[0];
    assert_eq!(ground.body_type, BodyType::Static);
    assert_eq!(ground.position, [0.0, -1.0]);
    assert_eq!(ground.shapes, [ShapeJson::new_box(100.0, 1.0)]);
    let boxes = &def.bodies[1..];
    assert!(boxes.iter().all(|b| b.body_type == BodyType::Dynamic
        && b.shapes == [ShapeJson::new_box(0.5, 0.5)]
        && (b.shapes[0].density(), b.shapes[0].material().friction) == (1.0, 0.6)));
    // The base row is centred and touching; the top box sits on the axis.
    assert_eq!(boxes[0].position, [-49.5, 0.5]);
    assert_eq!(boxes[99].position, [49.5, 0.5]);
    assert_eq!(boxes.last().unwrap().position, [0.0, 99.5]);

    let built = def.build().unwrap();
    let top = *built.bodies.last().unwrap();
    assert_eq!(built.world.position(top).unwrap(), Vec2::new(0.0, 99.5));
}

#[test]
fn the_spinner_and_the_tumbler_turn_at_their_motor_speed() {
    // Box2D's spinner motor turns at 5 rad/s, its tumbler's at 25°/s; both drive a
    // dynamic body (index 1) with 10⁸ N·m, so after a second they turn at that speed.
    for (name, speed) in [("spinner", 5.0f32), ("tumbler", 25f32.to_radians())] {
        let def = scene(name);
        assert_eq!(def.joints[0].motor.map(|m| m.speed), Some(speed), "{name}");
        let mut built = def.build().unwrap();
        for _ in 0..60 {
            built.world.step(1.0 / 60.0).unwrap();
        }
        let spin = built.world.angular_velocity(built.bodies[1]).unwrap();
        assert!(
            (spin - speed).abs() < 0.01 * speed,
            "{name} turns at {spin} rad/s"
        );
    }
}

#[test]
fn far_pyramid_is_a_pyramid_of_40_far_from_the_origin() {
    let def = scene("far_pyramid");
    let ground = def.bodies[0].position;
    assert_eq!(ground, [100_000.0, -80_001.0]);
    let top = def.bodies.last().unwrap().position;
    // 40 rows of unit boxes on a ground whose top face is 1 m above its centre.
    assert_eq!([top[0] - ground[0], top[1] - ground[1]], [0.0, 40.5]);
}
