//! Box2D v3's stacking samples (`samples/sample_stacking.cpp`): structures held up by
//! friction and contact alone.

use lockstep2d::SolverSettings;

use super::{ground_box, with_friction};

use crate::def::{BodyJson, SceneDef, ShapeJson};

/// `Arch`: a free-standing arch of 17 quadrilateral blocks (friction 0.6), inner radius
/// 4 m at the base, with four 4 m planks stacked on its keystone. Tests friction and
/// contact stiffness together: the blocks meet at slanted faces and any slip or give
/// lets the arch sag.
pub fn arch() -> SceneDef {
    // Box2D's block corners, inner (ps1) and outer (ps2) edge, at four times scale.
    const INNER: [[f32; 2]; 9] = [
        [16.0, 0.0],
        [14.938_037, 5.133_601],
        [13.798_717, 10.249_281],
        [12.562_53, 15.341_07],
        [11.200_41, 20.398_565],
        [9.665_212, 25.403_7],
        [7.871_799, 30.317_934],
        [5.635_2, 35.038_208],
        [2.405_938, 39.095_54],
    ];
    const OUTER: [[f32; 2]; 9] = [
        [24.0, 0.0],
        [22.336_195, 6.022_998],
        [20.549_37, 12.009_644],
        [18.608_546, 17.947_032],
        [16.467_693, 23.813_68],
        [14.053_25, 29.570_793],
        [11.235_51, 35.137_76],
        [7.752_568, 40.304_51],
        [3.016_932, 44.288_916],
    ];
    let scale = |[x, y]: [f32; 2]| [0.25 * x, 0.25 * y];
    let (inner, outer) = (INNER.map(scale), OUTER.map(scale));
    let mirror = |[x, y]: [f32; 2]| [-x, y];
    let block = |corners: Vec<[f32; 2]>| {
        BodyJson::dynamic([0.0, 0.0]).with_shape(ShapeJson::polygon(corners).with_friction(0.6))
    };
    let mut bodies = vec![with_friction(ground_box([0.0, 0.0], 100.0, 1.0), 0.6)];
    for i in 0..8 {
        let right = vec![inner[i], outer[i], outer[i + 1], inner[i + 1]];
        bodies.push(block(right.iter().copied().map(mirror).collect()));
        bodies.push(block(right));
    }
    bodies.push(block(vec![
        inner[8],
        outer[8],
        mirror(outer[8]),
        mirror(inner[8]),
    ]));
    for i in 0..4 {
        let plank = ShapeJson::new_box(2.0, 0.5).with_friction(0.6);
        bodies.push(BodyJson::dynamic([0.0, 0.5 + outer[8][1] + i as f32]).with_shape(plank));
    }
    SceneDef {
        bodies,
        ..SceneDef::new("arch")
    }
}

/// `DoubleDomino`: fifteen dominos (0.25 × 1 m, 1 m apart, friction 0.6) in one row, in
/// Box2D as in Solver2D; the first is knocked over and each falls onto the next, until
/// the row lies with every domino leaning on its neighbour. Box2D knocks the first with an impulse of (0.2, 0) N·s at
/// its top; a scene has no impulses, so the first domino starts with the velocity that
/// impulse gives. Tests the chain, then that the leaning row holds still.
pub fn double_domino() -> SceneDef {
    const COUNT: usize = 15;
    const HALF: [f32; 2] = [0.125, 0.5];
    let domino = ShapeJson::new_box(HALF[0], HALF[1]).with_friction(0.6);
    let mut bodies = vec![ground_box([0.0, 0.0], 100.0, 1.0)];
    let x0 = -0.5 * COUNT as f32;
    for i in 0..COUNT {
        bodies.push(BodyJson::dynamic([x0 + i as f32, 0.5]).with_shape(domino.clone()));
    }
    // Impulse J = (0.2, 0) at r = (0, 0.5) from the centre: Δv = J / m, Δω = (r × J) / I.
    let (width, height) = (2.0 * HALF[0], 2.0 * HALF[1]);
    let mass = width * height;
    let inertia = mass * (width * width + height * height) / 12.0;
    bodies[1].linear_velocity = [0.2 / mass, 0.0];
    bodies[1].angular_velocity = -0.5 * 0.2 / inertia;
    SceneDef {
        bodies,
        ..SceneDef::new("double_domino")
    }
}

