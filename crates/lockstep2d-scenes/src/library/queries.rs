//! A scene to ask questions of: shapes of every kind for rays and overlaps to find.

use super::ground_box;
use crate::def::{BodyJson, SceneDef, ShapeJson};

/// A ground, two static shapes standing on it (a post and a round boulder) and a
/// scatter of dynamic boxes, circles, capsules and a polygon falling onto them: in the
/// testbed a ray is cast from the top-left corner to the cursor.
pub fn ray_cast() -> SceneDef {
    let mut bodies = vec![
        ground_box([0.0, 0.0], 15.0, 0.5),
        BodyJson::static_at([-6.0, 2.0]).with_shape(ShapeJson::new_box(0.4, 2.0)),
        BodyJson::static_at([6.0, 1.5]).with_shape(ShapeJson::circle(1.5)),
    ];
    let shapes = [
        ShapeJson::new_box(0.5, 0.5),
        ShapeJson::circle(0.6),
        ShapeJson::capsule([-0.7, 0.0], [0.7, 0.0], 0.3),
        ShapeJson::polygon(vec![
            [-0.6, -0.4],
            [0.6, -0.4],
            [0.8, 0.3],
            [0.0, 0.7],
            [-0.8, 0.3],
        ]),
    ];
    for i in 0..12 {
        let x = -4.5 + 0.85 * i as f32;
        let y = 2.0 + 1.6 * (i % 3) as f32;
        let body = BodyJson::dynamic([x, y]).with_angle(0.3 * i as f32);
        bodies.push(body.with_shape(shapes[i % shapes.len()].clone()));
    }
    SceneDef {
        steps: 300,
        bodies,
        ..SceneDef::new("ray_cast")
    }
}
