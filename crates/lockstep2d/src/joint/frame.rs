//! What every joint prepares at the start of a soft step, and the pieces of solving that
//! all joint kinds share.
//!
//! Positions during the substeps come from the bodies' delta poses, so the error of a
//! joint is computed from small numbers even far from the origin:
//!   d = (c_b − c_a) + (Δp_b − Δp_a) + (Δq_b·r_b − Δq_a·r_a),
//! the vector from anchor A to anchor B.

use super::mass2::Mass2;
use crate::body::Body;
use crate::constraint::{BodyState, InverseMasses, Softness};
use crate::math::{Rot, Vec2, atan2, cross, cross_sv, unwind_angle};
use crate::minmax;

#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct JointFrame {
    pub a: u32,
    pub b: u32,
    pub inv_mass_a: f32,
    pub inv_i_a: f32,
    pub inv_mass_b: f32,
    pub inv_i_b: f32,
    /// Lever arms from each centre of mass to its anchor at the start of the step.
    pub r_a: Vec2,
    pub r_b: Vec2,
    /// c_b − c_a at the start of the step.
    pub delta_center: Vec2,
    /// Body A's rotation at the start of the step, to turn axes kept in its frame.
    pub q_a: Rot,
    /// The angle of B relative to A at the start of the step.
    pub relative_angle: f32,
    /// How stiffly rigid parts are held (the world's joint stiffness).
    pub softness: Softness,
}

impl JointFrame {
    pub fn new(
        (ia, a): (u32, &Body),
        (ib, b): (u32, &Body),
        (local_anchor_a, local_anchor_b): (Vec2, Vec2),
        softness: Softness,
    ) -> JointFrame {
        let turn = a.xf.q.inv_mul(b.xf.q);
        JointFrame {
            a: ia,
            b: ib,
            inv_mass_a: a.inv_mass,
            inv_i_a: a.inv_inertia,
            inv_mass_b: b.inv_mass,
            inv_i_b: b.inv_inertia,
            r_a: a.xf.q.rotate(local_anchor_a - a.local_center),
            r_b: b.xf.q.rotate(local_anchor_b - b.local_center),
            delta_center: b.center - a.center,
            q_a: a.xf.q,
            relative_angle: atan2(turn.s, turn.c),
            softness,
        }
    }

    /// Measures the relative angle from `reference` (B's angle relative to A at rest)
    /// the short way round, in [−π, π]. Measured the long way, a joint turned just past
    /// half a turn from rest reads nearly a whole turn out, and its limit or weld pushes
    /// on round the circle, ever harder, instead of back.
    pub fn measure_angle_from(&mut self, reference: f32) {
        self.relative_angle = unwind_angle(self.relative_angle - reference);
    }

    /// The lever arms turned by the bodies' rotation so far this step.
    pub fn arms(&self, states: &[BodyState]) -> (Vec2, Vec2) {
        let (a, b) = self.states(states);
        (a.dq.rotate(self.r_a), b.dq.rotate(self.r_b))
    }

    /// The vector from anchor A to anchor B now (see the module docs).
    pub fn separation(&self, states: &[BodyState], (r_a, r_b): (Vec2, Vec2)) -> Vec2 {
        let (a, b) = self.states(states);
        self.delta_center + (b.dp - a.dp) + (r_b - r_a)
    }

    /// Body A's rotation now, to turn an axis fixed in A.
    pub fn rotation_a(&self, states: &[BodyState]) -> Rot {
        states[self.a as usize].dq.compose(self.q_a)
    }

    /// The angle of B relative to A now. Only the small turn of this step goes through
    /// `atan2`, so the angle does not wrap within a step.
    pub fn angle(&self, states: &[BodyState]) -> f32 {
        let (a, b) = self.states(states);
        let turn = a.dq.inv_mul(b.dq);
        self.relative_angle + atan2(turn.s, turn.c)
    }

