//! The saved worlds a rollback goes back to: one snapshot a frame for the last frames,
//! taken with `World::snapshot_into` so that a warm ring copies into memory it already
//! has and allocates nothing, each with its state hash.

use ggrs::Frame;
use lockstep2d::{Snapshot, World};

use crate::NetError;

/// A saved frame: which one, the world then, and its state hash.
struct Saved {
    frame: Frame,
    snapshot: Snapshot,
    hash: u64,
}

/// The last `len` frames' snapshots, frame `f` in slot `f % len`.
pub struct SnapshotRing {
    slots: Vec<Option<Saved>>,
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

    /// Saves `world` as frame `frame`, over whatever the slot held, and returns its
    /// state hash.
    pub fn save(&mut self, frame: Frame, world: &World) -> u64 {
        let hash = world.state_hash();
        let index = self.slot(frame);
        match &mut self.slots[index] {
            Some(saved) => {
                world.snapshot_into(&mut saved.snapshot);
                (saved.frame, saved.hash) = (frame, hash);
            }
            empty => {
                let snapshot = world.snapshot();
                *empty = Some(Saved {
                    frame,
                    snapshot,
                    hash,
                });
            }
        }
        hash
    }

    /// Puts `world` back to frame `frame`, if the ring still holds it.
    pub fn load(&self, frame: Frame, world: &mut World) -> Result<(), NetError> {
        let saved = self.saved(frame).ok_or(NetError::NotSaved(frame))?;
        world.restore(&saved.snapshot);
        Ok(())
    }

    /// Frame `frame` as last saved, if the ring still holds it.
    pub fn snapshot(&self, frame: Frame) -> Option<&Snapshot> {
        self.saved(frame).map(|saved| &saved.snapshot)
    }

    /// The state hash of frame `frame` as last saved, if the ring still holds it.
    pub fn hash(&self, frame: Frame) -> Option<u64> {
        self.saved(frame).map(|saved| saved.hash)
    }

    fn saved(&self, frame: Frame) -> Option<&Saved> {
        self.slots[self.slot(frame)]
            .as_ref()
            .filter(|saved| saved.frame == frame)
    }

    /// How many frames the ring holds at most.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True while no frame is saved.
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    fn slot(&self, frame: Frame) -> usize {
        frame.rem_euclid(self.slots.len() as Frame) as usize
    }
}

#[cfg(test)]
mod tests {
    use lockstep2d::{BodyDef, Circle, Geometry, ShapeDef, Vec2, WorldDef};

    use super::*;

    fn falling_ball() -> World {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ball = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, 10.0)))
            .unwrap();
        let circle = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        });
        world.create_shape(ball, &ShapeDef::new(circle)).unwrap();
        world
    }

    #[test]
    fn a_frame_loaded_is_the_world_as_saved_and_an_overwritten_one_is_refused() {
        let mut world = falling_ball();
        let mut ring = SnapshotRing::new(2);
        let mut hashes = Vec::new();
        for frame in 0..6 {
            hashes.push(ring.save(frame, &world));
            world.step(1.0 / 60.0).unwrap();
        }
        // Four slots: frames 2 to 5 are held, 0 and 1 were written over.
        assert_eq!(ring.len(), 4);
        for frame in 2..6 {
            ring.load(frame, &mut world).unwrap();
            assert_eq!(world.state_hash(), hashes[frame as usize]);
            assert_eq!(ring.hash(frame), Some(hashes[frame as usize]));
        }
        let before = world.state_hash();
        assert!(matches!(
            ring.load(1, &mut world),
            Err(NetError::NotSaved(1))
        ));
        assert_eq!(world.state_hash(), before, "a refused load changes nothing");
    }
}
