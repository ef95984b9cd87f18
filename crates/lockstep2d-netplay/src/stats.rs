//! What rollbacks cost a peer: how many, how deep, and the time spent playing frames
//! again.

use std::time::Duration;

/// Rollbacks counted over a session.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RollbackStats {
    /// Times GGRS loaded an earlier frame.
    pub rollbacks: u64,
    /// Frames played again, over all rollbacks.
    pub frames_resimulated: u64,
    /// The most frames one rollback went back.
    pub longest: u64,
    /// Time spent loading and playing frames again, over all rollbacks.
    pub total: Duration,
    /// The longest one rollback took.
    pub worst: Duration,
}

impl RollbackStats {
    /// Counts one rollback of `frames` frames that took `took`.
    pub fn record(&mut self, frames: u64, took: Duration) {
        self.rollbacks += 1;
        self.frames_resimulated += frames;
        self.longest = self.longest.max(frames);
        self.total += took;
        self.worst = self.worst.max(took);
    }

    /// The mean time of a rollback (zero if there was none).
    pub fn mean(&self) -> Duration {
        match u32::try_from(self.rollbacks) {
            Ok(0) => Duration::ZERO,
            Ok(count) => self.total / count,
            Err(_) => self.total.div_f64(self.rollbacks as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_and_the_worst_are_over_rollbacks_not_frames() {
        let mut stats = RollbackStats::default();
        assert_eq!(stats.mean(), Duration::ZERO);
        stats.record(2, Duration::from_millis(1));
        stats.record(6, Duration::from_millis(3));
        assert_eq!(
            (stats.rollbacks, stats.frames_resimulated, stats.longest),
            (2, 8, 6)
        );
        assert_eq!(stats.mean(), Duration::from_millis(2));
        assert_eq!(stats.worst, Duration::from_millis(3));
    }
}
