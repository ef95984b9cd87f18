//! The step's stopwatch. With the `profile` feature (on by default) it reads the
//! clock between stages; without it every time is zero and the step never reads the
//! clock, which some targets do not have (a `std::time::Instant` panics on
//! wasm32-unknown-unknown).

#[cfg(feature = "profile")]
use std::time::Instant;

/// Times consecutive stages.
pub(crate) struct Laps {
    #[cfg(feature = "profile")]
    start: Instant,
    #[cfg(feature = "profile")]
    last: Instant,
}

#[cfg(feature = "profile")]
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

#[cfg(not(feature = "profile"))]
impl Laps {
    pub fn start() -> Laps {
        Laps {}
    }

    /// Zero: the clock is not read.
    pub fn lap(&mut self) -> f64 {
        0.0
    }

    /// Zero: the clock is not read.
    pub fn total(&self) -> f64 {
        0.0
    }
}
