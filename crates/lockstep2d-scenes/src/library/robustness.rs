//! Robustness samples from Box2D v3 (`samples/sample_robustness.cpp`) and Solver2D
//! (`samples/sample_contact.cpp`, Erin Catto's solver comparison): stacks that only a
//! stiff, well warm-started solver holds, mass ratios, overlap and precision far from
//! the origin.

use lockstep2d::SolverSettings;

use super::benchmarks::box_pyramid;
use super::ground_box;

use crate::def::{BodyJson, SceneDef, ShapeJson};

/// Solver2D's `VerticalStack`: 15 unit boxes (friction 0.3) stacked on the ground, every
/// other one shifted 1 cm left or right. Tests that a tall stack stands without creep.
pub fn vertical_stack() -> SceneDef {
    let mut bodies = vec![ground_box([0.0, 0.0], 100.0, 1.0)];
    for i in 0..15 {
        let shift = if i % 2 == 0 { -0.01 } else { 0.01 };
        let unit_box = ShapeJson::new_box(0.5, 0.5).with_friction(0.3);
        bodies.push(BodyJson::dynamic([shift, 0.5 + i as f32]).with_shape(unit_box));
    }
    SceneDef {
        bodies,
        ..SceneDef::new("vertical_stack")
    }
}

/// Box2D's `HighMassRatio1`: three pyramids of 2 m boxes, ten at the base, each with a
/// top box 100, 200 and 300 times denser than the rest, dropped from 2 m above its place.
/// Tests that light boxes hold up a heavy one.
pub fn high_mass_ratio_1() -> SceneDef {
    const EXTENT: f32 = 1.0;
    let mut bodies = vec![ground_box([0.0, 0.0], 50.0, 1.0)];
    for j in 0..3 {
        let offset = -20.0 * EXTENT + 2.0 * 11.0 * EXTENT * j as f32;
        let mut y = EXTENT;
        for count in (1..=10).rev() {
            let (density, lift) = if count == 1 {
                ((j as f32 + 1.0) * 100.0, 2.0)
            } else {
                (1.0, 0.0)
            };
            for i in 0..count {
                let x = 2.0 * (i as f32 - 0.5 * count as f32) * EXTENT + offset;
                let shape = ShapeJson::new_box(EXTENT, EXTENT).with_density(density);
                bodies.push(BodyJson::dynamic([x, y + lift]).with_shape(shape));
            }
            y += 2.0 * EXTENT;
        }
    }
    SceneDef {
        bodies,
        ..SceneDef::new("high_mass_ratio_1")
    }
}

/// Box2D's `HighMassRatio2`: a 20 m box (400 kg) dropped 15 m onto two 1 m boxes 18 m
/// apart (1 kg each). Tests a mass ratio of 400 across a contact.
pub fn high_mass_ratio_2() -> SceneDef {
    let small = ShapeJson::new_box(0.5, 0.5);
    let bodies = vec![
        ground_box([0.0, 0.0], 50.0, 1.0),
        BodyJson::dynamic([-9.0, 0.5]).with_shape(small.clone()),
        BodyJson::dynamic([9.0, 0.5]).with_shape(small),
        BodyJson::dynamic([0.0, 26.0]).with_shape(ShapeJson::new_box(10.0, 10.0)),
    ];
    SceneDef {
        bodies,
        ..SceneDef::new("high_mass_ratio_2")
    }
}

/// Solver2D's `Friction`: five boxes (density 25) slide down three ramps (friction
/// 0.2), with friction 0.75, 0.5, 0.35, 0.1 and 0. Tests that friction orders them:
/// the stickiest stops on the first ramp, the frictionless one slides to the bottom.
pub fn friction_ramp() -> SceneDef {
    let ramp = |hx: f32, hy: f32, center: [f32; 2], angle: f32| {
        BodyJson::static_at(center)
            .with_angle(angle)
            .with_shape(ShapeJson::new_box(hx, hy).with_friction(0.2))
    };
    let mut bodies = vec![
        ground_box([0.0, 0.0], 40.0, 1.0),
        ramp(13.0, 0.25, [-4.0, 22.0], -0.25),
        ramp(0.25, 1.0, [10.5, 19.0], 0.0),
        ramp(13.0, 0.25, [4.0, 14.0], 0.25),
        ramp(0.25, 1.0, [-10.5, 11.0], 0.0),
        ramp(13.0, 0.25, [-4.0, 6.0], -0.25),
    ];
    for (i, friction) in [0.75, 0.5, 0.35, 0.1, 0.0].into_iter().enumerate() {
        let shape = ShapeJson::new_box(0.5, 0.5)
            .with_density(25.0)
            .with_friction(friction);
        bodies.push(BodyJson::dynamic([-15.0 + 4.0 * i as f32, 28.0]).with_shape(shape));
    }
    SceneDef {
        bodies,
        ..SceneDef::new("friction_ramp")
    }
}

/// Box2D's `OverlapRecovery`: a pyramid of ten unit boxes, four at the base, each
/// overlapping its neighbours by a quarter of its size in both directions, with the
/// sample's contact tuning (30 Hz, damping ratio 10, push-out at most 3 m/s). Tests
/// that overlap is undone gently, not by an explosion.
pub fn overlap_recovery() -> SceneDef {
    const BASE: usize = 4;
    const EXTENT: f32 = 0.5;
    let fraction = 1.0 - 0.25;
    let mut bodies = vec![ground_box([0.0, 0.0], 40.0, 1.0)];
    let mut y = EXTENT;
    for i in 0..BASE {
        let mut x = fraction * EXTENT * (i as f32 - BASE as f32);
        for _ in i..BASE {
            bodies.push(BodyJson::dynamic([x, y]).with_shape(ShapeJson::new_box(EXTENT, EXTENT)));
            x += 2.0 * fraction * EXTENT;
        }
        y += 2.0 * fraction * EXTENT;
    }
    SceneDef {
        solver: SolverSettings {
            contact_hertz: 30.0,
            contact_damping_ratio: 10.0,
            max_push_speed: 3.0,
            ..SolverSettings::default()
        },
        bodies,
        ..SceneDef::new("overlap_recovery")
    }
}

/// Where `far_pyramid` is built: 100 km east and 80 km down, where an `f32` position
/// is only good to 7.8 mm.
const FAR_ORIGIN: [f32; 2] = [100_000.0, -80_000.0];

/// Solver2D's `FarPyramid`: the large pyramid's construction with 40 boxes at the base
/// (820 boxes), ground included, moved to [`FAR_ORIGIN`]. Moved back by −`FAR_ORIGIN`
/// it is the same pyramid at the origin, which is how the tests compare the two. Tests
/// that the engine keeps its precision away from the origin.
pub fn far_pyramid() -> SceneDef {
    let bodies = box_pyramid(40)
        .into_iter()
        .map(|body| BodyJson {
            position: [
                body.position[0] + FAR_ORIGIN[0],
                body.position[1] + FAR_ORIGIN[1],
            ],
            ..body
        })
        .collect();
    SceneDef {
        steps: 500,
        bodies,
        ..SceneDef::new("far_pyramid")
    }
}
