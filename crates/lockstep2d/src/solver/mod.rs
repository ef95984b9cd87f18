//! The constraint solver and the integration of bodies.
//!
//! `pgs` is Box2D-Lite's solver: sequential impulses over all constraints for a number of
//! iterations, with accumulated and clamped impulses, warm starting and Baumgarte
//! position correction. Its three teaching switches are fields of [`SolverSettings`].

mod contact_constraint;
mod integrate;
mod pgs;

pub(crate) use integrate::{integrate_positions, integrate_velocities};
pub(crate) use pgs::Pgs;

use crate::error::{Error, Result, check_finite, check_non_negative};
use crate::math::Vec2;

/// How the solver works. The defaults are Box2D-Lite's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverSettings {
    /// Sequential-impulse passes over every constraint per step.
    pub iterations: u32,
    /// Start each step from last step's impulses (matched by feature id).
    pub warm_starting: bool,
    /// Clamp the running total of each impulse rather than each increment. Without it
    /// the solver cannot take back an impulse it overshot, and stacks jitter.
    pub accumulate_impulses: bool,
    /// Push overlapping bodies apart with a velocity bias (Baumgarte).
    pub position_correction: bool,
    /// Fraction of the overlap removed per step by position correction.
    pub bias_factor: f32,
    /// Overlap left uncorrected (metres), so resting contacts stay in contact.
    pub allowed_penetration: f32,
    /// Approach speeds (m/s) below this do not bounce, so resting bodies settle.
    pub restitution_threshold: f32,
}

impl Default for SolverSettings {
    fn default() -> Self {
        SolverSettings {
            iterations: 10,
            warm_starting: true,
            accumulate_impulses: true,
            position_correction: true,
            bias_factor: 0.2,
            allowed_penetration: 0.01,
            restitution_threshold: 1.0,
        }
    }
}

impl SolverSettings {
    pub(crate) fn validate(&self) -> Result<()> {
        if self.iterations == 0 || self.iterations > 1000 {
            return Err(Error::InvalidValue {
                field: "iterations",
                reason: "must be in 1..=1000",
            });
        }
        check_non_negative("bias_factor", self.bias_factor)?;
        if self.bias_factor > 1.0 {
            return Err(Error::InvalidValue {
                field: "bias_factor",
                reason: "must be in [0, 1]",
            });
        }
        check_non_negative("allowed_penetration", self.allowed_penetration)?;
        check_non_negative("restitution_threshold", self.restitution_threshold)?;
        check_finite("restitution_threshold", self.restitution_threshold)
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
