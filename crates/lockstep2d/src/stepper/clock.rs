//! The accumulator of the article "Fix your timestep", kept in integer ticks so it
//! never drifts (see `TICKS_PER_STEP`).

use std::time::Duration;

use crate::error::{Error, Result};

/// Ticks in one step.
///
/// One tick is a nanosecond divided by hz, so a step is exactly 10⁹ ticks and a frame
/// of `n` nanoseconds adds `n · hz` ticks: at 60 Hz a step is 16 666 666.67 nanoseconds
/// and no rounding ever enters the count. After any number of frames,
/// steps · 10⁹ + accumulator = Σ frame_ns · hz.
pub const TICKS_PER_STEP: u64 = 1_000_000_000;

/// What to do when a frame brings more time than the machine can simulate in time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OverloadPolicy {
    /// Clamp the frame time to `max_frame_time` and drop the excess: the game slows
    /// down instead of freezing (the spiral of death). The default, at 0.25 s.
    SlowDown {
        /// The longest frame time counted; more is dropped.
        max_frame_time: Duration,
    },
    /// Run at most `max_steps_per_frame` steps and keep the rest for later frames.
    Carry,
    /// Run at most `max_steps_per_frame` steps and drop the whole steps beyond.
    Drop,
    /// When a frame needs more than `max_steps_per_frame` steps, run that many longer
    /// steps covering the same time (Unreal's failsafe). Not deterministic: the step
    /// length then depends on the frame time.
    Stretch,
}

impl Default for OverloadPolicy {
    fn default() -> Self {
        OverloadPolicy::SlowDown {
            max_frame_time: Duration::from_millis(250),
        }
    }
}

/// What one frame's time amounts to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tick {
    /// Steps to run now.
    pub steps: u32,
    /// Time the policy threw away.
    pub dropped: Duration,
    /// With `Stretch` on an overloaded frame: the stretched step length, in seconds.
    pub stretched_dt: Option<f64>,
}

/// Turns frame times into whole steps: the accumulator of `FixedStepper`, usable alone
/// by a game that runs its own loop. Time is kept in ticks (see `TICKS_PER_STEP`).
#[derive(Clone, Debug, PartialEq)]
pub struct FixedClock {
    hz: u32,
    policy: OverloadPolicy,
    max_steps_per_frame: u32,
    accumulator: u64,
}

impl FixedClock {
    /// A clock at `hz` steps per second with nothing accumulated. Fails with
    /// `InvalidValue` if `hz` is outside 1 to 100,000, `max_steps_per_frame` is 0, or
    /// the `SlowDown` policy's `max_frame_time` is zero.
    pub fn new(hz: u32, policy: OverloadPolicy, max_steps_per_frame: u32) -> Result<FixedClock> {
        check_hz(hz)?;
        if max_steps_per_frame == 0 {
            return Err(Error::InvalidValue {
                field: "max_steps_per_frame",
                reason: "must be at least 1",
            });
        }
        if let OverloadPolicy::SlowDown { max_frame_time } = policy
            && max_frame_time.is_zero()
        {
            return Err(Error::InvalidValue {
                field: "max_frame_time",
                reason: "must be > 0",
            });
        }
        Ok(FixedClock {
            hz,
            policy,
            max_steps_per_frame,
            accumulator: 0,
        })
    }

    /// Steps per second.
    pub fn hz(&self) -> u32 {
        self.hz
    }

    /// The step length in seconds.
    pub fn dt(&self) -> f32 {
        1.0 / self.hz as f32
    }

    /// Time carried to the next frame, in ticks of a nanosecond divided by hz.
    pub fn accumulator_ticks(&self) -> u64 {
        self.accumulator
    }

    /// The fraction of a step in the accumulator, in [0, 1): how far the renderer is
    /// between the last two steps.
    pub fn alpha(&self) -> f32 {
        let ticks = self.accumulator.min(TICKS_PER_STEP - 1);
        (ticks as f64 / TICKS_PER_STEP as f64) as f32
    }

    /// Changes the step rate, keeping the time already accumulated (to within a tick).
    /// Fails with `InvalidValue` unless `hz` is 1 to 100,000.
    pub fn set_hz(&mut self, hz: u32) -> Result<()> {
        check_hz(hz)?;
        self.accumulator = (self.accumulator as u128 * hz as u128 / self.hz as u128) as u64;
        self.hz = hz;
        Ok(())
    }

    /// Adds a frame's time and says how many steps to run.
    pub fn tick(&mut self, frame: Duration) -> Tick {
        let mut dropped = Duration::ZERO;
        let mut frame_ns = frame.as_nanos();
        if let OverloadPolicy::SlowDown { max_frame_time } = self.policy {
            let limit = max_frame_time.as_nanos();
            if frame_ns > limit {
                dropped = duration_from_ns(frame_ns - limit);
                frame_ns = limit;
            }
        }
        let added = (frame_ns * self.hz as u128).min(u64::MAX as u128) as u64;
        self.accumulator = self.accumulator.saturating_add(added);
        let due = self.accumulator / TICKS_PER_STEP;
        let cap = self.max_steps_per_frame as u64;
        let mut tick = Tick {
            steps: due.min(u32::MAX as u64) as u32,
            dropped,
            stretched_dt: None,
        };
        if matches!(self.policy, OverloadPolicy::SlowDown { .. }) || due <= cap {
            self.accumulator -= due * TICKS_PER_STEP;
            return tick;
        }
        tick.steps = cap as u32;
        match self.policy {
            OverloadPolicy::Carry => self.accumulator -= cap * TICKS_PER_STEP,
            OverloadPolicy::Drop => {
                let excess = (due - cap) * TICKS_PER_STEP;
                tick.dropped += self.ticks_to_duration(excess);
                self.accumulator -= due * TICKS_PER_STEP;
            }
            OverloadPolicy::Stretch => {
                tick.stretched_dt = Some(due as f64 / (self.hz as f64 * cap as f64));
                self.accumulator -= due * TICKS_PER_STEP;
            }
            OverloadPolicy::SlowDown { .. } => unreachable!("handled above"),
        }
        tick
    }

    fn ticks_to_duration(&self, ticks: u64) -> Duration {
        duration_from_ns(ticks as u128 / self.hz as u128)
    }
}

fn duration_from_ns(ns: u128) -> Duration {
    Duration::from_nanos(ns.min(u64::MAX as u128) as u64)
}

/// The fastest rate a clock runs at (steps per second): a step of ten microseconds, far
/// shorter than any game needs and still well inside the world's shortest (`MIN_STEP`).
pub const MAX_HZ: u32 = 100_000;

fn check_hz(hz: u32) -> Result<()> {
    if hz == 0 || hz > MAX_HZ {
        return Err(Error::InvalidValue {
            field: "hz",
            reason: "must be in 1..=100000",
        });
    }
    Ok(())
}
