//! The revolute joint under the soft step: the same point constraint as Box2D-Lite's
//! (see `revolute.rs` for its Jacobian and mass), solved per substep with lever arms
//! turned by the substep's delta rotations and a soft spring for position error.
//!
//! Position error, from the delta poses so it stays precise far from the origin:
//!   C = (c_b − c_a) + (Δp_b − Δp_a) + (Δq_b·r_b − Δq_a·r_a).
//! Box2D-Lite's `softness` and `bias_factor` belong to the PGS solver; here the world's
//! joint stiffness and damping ratio hold the pin.

use glam::Mat2;

use super::revolute::RevoluteJoint;
use crate::body::Body;
use crate::math::{Vec2, cross, cross_sv};
use crate::solver::{BodyState, Softness};

#[derive(Clone, Debug)]
pub(crate) struct SoftRevolute {
    a: u32,
    b: u32,
    /// Lever arms at the start of the step, from each centre of mass.
    r_a: Vec2,
    r_b: Vec2,
    /// c_b − c_a at the start of the step.
    delta_center: Vec2,
    inv_mass_a: f32,
    inv_i_a: f32,
    inv_mass_b: f32,
    inv_i_b: f32,
    softness: Softness,
    /// Accumulated impulse per substep, on body B.
    pub impulse: Vec2,
}

impl SoftRevolute {
    pub fn prepare(
        joint: &RevoluteJoint,
        (ia, a): (u32, &Body),
        (ib, b): (u32, &Body),
        softness: Softness,
        warm_starting: bool,
    ) -> SoftRevolute {
        SoftRevolute {
            a: ia,
            b: ib,
            r_a: a.xf.q.rotate(joint.local_anchor_a - a.local_center),
            r_b: b.xf.q.rotate(joint.local_anchor_b - b.local_center),
            delta_center: b.center - a.center,
            inv_mass_a: a.inv_mass,
            inv_i_a: a.inv_inertia,
            inv_mass_b: b.inv_mass,
            inv_i_b: b.inv_inertia,
            softness,
            impulse: if warm_starting {
                joint.impulse
            } else {
                Vec2::ZERO
            },
        }
    }

    /// The lever arms turned by the bodies' rotation so far this step.
    fn arms(&self, states: &[BodyState]) -> (Vec2, Vec2) {
        let (a, b) = (&states[self.a as usize], &states[self.b as usize]);
        (a.dq.rotate(self.r_a), b.dq.rotate(self.r_b))
    }

    pub fn warm_start(&self, states: &mut [BodyState]) {
        let (r_a, r_b) = self.arms(states);
        self.apply(states, r_a, r_b, self.impulse);
    }

    pub fn solve(&mut self, states: &mut [BodyState], use_bias: bool) {
        let (r_a, r_b) = self.arms(states);
        let (a, b) = (&states[self.a as usize], &states[self.b as usize]);
        let cdot = b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a);
        let (bias, mass_scale, impulse_scale) = if use_bias {
            let error = self.delta_center + (b.dp - a.dp) + (r_b - r_a);
            let s = &self.softness;
            (s.bias_rate * error, s.mass_scale, s.impulse_scale)
        } else {
            (Vec2::ZERO, 1.0, 0.0)
        };
        let k = self.mass_matrix(r_a, r_b);
        if k.determinant() == 0.0 {
            return; // neither body can move
        }
        let impulse = -mass_scale * (k.inverse() * (cdot + bias)) - impulse_scale * self.impulse;
        self.impulse += impulse;
        self.apply(states, r_a, r_b, impulse);
    }

    /// K = (m_a⁻¹ + m_b⁻¹)·I + i_a⁻¹·[r_a]ₓᵀ[r_a]ₓ + i_b⁻¹·[r_b]ₓᵀ[r_b]ₓ.
    fn mass_matrix(&self, r_a: Vec2, r_b: Vec2) -> Mat2 {
        let m = self.inv_mass_a + self.inv_mass_b;
        let (ia, ib) = (self.inv_i_a, self.inv_i_b);
        let xy = -ia * r_a.x * r_a.y - ib * r_b.x * r_b.y;
        Mat2::from_cols(
            Vec2::new(m + ia * r_a.y * r_a.y + ib * r_b.y * r_b.y, xy),
            Vec2::new(xy, m + ia * r_a.x * r_a.x + ib * r_b.x * r_b.x),
        )
    }

    fn apply(&self, states: &mut [BodyState], r_a: Vec2, r_b: Vec2, impulse: Vec2) {
        let a = &mut states[self.a as usize];
        a.v -= self.inv_mass_a * impulse;
        a.w -= self.inv_i_a * cross(r_a, impulse);
        let b = &mut states[self.b as usize];
        b.v += self.inv_mass_b * impulse;
        b.w += self.inv_i_b * cross(r_b, impulse);
    }
}
