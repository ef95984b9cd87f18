//! Box2D v3's benchmark scenes (`shared/benchmarks.c`), under their names there, so
//! timings compare across engines. Counts are the release build's (`BENCHMARK_DEBUG`
//! off). Box2D turns sleeping off in most of them; lockstep2d has no sleeping yet.

use std::f32::consts::PI;

use lockstep2d::{Filter, Rot};

use super::joints::add_ragdoll;
use crate::def::{BodyJson, JointJson, SceneDef, ShapeJson};

/// `CreateLargePyramid`: a pyramid of 5,050 unit boxes, 100 at its base, resting on a
/// 200 × 2 ground box whose top face is y = 0. Boxes start exactly touching, side by
/// side and row on row. Density 1 and friction 0.6 are Box2D v3's shape defaults.
pub fn large_pyramid() -> SceneDef {
    SceneDef {
        steps: 500,
        bodies: box_pyramid(100),
        ..SceneDef::new("large_pyramid")
    }
}

/// The large pyramid's construction for any base: the ground, then the boxes row by
/// row from the bottom, so the top `n` rows of a pyramid are a pyramid of base `n`.
pub(super) fn box_pyramid(base_count: usize) -> Vec<BodyJson> {
    const HALF_EXTENT: f32 = 0.5;
    let mut bodies =
        vec![BodyJson::static_at([0.0, -1.0]).with_shape(ShapeJson::new_box(100.0, 1.0))];
    let shift = HALF_EXTENT;
    for i in 0..base_count {
        let y = (2.0 * i as f32 + 1.0) * shift;
        for j in i..base_count {
            // Row i starts half a box further right than row i − 1; the base is centred.
            let x = (i as f32 + 1.0) * shift + 2.0 * (j - i) as f32 * shift
                - HALF_EXTENT * base_count as f32;
            bodies.push(
                BodyJson::dynamic([x, y]).with_shape(ShapeJson::new_box(HALF_EXTENT, HALF_EXTENT)),
            );
        }
    }
    bodies
}

/// `CreateManyPyramids`: 20 rows of 20 pyramids, ten unit boxes at each base (22,000
/// boxes), every row on its own ground 11 m above the last. Box2D's grounds are
/// segments; here they are boxes 0.1 m thick with their top face where the segment was.
pub fn many_pyramids() -> SceneDef {
    many_pyramids_sized(20, 20)
}

/// `many_pyramids` grown to 43 rows of 43 pyramids: 101,695 boxes, for measuring the
/// engines at a hundred thousand bodies. A step takes a hundred milliseconds or more, so
/// it runs 100 steps by default.
pub fn huge_pyramids() -> SceneDef {
    SceneDef {
        name: "huge_pyramids".to_string(),
        steps: 100,
        ..many_pyramids_sized(43, 43)
    }
}

/// `many_pyramids` with `rows` rows of `columns` pyramids: for measuring how the step's
/// cost grows with the number of bodies.
pub fn many_pyramids_sized(rows: usize, columns: usize) -> SceneDef {
    const BASE: usize = 10;
    const EXTENT: f32 = 0.5;
    let ground_dy = 2.0 * EXTENT * (BASE as f32 + 1.0);
    let ground_width = 2.0 * EXTENT * columns as f32 * (BASE as f32 + 1.0);
    let mut ground = BodyJson::static_at([0.0, 0.0]);
    for row in 0..rows {
        let top = row as f32 * ground_dy;
        ground = ground.with_shape(ShapeJson::offset_box(
            0.5 * ground_width,
            0.05,
            [0.0, top - 0.05],
            0.0,
        ));
    }
    let mut bodies = vec![ground];
    let base_width = 2.0 * EXTENT * BASE as f32;
    for row in 0..rows {
        let base_y = row as f32 * ground_dy;
        for column in 0..columns {
            let center_x =
                -0.5 * ground_width + column as f32 * (base_width + 2.0 * EXTENT) + 2.0 * EXTENT;
            for i in 0..BASE {
                let y = (2.0 * i as f32 + 1.0) * EXTENT + base_y;
                for j in i..BASE {
                    let x =
                        (i as f32 + 1.0) * EXTENT + 2.0 * (j - i) as f32 * EXTENT + center_x - 0.5;
                    bodies.push(
                        BodyJson::dynamic([x, y]).with_shape(ShapeJson::new_box(EXTENT, EXTENT)),
                    );
                }
            }
        }
    }
    SceneDef {
        steps: 500,
        sleep: false,
        bodies,
        ..SceneDef::new("many_pyramids")
    }
}

