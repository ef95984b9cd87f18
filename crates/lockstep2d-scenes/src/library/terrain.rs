//! Ground drawn as chains: a platformer's level and a long run of seeded hills.
//!
//! A chain collides on the right of the way its points run, so every ground here is
//! drawn right to left (x decreasing): its front faces up. Each ends in a wall drawn
//! the same way, so what rolls to an end stays in.

use lockstep2d::SolidSide;
use lockstep2d::math::{cos, sin};

use crate::def::{BodyJson, SceneDef, ShapeJson};
use crate::rng::Pcg32;

/// A side-on level: a chain of slopes, a plateau and a valley between two walls, three
/// one-way ledges a jump above the ground (two segments and a chain), a conveyor
/// carrying things to the right at 2 m/s, and 40 mixed shapes dropped on it all.
pub fn platformer() -> SceneDef {
    // The ground from left to right, reversed below: its links are made right to left,
    // and their order is part of the scene's bits.
    let mut ground = vec![
        [-30.0, 15.0],
        [-30.0, 0.0],
        [-21.0, 0.0],
        [-18.0, 1.0],
        [-15.0, 2.5],
        [-13.0, 3.0],
        [-8.0, 3.0],
        [-6.0, 2.0],
        [-4.0, 0.0],
        [-2.0, -1.2],
        [0.0, -1.5],
        [2.0, -1.2],
        [4.0, 0.0],
        [6.0, 1.5],
        [9.0, 3.5],
        [11.0, 4.0],
        [16.0, 4.0],
        [18.0, 3.0],
        [21.0, 0.5],
        [23.0, 0.0],
        [30.0, 0.0],
        [30.0, 15.0],
    ];
    ground.reverse();
    let level = BodyJson::static_at([0.0, 0.0])
        .with_shape(ShapeJson::chain(ground, SolidSide::Above))
        // One-way ledges: each runs right to left, so its solid side faces up.
        .with_shape(ShapeJson::segment([-24.0, 2.5], [-28.0, 2.5]).one_way())
        .with_shape(
            ShapeJson::chain(vec![[3.5, 1.0], [0.0, 1.3], [-3.5, 1.0]], SolidSide::Above).one_way(),
        )
        .with_shape(ShapeJson::segment([15.5, 6.5], [11.5, 6.5]).one_way())
        // The belt: a slab on the right-hand floor whose top runs right at 2 m/s. Its
        // left end sinks into the slope where the slope is as high as its top: every
        // face of a belt runs, and an exposed end would lift whatever lay against it
        // for ever.
        .with_shape(ShapeJson::offset_box(4.0, 0.25, [25.0, 0.25], 0.0).with_tangent_speed(2.0));
    // The player, the first dynamic body (the scripted player's jumper): an upright
    // capsule that does not turn, on the floor under the left ledge.
    let player = BodyJson {
        fixed_rotation: true,
        ..BodyJson::dynamic([-26.0, 0.6]).with_shape(ShapeJson::capsule(
            [0.0, -0.3],
            [0.0, 0.3],
            0.3,
        ))
    };
    let mut bodies = vec![level, player];
    // Four rows of ten, each row its own mix, between the walls.
    for row in 0..4 {
        for column in 0..10 {
            let x = -25.0 + 5.5 * column as f32 + 0.5 * row as f32;
            let y = 8.0 + 1.5 * row as f32;
            let shape = match (row + column) % 5 {
                0 => ShapeJson::new_box(0.4, 0.4),
                1 => ShapeJson::circle(0.35),
                2 => ShapeJson::capsule([-0.35, 0.0], [0.35, 0.0], 0.2),
                3 => ShapeJson::new_box(0.6, 0.25),
                _ => ShapeJson::polygon(pentagon(0.45)),
            };
            bodies.push(BodyJson::dynamic([x, y]).with_shape(shape));
        }
    }
    SceneDef {
        bodies,
        ..SceneDef::new("platformer")
    }
}

/// A regular pentagon of circumradius `r`, a corner up.
fn pentagon(r: f32) -> Vec<[f32; 2]> {
    (0..5)
        .map(|k| {
            let rot = lockstep2d::Rot::from_angle(
                0.5 * std::f32::consts::PI + 0.4 * std::f32::consts::PI * k as f32,
            );
            [r * rot.c, r * rot.s]
        })
        .collect()
}

/// The terrain's length (m), from x = −1,000 to 1,000.
const TERRAIN_LENGTH: f32 = 2000.0;
/// How high the walls at its two ends rise above the hills' mean (m).
const TERRAIN_WALL: f32 = 20.0;

