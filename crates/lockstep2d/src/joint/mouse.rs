//! The mouse (target) joint: pulls a point of B towards a target in the world as a soft
//! spring with a force limit, and damps B's spin so a body held by a corner does not
//! swing for ever. It is how a testbed drags bodies; body A only names the joint's other
//! end and feels nothing.
//!
//! C = p_b − target, Ċ = v_b + w_b × r_b, K = m_b⁻¹·I + i_b⁻¹·[r_b]ₓᵀ[r_b]ₓ.

use super::SoftPass;
use super::frame::{JointFrame, soft_impulse, soft_point_impulse};
use crate::body::Body;
use crate::constraint::{BodyState, Softness};
use crate::error::{Result, check_finite, check_finite_vec, check_non_negative};
use crate::limits::{check_point, check_spring_value};
use crate::math::{Vec2, cross_sv};

/// Mouse joint options.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MouseJointDef {
    /// The world point to pull towards; B is grabbed at this point at creation.
    pub target: Vec2,
    /// Stiffness of the pull, as a spring frequency (Hz).
    pub hertz: f32,
    /// The pull's damping ratio: 1 is critical.
    pub damping_ratio: f32,
    /// The strongest pull (N).
    pub max_force: f32,
}

impl MouseJointDef {
    /// A 5 Hz, critically damped pull of at most `max_force` N.
    pub fn new(target: Vec2, max_force: f32) -> MouseJointDef {
        MouseJointDef {
            target,
            hertz: 5.0,
            damping_ratio: 1.0,
            max_force,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("target", self.target)?;
        check_spring_value("hertz", self.hertz)?;
        check_spring_value("damping_ratio", self.damping_ratio)?;
        check_non_negative("max_force", self.max_force)
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct MouseJoint {
    pub local_anchor_b: Vec2,
    pub def: MouseJointDef,
    /// B's centre of mass minus the target, at the start of the step.
    offset: Vec2,
    softness: Softness,
    linear: Vec2,
    angular: f32,
}

impl MouseJoint {
    /// What a decoded joint must hold: what its definition's checks pass, and a finite
    /// anchor, offset, softness and impulses.
    pub fn check_values(&self) -> Result<()> {
        self.def.validate()?;
        check_finite_vec("local_anchor_b", self.local_anchor_b)?;
        check_finite_vec("offset", self.offset)?;
        self.softness.check_values()?;
        check_finite_vec("linear impulse", self.linear)?;
        check_finite("angular impulse", self.angular)
    }

    pub fn new(def: &MouseJointDef, b: &Body) -> MouseJoint {
        MouseJoint {
            local_anchor_b: b.xf.inv_apply(def.target),
            def: *def,
            offset: Vec2::ZERO,
            softness: Softness::RIGID,
            linear: Vec2::ZERO,
            angular: 0.0,
        }
    }

    pub fn impulses(&self) -> (Vec2, f32) {
        (self.linear, self.angular)
    }

    /// Only B moves: A's masses are zeroed in the frame.
    pub fn prepare_soft(&mut self, frame: &mut JointFrame, b: &Body, h: f32, warm_starting: bool) {
        frame.inv_mass_a = 0.0;
        frame.inv_i_a = 0.0;
        self.offset = b.center - self.def.target;
        self.softness = Softness::new(self.def.hertz, self.def.damping_ratio, h);
        if !warm_starting {
            self.linear = Vec2::ZERO;
            self.angular = 0.0;
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, frame: &JointFrame, states: &mut [BodyState], share: f32) {
        frame.give_share(states, share, (self.linear, self.angular));
    }

    pub fn solve(&mut self, frame: &JointFrame, states: &mut [BodyState], pass: &SoftPass) {
        // Spin damping: a soft angular constraint with no target angle. A is not part of
        // the joint's motion, so only B's velocities count.
        let spin = states[frame.b as usize].w;
        let total = soft_impulse(
            frame.angular_mass(),
            spin,
            0.0,
            Some(&self.softness),
            self.angular,
        );
        frame.apply_angular(states, total - self.angular);
        self.angular = total;

        let arms = frame.arms(states);
        let k = frame.point_mass(arms);
        let b = &states[frame.b as usize];
        let error = self.offset + b.dp + arms.1;
        let cdot = b.v + cross_sv(b.w, arms.1);
        let pulled = soft_point_impulse(k, cdot, error, Some(&self.softness), self.linear);
        if let Some(impulse) = pulled {
            let most = self.def.max_force * pass.h;
            let (total, pull) = pass.warm.bounded_vector(self.linear, impulse, most);
            frame.apply(states, arms, pull, 0.0);
            self.linear = total;
        }
    }
}
