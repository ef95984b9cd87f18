//! Frames at the session's rate in real time, as a game plays them: a peer that GGRS
//! finds ahead of the other runs its frames a little longer until they are level.

use std::time::{Duration, Instant};

/// How much longer a frame lasts while this peer is ahead.
const SLOWDOWN: f64 = 1.1;

/// Paces frames at the session's rate in real time, lengthening them while this peer is
/// ahead of the other.
pub struct Pacer {
    frame_time: Duration,
    next: Instant,
}

impl Pacer {
    /// Frames of `1 / hz` seconds, the first due now.
    pub fn new(hz: u32) -> Pacer {
        Pacer {
            frame_time: Duration::from_secs_f64(1.0 / f64::from(hz)),
            next: Instant::now(),
        }
    }

    /// Whether a frame is due at `now`; if so, the next is scheduled a frame later (a
    /// little more if `frames_ahead` is positive). A peer that fell behind by more than
    /// a frame plays one frame a call until it has caught up.
    pub fn due(&mut self, now: Instant, frames_ahead: i32) -> bool {
        if now < self.next {
            return false;
        }
        let frame = if frames_ahead > 0 {
            self.frame_time.mul_f64(SLOWDOWN)
        } else {
            self.frame_time
        };
        self.next += frame;
        true
    }

    /// How long until the next frame is due.
    pub fn wait(&self, now: Instant) -> Duration {
        self.next.saturating_duration_since(now)
    }
}
