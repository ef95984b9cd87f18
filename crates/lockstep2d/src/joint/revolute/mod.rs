//! The revolute joint: two bodies pinned together at a point (Box2D-Lite's joint).
//!
//! Constraint: C = (c_b + r_b) − (c_a + r_a) = 0, a 2D point constraint. Its velocity
//! form is Cdot = v_b + w_b × r_b − v_a − w_a × r_a, with Jacobian mass
//! K = (m_a⁻¹ + m_b⁻¹)·I + i_a⁻¹·[r_a]ₓᵀ[r_a]ₓ + i_b⁻¹·[r_b]ₓᵀ[r_b]ₓ, where [r]ₓᵀ[r]ₓ is
//! [[r.y², −r.x·r.y], [−r.x·r.y, r.x²]].
//!
//! Softness (Box2D-Lite): adding `softness·I` to K and `−softness·P` to the velocity
//! error turns the rigid pin into a spring-damper; with `bias_factor` the pair maps to a
//! stiffness and damping: softness = 1/(d + h·k), bias_factor = h·k/(d + h·k).

mod soft;
pub(crate) mod wide;

use crate::body::Body;
use crate::constraint::{SolverBody, SolverSettings};
use crate::error::{Result, check_finite, check_finite_vec, check_non_negative};
use crate::joint::axis::{AxisImpulses, AxisOptions};
use crate::joint::check_anchors;
use crate::joint::mass2::Mass2;
use crate::joint::options::{Limit, Motor, Spring, validate_options};
use crate::limits::check_point;
use crate::math::{Vec2, cross_sv};

/// Revolute joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RevoluteJointDef {
    /// World point where the bodies are pinned, at creation.
    pub anchor: Vec2,
    /// PGS (Box2D-Lite) only: 0 is rigid; larger values let the pin stretch like a
    /// spring. With `bias_factor` it maps to a stiffness k and damping d over a step h:
    /// softness = 1/(d + h·k), bias_factor = h·k/(d + h·k).
    pub softness: f32,
    /// PGS only: fraction of the position error corrected per step (Baumgarte), in [0, 1].
    pub bias_factor: f32,
    /// Soft step only: bounds on B's angle relative to A (radians, 0 at creation).
    pub limit: Option<Limit>,
    /// Soft step only: turns B relative to A (rad/s, at most `max_force` N·m).
    pub motor: Option<Motor>,
    /// Soft step only: a torsion spring back to the angle at creation.
    pub spring: Option<Spring>,
}

impl RevoluteJointDef {
    /// A rigid pin at `anchor` with Box2D-Lite's bias factor of 0.2 and no options.
    pub fn at(anchor: Vec2) -> RevoluteJointDef {
        RevoluteJointDef {
            anchor,
            softness: 0.0,
            bias_factor: 0.2,
            limit: None,
            motor: None,
            spring: None,
        }
    }

    /// True when an option only the soft step solves is set.
    pub(crate) fn needs_soft_step(&self) -> bool {
        self.limit.is_some() || self.motor.is_some() || self.spring.is_some()
    }

    pub(crate) fn validate(&self) -> Result<()> {
        validate_options(self.limit, self.motor, self.spring)?;
        check_point("anchor", self.anchor)?;
        check_non_negative("softness", self.softness)?;
        check_non_negative("bias_factor", self.bias_factor)?;
        if self.bias_factor > 1.0 {
            return Err(crate::Error::InvalidValue {
                field: "bias_factor",
                reason: "must be in [0, 1]",
            });
        }
        Ok(())
    }
}

/// Stored state: anchors in each body's frame, the options and the accumulated impulses.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct RevoluteJoint {
    pub local_anchor_a: Vec2,
    pub local_anchor_b: Vec2,
    pub softness: f32,
    pub bias_factor: f32,
    /// B's angle relative to A at creation: the joint angle's zero.
    pub reference_angle: f32,
    pub axis: AxisOptions,
    /// The pin's accumulated impulse on B.
    pub impulse: Vec2,
    /// The accumulated impulses of the spring, motor and limits, as torques on B.
    pub axial: AxisImpulses,
}

