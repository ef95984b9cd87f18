//! The weld joint: glues B to A at a point and an angle, rigidly or as a pair of springs
//! (one for the point, one for the angle), e.g. for a breakable or bending beam.
//!
//! Angle: C = θ, Ċ = w_b − w_a, mass 1 / (i_a⁻¹ + i_b⁻¹). Point: as the revolute pin.

use super::SoftPass;
use super::check_anchors;
use super::frame::{JointFrame, soft_impulse, soft_point_impulse};
use super::options::Spring;
use crate::body::Body;
use crate::constraint::{BodyState, Softness};
use crate::error::{Result, check_finite, check_finite_vec};
use crate::limits::check_point;
use crate::math::{Vec2, atan2};

/// Weld joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WeldJointDef {
    /// World point where the bodies are glued, at creation.
    pub anchor: Vec2,
    /// `None`: rigid. `Some`: the point holds as a spring.
    pub linear_spring: Option<Spring>,
    /// `None`: rigid. `Some`: the angle holds as a spring.
    pub angular_spring: Option<Spring>,
}

impl WeldJointDef {
    /// A rigid weld at the world point `anchor`.
    pub fn new(anchor: Vec2) -> WeldJointDef {
        WeldJointDef {
            anchor,
            linear_spring: None,
            angular_spring: None,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("anchor", self.anchor)?;
        self.linear_spring
            .as_ref()
            .map_or(Ok(()), Spring::validate)?;
        self.angular_spring
            .as_ref()
            .map_or(Ok(()), Spring::validate)
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct WeldJoint {
    pub local_anchor_a: Vec2,
    pub local_anchor_b: Vec2,
    reference_angle: f32,
    linear_spring: Option<Spring>,
    angular_spring: Option<Spring>,
    /// The springs' softness this step.
    linear_softness: Option<Softness>,
    angular_softness: Option<Softness>,
    linear: Vec2,
    angular: f32,
}

impl WeldJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// anchors, angle, softness and impulses.
    pub fn check_values(&self) -> Result<()> {
        check_anchors(self.local_anchor_a, self.local_anchor_b)?;
        check_finite("reference_angle", self.reference_angle)?;
        for spring in [self.linear_spring, self.angular_spring].iter().flatten() {
            spring.validate()?;
        }
        for softness in [self.linear_softness, self.angular_softness]
            .iter()
            .flatten()
        {
            softness.check_values()?;
        }
        check_finite_vec("linear impulse", self.linear)?;
        check_finite("angular impulse", self.angular)
    }

    pub fn new(def: &WeldJointDef, a: &Body, b: &Body) -> WeldJoint {
        let turn = a.xf.q.inv_mul(b.xf.q);
        WeldJoint {
            local_anchor_a: a.xf.inv_apply(def.anchor),
            local_anchor_b: b.xf.inv_apply(def.anchor),
            reference_angle: atan2(turn.s, turn.c),
            linear_spring: def.linear_spring,
            angular_spring: def.angular_spring,
            linear_softness: None,
            angular_softness: None,
            linear: Vec2::ZERO,
            angular: 0.0,
        }
    }

    pub fn impulses(&self) -> (Vec2, f32) {
        (self.linear, self.angular)
    }

    pub fn prepare_soft(&mut self, frame: &mut JointFrame, h: f32, warm_starting: bool) {
        frame.measure_angle_from(self.reference_angle);
        let soften = |s: Option<Spring>| s.map(|s| Softness::new(s.hertz, s.damping_ratio, h));
        self.linear_softness = soften(self.linear_spring);
        self.angular_softness = soften(self.angular_spring);
        if !warm_starting {
            self.linear = Vec2::ZERO;
            self.angular = 0.0;
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        frame.give_share(states, share, (self.linear, self.angular));
    }

    /// A spring always pulls; a rigid part is corrected only while solving (with the
    /// world's joint softness), not while relaxing.
    fn softness<'a>(
        spring: &'a Option<Softness>,
        frame: &'a JointFrame,
        use_bias: bool,
    ) -> Option<&'a Softness> {
        match spring {
            Some(s) => Some(s),
            None => use_bias.then_some(&frame.softness),
        }
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        let angular_softness = Self::softness(&self.angular_softness, frame, pass.use_bias);
        let spin = frame.relative_spin(states);
        let total = soft_impulse(
            frame.angular_mass(),
            spin,
            frame.angle(states),
            angular_softness,
            self.angular,
        );
        frame.apply_angular(states, total - self.angular);
        self.angular = total;

        let arms = frame.arms(states);
        let k = frame.point_mass(arms);
        let cdot = frame.point_velocity(states, arms);
        let error = frame.separation(states, arms);
        let softness = Self::softness(&self.linear_softness, frame, pass.use_bias);
        if let Some(impulse) = soft_point_impulse(k, cdot, error, softness, self.linear) {
            self.linear += impulse;
            frame.apply(states, arms, impulse, 0.0);
        }
    }
}
