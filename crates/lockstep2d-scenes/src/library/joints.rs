//! Box2D v3's joint samples (`samples/sample_joints.cpp`) and a ragdoll after its
//! `shared/human.c`: chains and meshes of revolute joints, where a joint that stretches
//! shows at once.
//!
//! Box2D gives these joints motor friction (a motor of zero speed and a small maximum
//! torque) and, in the ragdoll, limits; lockstep2d's revolute joint has neither yet, so
//! the joints here swing freely. Box2D's joints do not let their two bodies collide
//! (`collideConnected` off), nor do these.

use lockstep2d::{Motor, SolverSettings};

use super::ground_box;

use crate::def::{BodyJson, JointJson, SceneDef, ShapeJson};

/// `Bridge`: 160 planks (1 × 0.25 m, density 20, damping 0.1) pinned end to end and
/// to the world at both ends, loaded with two triangles and three balls dropped on it.
/// The world's anchor is a body with no shapes at the origin, as in Box2D. Tests joint
/// stretch under a long chain's weight.
pub fn bridge() -> SceneDef {
    const COUNT: usize = 160;
    const X_BASE: f32 = -80.0;
    const Y: f32 = 20.0;
    let mut bodies = vec![BodyJson::static_at([0.0, 0.0])];
    let mut joints = Vec::new();
    for i in 0..COUNT {
        let plank = BodyJson {
            linear_damping: 0.1,
            angular_damping: 0.1,
            ..BodyJson::dynamic([X_BASE + 0.5 + i as f32, Y])
        };
        bodies.push(plank.with_shape(ShapeJson::new_box(0.5, 0.125).with_density(20.0)));
        // Plank i is body i + 1; it hangs from the body before it (the anchor for i = 0).
        joints.push(JointJson::revolute(i, i + 1, [X_BASE + i as f32, Y]));
    }
    joints.push(JointJson::revolute(COUNT, 0, [X_BASE + COUNT as f32, Y]));
    for i in 0..2 {
        let triangle = ShapeJson::polygon(vec![[-0.5, 0.0], [0.5, 0.0], [0.0, 1.5]]);
        bodies.push(
            BodyJson::dynamic([-8.0 + 8.0 * i as f32, 22.0])
                .with_shape(triangle.with_density(20.0)),
        );
    }
    for i in 0..3 {
        let ball = ShapeJson::circle(0.5).with_density(20.0);
        bodies.push(BodyJson::dynamic([-6.0 + 6.0 * i as f32, 25.0]).with_shape(ball));
    }
    SceneDef {
        solver: long_chain_solver(),
        bodies,
        joints,
        ..SceneDef::new("bridge")
    }
}

/// `BallAndChain`: 30 capsule links (1 m, radius 0.125, density 20) hung level from the
/// world, with a ball of radius 4 (about 1,000 kg) at the free end, released to swing.
/// Tests joints under a mass ratio of about 100 between the ball and a link.
pub fn ball_and_chain() -> SceneDef {
    const COUNT: usize = 30;
    const HX: f32 = 0.5;
    const Y: f32 = COUNT as f32 * HX;
    let mut bodies = vec![BodyJson::static_at([0.0, 0.0])];
    let mut joints = Vec::new();
    for i in 0..COUNT {
        let link = ShapeJson::capsule([-HX, 0.0], [HX, 0.0], 0.125).with_density(20.0);
        bodies.push(BodyJson::dynamic([(1.0 + 2.0 * i as f32) * HX, Y]).with_shape(link));
        joints.push(JointJson::revolute(i, i + 1, [2.0 * i as f32 * HX, Y]));
    }
    let radius = 4.0;
    let ball_x = (1.0 + 2.0 * COUNT as f32) * HX + radius - HX;
    bodies.push(
        BodyJson::dynamic([ball_x, Y]).with_shape(ShapeJson::circle(radius).with_density(20.0)),
    );
    joints.push(JointJson::revolute(
        COUNT,
        COUNT + 1,
        [2.0 * COUNT as f32 * HX, Y],
    ));
    SceneDef {
        solver: long_chain_solver(),
        bodies,
        joints,
        ..SceneDef::new("ball_and_chain")
    }
}

