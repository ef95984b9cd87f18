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
        body.w =
            (body.w + h * body.inv_inertia * torque) * (1.0 / (1.0 + h * body.angular_damping));
        body.step_force = Vec2::ZERO;
        body.step_torque = 0.0;
    }
}

/// Moves every non-static body by its velocity over `h`.
pub(crate) fn integrate_positions(bodies: &mut Slots<Body>, h: f32) {
    for body in bodies.values_mut() {
        if body.body_type == BodyType::Static || !body.awake {
            continue;
        }
        body.center += h * body.v;
        body.xf.q = body.xf.q.integrate(h * body.w);
        body.xf.p = body.center - body.xf.q.rotate(body.local_center);
    }
}

/// `v`, shortened to `max_speed` if longer.
#[inline]
pub(crate) fn clamp_speed(v: Vec2, max_speed: f32) -> Vec2 {
    let speed_squared = v.length_squared();
    if speed_squared > max_speed * max_speed {
        v * (max_speed / speed_squared.sqrt())
    } else {
        v
    }
}
