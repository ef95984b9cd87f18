//! How long each stage of the last step took: where a step's time goes.
//!
//! Reading the clock does not touch the simulation, so the results stay bit-identical
//! whatever the timings.

use std::time::Instant;

/// Milliseconds spent in each stage of the last step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepProfile {
    pub controllers: f64,
    /// Broad phase: finding new pairs and creating their contacts.
    pub broad_phase: f64,
    /// Narrow phase: rebuilding manifolds, events, waking.
    pub narrow_phase: f64,
    /// Integration and constraints.
    pub solve: f64,
    /// Refitting the broad-phase boxes.
    pub refit: f64,
    /// Islands and sleep.
    pub sleep: f64,
    pub total: f64,
}

/// Times consecutive stages.
pub(super) struct Laps {
    start: Instant,
    last: Instant,
}

impl Laps {
    pub fn start() -> Laps {
        let now = Instant::now();
        Laps {
            start: now,
            last: now,
        }
    }

    /// Milliseconds since the previous lap.
    pub fn lap(&mut self) -> f64 {
        let now = Instant::now();
        let ms = (now - self.last).as_secs_f64() * 1e3;
        self.last = now;
        ms
    }

    /// Milliseconds since the start.
    pub fn total(&self) -> f64 {
        (Instant::now() - self.start).as_secs_f64() * 1e3
    }
}
