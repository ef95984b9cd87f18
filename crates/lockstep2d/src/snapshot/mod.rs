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
mod diff;
#[cfg(feature = "snapshot-bytes")]
mod encoding;
mod flatten;

pub use diff::SnapshotDifference;
#[cfg(feature = "snapshot-bytes")]
pub use encoding::SNAPSHOT_FORMAT_VERSION;
pub use flatten::StateValue;

use crate::world::{SimState, World};

/// The simulation state of a world at one moment, taken by `World::snapshot` and put
/// back by `World::restore`, or saved as bytes with `to_bytes`.
///
/// It holds everything a step reads from the steps before: bodies with their sleep
/// state, shapes, joints with their impulses, contacts in solver order with their
/// warm-start impulses, both broad-phase trees node for node, the id slots (ids taken
/// before a snapshot resolve after a restore, in any world), settings, the step count
/// and pending events. Stepping a restored world gives the same bits as stepping the
/// world the snapshot was taken of.
///
/// Not in it: the solvers' working arrays (rebuilt every step), the thread count (it
/// changes no bit), the contact hook and the controllers. `restore` leaves the world's
/// controllers as they are; a game whose own controllers keep state between steps saves
/// that state itself. The built-in `Buoyancy` and `Wind` keep none.
///
/// ```
/// use lockstep2d::{BodyDef, ShapeDef, Snapshot, Vec2, World, WorldDef};
///
/// let mut world = World::new(&WorldDef::default())?;
/// let ball = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 4.0)))?;
/// world.create_shape(ball, &ShapeDef::circle(0.5))?;
/// let saved = world.snapshot();
/// for _ in 0..7 {
///     world.step(1.0 / 60.0)?;
/// }
/// let after_seven = world.state_hash();
/// world.restore(&saved); // back: the same 7 steps give the same bits
/// for _ in 0..7 {
///     world.step(1.0 / 60.0)?;
/// }
/// assert_eq!(world.state_hash(), after_seven);
///
/// let bytes = saved.to_bytes(); // to a file or over the network
/// let mut other = World::new(&WorldDef::default())?;
/// other.restore(&Snapshot::from_bytes(&bytes)?);
/// assert_eq!(other.position(ball)?, Vec2::new(0.0, 4.0));
/// # Ok::<(), lockstep2d::Error>(())
/// ```
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

impl World {
    /// The whole simulation state, to `restore` later (rollback) or to save with
    /// `Snapshot::to_bytes`. Controllers are not part of it (see `restore`).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot::new(self.sim_state().clone())
    }

    /// Like `snapshot`, but into an existing snapshot, reusing its storage: a rollback
    /// loop that keeps a ring of snapshots then allocates nothing once warm, and copies
    /// into memory that is already mapped.
    pub fn snapshot_into(&self, snapshot: &mut Snapshot) {
        snapshot.state_mut().clone_from(self.sim_state());
    }

    /// Puts the world back into the state of `snapshot`, taken of this world or of any
    /// other: every id that was valid then is valid again, and stepping gives the same
    /// bits as stepping the world the snapshot was taken of.
    ///
    /// The world keeps its own controllers and thread pool: a controller's state between
    /// steps is the game's to save (the built-in `Buoyancy` and `Wind` have none).
    ///
    /// It cannot fail: a `Snapshot` is whole by construction (taken of a world, or
    /// decoded by `Snapshot::from_bytes`, which checks it).
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.sim_state_mut().clone_from(snapshot.state());
    }
}