/// `Confined`: 625 circles of radius 0.5 with no gravity, packed 0.72 m apart (so they
/// start overlapping) in a 21 × 20.5 m box of capsule walls. Tests pressure: every
/// circle pushes on its neighbours and the walls, and the push-out must not explode.
pub fn confined() -> SceneDef {
    const GRID: usize = 25;
    let wall = |a: [f32; 2], b: [f32; 2]| ShapeJson::capsule(a, b, 0.5);
    let walls = BodyJson::static_at([0.0, 0.0])
        .with_shape(wall([-10.5, 0.0], [10.5, 0.0]))
        .with_shape(wall([-10.5, 0.0], [-10.5, 20.5]))
        .with_shape(wall([10.5, 0.0], [10.5, 20.5]))
        .with_shape(wall([-10.5, 20.5], [10.5, 20.5]));
    let mut bodies = vec![walls];
    for column in 0..GRID {
        for row in 0..GRID {
            let x = -8.75 + column as f32 * 18.0 / GRID as f32;
            let y = 1.5 + row as f32 * 18.0 / GRID as f32;
            let circle = BodyJson {
                gravity_scale: 0.0,
                ..BodyJson::dynamic([x, y])
            };
            bodies.push(circle.with_shape(ShapeJson::circle(0.5)));
        }
    }
    SceneDef {
        bodies,
        ..SceneDef::new("confined")
    }
}

/// `CardHouse` (from PEEL): a house of 40 playing cards (0.4 m tall, 2 mm thick,
/// friction 0.7), five leaning pairs at the base with flat cards between them, four
/// pairs on those, and so on up. Box2D stands it on a 60 km ground box centred at
/// (10000, −5000); here the ground is the sample's other one, 80 m wide at the origin
/// (`far_pyramid` tests precision far from the origin). Tests thin boxes held up by
/// friction alone.
pub fn card_house() -> SceneDef {
    const CARD_HEIGHT: f32 = 0.2;
    const CARD_THICKNESS: f32 = 0.001;
    let card = |position: [f32; 2], degrees: f32| {
        let shape = ShapeJson::new_box(CARD_THICKNESS, CARD_HEIGHT).with_friction(0.7);
        BodyJson::dynamic(position)
            .with_angle(degrees.to_radians())
            .with_shape(shape)
    };
    let mut bodies = vec![with_friction(ground_box([0.0, 0.0], 40.0, 2.0), 0.7)];
    let mut z0 = 0.0;
    let mut y = CARD_HEIGHT - 0.02;
    for count in (1..=5).rev() {
        let mut z = z0;
        for i in 0..count {
            if i != count - 1 {
                bodies.push(card([z + 0.25, y + CARD_HEIGHT - 0.015], 90.0));
            }
            bodies.push(card([z, y], -25.0));
            z += 0.175;
            bodies.push(card([z, y], 25.0));
            z += 0.175;
        }
        y += CARD_HEIGHT * 2.0 - 0.03;
        z0 += 0.175;
    }
    SceneDef {
        bodies,
        ..SceneDef::new("card_house")
    }
}

/// `CircleStack`: ten frictionless circles of radius 0.5 dropped in a column 1.25 m
/// apart, each denser than the one below (density 1 + 4i), under gravity 20 and stiff
/// contacts (90 Hz). Tests that a column of balls, balanced on points, stays a column.
pub fn circle_stack() -> SceneDef {
    let mut bodies = vec![ground_box([0.0, 0.0], 10.0, 1.0)];
    for i in 0..10 {
        let ball = ShapeJson::circle(0.5)
            .with_friction(0.0)
            .with_density(1.0 + 4.0 * i as f32);
        bodies.push(BodyJson::dynamic([0.0, 0.75 + 1.25 * i as f32]).with_shape(ball));
    }
    SceneDef {
        gravity: [0.0, -20.0],
        solver: SolverSettings {
            contact_hertz: 0.25 * 360.0,
            ..SolverSettings::default()
        },
        bodies,
        ..SceneDef::new("circle_stack")
    }
}
