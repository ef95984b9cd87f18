//! A level for a character mover: what it walks up, stops at, steps onto, jumps through,
//! rides and pushes, between two walls.

use lockstep2d::{BodyType, Rot};

use crate::def::{BodyJson, CharacterJson, SceneDef, ShapeJson};

/// The ground's top is y = 0 from wall to wall; the walls' inner faces are at x = ±25.
const HALF_LENGTH: f32 = 25.0;
const WALL_HEIGHT: f32 = 12.0;

/// From left to right on flat ground between two walls: a 50° slope against the left
/// wall, too steep to climb (the character slides back down it); a hill that rises and
/// falls at 30°, walkable both ways; a heavy box (1,000 kg, more than the character's
/// 1,000 N push can slide) and a light one (1 kg); the character, an upright capsule
/// (radius 0.3, centres at y ±0.5) standing on the flat; four steps 0.1, 0.2, 0.25 and
/// 0.35 m high (the last above the default 0.3 m step height), with two one-way
/// platforms above them, the higher one reached only from the lower; a kinematic
/// platform 2 m up moving at 2 m/s (the script turns it back every 3 s, so it shuttles
/// over 6 m); and a ball, a box, a capsule and a disc lying about.
pub fn character() -> SceneDef {
    // The moving platform: its underside 1.9 m up, above the character's head.
    let lift = BodyJson {
        body_type: BodyType::Kinematic,
        linear_velocity: [2.0, 0.0],
        ..BodyJson::static_at([18.0, 2.0]).with_shape(ShapeJson::new_box(1.25, 0.1))
    };
    let loose = [
        BodyJson::dynamic([-19.5, 0.3]).with_shape(ShapeJson::circle(0.3)),
        BodyJson::dynamic([15.0, 0.3]).with_shape(ShapeJson::new_box(0.3, 0.3)),
        BodyJson::dynamic([17.0, 0.2]).with_shape(ShapeJson::capsule([-0.4, 0.0], [0.4, 0.0], 0.2)),
        BodyJson::dynamic([21.0, 0.4]).with_shape(ShapeJson::circle(0.4)),
    ];
    // 0.5 m at 4 kg/m²: 1 kg. 1 m at 1,000 kg/m²: 1,000 kg.
    let light = BodyJson::dynamic([-3.0, 0.25])
        .with_shape(ShapeJson::new_box(0.25, 0.25).with_density(4.0));
    let heavy = BodyJson::dynamic([-6.0, 0.5])
        .with_shape(ShapeJson::new_box(0.5, 0.5).with_density(1000.0));
    let mut bodies = vec![level(), lift];
    bodies.extend(loose);
    bodies.extend([light, heavy]);
    // Standing: its lowest point (0.8 m below its origin) a skin (2 cm) above the ground.
    let player = CharacterJson::new(
        [0.0, 0.82],
        ShapeJson::capsule([0.0, -0.5], [0.0, 0.5], 0.3),
    );
    SceneDef {
        bodies,
        characters: vec![player],
        ..SceneDef::new("character")
    }
}

/// The static level: the floor between two walls, the slope, the hill, the steps and
/// the one-way platforms.
fn level() -> BodyJson {
    let wall_center = HALF_LENGTH + 0.5;
    let wall =
        |x: f32| ShapeJson::offset_box(0.5, 0.5 * WALL_HEIGHT, [x, 0.5 * WALL_HEIGHT - 1.0], 0.0);
    let mut level = BodyJson::static_at([0.0, 0.0])
        .with_shape(ShapeJson::offset_box(HALF_LENGTH, 0.5, [0.0, -0.5], 0.0))
        .with_shape(wall(-wall_center))
        .with_shape(wall(wall_center));
    // The 50° slope: 4 m across, rising to the left wall.
    let steep = 4.0 * tan(50.0);
    level = level.with_shape(ShapeJson::polygon(vec![
        [-21.0, 0.0],
        [-HALF_LENGTH, 0.0],
        [-HALF_LENGTH, steep],
    ]));
    // The 30° hill: up 4 m across, a 2 m top, down 4 m across.
    let hill = 4.0 * tan(30.0);
    level = level.with_shape(ShapeJson::polygon(vec![
        [-18.0, 0.0],
        [-8.0, 0.0],
        [-12.0, hill],
        [-14.0, hill],
    ]));
    // The steps: 1.5 m wide, 1.5 m apart.
    for (k, height) in [0.1, 0.2, 0.25, 0.35].into_iter().enumerate() {
        let x = 2.0 + 3.0 * k as f32;
        level = level.with_shape(ShapeJson::offset_box(
            0.75,
            0.5 * height,
            [x, 0.5 * height],
            0.0,
        ));
    }
    // One-way platforms, each drawn right to left so its solid side faces up: the
    // lower one a jump above the steps, the higher one a jump above the lower.
    level
        .with_shape(ShapeJson::segment([7.0, 2.2], [3.0, 2.2]).one_way())
        .with_shape(ShapeJson::segment([12.0, 3.8], [8.0, 3.8]).one_way())
}

/// The tangent of `degrees`, from the engine's own sine and cosine, which give the same
/// bits on every machine.
fn tan(degrees: f32) -> f32 {
    let rot = Rot::from_angle(degrees.to_radians());
    rot.s / rot.c
}
