//! Integration of body velocities (forces) and positions (velocities): semi-implicit
//! Euler, as in Box2D-Lite: new velocities first, then positions from the new velocities.

use crate::body::{Body, BodyType};
use crate::id::Slots;
use crate::math::Vec2;

/// v += h·(g·scale + F/m), w += h·τ/I, then damping: v /= 1 + h·c. The damping form is
/// exact for c = 0, stable for any c and h, and close to e^(−c·h) for small c·h.
pub(crate) fn integrate_velocities(
    bodies: &mut Slots<Body>,
    gravity: Vec2,
    h: f32,
    max_speed: f32,
) {
    for body in bodies.values_mut() {
        if !body.is_simulated() {
            body.step_force = Vec2::ZERO;
            body.step_torque = 0.0;
            continue;
        }
        let force = body.force + body.step_force;
        let torque = body.torque + body.step_torque;
        let acceleration = body.gravity_scale * gravity + body.inv_mass * force;
        body.v = clamp_speed(
            (body.v + h * acceleration) * (1.0 / (1.0 + h * body.linear_damping)),
            max_speed,
        );
        body.w = clamp_spin(
            (body.w + h * body.inv_inertia * torque) * (1.0 / (1.0 + h * body.angular_damping)),
            max_spin(h),
        );
        body.step_force = Vec2::ZERO;
        body.step_torque = 0.0;
    }
}

/// Moves every non-static body by its velocity over `h`, first held to the limits:
/// what the constraints added since `integrate_velocities` is held too, so no solve,
/// however its constraints fight, moves a body further than the limits allow.
pub(crate) fn integrate_positions(bodies: &mut Slots<Body>, h: f32, max_speed: f32) {
    for body in bodies.values_mut() {
        if body.body_type == BodyType::Static || !body.awake {
            continue;
        }
        body.v = clamp_speed(body.v, max_speed);
        body.w = clamp_spin(body.w, max_spin(h));
        body.center += h * body.v;
        body.xf.q = body.xf.q.integrate(h * body.w);
        body.xf.p = body.center - body.xf.q.rotate(body.local_center);
    }
}

/// The most a body turns in one step: an eighth of a turn, Box2D v3's limit (47 rad/s
/// at 60 Hz). Constraints are solved as if the lever arms stood still over a substep;
/// turning faster makes that guess so wrong that a solve pumps spin into a body (a light
/// body pinned far from its centre spun up without bound), and it bounds what any solve
/// can give.
const MAX_ROTATION: f32 = 0.25 * std::f32::consts::PI;

/// The fastest a body may turn (rad/s) in steps of `dt`.
pub(crate) fn max_spin(dt: f32) -> f32 {
    MAX_ROTATION / dt
}

/// `v`, shortened to `max_speed` if longer. A speed whose square overflows keeps its
/// direction; a non-finite velocity becomes zero, so a limit is never NaN.
#[inline]
pub(crate) fn clamp_speed(v: Vec2, max_speed: f32) -> Vec2 {
    let speed_squared = v.length_squared();
    if speed_squared <= max_speed * max_speed {
        v
    } else if speed_squared.is_finite() {
        v * (max_speed / speed_squared.sqrt())
    } else {
        (v / v.x.abs().max(v.y.abs())).normalize_or_zero() * max_speed
    }
}

/// `w`, held to `max_spin`; a NaN spin becomes zero.
#[inline]
pub(crate) fn clamp_spin(w: f32, max_spin: f32) -> f32 {
    if w.abs() <= max_spin {
        w
    } else if w.is_nan() {
        0.0
    } else {
        max_spin.copysign(w)
    }
}
