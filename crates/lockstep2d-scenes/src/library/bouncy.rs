//! A bouncy pile: a thousand balls, boxes and capsules of restitution 0.9 thrown into a
//! closed box, where every impact at once must hand its strike on without making
//! energy (`lockstep2d::solver` passes strikes on from body to body).

use crate::Pcg32;
use crate::def::{BodyJson, SceneDef, ShapeJson};

/// Bodies across and up the grid they start in.
const COLUMNS: usize = 40;
const ROWS: usize = 25;
/// The side of each body's cell (m): any body, turned any way, fits inside its own.
const CELL: f32 = 1.0;
/// The inside of the box (m): the grid with a cell of room on each side, and headroom.
const WIDTH: f32 = CELL * (COLUMNS as f32 + 2.0);
const HEIGHT: f32 = CELL * ROWS as f32 * 1.6;
const WALL: f32 = 0.5;
const RESTITUTION: f32 = 0.9;
const FRICTION: f32 = 0.3;
/// The fastest each body is thrown (m/s), any way.
const THROW: f32 = 4.0;

/// `bouncy_pile`: 1,000 balls, boxes and capsules (restitution 0.9, friction 0.3) thrown
/// into a closed box of the same material, in rows with room between them.
pub fn bouncy_pile() -> SceneDef {
    let mut bodies = vec![walls()];
    let mut rng = Pcg32::new(53, 0);
    for row in 0..ROWS {
        for column in 0..COLUMNS {
            let x = CELL * (column as f32 + 1.5) - 0.5 * WIDTH;
            let y = CELL * (row as f32 + 0.5);
            let shape = match (row + column) % 3 {
                0 => ShapeJson::circle(rng.range(0.25, 0.45)),
                1 => ShapeJson::new_box(rng.range(0.2, 0.3), rng.range(0.2, 0.3)),
                _ => ShapeJson::capsule([-0.2, 0.0], [0.2, 0.0], rng.range(0.15, 0.25)),
            };
            let mut body = BodyJson::dynamic([x, y])
                .with_angle(rng.range(-3.0, 3.0))
                .with_shape(shape.with_restitution(RESTITUTION).with_friction(FRICTION));
            body.linear_velocity = [rng.range(-THROW, THROW), rng.range(-THROW, THROW)];
            bodies.push(body);
        }
    }
    SceneDef {
        steps: 600,
        bodies,
        ..SceneDef::new("bouncy_pile")
    }
}

/// The box: floor, ceiling and two walls, one static body.
fn walls() -> BodyJson {
    let sides = [
        ([0.0, -WALL], 0.5 * WIDTH + 2.0 * WALL, WALL),
        ([0.0, HEIGHT + WALL], 0.5 * WIDTH + 2.0 * WALL, WALL),
        ([-0.5 * WIDTH - WALL, 0.5 * HEIGHT], WALL, 0.5 * HEIGHT),
        ([0.5 * WIDTH + WALL, 0.5 * HEIGHT], WALL, 0.5 * HEIGHT),
    ];
    let mut walls = BodyJson::static_at([0.0, 0.0]);
    for (center, half_width, half_height) in sides {
        let side = ShapeJson::offset_box(half_width, half_height, center, 0.0);
        walls = walls.with_shape(side.with_restitution(RESTITUTION).with_friction(FRICTION));
    }
    walls
}
