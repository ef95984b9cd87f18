//! Box2D v3's determinism scene (`shared/determinism.c`), which its tests run on every
//! platform and thread count and compare by a hash of every transform.

use std::f32::consts::PI;

use lockstep2d::{Rot, Spring, Vec2};

use super::ground_box;

use crate::def::{BodyJson, JointJson, SceneDef, ShapeJson};

/// `FallingHinges`: four columns of twenty 0.5 m boxes, each column leaning 0.1 m per box
/// and every box tilted ±0.1 rad, so the columns topple; boxes 2k and 2k + 1 of a column
/// are hinged at their left corners, with Box2D's limits (−0.1π to 0.2π) and 0.5 Hz
/// spring (damping ratio 0.5). Box2D anchors each hinge at box A's top-left corner and
/// box B's bottom-left, which differ slightly once the boxes are tilted; a scene gives one
/// world anchor, so
/// here it is box A's corner. Tests that a chaotic pile-up replays bit for bit.
pub fn falling_hinges() -> SceneDef {
    const COLUMNS: usize = 4;
    const ROWS: usize = 20;
    const H: f32 = 0.25;
    let mut bodies = vec![ground_box([0.0, 0.0], 40.0, 1.0)];
    let mut joints = Vec::new();
    let offset = 0.4 * H;
    let dx = 10.0 * H;
    let x_base = -0.5 * dx * (COLUMNS as f32 - 1.0);
    for j in 0..COLUMNS {
        let x = x_base + j as f32 * dx;
        for i in 0..ROWS {
            let position = [x + offset * i as f32, H + 2.0 * H * i as f32];
            // Alternate tilts exercise the deterministic sine and cosine.
            let angle = if i % 2 == 0 { -0.1 } else { 0.1 };
            bodies.push(
                BodyJson::dynamic(position)
                    .with_angle(angle)
                    .with_shape(ShapeJson::new_box(H, H)),
            );
            if i % 2 == 1 {
                let a = bodies.len() - 2;
                let corner = Vec2::from(bodies[a].position)
                    + Rot::from_angle(bodies[a].angle).rotate(Vec2::new(-H, H));
                joints.push(JointJson {
                    limit: Some([-0.1 * PI, 0.2 * PI]),
                    spring: Some(Spring {
                        hertz: 0.5,
                        damping_ratio: 0.5,
                    }),
                    ..JointJson::revolute(a, a + 1, corner.to_array())
                });
            }
        }
    }
    SceneDef {
        bodies,
        joints,
        ..SceneDef::new("falling_hinges")
    }
}
