//! Buoyancy: a fluid below a flat surface lifts, drags and carries the bodies in it.

use crate::body::Body;
use crate::error::{Error, Result, check_finite, check_finite_vec, check_non_negative};
use crate::id::Slots;
use crate::math::{Vec2, cross_sv};
use crate::minmax;
use crate::shape::{Shape, Submerged, Surface};
use crate::world::Controller;
use crate::world::World;

/// A fluid filling the half-plane below a surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuoyancyDef {
    /// The surface's normal, pointing out of the fluid (up). Need not be unit length.
    pub normal: Vec2,
    /// A point on the surface.
    pub surface_point: Vec2,
    /// kg/m², in the units of shape densities: a body of half the fluid's density floats
    /// half submerged.
    pub density: f32,
    /// Drag on the wet area against motion relative to the flow: N per m² per m/s.
    pub linear_drag: f32,
    /// Drag on spinning, per m² of wet area; scaled by the body's I/m so that it slows
    /// bodies of every size alike.
    pub angular_drag: f32,
    /// The fluid's velocity: a current that carries floating bodies along.
    pub flow: Vec2,
}

impl Default for BuoyancyDef {
    /// Water (density 1) below y = 0, still, with enough drag to settle a floating box
    /// within a few seconds.
    fn default() -> Self {
        BuoyancyDef {
            normal: Vec2::Y,
            surface_point: Vec2::ZERO,
            density: 1.0,
            linear_drag: 2.0,
            angular_drag: 1.0,
            flow: Vec2::ZERO,
        }
    }
}

/// The buoyancy controller: every step, each dynamic body gets the weight of the fluid
/// its shapes displace, upwards at the centroid of their wet part (Archimedes), plus drag
/// against the flow there. Forces last one step.
#[derive(Clone, Debug, PartialEq)]
pub struct Buoyancy {
    surface: Surface,
    def: BuoyancyDef,
}

impl Buoyancy {
    /// A buoyancy controller for the fluid `def` describes. Fails with `NotFinite` if
    /// any of its numbers is not finite, and with `InvalidValue` if `density`,
    /// `linear_drag` or `angular_drag` is negative or `normal` is zero.
    pub fn new(def: &BuoyancyDef) -> Result<Buoyancy> {
        check_finite_vec("normal", def.normal)?;
        check_finite_vec("surface_point", def.surface_point)?;
        check_non_negative("density", def.density)?;
        check_non_negative("linear_drag", def.linear_drag)?;
        check_non_negative("angular_drag", def.angular_drag)?;
        check_finite_vec("flow", def.flow)?;
        let normal = def.normal.normalize_or_zero();
        if normal == Vec2::ZERO || !normal.is_finite() {
            return Err(Error::InvalidValue {
                field: "normal",
                reason: "must be a non-zero vector",
            });
        }
        let offset = normal.dot(def.surface_point);
        check_finite("surface_point", offset)?;
        Ok(Buoyancy {
            surface: Surface { normal, offset },
            def: *def,
        })
    }

    /// The fluid this controller was made from.
    pub fn def(&self) -> &BuoyancyDef {
        &self.def
    }

    /// The wet part of every shape of `body`, summed.
    fn wet_part(&self, body: &Body, shapes: &Slots<Shape>) -> Submerged {
        let (mut area, mut moment) = (0.0, Vec2::ZERO);
        for collider in body.colliders(shapes) {
            let part = collider.submerged(body.xf, self.surface);
            area += part.area;
            moment += part.area * part.centroid;
        }
        if area <= 0.0 {
            return Submerged::default();
        }
        Submerged {
            area,
            centroid: moment / area,
        }
    }

    /// Lift and linear drag at the wet centroid, angular drag as a torque. The drags are
    /// capped so one step can at most bring the body to rest relative to the fluid:
    /// explicit drag on a light body would otherwise overshoot and grow.
    fn push(&self, body: &mut Body, wet: Submerged, gravity: Vec2, dt: f32) {
        let lift = -self.def.density * wet.area * gravity;
        let relative = self.def.flow - (body.v + cross_sv(body.w, wet.centroid - body.center));
        let drag_rate = minmax::min(self.def.linear_drag * wet.area * body.inv_mass * dt, 1.0);
        let drag = drag_rate * body.mass / dt * relative;
        // Refused only when the body's force sum would overflow: then no push this step.
        let _ = body.apply_step_force(lift + drag, wet.centroid);
        // τ = c·A·(I/m)·ω, so one step changes ω by c·A·h/m times itself.
        let spin_rate = minmax::min(self.def.angular_drag * wet.area * body.inv_mass * dt, 1.0);
        body.step_torque -= spin_rate * body.inertia / dt * body.w;
    }
}

impl Controller for Buoyancy {
    fn apply(&mut self, world: &mut World, dt: f32) {
        let gravity = world.gravity();
        world.for_each_dynamic_body(|body, shapes| {
            let wet = self.wet_part(body, shapes);
            if wet.area > 0.0 {
                self.push(body, wet, gravity, dt);
            }
        });
    }
}
