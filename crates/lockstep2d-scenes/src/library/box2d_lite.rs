//! Box2D-Lite's nine demos (`samples/main.cpp`, Demo1 to Demo9), with its numbers.
//!
//! Box2D-Lite's `Body::Set(size, mass)` gives a body one box by its full size and its
//! mass, with mass `FLT_MAX` for static bodies and friction 0.2. Here a body holds a box
//! shape by half extents and a density, so density = mass / (width · height) gives the
//! same mass (and, a box being a box, the same inertia). Its joints do not stop the two
//! bodies colliding, so ours set `collide_connected`.

use std::f32::consts::PI;

use lockstep2d::SolverSettings;

use super::with_friction;

use crate::def::{BodyJson, JointJson, SceneDef, ShapeJson};
use crate::rng::Pcg32;

/// Every Box2D-Lite body's friction unless a demo sets another.
const FRICTION: f32 = 0.2;
/// Box2D-Lite's fixed step (main.cpp's `timeStep`), which its soft joints are tuned for.
const TIME_STEP: f32 = 1.0 / 60.0;

/// Demo 1: a box dropped on the ground.
pub fn single_box() -> SceneDef {
    let bodies = vec![ground(), dynamic_box([0.0, 4.0], [1.0, 1.0], 200.0)];
    lite_scene("single_box", bodies, Vec::new())
}

/// Demo 2: a box on a rigid pin, released level with the pivot.
pub fn simple_pendulum() -> SceneDef {
    let bodies = vec![ground(), dynamic_box([9.0, 11.0], [1.0, 1.0], 100.0)];
    let joints = vec![pin(0, 1, [0.0, 11.0])];
    lite_scene("simple_pendulum", bodies, joints)
}

/// Demo 3: five boxes slide down a zig-zag of ramps, each with less friction.
pub fn varying_friction() -> SceneDef {
    let mut bodies = vec![
        ground(),
        fixed_box([-2.0, 11.0], [13.0, 0.25]).with_angle(-0.25),
        fixed_box([5.25, 9.5], [0.25, 1.0]),
        fixed_box([2.0, 7.0], [13.0, 0.25]).with_angle(0.25),
        fixed_box([-5.25, 5.5], [0.25, 1.0]),
        fixed_box([-2.0, 3.0], [13.0, 0.25]).with_angle(-0.25),
    ];
    for (i, friction) in [0.75, 0.5, 0.35, 0.1, 0.0].into_iter().enumerate() {
        let x = -7.5 + 2.0 * i as f32;
        bodies.push(with_friction(
            dynamic_box([x, 14.0], [0.5, 0.5], 25.0),
            friction,
        ));
    }
    lite_scene("varying_friction", bodies, Vec::new())
}

/// Demo 4: a stack of ten boxes, each shifted sideways by up to 0.1 m at random.
pub fn randomized_stacking() -> SceneDef {
    // Fixed, so the scene is the same everywhere; changing it changes the scene.
    let mut rng = Pcg32::new(4, 0);
    let mut bodies = vec![ground()];
    for i in 0..10 {
        let x = rng.range(-0.1, 0.1);
        let y = 0.51 + 1.05 * i as f32;
        bodies.push(dynamic_box([x, y], [1.0, 1.0], 1.0));
    }
    lite_scene("randomized_stacking", bodies, Vec::new())
}

/// Demo 5: a pyramid of 78 boxes, twelve at its base. Rows start 2 m apart, so each
/// row drops about a metre onto the one below.
pub fn pyramid() -> SceneDef {
    let mut bodies = vec![ground()];
    // Accumulated like the original's `Vec2 +=`, so the positions have the same bits.
    let mut row_start = [-6.0, 0.75];
    for row in 0..12 {
        let mut p = row_start;
        for _ in row..12 {
            bodies.push(dynamic_box(p, [1.0, 1.0], 10.0));
            p[0] += 1.125;
        }
        row_start[0] += 0.5625;
        row_start[1] += 2.0;
    }
    lite_scene("pyramid", bodies, Vec::new())
}

/// Demo 6: a plank pinned at its middle, two small boxes on one end and a heavy box
/// dropped on the other.
pub fn teeter() -> SceneDef {
    let bodies = vec![
        ground(),
        dynamic_box([0.0, 1.0], [12.0, 0.25], 100.0),
        dynamic_box([-5.0, 2.0], [0.5, 0.5], 25.0),
        dynamic_box([-5.5, 2.0], [0.5, 0.5], 25.0),
        dynamic_box([5.5, 15.0], [1.0, 1.0], 100.0),
    ];
    let joints = vec![pin(0, 1, [0.0, 1.0])];
    lite_scene("teeter", bodies, joints)
}

/// Demo 7: fifteen planks joined end to end by soft pins (2 Hz, damping ratio 0.7),
/// both ends pinned to the ground body.
pub fn suspension_bridge() -> SceneDef {
    const PLANKS: usize = 15;
    const MASS: f32 = 50.0;
    let mut bodies = vec![ground()];
    for i in 0..PLANKS {
        let x = -8.5 + 1.25 * i as f32;
        bodies.push(dynamic_box([x, 5.0], [1.0, 0.25], MASS));
    }
    // Body i is joined to body i + 1 at the gap between them; the ground is body 0,
    // so the first joint holds the left end and the last joins plank 15 back to it.
    let anchor = |i: usize| [-9.125 + 1.25 * i as f32, 5.0];
    let mut joints: Vec<JointJson> = (0..PLANKS)
        .map(|i| spring_pin(i, i + 1, anchor(i), MASS, 2.0, 0.7))
        .collect();
    joints.push(spring_pin(PLANKS, 0, anchor(PLANKS), MASS, 2.0, 0.7));
    lite_scene("suspension_bridge", bodies, joints)
}

