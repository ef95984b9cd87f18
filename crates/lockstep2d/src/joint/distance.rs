//! The distance joint: keeps two anchor points a length apart, as a rod (rigid), a spring
//! (soft, about the rest length) or a rope (free up to a maximum length).
//!
//! With d from anchor A to anchor B and u = d / |d|: C = |d| − length,
//! Ċ = u·(v_b + w_b × r_b − v_a − w_a × r_a), mass 1 / (m_a⁻¹ + m_b⁻¹ + i_a⁻¹(r_a × u)² +
//! i_b⁻¹(r_b × u)²).

use super::SoftPass;
use super::axis::{AxisImpulses, AxisOptions, AxisPass};
use super::check_anchors;
use super::frame::{JointFrame, soft_impulse};
use super::options::{Limit, Spring, validate_options};
use crate::body::Body;
use crate::constraint::BodyState;
use crate::error::{Error, Result, check_finite, check_finite_vec, check_non_negative};
use crate::limits::{check_distance, check_point};
use crate::math::Vec2;

/// Distance joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DistanceJointDef {
    /// The world point, at creation, where the joint holds body A.
    pub anchor_a: Vec2,
    /// The world point, at creation, where the joint holds body B.
    pub anchor_b: Vec2,
    /// The rest length (m).
    pub length: f32,
    /// `None`: a rigid rod. `Some`: a spring about `length` (0 Hz: no pull, for a rope).
    pub spring: Option<Spring>,
    /// With a spring: the shortest and longest the joint may get.
    pub limit: Option<Limit>,
}

impl DistanceJointDef {
    /// A rigid rod between the anchors, as long as they are apart.
    pub fn rod(anchor_a: Vec2, anchor_b: Vec2) -> DistanceJointDef {
        DistanceJointDef {
            anchor_a,
            anchor_b,
            length: anchor_a.distance(anchor_b),
            spring: None,
            limit: None,
        }
    }

    /// A rope: slack up to `max_length`, taut there.
    pub fn rope(anchor_a: Vec2, anchor_b: Vec2, max_length: f32) -> DistanceJointDef {
        DistanceJointDef {
            length: max_length,
            spring: Some(Spring {
                hertz: 0.0,
                damping_ratio: 0.0,
            }),
            limit: Some(Limit {
                lower: 0.0,
                upper: max_length,
            }),
            ..DistanceJointDef::rod(anchor_a, anchor_b)
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("anchor_a", self.anchor_a)?;
        check_point("anchor_b", self.anchor_b)?;
        check_distance("length", self.length)?;
        validate_options(self.limit, None, self.spring)?;
        if self.limit.is_some_and(|l| l.lower < 0.0) {
            return Err(Error::InvalidValue {
                field: "limit.lower",
                reason: "a length must be >= 0",
            });
        }
        Ok(())
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct DistanceJoint {
    pub local_anchor_a: Vec2,
    pub local_anchor_b: Vec2,
    length: f32,
    rigid: bool,
    axis: AxisOptions,
    rod: f32,
    axial: AxisImpulses,
    world_axis: Vec2,
}

/// Below this length the direction between the anchors is not defined.
const MIN_LENGTH: f32 = 1e-4;

impl DistanceJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// anchors, axis and impulses.
    pub fn check_values(&self) -> Result<()> {
        check_anchors(self.local_anchor_a, self.local_anchor_b)?;
        check_non_negative("length", self.length)?;
        self.axis.check_values()?;
        check_finite("rod impulse", self.rod)?;
        self.axial.check_values()?;
        check_finite_vec("world_axis", self.world_axis)
    }

    pub fn new(def: &DistanceJointDef, a: &Body, b: &Body) -> DistanceJoint {
        let mut axis = AxisOptions::new(def.limit, None, def.spring);
        axis.rest = def.length;
        DistanceJoint {
            local_anchor_a: a.xf.inv_apply(def.anchor_a),
            local_anchor_b: b.xf.inv_apply(def.anchor_b),
            length: def.length,
            rigid: def.spring.is_none(),
            axis,
            rod: 0.0,
            axial: AxisImpulses::default(),
            world_axis: (def.anchor_b - def.anchor_a).normalize_or_zero(),
        }
    }

    /// The impulse on B along the joint.
    pub fn impulse(&self) -> Vec2 {
        (self.rod + self.axial.total()) * self.world_axis
    }

    pub fn prepare_soft(&mut self, h: f32, warm_starting: bool) {
        self.axis.prepare(h);
        if !warm_starting {
            self.rod = 0.0;
            self.axial = AxisImpulses::default();
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        let arms = frame.arms(states);
        let axis = frame.separation(states, arms).normalize_or_zero();
        frame.apply(
            states,
            arms,
            share * (self.rod + self.axial.total()) * axis,
            0.0,
        );
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        let arms = frame.arms(states);
        let d = frame.separation(states, arms);
        let length = d.length();
        if length < MIN_LENGTH {
            return;
        }
        let axis = d / length;
        self.world_axis = axis;
        let mass = frame.mass_along(arms, axis);
        let along = |s: &[BodyState]| axis.dot(frame.point_velocity(s, arms));
        let push = |s: &mut [BodyState], impulse: f32| frame.apply(s, arms, impulse * axis, 0.0);
        if self.rigid {
            let softness = pass.use_bias.then_some(&frame.softness);
            let total = soft_impulse(
                mass,
                along(states),
                length - self.length,
                softness,
                self.rod,
            );
            push(states, total - self.rod);
            self.rod = total;
            return;
        }
        let axis_pass = AxisPass {
            mass,
            position: length,
            h: pass.h,
            inv_h: pass.inv_h,
            softness: frame.softness,
            use_bias: pass.use_bias,
            warm: pass.warm,
        };
        self.axis
            .solve(&mut self.axial, &axis_pass, states, along, push);
    }
}