    /// Relative velocity of anchor B to anchor A.
    pub fn point_velocity(&self, states: &[BodyState], (r_a, r_b): (Vec2, Vec2)) -> Vec2 {
        let (a, b) = self.states(states);
        b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a)
    }

    /// w_b − w_a.
    pub fn relative_spin(&self, states: &[BodyState]) -> f32 {
        let (a, b) = self.states(states);
        b.w - a.w
    }

    /// 1 / (i_a + i_b): the mass of a purely angular constraint (0 if neither turns).
    pub fn angular_mass(&self) -> f32 {
        let k = self.inv_i_a + self.inv_i_b;
        if k > 0.0 { 1.0 / k } else { 0.0 }
    }

    /// The effective mass of holding anchor B to anchor A, at arms `(r_a, r_b)`.
    pub fn point_mass(&self, arms: (Vec2, Vec2)) -> Mass2 {
        Mass2::point(
            (self.inv_mass_a, self.inv_i_a),
            (self.inv_mass_b, self.inv_i_b),
            arms,
        )
    }

    /// The mass of a constraint along unit `axis` through the anchors, arms `(r_a, r_b)`.
    pub fn mass_along(&self, (r_a, r_b): (Vec2, Vec2), axis: Vec2) -> f32 {
        let masses = InverseMasses {
            inv_mass_a: self.inv_mass_a,
            inv_i_a: self.inv_i_a,
            inv_mass_b: self.inv_mass_b,
            inv_i_b: self.inv_i_b,
        };
        masses.mass_along(r_a, r_b, axis)
    }

    /// The warm start of a joint whose impulse acts at its anchors: `share` of
    /// `linear` there and of `angular` (`solver::WarmStart`), as `apply` gives them.
    pub fn give_share(&self, states: &mut [BodyState], share: f32, (linear, angular): (Vec2, f32)) {
        let arms = self.arms(states);
        self.apply(states, arms, share * linear, share * angular);
    }

    /// Applies `linear` at the anchors (to B, its opposite to A) and `angular` to B (its
    /// opposite to A).
    pub fn apply(
        &self,
        states: &mut [BodyState],
        (r_a, r_b): (Vec2, Vec2),
        linear: Vec2,
        angular: f32,
    ) {
        let a = &mut states[self.a as usize];
        a.v -= self.inv_mass_a * linear;
        a.w -= self.inv_i_a * (cross(r_a, linear) + angular);
        a.keep_below_ceiling();
        let b = &mut states[self.b as usize];
        b.v += self.inv_mass_b * linear;
        b.w += self.inv_i_b * (cross(r_b, linear) + angular);
        b.keep_below_ceiling();
    }

    /// Applies a pure angular impulse to B (its opposite to A).
    pub fn apply_angular(&self, states: &mut [BodyState], angular: f32) {
        self.apply(states, (Vec2::ZERO, Vec2::ZERO), Vec2::ZERO, angular);
    }

    fn states<'s>(&self, states: &'s [BodyState]) -> (&'s BodyState, &'s BodyState) {
        (&states[self.a as usize], &states[self.b as usize])
    }
}

/// One pass of a one-dimensional soft constraint: position error `c`, velocity error
/// `cdot`, effective mass `mass`; returns the new accumulated impulse. With `softness`
/// `None` it is rigid with no position correction (the relax pass).
pub(crate) fn soft_impulse(
    mass: f32,
    cdot: f32,
    c: f32,
    softness: Option<&Softness>,
    accumulated: f32,
) -> f32 {
    let (bias, mass_scale, impulse_scale) = match softness {
        Some(s) => (s.bias_rate * c, s.mass_scale, s.impulse_scale),
        None => (0.0, 1.0, 0.0),
    };
    accumulated - mass_scale * mass * (cdot + bias) - impulse_scale * accumulated
}

/// One pass of a two-dimensional soft point constraint with effective-mass matrix `k`,
/// as `soft_impulse` but returning the change to the accumulated impulse; `None` when
/// neither body can move (`k` singular).
pub(crate) fn soft_point_impulse(
    k: Mass2,
    cdot: Vec2,
    c: Vec2,
    softness: Option<&Softness>,
    accumulated: Vec2,
) -> Option<Vec2> {
    if k.is_singular() {
        return None;
    }
    let (bias, mass_scale, impulse_scale) = match softness {
        Some(s) => (s.bias_rate * c, s.mass_scale, s.impulse_scale),
        None => (Vec2::ZERO, 1.0, 0.0),
    };
    Some(-mass_scale * k.solve(cdot + bias) - impulse_scale * accumulated)
}

/// One pass of a one-sided limit `c ≥ 0` (velocity `cdot`): speculative while apart (it
/// may close the gap `c` in this substep and no more), soft while violated; the
/// accumulated impulse only pushes.
pub(crate) fn limit_impulse(
    mass: f32,
    cdot: f32,
    c: f32,
    softness: &Softness,
    use_bias: bool,
    inv_h: f32,
    accumulated: f32,
) -> f32 {
    let total = if c > 0.0 {
        accumulated - mass * (cdot + c * inv_h)
    } else {
        soft_impulse(mass, cdot, c, use_bias.then_some(softness), accumulated)
    };
    minmax::max(total, 0.0)
}
