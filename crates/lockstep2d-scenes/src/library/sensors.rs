//! Scenes with sensors: shapes that report what passes through them and push nothing.

use super::ground_box;
use crate::def::{BodyJson, SceneDef, ShapeJson};

/// A gate sensor standing on the ground that a row of boxes slides through, a sensor
/// bar that falling balls drop through, and a ball carrying a sensor ring (density 0,
/// so the ring adds no mass) that rolls into the row.
pub fn sensor_gate() -> SceneDef {
    let gate = BodyJson::static_at([0.0, 1.5]).with_shape(ShapeJson::new_box(1.0, 1.5).as_sensor());
    let bar = BodyJson::static_at([4.0, 6.0]).with_shape(ShapeJson::new_box(3.0, 0.1).as_sensor());
    let mut bodies = vec![ground_box([0.0, 0.0], 20.0, 0.5), gate, bar];
    for i in 0..8 {
        let mut block = BodyJson::dynamic([-4.0 - 1.2 * i as f32, 0.25]);
        block.linear_velocity = [3.0, 0.0];
        bodies.push(block.with_shape(slippery(ShapeJson::new_box(0.25, 0.25))));
    }
    for i in 0..6 {
        let x = 1.5 + i as f32;
        bodies
            .push(BodyJson::dynamic([x, 9.0 + 0.7 * i as f32]).with_shape(ShapeJson::circle(0.2)));
    }
    let mut rover = BodyJson::dynamic([-15.0, 0.3]).with_shape(ShapeJson::circle(0.3));
    rover.linear_velocity = [4.0, 0.0];
    let ring = ShapeJson::circle(1.0).as_sensor().with_density(0.0);
    bodies.push(rover.with_shape(ring));
    SceneDef {
        steps: 600,
        bodies,
        ..SceneDef::new("sensor_gate")
    }
}

fn slippery(shape: ShapeJson) -> ShapeJson {
    shape.with_friction(0.05)
}