/// A ragdoll thrown onto the ground: a torso, head, two-part arms and legs, ten bodies
/// on nine pins. Tests a small tree of joints tumbling in contact with the ground.
pub fn ragdoll() -> SceneDef {
    let mut scene = SceneDef {
        bodies: vec![ground_box([0.0, 0.0], 20.0, 1.0)],
        ..SceneDef::new("ragdoll")
    };
    let first = scene.bodies.len();
    add_ragdoll(&mut scene, [0.0, 4.0]);
    // A spin, so it lands on a shoulder rather than on its feet.
    scene.bodies[first].linear_velocity = [2.0, 0.0];
    scene.bodies[first].angular_velocity = 3.0;
    scene
}

/// Adds a ragdoll standing with its feet 0.1 m above `at`, arms out level. Proportions follow
/// Box2D's human (1.8 m tall, capsule limbs), but the parts are placed so that no two
/// of them overlap unless pinned together, where Box2D's human gives its parts one
/// negative filter group so that its two legs may overlap (the ragdolls were built
/// before lockstep2d had filters, and the scenes' results are kept). Friction 0.2 as
/// Box2D's.
///
/// Every joint has a limit, as Box2D's human: the neck and hips within a range, shoulders
/// a wide one, elbows and knees bending one way; and a little joint friction (a motor
/// held at rest with a small torque) so the limbs do not flail for ever.
pub(super) fn add_ragdoll(scene: &mut SceneDef, at: [f32; 2]) {
    let base = scene.bodies.len();
    let p = |x: f32, y: f32| [at[0] + x, at[1] + y];
    let part = |x: f32, y: f32, shape: ShapeJson| {
        BodyJson::dynamic(p(x, y)).with_shape(shape.with_friction(0.2))
    };
    let upright = |half: f32, radius: f32| ShapeJson::capsule([0.0, -half], [0.0, half], radius);
    let level = |half: f32, radius: f32| ShapeJson::capsule([-half, 0.0], [half, 0.0], radius);
    // Body order: torso, head, then each side's upper and lower arm and leg.
    scene
        .bodies
        .push(part(0.0, 1.2, ShapeJson::new_box(0.15, 0.3)));
    scene.bodies.push(part(0.0, 1.65, ShapeJson::circle(0.12)));
    let pin = |a: usize, b: usize, x: f32, y: f32, [lower, upper]: [f32; 2]| JointJson {
        limit: Some([lower, upper]),
        motor: Some(JOINT_FRICTION),
        ..JointJson::revolute(base + a, base + b, p(x, y))
    };
    scene.joints.push(pin(0, 1, 0.0, 1.5, [-0.5, 0.5]));
    for side in [-1.0f32, 1.0] {
        let first = scene.bodies.len() - base;
        scene.bodies.extend([
            part(0.35 * side, 1.42, level(0.12, 0.05)),
            part(0.65 * side, 1.42, level(0.1, 0.045)),
            part(0.08 * side, 0.7, upright(0.13, 0.06)),
            part(0.08 * side, 0.28, upright(0.13, 0.05)),
        ]);
        // Elbows bend one way on each side: towards the front of the body.
        let elbow = if side > 0.0 { [0.0, 2.5] } else { [-2.5, 0.0] };
        scene.joints.extend([
            pin(0, first, 0.2 * side, 1.42, [-1.6, 1.6]),
            pin(first, first + 1, 0.515 * side, 1.42, elbow),
            pin(0, first + 2, 0.08 * side, 0.9, [-1.2, 1.2]),
            pin(first + 2, first + 3, 0.08 * side, 0.485, [-2.4, 0.0]),
        ]);
    }
}

/// A joint's friction: a motor at rest that can hold at most this torque (N·m).
const JOINT_FRICTION: Motor = Motor {
    speed: 0.0,
    max_force: 0.5,
};

/// Long chains carry large tensions through many joints: with Box2D's 4 substeps and
/// 60 Hz joints, the bridge's and the ball and chain's joints open well past the 0.05 m
/// their tests allow. Twice the substeps let the joints be twice as stiff (a soft
/// constraint stays stable up to a quarter of the substep rate), and both stay within
/// it (docs/decisions.md, "Long chains at 8 substeps and 120 Hz joints").
fn long_chain_solver() -> SolverSettings {
    SolverSettings {
        substeps: 8,
        joint_hertz: 120.0,
        ..SolverSettings::default()
    }
}