/// Two kilometres of smooth seeded hills, one open chain with a point every 1 to 2 m,
/// walled at both ends; 300 boxes, discs and capsules from 0.25 to 1 m across, spread
/// along it a few metres up, fall, roll and slide into the valleys, and sleep. The
/// benchmark for chains: many links, few of them touched at once.
pub fn terrain() -> SceneDef {
    let hills = Hills::new(7);
    let mut rng = Pcg32::new(11, 3);
    let (start, end) = (-0.5 * TERRAIN_LENGTH, 0.5 * TERRAIN_LENGTH);
    let mut points = vec![[start, TERRAIN_WALL], [start, hills.height(start)]];
    let mut x = start;
    loop {
        x += rng.range(1.0, 2.0);
        if x >= end - 1.0 {
            break;
        }
        points.push([x, hills.height(x)]);
    }
    points.push([end, hills.height(end)]);
    points.push([end, TERRAIN_WALL]);
    points.reverse();
    let mut bodies = vec![
        BodyJson::static_at([0.0, 0.0]).with_shape(ShapeJson::chain(points, SolidSide::Above)),
    ];
    const COUNT: usize = 300;
    let spacing = (TERRAIN_LENGTH - 20.0) / COUNT as f32;
    for i in 0..COUNT {
        let x = start + 10.0 + spacing * (i as f32 + rng.range(0.2, 0.8));
        let size = rng.range(0.25, 1.0);
        let half = 0.5 * size;
        let shape = match i % 3 {
            0 => ShapeJson::new_box(half, half * rng.range(0.5, 1.0)),
            1 => ShapeJson::circle(half),
            _ => ShapeJson::capsule([-0.5 * half, 0.0], [0.5 * half, 0.0], 0.5 * half),
        };
        let y = hills.height(x) + rng.range(2.0, 5.0);
        let body = BodyJson::dynamic([x, y]).with_angle(rng.range(-1.5, 1.5));
        bodies.push(body.with_shape(shape));
    }
    SceneDef {
        steps: 500,
        bodies,
        ..SceneDef::new("terrain")
    }
}

/// Half the heightfield's width (m): it runs from x = −250 to 250.
const FIELD_HALF: f32 = 250.0;

/// Rolling ground as a heightfield, a height every metre from x = −250 to 250 on seeded
/// hills, with a static wall at each end; 400 boulders, discs and rough hexagons from
/// 0.4 to 1.6 m across, dropped along it, roll into the hollows and sleep. The
/// benchmark for heightfields, against rapier2d's own.
pub fn heightfield() -> SceneDef {
    let hills = Hills::new(5);
    let mut rng = Pcg32::new(13, 5);
    let heights: Vec<f32> = (0..=(2.0 * FIELD_HALF) as usize)
        .map(|i| hills.height(i as f32 - FIELD_HALF))
        .collect();
    let mut ground = ShapeJson::heightfield(heights, 1.0);
    if let ShapeJson::Heightfield { origin, .. } = &mut ground {
        *origin = [-FIELD_HALF, 0.0];
    }
    let wall = |x: f32| {
        let top = hills.height(x) + TERRAIN_WALL;
        BodyJson::static_at([x, top - 0.5 * TERRAIN_WALL - 5.0])
            .with_shape(ShapeJson::new_box(1.0, 0.5 * TERRAIN_WALL + 5.0))
    };
    let mut bodies = vec![
        BodyJson::static_at([0.0, 0.0]).with_shape(ground),
        wall(-FIELD_HALF - 1.0),
        wall(FIELD_HALF + 1.0),
    ];
    const COUNT: usize = 400;
    let spacing = (2.0 * FIELD_HALF - 20.0) / COUNT as f32;
    for i in 0..COUNT {
        let x = -FIELD_HALF + 10.0 + spacing * (i as f32 + rng.range(0.2, 0.8));
        let radius = 0.5 * rng.range(0.4, 1.6);
        let shape = if i % 2 == 0 {
            ShapeJson::circle(radius)
        } else {
            let corners = (0..6)
                .map(|k| {
                    let angle = std::f32::consts::TAU * k as f32 / 6.0;
                    let r = radius * rng.range(0.8, 1.0);
                    [r * cos(angle), r * sin(angle)]
                })
                .collect();
            ShapeJson::polygon(corners)
        };
        let y = hills.height(x) + rng.range(2.0, 6.0);
        let body = BodyJson::dynamic([x, y]).with_angle(rng.range(-1.5, 1.5));
        bodies.push(body.with_shape(shape));
    }
    SceneDef {
        steps: 500,
        bodies,
        ..SceneDef::new("heightfield")
    }
}

/// Smooth hills: a sum of sine waves with seeded wavelengths (30 to 150 m), heights in
/// proportion to their wavelengths (so no wave is steeper than about 7°) and phases.
struct Hills {
    /// (angular wavenumber, amplitude, phase) of each wave.
    waves: Vec<(f32, f32, f32)>,
}

impl Hills {
    fn new(seed: u64) -> Hills {
        let mut rng = Pcg32::new(seed, 1);
        let waves = (0..4)
            .map(|_| {
                let wavelength = rng.range(30.0, 150.0);
                let amplitude = wavelength * rng.range(0.01, 0.02);
                let phase = rng.range(0.0, 2.0 * std::f32::consts::PI);
                (2.0 * std::f32::consts::PI / wavelength, amplitude, phase)
            })
            .collect();
        Hills { waves }
    }

    fn height(&self, x: f32) -> f32 {
        self.waves
            .iter()
            .map(|&(k, amplitude, phase)| amplitude * sin(k * x + phase))
            .sum()
    }
}
