//! The constraint solver and the integration of bodies.
//!
//! Two solvers share the contact cache and the joints:
//! - `soft` (the default) is Box2D v3's soft step: substeps of integrate velocities,
//!   warm start, solve with soft constraints, integrate positions as deltas, relax; then
//!   restitution.
//! - `pgs` is Box2D-Lite's solver: sequential impulses over all constraints for a number
//!   of iterations, with accumulated and clamped impulses, warm starting and Baumgarte
//!   position correction. Its three teaching switches are fields of [`SolverSettings`].

mod barrier;
mod bundles;
mod coloring;
mod dense_bodies;
mod integrate;
mod pgs;
mod profile;
mod share;
mod soft;
mod stages;
mod step_constraints;
mod wide_drift;

pub(crate) use pgs::Pgs;
pub use profile::SolveProfile;
pub(crate) use soft::SoftStep;

use crate::body::Body;
use crate::collide::Sweep;
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::joint::Joint;

/// Both solvers' working memory, kept between steps so a warm world does not allocate.
/// The world steps with one of them, chosen each step by `SolverSettings::kind`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Solver {
    pub soft: SoftStep,
    pub pgs: Pgs,
    /// The bodies the last step moved by more than half their smallest extent, in slot
    /// order, with where they went from and to: what continuous collision sweeps. Only
    /// the soft step finds them.
    pub fast: Vec<(u32, Sweep)>,
}

/// What a solve moves: the bodies, under their contacts and joints.
pub(crate) struct Simulated<'a> {
    pub bodies: &'a mut Slots<Body>,
    pub contacts: &'a mut ContactSet,
    pub joints: &'a mut Slots<Joint>,
}
