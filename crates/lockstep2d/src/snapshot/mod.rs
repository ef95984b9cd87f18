//! Snapshots: the whole simulation state as an owned value, to roll back to or to save.
//!
//! A snapshot is the world's `SimState` (see `world/state.rs`): bodies with their sleep
//! state, shapes with their broad-phase keys, joints with their impulses, contacts in
//! solver order with their warm-start impulses, both broad-phase trees node for node
//! with the move buffer, the slot storage with its generations and free lists, settings,
//! the step count and pending events. Stepping a restored world gives the same bits as
//! stepping the world the snapshot was taken of.
//!
//! Not in it: the solvers' working arrays (rebuilt every step), the thread pool (it
//! changes no bit) and the controllers. Controllers are the user's trait objects and
//! cannot be copied or encoded generically, so `restore` leaves the world's controllers
//! as they are; a game whose own controllers keep state between steps saves that state
//! itself. The built-in `Buoyancy` and `Wind` keep none.

pub(crate) mod compact;
#[cfg(feature = "snapshot-bytes")]
mod encoding;

#[cfg(feature = "snapshot-bytes")]
pub use encoding::SNAPSHOT_FORMAT_VERSION;

use crate::world::SimState;

/// The simulation state of a world at one moment: see `World::snapshot`.
#[derive(Clone, Debug)]
pub struct Snapshot {
    state: SimState,
}

impl Snapshot {
    pub(crate) fn new(state: SimState) -> Snapshot {
        Snapshot { state }
    }

    pub(crate) fn state(&self) -> &SimState {
        &self.state
    }

    pub(crate) fn state_mut(&mut self) -> &mut SimState {
        &mut self.state
    }

    /// The world's step count when the snapshot was taken.
    pub fn step_count(&self) -> u64 {
        self.state.step_count
    }
}
