//! The world's simulation state: everything a step reads from the steps before it.
//!
//! `World` is this state plus what is not: the solvers' and the island pass's working
//! arrays (rebuilt from scratch every step), the controllers (user trait objects), the
//! thread pool and the step profile. Keeping the state in one struct is what makes a
//! snapshot one `clone` and a restore one assignment, and keeps a new field from being
//! forgotten by either: a field added here is saved, a field added to `World` is not.

use serde::{Deserialize, Serialize};

use super::SleepSettings;
use crate::body::Body;
use crate::broadphase::BroadPhase;
use crate::contact::ContactSet;
use crate::events::ContactEvents;
use crate::id::{BodyId, Slots};
use crate::joint::Joint;
use crate::math::{Aabb, Vec2};
use crate::shape::Shape;
use crate::solver::SolverSettings;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SimState {
    pub gravity: Vec2,
    pub settings: SolverSettings,
    pub bodies: Slots<Body>,
    pub shapes: Slots<Shape>,
    pub joints: Slots<Joint>,
    pub contacts: ContactSet,
    /// The trees' shapes decide the order pairs are found in, so they are state too.
    pub broadphase: BroadPhase,
    pub step_count: u64,
    /// Turns the stored joint impulses into forces: 1 / the time they acted over (the
    /// last step's dt for PGS, one substep for the soft step).
    pub impulse_to_force: f32,
    pub hit_event_threshold: f32,
    /// Events of the last step.
    pub events: ContactEvents,
    /// Events caused between steps (destroying a touching shape), delivered with the
    /// next step's.
    pub pending_events: ContactEvents,
    pub bounds: Option<Aabb>,
    /// Bodies the last step removed for leaving `bounds`.
    pub removed: Vec<BodyId>,
    pub sleep: SleepSettings,
}
