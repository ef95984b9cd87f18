//! What every constraint and both solvers are built from: the body state a step
//! moves, soft constraints, warm starting, the solver's settings, and the lane code
//! that solves eight constraints at once (`lanes.rs`, moved in and out of lanes by
//! `shared_states.rs`, compiled for the CPU's instruction set by `dispatch.rs`).
//!
//! It sits below the joints, the contacts and the solvers, which each use it and none
//! of which it knows.

mod body_state;
mod bundle;
pub(crate) mod dispatch;
pub(crate) mod lane_angle;
pub(crate) mod lane_bodies;
mod lane_form;
pub(crate) mod lanes;
mod settings;
pub(crate) mod shared_states;
mod softness;
mod warm_start;

pub(crate) use body_state::{BodyInfo, BodyState, VELOCITY_CEILING};
pub(crate) use bundle::Bundle;
#[cfg(test)]
pub(crate) use bundle::testing;
pub use lane_form::{LANES_VARIABLE, LaneForm};
pub use settings::{SolverKind, SolverSettings};
pub(crate) use softness::Softness;
pub(crate) use warm_start::WarmStart;

use crate::math::{Vec2, cross};

/// The inverse masses of a constraint's two bodies (zero for a body it cannot move).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct InverseMasses {
    pub inv_mass_a: f32,
    pub inv_i_a: f32,
    pub inv_mass_b: f32,
    pub inv_i_b: f32,
}

impl InverseMasses {
    /// 1 / (m_a⁻¹ + m_b⁻¹ + i_a⁻¹·(r_a × d)² + i_b⁻¹·(r_b × d)²): the effective mass of
    /// a constraint along the unit direction `d` acting at lever arms `r_a`, `r_b`; 0
    /// when neither body can move.
    pub fn mass_along(&self, r_a: Vec2, r_b: Vec2, d: Vec2) -> f32 {
        let (ca, cb) = (cross(r_a, d), cross(r_b, d));
        let k = self.inv_mass_a + self.inv_mass_b + self.inv_i_a * ca * ca + self.inv_i_b * cb * cb;
        if k > 0.0 { 1.0 / k } else { 0.0 }
    }
}

/// The part of a body the solver reads and writes in its inner loop, packed together so
/// the loop touches one cache line per body. Static bodies have zero inverse mass.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SolverBody {
    pub v: Vec2,
    pub w: f32,
    pub inv_mass: f32,
    pub inv_inertia: f32,
}

const _: () = assert!(std::mem::size_of::<SolverBody>() == 20);

impl SolverBody {
    /// Holds each velocity component within ±`VELOCITY_CEILING`, as the soft
    /// step's joints do: Box2D-Lite's iterations have no limit between them, and an
    /// ill-conditioned pin would otherwise swing a velocity to infinity within a step.
    #[inline]
    pub fn keep_below_ceiling(&mut self) {
        let ceiling = VELOCITY_CEILING;
        self.v = crate::limits::clamp_velocity(self.v);
        self.w = self.w.clamp(-ceiling, ceiling);
    }
}
