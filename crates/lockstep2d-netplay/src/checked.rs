//! The states whose hashes the peers compare: a copy of each confirmed frame on the
//! desync interval, kept for a while, so that when GGRS reports that the other peer's
//! hash for one differs, this peer still has that frame's state to write out.

use std::collections::VecDeque;

use ggrs::Frame;
use lockstep2d::Snapshot;

use crate::game::NetGame;

/// How many checked frames are kept: the other peer's hash for a frame arrives within a
/// round trip, a few intervals at most.
const KEPT: usize = 8;

/// The last `KEPT` confirmed frames on the interval, oldest first.
pub struct CheckedFrames {
    interval: Frame,
    frames: VecDeque<(Frame, Snapshot)>,
    /// The last frame looked at: the frames after it are the next to keep.
    last: Frame,
}

impl CheckedFrames {
    /// Keeps every `interval`-th frame.
    pub fn new(interval: u32) -> CheckedFrames {
        CheckedFrames {
            interval: Frame::try_from(interval).unwrap_or(Frame::MAX).max(1),
            frames: VecDeque::with_capacity(KEPT),
            last: -1,
        }
    }

    /// Takes from `game`'s saved frames those on the interval confirmed since the last
    /// call, up to `confirmed`: their states are final.
    pub fn keep_confirmed(&mut self, confirmed: Frame, game: &NetGame) {
        for frame in (self.last + 1)..=confirmed {
            if frame % self.interval != 0 {
                continue;
            }
            if let Some(snapshot) = game.saved(frame) {
                if self.frames.len() == KEPT {
                    self.frames.pop_front();
                }
                self.frames.push_back((frame, snapshot.clone()));
            }
        }
        self.last = self.last.max(confirmed);
    }

    /// The state of `frame`, if it was kept.
    pub fn get(&self, frame: Frame) -> Option<&Snapshot> {
        self.frames
            .iter()
            .find(|(kept, _)| *kept == frame)
            .map(|(_, snapshot)| snapshot)
    }
}
