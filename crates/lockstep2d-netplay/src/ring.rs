//! The saved worlds a rollback goes back to: one snapshot a frame for the last frames,
//! taken with `World::snapshot_into` so that a warm ring copies into memory it already
//! has and allocates nothing.

use ggrs::Frame;
use lockstep2d::{Snapshot, World};

use crate::NetError;

/// The last `len` frames' snapshots, frame `f` in slot `f % len`.
pub struct SnapshotRing {
    slots: Vec<Option<(Frame, Snapshot)>>,
}

impl SnapshotRing {
    /// A ring for a session that predicts at most `max_prediction` frames ahead: a
    /// rollback loads a frame at most that far back, and one slot more holds the frame
    /// being played.
    pub fn new(max_prediction: usize) -> SnapshotRing {
        SnapshotRing {
            slots: (0..max_prediction + 2).map(|_| None).collect(),
        }
    }

    /// Saves `world` as frame `frame`, over whatever the slot held.
    pub fn save(&mut self, frame: Frame, world: &World) {
        let index = self.slot(frame);
        match &mut self.slots[index] {
            Some((saved, snapshot)) => {
                world.snapshot_into(snapshot);
                *saved = frame;
            }
            empty => *empty = Some((frame, world.snapshot())),
        }
    }

    /// Puts `world` back to frame `frame`, if the ring still holds it.
    pub fn load(&self, frame: Frame, world: &mut World) -> Result<(), NetError> {
        match &self.slots[self.slot(frame)] {
            Some((saved, snapshot)) if *saved == frame => {
                world.restore(snapshot);
                Ok(())
            }
            _ => Err(NetError::NotSaved(frame)),
        }
    }

    /// How many frames the ring holds at most.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    fn slot(&self, frame: Frame) -> usize {
        frame.rem_euclid(self.slots.len() as Frame) as usize
    }
}
