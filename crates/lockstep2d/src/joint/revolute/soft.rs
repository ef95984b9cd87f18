//! The revolute joint under the soft step: the pin of `revolute.rs` (its Jacobian and mass
//! are derived there), solved per substep with lever arms turned by the substep's delta
//! rotations, plus a spring, a motor and limits on the joint angle
//! θ = (angle_b − angle_a) − reference angle, whose velocity is w_b − w_a.
//!
//! Box2D-Lite's `softness` and `bias_factor` belong to the PGS solver; here the world's
//! joint stiffness holds the pin.

use super::RevoluteJoint;
use crate::constraint::BodyState;
use crate::joint::SoftPass;
use crate::joint::axis::AxisPass;
use crate::joint::axis::wide::AxisSource;
use crate::joint::frame::{JointFrame, soft_point_impulse};
use crate::math::Vec2;

impl RevoluteJoint {
    pub fn prepare_soft(&mut self, frame: &mut JointFrame, h: f32, warm_starting: bool) {
        frame.measure_angle_from(self.reference_angle);
        self.axis.prepare(h);
        if !warm_starting {
            self.impulse = Vec2::ZERO;
            self.axial = Default::default();
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        frame.give_share(states, share, (self.impulse, self.axial.total()));
    }

    /// The spring, motor and limits as the lane solve takes them (`joint/axis/wide.rs`),
    /// after `prepare_soft`; `None` for a bare pin.
    pub fn axis_source(&self, frame: &JointFrame, h: f32) -> Option<AxisSource> {
        let axis = &self.axis;
        if axis.has_no_options() {
            return None;
        }
        Some(AxisSource {
            angle: frame.relative_angle,
            mass: frame.angular_mass(),
            spring: axis.spring_softness().map(|s| (axis.rest, s)),
            motor: axis.motor.map(|m| (m.speed, m.max_force * h)),
            limit: axis.limit,
            impulses: self.axial,
        })
    }

    /// The scalar form of one pass; the soft step solves revolute joints eight at a
    /// time (`joint/revolute/wide.rs`), and the tests compare the two.
    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        self.solve_axis(frame, states, pass);
        self.solve_pin(frame, states, pass.use_bias);
    }

    /// Spring, motor and limits on the joint angle.
    fn solve_axis(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        let axis_pass = AxisPass {
            mass: frame.angular_mass(),
            position: frame.angle(states),
            h: pass.h,
            inv_h: pass.inv_h,
            softness: frame.softness,
            use_bias: pass.use_bias,
            warm: pass.warm,
        };
        let spin = |s: &[BodyState]| frame.relative_spin(s);
        let turn = |s: &mut [BodyState], impulse: f32| frame.apply_angular(s, impulse);
        self.axis
            .solve(&mut self.axial, &axis_pass, states, spin, turn);
    }

    /// The point constraint: anchor B on anchor A.
    fn solve_pin(&mut self, frame: &JointFrame, states: &mut [BodyState], use_bias: bool) {
        let arms = frame.arms(states);
        let k = frame.point_mass(arms);
        let cdot = frame.point_velocity(states, arms);
        let error = frame.separation(states, arms);
        let softness = use_bias.then_some(&frame.softness);
        if let Some(impulse) = soft_point_impulse(k, cdot, error, softness, self.impulse) {
            self.impulse += impulse;
            frame.apply(states, arms, impulse, 0.0);
        }
    }
}
