//! Joint anchors and axes: scene joints give world points and directions at creation,
//! the peers want them in each body's own frame.

use lockstep2d::Spring;
use lockstep2d::math::{atan2, cos, sin};
use lockstep2d_scenes::{BodyJson, JointJson};

/// `point` (world, at creation) in `body`'s frame.
pub fn local_point(body: &BodyJson, point: [f32; 2]) -> [f32; 2] {
    let (c, s) = (cos(body.angle), sin(body.angle));
    let d = [point[0] - body.position[0], point[1] - body.position[1]];
    // Rᵀ·d: the inverse rotation.
    [c * d[0] + s * d[1], -s * d[0] + c * d[1]]
}

/// A world direction's angle, relative to `body`'s angle at creation. A joint frame
/// turned by this on each body lines both frames up at creation, so joint angles and
/// translations start at 0 as lockstep2d's do.
pub fn local_frame_angle(body: &BodyJson, axis: [f32; 2]) -> f32 {
    atan2(axis[1], axis[0]) - body.angle
}

/// (cos, sin) of an angle.
pub fn rotation(angle: f32) -> (f32, f32) {
    (cos(angle), sin(angle))
}

/// A spring of `hertz` and damping ratio as stiffness and damping per unit mass:
/// k = ω², c = 2ζω with ω = 2πf (what rapier's acceleration-based motors take).
pub fn stiffness_damping(spring: Spring) -> (f32, f32) {
    let omega = 2.0 * std::f32::consts::PI * spring.hertz;
    (omega * omega, 2.0 * spring.damping_ratio * omega)
}

/// lockstep2d's wheel suspension when a scene gives none (`WheelJointDef::new`).
pub const DEFAULT_WHEEL_SPRING: Spring = Spring {
    hertz: 1.0,
    damping_ratio: 0.7,
};

/// A distance joint's rest length: its own, or how far apart its anchors start.
pub fn distance_length(joint: &JointJson) -> f32 {
    let b = joint.anchor_b.unwrap_or(joint.anchor);
    let rest = (b[0] - joint.anchor[0]).hypot(b[1] - joint.anchor[1]);
    joint.length.unwrap_or(rest)
}
