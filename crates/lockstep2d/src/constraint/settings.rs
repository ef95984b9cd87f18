//! How a world's solver works: which solver, and its stiffness, passes and limits.

use crate::error::{Error, Result, check_finite, check_non_negative};

/// Which solver a world uses.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum SolverKind {
    /// Box2D v3's soft step: substeps with soft contacts and relaxation. Stiff, stable
    /// stacks and no energy gain; the default.
    #[default]
    Soft,
    /// Box2D-Lite's sequential impulses with Baumgarte correction: the teaching
    /// reference, with its switches (`warm_starting`, `accumulate_impulses`,
    /// `position_correction`).
    Pgs,
}

/// How the solver works. The soft step's defaults are Box2D v3's; the PGS ones
/// Box2D-Lite's.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverSettings {
    /// Which solver: the soft step or Box2D-Lite's PGS.
    pub kind: SolverKind,
    /// Soft step: substeps per step (4 at 60 Hz, as Box2D v3).
    pub substeps: u32,
    /// Soft step: the stiffness of contacts, as a spring frequency (Hz). Capped at a
    /// quarter of the substep rate, above which a soft constraint stops being stable.
    pub contact_hertz: f32,
    /// Soft step: the damping ratio of contacts (10: heavily overdamped, no bounce).
    pub contact_damping_ratio: f32,
    /// Soft step: the fastest speed (m/s) at which overlapping bodies are pushed apart.
    pub max_push_speed: f32,
    /// A contact's manifold is kept (only its separations updated) while its two bodies
    /// move less than this (m) relative to each other; 0 rebuilds it every step. See
    /// `recycle.rs`.
    pub contact_recycle_distance: f32,
    /// Soft step: the stiffness that holds joints together, as a spring frequency (Hz).
    pub joint_hertz: f32,
    /// Soft step: the damping ratio that holds joints together.
    pub joint_damping_ratio: f32,
    /// PGS: sequential-impulse passes over every constraint per step.
    pub iterations: u32,
    /// Start each step from last step's impulses (matched by feature id).
    pub warm_starting: bool,
    /// Clamp the running total of each impulse rather than each increment. Without it
    /// the solver cannot take back an impulse it overshot, and stacks jitter.
    pub accumulate_impulses: bool,
    /// Push overlapping bodies apart with a velocity bias (Baumgarte for PGS, the soft
    /// constraint's spring for the soft step).
    pub position_correction: bool,
    /// PGS: fraction of the overlap removed per step by position correction.
    pub bias_factor: f32,
    /// PGS: overlap left uncorrected (metres), so resting contacts stay in contact.
    pub allowed_penetration: f32,
    /// Approach speeds (m/s) below this do not bounce, so resting bodies settle.
    pub restitution_threshold: f32,
    /// Soft step: sweep bodies that move fast against static shapes, so they cannot
    /// pass through a wall (see `world/continuous.rs`).
    pub continuous: bool,
    /// No body's centre of mass moves faster than this (m/s): velocity integration
    /// clamps it, so nothing can run off to infinity. Box2D v3's 400 m/s by default.
    pub max_linear_speed: f32,
}

impl Default for SolverSettings {
    fn default() -> Self {
        SolverSettings {
            kind: SolverKind::Soft,
            substeps: 4,
            contact_hertz: 30.0,
            contact_damping_ratio: 10.0,
            max_push_speed: 3.0,
            contact_recycle_distance: 10.0 * crate::LINEAR_SLOP,
            joint_hertz: 60.0,
            joint_damping_ratio: 2.0,
            iterations: 10,
            warm_starting: true,
            accumulate_impulses: true,
            position_correction: true,
            bias_factor: 0.2,
            allowed_penetration: 0.01,
            restitution_threshold: 1.0,
            continuous: true,
            max_linear_speed: 400.0,
        }
    }
}

impl SolverSettings {
    /// Box2D-Lite's solver with its defaults, which rebuilds every manifold every step.
    pub fn box2d_lite() -> SolverSettings {
        SolverSettings {
            kind: SolverKind::Pgs,
            contact_recycle_distance: 0.0,
            ..SolverSettings::default()
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        if self.substeps == 0 || self.substeps > 64 {
            return Err(Error::InvalidValue {
                field: "substeps",
                reason: "must be in 1..=64",
            });
        }
        check_non_negative("contact_hertz", self.contact_hertz)?;
        check_non_negative("contact_damping_ratio", self.contact_damping_ratio)?;
        check_non_negative("max_push_speed", self.max_push_speed)?;
        check_non_negative("contact_recycle_distance", self.contact_recycle_distance)?;
        check_non_negative("joint_hertz", self.joint_hertz)?;
        check_non_negative("joint_damping_ratio", self.joint_damping_ratio)?;
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
        check_finite("restitution_threshold", self.restitution_threshold)?;
        crate::error::check_positive("max_linear_speed", self.max_linear_speed)?;
        crate::limits::check_speed("max_linear_speed", self.max_linear_speed)
    }
}
