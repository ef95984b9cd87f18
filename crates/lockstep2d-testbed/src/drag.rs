//! Dragging a body with the mouse.
//!
//! The engine has no mouse joint yet, so the drag is a stiff, critically damped spring
//! between the grabbed point and the mouse, applied as a force every step from the
//! driver's per-step callback. It uses `apply_step_force` (one step only) rather than
//! `apply_force`: user forces last until the driver clears them after the frame, so a
//! force added every step would pile up over a frame's steps.

use std::f32::consts::TAU;

use lockstep2d::math::cross_sv;
use lockstep2d::{BodyId, Transform, Vec2, World};

use crate::PoseFn;
use crate::pick::body_at;

/// How fast the grabbed point follows the mouse.
const FREQUENCY_HZ: f32 = 5.0;
/// 1: the fastest approach without overshoot.
const DAMPING_RATIO: f32 = 1.0;
/// An explicit spring is only stable while ω·dt stays small; at low physics rates the
/// spring softens rather than explode.
const MAX_OMEGA_DT: f32 = 0.5;
/// A cap on the pull, in m/s² of the grabbed point, so a far-away mouse does not fling
/// the body out of the scene.
const MAX_ACCELERATION: f32 = 500.0;

/// A body held by the mouse: a spring from a point of the body to the cursor, applied
/// as a force before every step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    body: BodyId,
    /// The grabbed point in the body's frame.
    local_point: Vec2,
    /// Where the mouse is, in the world.
    target: Vec2,
}

impl Drag {
    /// Grabs the dynamic body under world point `p`, if any, holding it where `pose`
    /// (the drawn pose) puts `p`.
    pub fn grab(world: &World, pose: &PoseFn, p: Vec2) -> lockstep2d::Result<Option<Drag>> {
        let Some(body) = body_at(world, p)? else {
            return Ok(None);
        };
        Ok(Some(Drag {
            body,
            local_point: pose(body)?.inv_apply(p),
            target: p,
        }))
    }

    /// The body held.
    pub fn body(&self) -> BodyId {
        self.body
    }

    /// Where the mouse is, in the world.
    pub fn target(&self) -> Vec2 {
        self.target
    }

    /// Moves the point the body is pulled towards (the mouse, in the world).
    pub fn set_target(&mut self, target: Vec2) {
        self.target = target;
    }

    /// The grabbed point in the world when the body is at `pose`.
    pub fn anchor(&self, pose: Transform) -> Vec2 {
        pose.apply(self.local_point)
    }

    /// Adds this step's spring force. Call before every step (`dt` its length).
    ///
    /// F = m·(ω²·(target − p) − 2ζω·v_p), with m the mass the grabbed point feels at
    /// the worst direction, 1 / (1/m + r²/I): a lower bound, so the spring is never
    /// stiffer than its step can integrate (a point far from the centre of mass is
    /// light and would otherwise oscillate). The spring also carries the body's weight,
    /// −M·g, so that the soft spring of a low physics rate does not sag below the mouse,
    /// and damps spinning (a torque −I·ω·w), so a body held by a corner stops swinging
    /// like a pendulum, as Box2D's mouse joint does.
    pub fn apply(&self, world: &mut World, dt: f32) -> lockstep2d::Result<()> {
        let p = self.anchor(world.transform(self.body)?);
        let r = p - world.center_of_mass(self.body)?;
        let v = world.linear_velocity(self.body)? + cross_sv(world.angular_velocity(self.body)?, r);
        let inertia = world.inertia(self.body)?;
        let turning = if inertia > 0.0 {
            r.length_squared() / inertia
        } else {
            0.0
        };
        let mass = 1.0 / (1.0 / world.mass(self.body)? + turning);
        let omega = (TAU * FREQUENCY_HZ).min(MAX_OMEGA_DT / dt);
        let pull = omega * omega * (self.target - p) - 2.0 * DAMPING_RATIO * omega * v;
        let weight = world.mass(self.body)? * world.gravity();
        let force = mass * pull.clamp_length_max(MAX_ACCELERATION) - weight;
        world.apply_step_force(self.body, force, p)?;
        let spin = world.angular_velocity(self.body)?;
        world.apply_step_torque(self.body, -inertia * omega * spin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, Geometry, Polygon, ShapeDef, WorldDef};

    #[test]
    fn the_spring_brings_the_grabbed_point_to_the_mouse_without_blowing_up() {
        for hz in [10.0, 60.0] {
            let mut world = World::new(&WorldDef::default()).unwrap();
            let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
            let square = Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap());
            world.create_shape(body, &ShapeDef::new(square)).unwrap();
            let pose = |b| world.transform(b);
            let corner = Vec2::new(0.45, 0.45);
            let mut drag = Drag::grab(&world, &pose, corner).unwrap().expect("grabbed");
            drag.set_target(Vec2::new(3.0, 2.0));
            let dt = 1.0 / hz;
            for _ in 0..(5.0 * hz) as u32 {
                drag.apply(&mut world, dt).unwrap();
                world.step(dt).unwrap();
            }
            let held = drag.anchor(world.transform(body).unwrap());
            assert!((held - drag.target()).length() < 0.05, "{hz} Hz: {held}");
            assert!(
                world.linear_velocity(body).unwrap().length() < 0.5,
                "{hz} Hz"
            );
        }
    }
}
