//! A scene of concave outlines: bodies of any shape, cut into convex pieces.

use lockstep2d::math::{cos, sin};

use crate::def::{BodyJson, SceneDef, ShapeJson};

/// Concave bodies (stars, L-blocks, crescents and combs, four of each) dropped into a
/// concave bowl whose floor dips in the middle, between two walls; the bowl is one
/// outline too.
pub fn outline() -> SceneDef {
    let bowl = BodyJson::static_at([0.0, 0.0]).with_shape(ShapeJson::outline(bowl()));
    let mut bodies = vec![bowl];
    let shapes = [star(), l_block(), crescent(), comb()];
    for row in 0..4 {
        for (column, shape) in shapes.iter().enumerate() {
            let x = -4.5 + 3.0 * column as f32 + 0.4 * row as f32;
            let y = 5.0 + 2.5 * row as f32;
            bodies.push(BodyJson::dynamic([x, y]).with_shape(ShapeJson::outline(shape.clone())));
        }
    }
    SceneDef {
        steps: 600,
        bodies,
        ..SceneDef::new("outline")
    }
}

/// A bowl 16 m wide: walls 1 m thick and 8 m high, a floor 1 m thick at its edges
/// dipping to 0.5 m in the middle along a curve of eight points.
fn bowl() -> Vec<[f32; 2]> {
    let mut points = vec![[-8.0, -1.0], [8.0, -1.0], [8.0, 8.0], [7.0, 8.0]];
    for i in 0..=8 {
        let x = 7.0 - 14.0 * i as f32 / 8.0;
        let dip = 1.0 - (x / 7.0) * (x / 7.0);
        points.push([x, 1.0 - 1.5 * dip]);
    }
    points.extend([[-7.0, 8.0], [-8.0, 8.0]]);
    points
}

/// A five-armed star, 1 m to its tips.
fn star() -> Vec<[f32; 2]> {
    (0..10)
        .map(|i| {
            let angle = std::f32::consts::PI * (0.5 + i as f32 / 5.0);
            let r = if i % 2 == 0 { 1.0 } else { 0.45 };
            [r * cos(angle), r * sin(angle)]
        })
        .collect()
}

/// An L, 1.6 m by 1.2 m, its arms 0.5 m thick.
fn l_block() -> Vec<[f32; 2]> {
    vec![
        [-0.8, -0.6],
        [0.8, -0.6],
        [0.8, -0.1],
        [-0.3, -0.1],
        [-0.3, 0.6],
        [-0.8, 0.6],
    ]
}

/// A crescent: an outer arc of 1 m radius and an inner one of 0.7 m, off centre.
fn crescent() -> Vec<[f32; 2]> {
    let arc = |radius: f32, center: f32, from: f32, to: f32, steps: usize| {
        (0..=steps).map(move |i| {
            let angle = from + (to - from) * i as f32 / steps as f32;
            [center + radius * cos(angle), radius * sin(angle)]
        })
    };
    let half_pi = std::f32::consts::FRAC_PI_2;
    let outer = arc(1.0, 0.0, -half_pi, half_pi, 10);
    let inner = arc(0.75, 0.2, 1.2, -1.2, 8);
    outer.chain(inner).collect()
}

/// A comb: a back 1.5 m long with three teeth 0.6 m long.
fn comb() -> Vec<[f32; 2]> {
    vec![
        [-0.75, 0.0],
        [0.75, 0.0],
        [0.75, 0.9],
        [0.45, 0.9],
        [0.45, 0.3],
        [0.15, 0.3],
        [0.15, 0.9],
        [-0.15, 0.9],
        [-0.15, 0.3],
        [-0.45, 0.3],
        [-0.45, 0.9],
        [-0.75, 0.9],
    ]
}