/// Demo 8: ten dominos on a shelf, a pendulum to knock them, and a see-saw and a
/// pinned box below them.
pub fn dominos() -> SceneDef {
    let mut bodies = vec![ground(), fixed_box([-1.5, 10.0], [12.0, 0.5])];
    for i in 0..10 {
        let domino = dynamic_box([-6.0 + i as f32, 11.125], [0.2, 2.0], 10.0);
        bodies.push(with_friction(domino, 0.1));
    }
    bodies.extend([
        fixed_box([1.0, 6.0], [14.0, 0.5]).with_angle(0.3),
        fixed_box([-7.0, 4.0], [0.5, 3.0]), // 13: the pendulum's post
        dynamic_box([-0.9, 1.0], [12.0, 0.25], 20.0), // 14: the see-saw
        dynamic_box([-10.0, 15.0], [0.5, 0.5], 10.0), // 15: the pendulum's bob
        with_friction(dynamic_box([6.0, 2.5], [2.0, 2.0], 20.0), 0.1), // 16
        dynamic_box([6.0, 3.6], [2.0, 0.2], 10.0), // 17: a lid pinned on 16
    ]);
    let joints = vec![
        pin(0, 14, [-2.0, 1.0]),
        pin(13, 15, [-7.0, 15.0]),
        pin(0, 16, [6.0, 2.6]),
        pin(16, 17, [7.0, 3.5]),
    ];
    lite_scene("dominos", bodies, joints)
}

/// Demo 9: a chain of fifteen links on soft pins (4 Hz, damping ratio 0.7), hung from
/// the ground body at one end and released horizontal.
pub fn multi_pendulum() -> SceneDef {
    const LINKS: usize = 15;
    const MASS: f32 = 10.0;
    const Y: f32 = 12.0;
    let mut bodies = vec![ground()];
    let mut joints = Vec::new();
    for i in 0..LINKS {
        bodies.push(dynamic_box([0.5 + i as f32, Y], [0.75, 0.25], MASS));
        // Link i is body i + 1; it hangs from the body before it (the ground for i = 0).
        joints.push(spring_pin(i, i + 1, [i as f32, Y], MASS, 4.0, 0.7));
    }
    lite_scene("multi_pendulum", bodies, joints)
}

/// A scene with Box2D-Lite's world: gravity (0, −10), 10 iterations, 60 Hz. 600 steps
/// (ten seconds) lets every demo settle or show its steady motion.
fn lite_scene(name: &str, bodies: Vec<BodyJson>, joints: Vec<JointJson>) -> SceneDef {
    SceneDef {
        gravity: [0.0, -10.0],
        hz: 60,
        steps: 600,
        solver: SolverSettings {
            iterations: 10,
            ..SolverSettings::default()
        },
        bodies,
        joints,
        ..SceneDef::new(name)
    }
}

/// The 100 × 20 ground box every demo starts with; its top face is y = 0.
fn ground() -> BodyJson {
    fixed_box([0.0, -10.0], [100.0, 20.0])
}

/// `Body::Set(size, FLT_MAX)`: a box of full `size` that never moves.
fn fixed_box(position: [f32; 2], size: [f32; 2]) -> BodyJson {
    BodyJson::static_at(position).with_shape(lite_shape(size))
}

/// `Body::Set(size, mass)`: a box of full `size` and `mass`.
fn dynamic_box(position: [f32; 2], size: [f32; 2], mass: f32) -> BodyJson {
    let density = mass / (size[0] * size[1]);
    BodyJson::dynamic(position).with_shape(lite_shape(size).with_density(density))
}

fn lite_shape([width, height]: [f32; 2]) -> ShapeJson {
    ShapeJson::new_box(0.5 * width, 0.5 * height).with_friction(FRICTION)
}

/// `Joint::Set(b1, b2, anchor)`: a rigid pin at a world point.
fn pin(body_a: usize, body_b: usize, anchor: [f32; 2]) -> JointJson {
    JointJson::revolute(body_a, body_b, anchor).with_collide_connected(true)
}

/// A pin made a spring of `frequency_hz` and `damping_ratio` for a body of `mass`, by
/// Box2D-Lite's formulas for its fixed step (in its order of operations, so the
/// numbers are the ones it computes):
/// ω = 2πf, damping d = 2mζω, stiffness k = mω², softness = 1/(d + hk),
/// bias factor = hk/(d + hk).
fn spring_pin(
    body_a: usize,
    body_b: usize,
    anchor: [f32; 2],
    mass: f32,
    frequency_hz: f32,
    damping_ratio: f32,
) -> JointJson {
    let omega = 2.0 * PI * frequency_hz;
    let d = 2.0 * mass * damping_ratio * omega;
    let k = mass * omega * omega;
    let softness = 1.0 / (d + TIME_STEP * k);
    let bias_factor = TIME_STEP * k / (d + TIME_STEP * k);
    pin(body_a, body_b, anchor).with_spring(softness, bias_factor)
}