/// `CreateJointGrid`: 100 × 100 circles (radius 0.4, 1 m apart) pinned to their
/// neighbours below and to the right, hung from seven static circles in the middle of
/// the top row. As in Box2D, the circles are in category 2 and touch every category but
/// 2, so they never touch each other. Box2D also pins the seven static circles to each
/// other; lockstep2d rejects a joint with no dynamic body, and such a joint does
/// nothing, so those six are left out.
pub fn joint_grid() -> SceneDef {
    const N: usize = 100;
    let is_static = |k: usize, i: usize| i == 0 && (N / 2 - 3..=N / 2 + 3).contains(&k);
    let mut bodies = Vec::with_capacity(N * N);
    let mut joints = Vec::new();
    for k in 0..N {
        for i in 0..N {
            let position = [k as f32, -(i as f32)];
            let body = if is_static(k, i) {
                BodyJson::static_at(position)
            } else {
                BodyJson::dynamic(position)
            };
            let filter = Filter {
                category_bits: 2,
                mask_bits: !2,
                group_index: 0,
            };
            bodies.push(body.with_shape(ShapeJson::circle(0.4).with_filter(filter)));
            let index = k * N + i;
            if i > 0 {
                joints.push(JointJson::revolute(
                    index - 1,
                    index,
                    [k as f32, 0.5 - i as f32],
                ));
            }
            if k > 0 && !(is_static(k, i) && is_static(k - 1, i)) {
                joints.push(JointJson::revolute(
                    index - N,
                    index,
                    [k as f32 - 0.5, -(i as f32)],
                ));
            }
        }
    }
    SceneDef {
        steps: 500,
        bodies,
        joints,
        ..SceneDef::new("joint_grid")
    }
}

/// `CreateRain`: ragdolls raining on five floors of 0.5 m ground boxes, 45 m apart;
/// those that land near a floor's end may tumble off it and fall to the next.
/// Box2D spawns a column of groups of five humans every eight steps and recycles them;
/// a scene file cannot spawn, so here all 5 rows × 40 columns × 5 ragdolls start in the
/// air at once, each group stacked 2.5 m apart from 30 m above its floor, so the group
/// fits under the next floor (Box2D's humans stand 0.5 m apart, overlapping, and rely
/// on a negative group filter per human; these ragdolls' parts are placed apart instead,
/// see `add_ragdoll`).
pub fn rain() -> SceneDef {
    const ROWS: usize = 5;
    const COLUMNS: usize = 40;
    const GROUP: usize = 5;
    const GRID_SIZE: f32 = 0.5;
    const GRID_COUNT: usize = 500;
    let span = GRID_COUNT as f32 * GRID_SIZE;
    let mut ground = BodyJson::static_at([0.0, 0.0]);
    for row in 0..ROWS {
        for j in 0..=GRID_COUNT {
            let x = -0.5 * span + j as f32 * GRID_SIZE;
            let center = [x, 45.0 * row as f32];
            ground = ground.with_shape(ShapeJson::offset_box(
                0.5 * GRID_SIZE,
                0.5 * GRID_SIZE,
                center,
                0.0,
            ));
        }
    }
    let mut scene = SceneDef {
        steps: 500,
        bodies: vec![ground],
        ..SceneDef::new("rain")
    };
    let spacing = span / COLUMNS as f32;
    for row in 0..ROWS {
        for column in 0..COLUMNS {
            let x = -0.5 * span + spacing * (column as f32 + 0.5);
            for k in 0..GROUP {
                add_ragdoll(&mut scene, [x, 30.0 + 45.0 * row as f32 + 2.5 * k as f32]);
            }
        }
    }
    scene
}

