//! The motor joint: drives B towards a placement relative to A (an offset of its centre
//! of mass in A's frame and an angle), with at most a given force and torque — a
//! character pushed along by a platform, or a body steered by a controller.
//!
//! Each substep it asks for the velocity that would close `correction_factor` of the
//! remaining error per substep: Ċ = −correction·C / h, clamped by the force limits.

use super::SoftPass;
use super::frame::JointFrame;
use crate::constraint::BodyState;
use crate::error::{Error, Result, check_finite, check_finite_vec, check_non_negative};
use crate::limits::check_point;
use crate::math::Vec2;

/// Motor joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MotorJointDef {
    /// Where B's centre of mass should be, in A's frame relative to A's centre of mass.
    pub linear_offset: Vec2,
    /// B's angle relative to A that it should reach (radians).
    pub angular_offset: f32,
    /// The most force (N) it may push B with; at least 0.
    pub max_force: f32,
    /// The most torque (N·m) it may turn B with; at least 0.
    pub max_torque: f32,
    /// The fraction of the error closed per substep, in [0, 1].
    pub correction_factor: f32,
}

impl MotorJointDef {
    /// Drives B to `linear_offset` and `angular_offset` from A with at most `max_force`
    /// and `max_torque`, closing 0.3 of the error per substep (Box2D's default).
    pub fn new(
        linear_offset: Vec2,
        angular_offset: f32,
        max_force: f32,
        max_torque: f32,
    ) -> MotorJointDef {
        MotorJointDef {
            linear_offset,
            angular_offset,
            max_force,
            max_torque,
            correction_factor: 0.3,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("linear_offset", self.linear_offset)?;
        check_finite("angular_offset", self.angular_offset)?;
        check_non_negative("max_force", self.max_force)?;
        check_non_negative("max_torque", self.max_torque)?;
        check_non_negative("correction_factor", self.correction_factor)?;
        if self.correction_factor > 1.0 {
            return Err(Error::InvalidValue {
                field: "correction_factor",
                reason: "must be in [0, 1]",
            });
        }
        Ok(())
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct MotorJoint {
    pub def: MotorJointDef,
    linear: Vec2,
    angular: f32,
}

impl MotorJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// impulses.
    pub fn check_values(&self) -> Result<()> {
        self.def.validate()?;
        check_finite_vec("linear impulse", self.linear)?;
        check_finite("angular impulse", self.angular)
    }

    pub fn new(def: &MotorJointDef) -> MotorJoint {
        MotorJoint {
            def: *def,
            linear: Vec2::ZERO,
            angular: 0.0,
        }
    }

    pub fn impulses(&self) -> (Vec2, f32) {
        (self.linear, self.angular)
    }

    /// The anchors are the centres of mass; the frame measures angles from the offset.
    pub fn prepare_soft(&mut self, frame: &mut JointFrame, warm_starting: bool) {
        frame.measure_angle_from(self.def.angular_offset);
        if !warm_starting {
            self.linear = Vec2::ZERO;
            self.angular = 0.0;
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        frame.apply(
            states,
            (Vec2::ZERO, Vec2::ZERO),
            share * self.linear,
            share * self.angular,
        );
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        // Not a position constraint but a drive: the relax pass steers too, or it would
        // take back every substep's correction.
        let rate = self.def.correction_factor * pass.inv_h;
        let most = self.def.max_torque * pass.h;
        let cdot = frame.relative_spin(states) + rate * frame.angle(states);
        let change = -frame.angular_mass() * cdot;
        let (total, turn) = pass.warm.bounded(self.angular, change, most);
        frame.apply(states, (Vec2::ZERO, Vec2::ZERO), Vec2::ZERO, turn);
        self.angular = total;

        let centers = (Vec2::ZERO, Vec2::ZERO);
        let target = frame.rotation_a(states).rotate(self.def.linear_offset);
        let error = frame.separation(states, centers) - target;
        let cdot = frame.point_velocity(states, centers) + rate * error;
        let m = frame.inv_mass_a + frame.inv_mass_b;
        if m == 0.0 {
            return;
        }
        // K = m·I, inverted as 1/m: forming det K = m² would leave f32 for the lightest
        // and heaviest bodies.
        let most = self.def.max_force * pass.h;
        let change = cdot * (-1.0 / m);
        let (total, push) = pass.warm.bounded_vector(self.linear, change, most);
        frame.apply(states, centers, push, 0.0);
        self.linear = total;
    }
}
