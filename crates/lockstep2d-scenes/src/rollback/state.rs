//! `Rollback`: what a game must do for the rollback tools to save, load and compare it.
//! A world alone is one; a game with state of its own (health, an inventory, a level
//! generator's progress) is one by saving that state beside the world's snapshot.

use lockstep2d::{Snapshot, World};

/// A game state that can be saved, put back and hashed as a whole.
pub trait Rollback {
    /// Everything a load needs to put the state back.
    type Saved;

    /// The state as it is now.
    fn save(&self) -> Self::Saved;

    /// The state as it is now, written over `saved` (reusing its storage).
    fn save_into(&self, saved: &mut Self::Saved);

    /// Puts back a saved state: what follows plays exactly as it did after the save.
    fn load(&mut self, saved: &Self::Saved);

    /// A digest of the whole state: equal states give equal hashes on every machine.
    fn state_hash(&self) -> u64;
}

impl Rollback for World {
    type Saved = Snapshot;

    fn save(&self) -> Snapshot {
        self.snapshot()
    }

    fn save_into(&self, saved: &mut Snapshot) {
        self.snapshot_into(saved);
    }

    fn load(&mut self, saved: &Snapshot) {
        self.restore(saved);
    }

    fn state_hash(&self) -> u64 {
        World::state_hash(self)
    }
}
