//! Wind and air drag: quadratic drag against the motion of each shape through moving air.

use crate::body::Body;
use crate::error::{Result, check_finite_vec, check_non_negative};
use crate::id::Slots;
use crate::math::{Vec2, cross_sv};
use crate::minmax;
use crate::shape::Shape;
use crate::world::Controller;
use crate::world::World;

/// Moving air. With a zero `velocity` it is plain air drag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindDef {
    /// The air's velocity, m/s.
    pub velocity: Vec2,
    /// Air density. 1.2 is sea-level air in SI units; against shapes of density 1 (the
    /// default) that is a strong drag, so a 1 m box falls at about 4 m/s.
    pub density: f32,
    /// The drag coefficient C_d: about 1 for blunt shapes.
    pub drag_coefficient: f32,
}

impl Default for WindDef {
    fn default() -> Self {
        WindDef {
            velocity: Vec2::ZERO,
            density: 1.2,
            drag_coefficient: 1.0,
        }
    }
}

/// The wind controller: every step each shape of every dynamic body feels
/// F = ½·ρ·C_d·w·|u|·u, with u the air's velocity relative to the shape's centroid and
/// w the shape's width across u, applied at the centroid (so lopsided bodies turn).
#[derive(Clone, Debug, PartialEq)]
pub struct Wind {
    def: WindDef,
}

impl Wind {
    /// A wind controller for the air `def` describes. Fails with `NotFinite` if any of
    /// its numbers is not finite, and with `InvalidValue` if `density` or
    /// `drag_coefficient` is negative.
    pub fn new(def: &WindDef) -> Result<Wind> {
        check_finite_vec("velocity", def.velocity)?;
        check_non_negative("density", def.density)?;
        check_non_negative("drag_coefficient", def.drag_coefficient)?;
        Ok(Wind { def: *def })
    }

    /// The air this controller was made from.
    pub fn def(&self) -> &WindDef {
        &self.def
    }

    /// Drag on each shape of `body`. Capped so that one step can at most bring the shape's
    /// centroid to rest relative to the air, with its share of the body's mass as felt
    /// there (turning included): explicit quadratic drag on a light body in a gale would
    /// otherwise overshoot and grow. Capping by the mass alone let a light shape far from
    /// the centre of mass spin its body up without bound.
    fn blow(&self, body: &mut Body, shapes: &Slots<Shape>, dt: f32) {
        let count = body.shapes.len.max(1) as f32;
        let (mut force, mut torque) = (Vec2::ZERO, 0.0);
        for collider in body.colliders(shapes) {
            let centroid = body.xf.apply(collider.centroid());
            let arm = centroid - body.center;
            let relative = self.def.velocity - (body.v + cross_sv(body.w, arm));
            let speed = relative.length();
            if speed == 0.0 {
                continue;
            }
            let width = collider.width_across(body.xf.q.inv_rotate(relative / speed));
            let drag = 0.5 * self.def.density * self.def.drag_coefficient * width * speed;
            // The mass a push along `relative` meets at the centroid: 1 / (1/m + (r×n)²/I).
            let turn = crate::math::cross(arm, relative / speed);
            let felt = 1.0 / (body.inv_mass + body.inv_inertia * turn * turn);
            let push = minmax::min(drag, felt / (count * dt)) * relative;
            force += push;
            torque += crate::math::cross(arm, push);
        }
        body.step_force += force;
        body.step_torque += torque;
    }
}

impl Controller for Wind {
    fn apply(&mut self, world: &mut World, dt: f32) {
        world.for_each_dynamic_body(|body, shapes| self.blow(body, shapes, dt));
    }
}
