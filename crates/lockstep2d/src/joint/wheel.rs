//! The wheel joint: B's anchor slides along an axis fixed in A (the suspension) and B
//! turns freely about it. A spring and limits act along the axis, a motor on B's spin
//! relative to A.
//!
//! As in the prismatic joint, with d from anchor A to anchor B, a the axis and p its left
//! normal: across, C = p·d with Ċ = p·(v_b − v_a) + (r_b × p)·w_b − ((d + r_a) × p)·w_a;
//! along, x = a·d. The motor's coordinate is the angle, whose rate is w_b − w_a.

use super::SoftPass;
use super::axis::{AxisImpulses, AxisOptions, AxisPass};
use super::check_anchors;
use super::frame::{JointFrame, soft_impulse};
use super::options::{Limit, Motor, Spring, validate_options};
use super::prismatic::validate_axis;
use crate::body::Body;
use crate::constraint::BodyState;
use crate::error::{Result, check_finite, check_finite_vec};
use crate::limits::check_point;
use crate::math::Vec2;

/// Wheel joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WheelJointDef {
    /// World point, at creation, of the wheel's hub (B's anchor, on A's axis).
    pub anchor: Vec2,
    /// World direction of the suspension axis at creation; it turns with A.
    pub axis: Vec2,
    /// The suspension: 0 Hz leaves it free.
    pub spring: Option<Spring>,
    /// Bounds on the suspension's travel (m, 0 at creation).
    pub limit: Option<Limit>,
    /// Spins the wheel relative to A (rad/s, at most `max_force` N·m).
    pub motor: Option<Motor>,
}

impl WheelJointDef {
    /// A wheel on a 1 Hz suspension with damping ratio 0.7 (Box2D's defaults).
    pub fn new(anchor: Vec2, axis: Vec2) -> WheelJointDef {
        WheelJointDef {
            anchor,
            axis,
            spring: Some(Spring {
                hertz: 1.0,
                damping_ratio: 0.7,
            }),
            limit: None,
            motor: None,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("anchor", self.anchor)?;
        validate_axis(self.axis)?;
        validate_options(self.limit, self.motor, self.spring)
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct WheelJoint {
    pub local_anchor_a: Vec2,
    pub local_anchor_b: Vec2,
    local_axis: Vec2,
    /// Spring and limits along the axis.
    suspension: AxisOptions,
    /// The motor, on the spin.
    drive: AxisOptions,
    across: f32,
    along: AxisImpulses,
    spin: AxisImpulses,
    world_axis: Vec2,
}

impl WheelJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and finite
    /// anchors, axes and impulses.
    pub fn check_values(&self) -> Result<()> {
        check_anchors(self.local_anchor_a, self.local_anchor_b)?;
        validate_axis(self.local_axis)?;
        self.suspension.check_values()?;
        self.drive.check_values()?;
        check_finite("across impulse", self.across)?;
        self.along.check_values()?;
        self.spin.check_values()?;
        check_finite_vec("world_axis", self.world_axis)
    }

    pub fn new(def: &WheelJointDef, a: &Body, b: &Body) -> WheelJoint {
        let world_axis = def.axis.normalize();
        WheelJoint {
            local_anchor_a: a.xf.inv_apply(def.anchor),
            local_anchor_b: b.xf.inv_apply(def.anchor),
            local_axis: a.xf.q.inv_rotate(world_axis),
            suspension: AxisOptions::new(def.limit, None, def.spring),
            drive: AxisOptions::new(None, def.motor, None),
            across: 0.0,
            along: AxisImpulses::default(),
            spin: AxisImpulses::default(),
            world_axis,
        }
    }

    /// The impulse on B: across and along the axis, and the motor's torque.
    pub fn impulses(&self) -> (Vec2, f32) {
        let linear = self.across * self.world_axis.perp() + self.along.total() * self.world_axis;
        (linear, self.spin.total())
    }

    pub fn prepare_soft(&mut self, h: f32, warm_starting: bool) {
        self.suspension.prepare(h);
        if !warm_starting {
            self.across = 0.0;
            self.along = AxisImpulses::default();
            self.spin = AxisImpulses::default();
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        let (r_a, r_b) = frame.arms(states);
        let d = frame.separation(states, (r_a, r_b));
        let axis = frame.rotation_a(states).rotate(self.local_axis);
        let linear = self.across * axis.perp() + self.along.total() * axis;
        frame.apply(
            states,
            (d + r_a, r_b),
            share * linear,
            share * self.spin.total(),
        );
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        let (r_a, r_b) = frame.arms(states);
        let d = frame.separation(states, (r_a, r_b));
        let axis = frame.rotation_a(states).rotate(self.local_axis);
        self.world_axis = axis;
        let arms = (d + r_a, r_b);
        let axis_pass = |mass: f32, position: f32| AxisPass {
            mass,
            position,
            h: pass.h,
            inv_h: pass.inv_h,
            softness: frame.softness,
            use_bias: pass.use_bias,
            warm: pass.warm,
        };
        let spin_rate = |s: &[BodyState]| frame.relative_spin(s);
        let turn = |s: &mut [BodyState], impulse: f32| frame.apply(s, arms, Vec2::ZERO, impulse);
        let drive = axis_pass(frame.angular_mass(), 0.0);
        self.drive
            .solve(&mut self.spin, &drive, states, spin_rate, turn);

        let along = |s: &[BodyState]| axis.dot(frame.point_velocity(s, arms));
        let push = |s: &mut [BodyState], impulse: f32| frame.apply(s, arms, impulse * axis, 0.0);
        let suspension = axis_pass(frame.mass_along(arms, axis), axis.dot(d));
        self.suspension
            .solve(&mut self.along, &suspension, states, along, push);

        // Across the axis: rigid, corrected softly while solving.
        let perp = axis.perp();
        let cdot = perp.dot(frame.point_velocity(states, arms));
        let softness = pass.use_bias.then_some(&frame.softness);
        let mass = frame.mass_along(arms, perp);
        let total = soft_impulse(mass, cdot, perp.dot(d), softness, self.across);
        frame.apply(states, arms, (total - self.across) * perp, 0.0);
        self.across = total;
    }
}
