//! The rollback check of GGRS's `SyncTestSession`, on a world or a whole game: every
//! frame, roll back `check_distance` frames, play them again with the same inputs, and
//! compare each frame's state hash with the first time's. A mismatch means a save missed
//! some state, or the step depends on something outside what is saved.

use std::collections::VecDeque;
use std::fmt;

use super::state::Rollback;

/// What a clean sync test did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncTestReport {
    /// Frames played.
    pub frames: u64,
    /// How many frames each rollback went back.
    pub check_distance: u64,
    /// Frames simulated again after a rollback (each compared with the first time).
    pub resimulated: u64,
}

/// Why a sync test stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncTestError {
    /// Frame `frame`, played again after a rollback, ended in another state.
    Mismatch {
        /// The frame, counted from 0.
        frame: u64,
        /// The state hash the first time.
        first: u64,
        /// The state hash after the rollback.
        again: u64,
    },
    /// The world refused an input or edit, or a step.
    World(lockstep2d::Error),
}

impl fmt::Display for SyncTestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyncTestError::Mismatch {
                frame,
                first,
                again,
            } => write!(
                f,
                "frame {frame} played again after a rollback ended with state hash \
                 {again:#018x}, the first time {first:#018x}"
            ),
            SyncTestError::World(e) => write!(f, "the world refused the script: {e}"),
        }
    }
}

impl std::error::Error for SyncTestError {}

impl From<lockstep2d::Error> for SyncTestError {
    fn from(e: lockstep2d::Error) -> Self {
        SyncTestError::World(e)
    }
}

/// Plays `frames` frames on `game` (a `World`, or a game holding one);
/// `play(frame, game)` runs one frame (its inputs, the step, its end). From frame
/// `check_distance` on, after each frame the game is rolled back `check_distance` frames
/// and those frames are played again, each compared with the first time by
/// `Rollback::state_hash`. A distance of 0 checks nothing.
pub fn sync_test<G: Rollback>(
    game: &mut G,
    frames: u64,
    check_distance: u64,
    mut play: impl FnMut(u64, &mut G) -> Result<(), lockstep2d::Error>,
) -> Result<SyncTestReport, SyncTestError> {
    // The state saved before each of the last `check_distance` frames and that
    // frame's hash.
    let mut history: VecDeque<(G::Saved, u64)> = VecDeque::new();
    // The oldest save, taken out of the window, is written over by the next frame's.
    let mut spare: Option<G::Saved> = None;
    let mut resimulated = 0;
    for frame in 0..frames {
        let before = match spare.take() {
            Some(mut reused) => {
                game.save_into(&mut reused);
                reused
            }
            None => game.save(),
        };
        play(frame, game)?;
        history.push_back((before, game.state_hash()));
        if history.len() as u64 > check_distance {
            spare = history.pop_front().map(|(snapshot, _)| snapshot);
            if check_distance == 0 {
                continue;
            }
            let first_frame = frame + 1 - check_distance;
            game.load(&history[0].0);
            for (offset, (_, first)) in history.iter().enumerate() {
                let replayed = first_frame + offset as u64;
                play(replayed, game)?;
                resimulated += 1;
                let again = game.state_hash();
                if again != *first {
                    let (frame, first) = (replayed, *first);
                    return Err(SyncTestError::Mismatch {
                        frame,
                        first,
                        again,
                    });
                }
            }
        }
    }
    Ok(SyncTestReport {
        frames,
        check_distance,
        resimulated,
    })
}
