//! The prismatic joint: B slides along an axis fixed in A and cannot turn relative to A.
//! A spring, a motor and limits act on the translation x = axis·d.
//!
//! With d the vector from anchor A to anchor B, a = A's axis now and p its left normal:
//! - along the axis: ẋ = a·(v_b − v_a) + (r_b × a)·w_b − ((d + r_a) × a)·w_a;
//! - across it and in angle (solved together, 2×2):
//!   C = [p·d, θ], Ċ = [p·(v_b − v_a) + s₂·w_b − s₁·w_a, w_b − w_a] with
//!   s₁ = (d + r_a) × p, s₂ = r_b × p, and
//!   K = [[m_a⁻¹ + m_b⁻¹ + i_a⁻¹·s₁² + i_b⁻¹·s₂², i_a⁻¹·s₁ + i_b⁻¹·s₂], [·, i_a⁻¹ + i_b⁻¹]].

use super::SoftPass;
use super::axis::{AxisImpulses, AxisOptions, AxisPass};
use super::check_anchors;
use super::frame::JointFrame;
use super::mass2::Mass2;
use super::options::{Limit, Motor, Spring, validate_options};
use crate::body::Body;
use crate::constraint::BodyState;
use crate::error::{Error, Result, check_finite, check_finite_vec};
use crate::limits::check_point;
use crate::math::{Vec2, atan2, cross};

/// Prismatic joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PrismaticJointDef {
    /// World point, at creation, where B's anchor sits on A's axis.
    pub anchor: Vec2,
    /// World direction of the axis at creation; it turns with A.
    pub axis: Vec2,
    /// Bounds on the translation along the axis (m, 0 at creation).
    pub limit: Option<Limit>,
    /// Slides B along the axis (m/s, at most `max_force` N).
    pub motor: Option<Motor>,
    /// A spring back to the translation at creation.
    pub spring: Option<Spring>,
}

impl PrismaticJointDef {
    /// A slider through the world point `anchor` along the world direction `axis`,
    /// with no limit, motor or spring.
    pub fn new(anchor: Vec2, axis: Vec2) -> PrismaticJointDef {
        PrismaticJointDef {
            anchor,
            axis,
            limit: None,
            motor: None,
            spring: None,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("anchor", self.anchor)?;
        validate_axis(self.axis)?;
        validate_options(self.limit, self.motor, self.spring)
    }
}

/// An axis must have a direction: a vector whose length is neither zero nor so large
/// that it overflows, since the joint stores it normalised.
pub(crate) fn validate_axis(axis: Vec2) -> Result<()> {
    check_finite_vec("axis", axis)?;
    if axis.try_normalize().is_none() {
        return Err(Error::InvalidValue {
            field: "axis",
            reason: "must be a non-zero vector whose length is finite",
        });
    }
    Ok(())
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct PrismaticJoint {
    pub local_anchor_a: Vec2,
    pub local_anchor_b: Vec2,
    /// The unit axis in A's frame.
    local_axis: Vec2,
    reference_angle: f32,
    axis: AxisOptions,
    /// Accumulated impulses across the axis and in angle.
    lock: Vec2,
    axial: AxisImpulses,
    /// The axis in the world at the last solve, to report forces.
    world_axis: Vec2,
}

impl PrismaticJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// anchors, axes, angle and impulses.
    pub fn check_values(&self) -> Result<()> {
        check_anchors(self.local_anchor_a, self.local_anchor_b)?;
        validate_axis(self.local_axis)?;
        check_finite("reference_angle", self.reference_angle)?;
        self.axis.check_values()?;
        check_finite_vec("lock impulse", self.lock)?;
        self.axial.check_values()?;
        check_finite_vec("world_axis", self.world_axis)
    }

    pub fn new(def: &PrismaticJointDef, a: &Body, b: &Body) -> PrismaticJoint {
        let turn = a.xf.q.inv_mul(b.xf.q);
        let world_axis = def.axis.normalize();
        PrismaticJoint {
            local_anchor_a: a.xf.inv_apply(def.anchor),
            local_anchor_b: b.xf.inv_apply(def.anchor),
            local_axis: a.xf.q.inv_rotate(world_axis),
            reference_angle: atan2(turn.s, turn.c),
            axis: AxisOptions::new(def.limit, def.motor, def.spring),
            lock: Vec2::ZERO,
            axial: AxisImpulses::default(),
            world_axis,
        }
    }

    /// The impulse on B: across and along the axis, and its angular part.
    pub fn impulses(&self) -> (Vec2, f32) {
        let linear = self.lock.x * self.world_axis.perp() + self.axial.total() * self.world_axis;
        (linear, self.lock.y)
    }

    pub fn prepare_soft(&mut self, frame: &mut JointFrame, h: f32, warm_starting: bool) {
        frame.measure_angle_from(self.reference_angle);
        self.axis.prepare(h);
        if !warm_starting {
            self.lock = Vec2::ZERO;
            self.axial = AxisImpulses::default();
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        let (r_a, r_b) = frame.arms(states);
        let d = frame.separation(states, (r_a, r_b));
        let axis = frame.rotation_a(states).rotate(self.local_axis);
        let linear = self.lock.x * axis.perp() + self.axial.total() * axis;
        frame.apply(states, (d + r_a, r_b), share * linear, share * self.lock.y);
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        let (r_a, r_b) = frame.arms(states);
        let d = frame.separation(states, (r_a, r_b));
        let axis = frame.rotation_a(states).rotate(self.local_axis);
        self.world_axis = axis;
        // Impulses along or across the axis act on A at d + r_a: B's anchor as A sees it.
        let arms = (d + r_a, r_b);
        let axis_pass = AxisPass {
            mass: frame.mass_along(arms, axis),
            position: axis.dot(d),
            h: pass.h,
            inv_h: pass.inv_h,
            softness: frame.softness,
            use_bias: pass.use_bias,
            warm: pass.warm,
        };
        let along = |s: &[BodyState]| axis.dot(frame.point_velocity(s, arms));
        let push = |s: &mut [BodyState], impulse: f32| frame.apply(s, arms, impulse * axis, 0.0);
        self.axis
            .solve(&mut self.axial, &axis_pass, states, along, push);
        let error = Vec2::new(axis.perp().dot(d), frame.angle(states));
        self.solve_lock(frame, states, arms, axis, pass.use_bias.then_some(error));
    }

    /// Holds B on the axis and at A's angle (see the module docs); `error` (across, angle)
    /// is corrected when given.
    fn solve_lock(
        &mut self,
        frame: &JointFrame,
        states: &mut [BodyState],
        arms: (Vec2, Vec2),
        axis: Vec2,
        error: Option<Vec2>,
    ) {
        let perp = axis.perp();
        let (s1, s2) = (cross(arms.0, perp), cross(arms.1, perp));
        let k = Mass2::prismatic(
            frame.inv_mass_a + frame.inv_mass_b,
            (frame.inv_i_a, frame.inv_i_b),
            (s1, s2),
        );
        if k.is_singular() {
            return;
        }
        let cdot = Vec2::new(
            perp.dot(frame.point_velocity(states, arms)),
            frame.relative_spin(states),
        );
        let s = &frame.softness;
        let (bias, mass_scale, impulse_scale) = match error {
            Some(error) => (s.bias_rate * error, s.mass_scale, s.impulse_scale),
            None => (Vec2::ZERO, 1.0, 0.0),
        };
        let impulse = -mass_scale * k.solve(cdot + bias) - impulse_scale * self.lock;
        self.lock += impulse;
        frame.apply(states, arms, impulse.x * perp, impulse.y);
    }
}