/// `CreateSpinner`: 6,076 capsules, circles and squares (density 0.25, friction 0.1,
/// restitution 0.1) in a drum of radius 40, stirred by a 40 m bar turning at 5 rad/s.
/// The bodies start overlapping, as in Box2D.
///
/// The bar is driven, as in Box2D, by a revolute motor of practically unbounded torque
/// (10⁸ N·m) pinned to the drum. Its rounded box (0.4 × 20, radius 0.2) is a
/// plain box of the same outer size. Box2D's drum is a 360-point chain loop, here 360
/// thin static boxes whose inner faces are its segments. The bar's tip moves at 100 m/s
/// and flings bodies faster, and crushes some against the wall: continuous collision
/// (in both engines) keeps them in the drum.
pub fn spinner() -> SceneDef {
    const POINTS: usize = 360;
    const RADIUS: f32 = 40.0;
    const CENTER: [f32; 2] = [0.0, 32.0];
    const HALF_DEPTH: f32 = 0.25;
    let step = 2.0 * PI / POINTS as f32;
    let half_length = RADIUS * Rot::from_angle(0.5 * step).s;
    // Each box's inner face is the chord between two neighbouring points of the loop.
    let to_box_center = RADIUS * Rot::from_angle(0.5 * step).c + HALF_DEPTH;
    let mut drum = BodyJson::static_at(CENTER);
    for i in 0..POINTS {
        let angle = step * (i as f32 + 0.5);
        let outward = Rot::from_angle(angle);
        let center = [to_box_center * outward.c, to_box_center * outward.s];
        drum = drum.with_shape(ShapeJson::offset_box(
            half_length,
            HALF_DEPTH,
            center,
            angle + 0.5 * PI,
        ));
    }
    let bar =
        BodyJson::dynamic([0.0, 12.0]).with_shape(ShapeJson::new_box(0.6, 20.2).with_friction(0.0));
    let mut bodies = vec![drum, bar];
    let joints = vec![motor_pin(0, 1, [0.0, 12.0], 5.0)];
    let material = |shape: ShapeJson| {
        shape
            .with_density(0.25)
            .with_friction(0.1)
            .with_restitution(0.1)
    };
    let (mut x, mut y) = (-23.0f32, 2.0f32);
    for i in 0..2 * 3038 {
        let shape = match i % 3 {
            0 => ShapeJson::capsule([-0.25, 0.0], [0.25, 0.0], 0.25),
            1 => ShapeJson::circle(0.35),
            _ => ShapeJson::new_box(0.35, 0.35),
        };
        bodies.push(BodyJson::dynamic([x, y]).with_shape(material(shape)));
        x += 0.5;
        if x >= 23.0 {
            x = -23.0;
            y += 0.5;
        }
    }
    SceneDef {
        steps: 500,
        bodies,
        joints,
        ..SceneDef::new("spinner")
    }
}

/// `CreateSmash`: no gravity; an 8 × 8 box (density 8) at 40 m/s into a block of
/// 120 × 80 touching 0.4 m boxes.
pub fn smash() -> SceneDef {
    const D: f32 = 0.4;
    const COLUMNS: usize = 120;
    const ROWS: usize = 80;
    let ram = BodyJson {
        linear_velocity: [40.0, 0.0],
        ..BodyJson::dynamic([-20.0, 0.0])
    }
    .with_shape(ShapeJson::new_box(4.0, 4.0).with_density(8.0));
    let mut bodies = vec![ram];
    for i in 0..COLUMNS {
        for j in 0..ROWS {
            let position = [i as f32 * D + 30.0, (j as f32 - ROWS as f32 / 2.0) * D];
            bodies
                .push(BodyJson::dynamic(position).with_shape(ShapeJson::new_box(0.5 * D, 0.5 * D)));
        }
    }
    SceneDef {
        gravity: [0.0, 0.0],
        steps: 500,
        bodies,
        ..SceneDef::new("smash")
    }
}

/// `CreateTumbler`: a 20 m square drum of four walls turning at 25°/s about (0, 10),
/// tumbling 45 × 45 boxes of 0.25 m. As in Box2D, the drum (density 50) is turned by a
/// revolute motor of 10⁸ N·m pinned to a static body at its centre.
pub fn tumbler() -> SceneDef {
    const GRID: usize = 45;
    let axle = BodyJson::static_at([0.0, 10.0]);
    let drum = BodyJson::dynamic([0.0, 10.0])
        .with_shape(ShapeJson::offset_box(0.5, 10.0, [10.0, 0.0], 0.0))
        .with_shape(ShapeJson::offset_box(0.5, 10.0, [-10.0, 0.0], 0.0))
        .with_shape(ShapeJson::offset_box(10.0, 0.5, [0.0, 10.0], 0.0))
        .with_shape(ShapeJson::offset_box(10.0, 0.5, [0.0, -10.0], 0.0));
    let drum = BodyJson {
        shapes: drum
            .shapes
            .into_iter()
            .map(|s| s.with_density(50.0))
            .collect(),
        ..drum
    };
    let mut bodies = vec![axle, drum];
    let joints = vec![motor_pin(0, 1, [0.0, 10.0], 25.0 * PI / 180.0)];
    let mut y = -0.2 * GRID as f32 + 10.0;
    for _ in 0..GRID {
        let mut x = -0.2 * GRID as f32;
        for _ in 0..GRID {
            bodies.push(BodyJson::dynamic([x, y]).with_shape(ShapeJson::new_box(0.125, 0.125)));
            x += 0.4;
        }
        y += 0.4;
    }
    SceneDef {
        steps: 500,
        bodies,
        joints,
        ..SceneDef::new("tumbler")
    }
}

/// A revolute joint at `anchor` whose motor turns B at `speed` (rad/s) with 10⁸ N·m:
/// Box2D's benchmark drives.
fn motor_pin(a: usize, b: usize, anchor: [f32; 2], speed: f32) -> JointJson {
    JointJson {
        motor: Some(lockstep2d::Motor {
            speed,
            max_force: 1.0e8,
        }),
        ..JointJson::revolute(a, b, anchor)
    }
}