impl RevoluteJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// anchors, angle and impulses.
    pub fn check_values(&self) -> Result<()> {
        check_anchors(self.local_anchor_a, self.local_anchor_b)?;
        check_non_negative("softness", self.softness)?;
        check_non_negative("bias_factor", self.bias_factor)?;
        check_finite("reference_angle", self.reference_angle)?;
        self.axis.check_values()?;
        check_finite_vec("impulse", self.impulse)?;
        self.axial.check_values()
    }

    pub fn new(def: &RevoluteJointDef, a: &Body, b: &Body) -> RevoluteJoint {
        let turn = a.xf.q.inv_mul(b.xf.q);
        RevoluteJoint {
            local_anchor_a: a.xf.inv_apply(def.anchor),
            local_anchor_b: b.xf.inv_apply(def.anchor),
            softness: def.softness,
            bias_factor: def.bias_factor,
            reference_angle: crate::math::atan2(turn.s, turn.c),
            axis: AxisOptions::new(def.limit, def.motor, def.spring),
            impulse: Vec2::ZERO,
            axial: AxisImpulses::default(),
        }
    }

    /// The prestep: lever arms, effective mass and bias for this step.
    pub fn prepare(
        &mut self,
        (ia, a): (u32, &Body),
        (ib, b): (u32, &Body),
        settings: &SolverSettings,
        inv_dt: f32,
    ) -> RevoluteConstraint {
        let r_a = a.xf.q.rotate(self.local_anchor_a - a.local_center);
        let r_b = b.xf.q.rotate(self.local_anchor_b - b.local_center);
        // The softness adds to K's diagonal as an inverse mass would.
        let k = Mass2::point(
            (a.inv_mass + self.softness, a.inv_inertia),
            (b.inv_mass, b.inv_inertia),
            (r_a, r_b),
        );
        let error = (b.center + r_b) - (a.center + r_a);
        let bias = if settings.position_correction {
            -self.bias_factor * inv_dt * error
        } else {
            Vec2::ZERO
        };
        if !settings.warm_starting {
            self.impulse = Vec2::ZERO;
        }
        RevoluteConstraint {
            a: ia,
            b: ib,
            r_a,
            r_b,
            mass: k,
            bias,
            softness: self.softness,
            impulse: self.impulse,
        }
    }
}

/// A revolute joint ready to solve.
#[derive(Clone, Debug)]
pub(crate) struct RevoluteConstraint {
    a: u32,
    b: u32,
    r_a: Vec2,
    r_b: Vec2,
    mass: Mass2,
    bias: Vec2,
    softness: f32,
    pub impulse: Vec2,
}

impl RevoluteConstraint {
    pub fn warm_start(&self, bodies: &mut [SolverBody]) {
        apply(bodies, self.a, self.b, self.r_a, self.r_b, self.impulse);
    }

    pub fn solve(&mut self, bodies: &mut [SolverBody]) {
        if self.mass.is_singular() {
            return;
        }
        let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
        let dv = b.v + cross_sv(b.w, self.r_b) - a.v - cross_sv(a.w, self.r_a);
        let impulse = self
            .mass
            .solve(self.bias - dv - self.softness * self.impulse);
        apply(bodies, self.a, self.b, self.r_a, self.r_b, impulse);
        self.impulse += impulse;
    }
}

/// Applies `impulse` to B and its opposite to A at the lever arms.
fn apply(bodies: &mut [SolverBody], a: u32, b: u32, r_a: Vec2, r_b: Vec2, impulse: Vec2) {
    let body_a = &mut bodies[a as usize];
    body_a.v -= body_a.inv_mass * impulse;
    body_a.w -= body_a.inv_inertia * crate::math::cross(r_a, impulse);
    body_a.keep_below_ceiling();
    let body_b = &mut bodies[b as usize];
    body_b.v += body_b.inv_mass * impulse;
    body_b.w += body_b.inv_inertia * crate::math::cross(r_b, impulse);
    body_b.keep_below_ceiling();
}
