//! The fixed-step driver (seeds 000–003): frame time in, whole steps out, and smooth
//! poses for the renderer.
//!
//! ```
//! use std::time::Duration;
//! use lockstep2d::{FixedStepper, StepperConfig, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let mut stepper = FixedStepper::new(StepperConfig::default())?;
//! // Every rendered frame:
//! let frame = stepper.advance(&mut world, Duration::from_millis(16), |_world, _step| {
//!     // per-step game logic: read inputs, apply forces, spawn, destroy
//! })?;
//! assert!(frame.alpha >= 0.0 && frame.alpha < 1.0);
//! # Ok::<(), lockstep2d::Error>(())
//! ```

mod clock;
mod input;
mod smoothing;

pub use clock::{FixedClock, OverloadPolicy, TICKS_PER_STEP, Tick};
pub use input::InputQueue;
pub use smoothing::{Smoothing, interpolate};

use std::time::Duration;

use crate::error::{Error, Result};
use crate::events::{ContactEvents, JointEvent, SensorEvents};
use crate::id::BodyId;
use crate::math::Transform;
use crate::world::World;
use smoothing::PoseHistory;

/// How the driver runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepperConfig {
    /// Steps per second.
    pub hz: u32,
    /// The most steps one frame may run under the `Carry`, `Drop` and `Stretch`
    /// policies.
    pub max_steps_per_frame: u32,
    pub policy: OverloadPolicy,
    pub smoothing: Smoothing,
    /// Clear user forces after each frame (as "Fixed time-step implementation in Box2D" does), so a force applied once per frame
    /// acts on every step of that frame and then stops.
    pub clear_forces_after_frame: bool,
}

impl Default for StepperConfig {
    fn default() -> Self {
        StepperConfig {
            hz: 60,
            max_steps_per_frame: 8,
            policy: OverloadPolicy::default(),
            smoothing: Smoothing::default(),
            clear_forces_after_frame: true,
        }
    }
}

/// What the per-step callback is told about the step about to run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepInfo {
    /// 0 for the frame's first step.
    pub index_in_frame: u32,
    /// How many steps this frame runs.
    pub steps_in_frame: u32,
    /// The length of the step about to run, in seconds.
    pub dt: f32,
}

/// What a frame did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameReport {
    pub steps: u32,
    /// Where the renderer stands between the last two steps, in [0, 1).
    pub alpha: f32,
    /// Frame time the overload policy threw away.
    pub dropped: Duration,
    /// False when `Stretch` ran longer steps: the result then depends on frame times.
    pub deterministic: bool,
    /// The contact events of every step of the frame, in order.
    pub events: ContactEvents,
    /// The sensor events of every step of the frame, in order.
    pub sensor_events: SensorEvents,
    /// The joint events of every step of the frame, in order.
    pub joint_events: Vec<JointEvent>,
    /// Bodies removed for leaving the world's bounds during the frame.
    pub removed: Vec<BodyId>,
}

/// The fixed-step driver. See the module docs.
#[derive(Clone, Debug)]
pub struct FixedStepper {
    clock: FixedClock,
    config: StepperConfig,
    history: PoseHistory,
    paused: bool,
    /// Steps requested by `single_step` while paused.
    pending_single_steps: u32,
    time_scale: f64,
    alpha: f32,
}

impl FixedStepper {
    pub fn new(config: StepperConfig) -> Result<FixedStepper> {
        Ok(FixedStepper {
            clock: FixedClock::new(config.hz, config.policy, config.max_steps_per_frame)?,
            config,
            history: PoseHistory::default(),
            paused: false,
            pending_single_steps: 0,
            time_scale: 1.0,
            alpha: 0.0,
        })
    }

    /// Runs the whole steps that `frame_time` (plus what was carried) is worth, calling
    /// `per_step` before each one, then clears user forces (if configured).
    pub fn advance(
        &mut self,
        world: &mut World,
        frame_time: Duration,
        mut per_step: impl FnMut(&mut World, &StepInfo),
    ) -> Result<FrameReport> {
        let tick = self.tick(frame_time);
        let dt = tick.stretched_dt.map_or(self.clock.dt(), |dt| dt as f32);
        let mut report = FrameReport {
            steps: tick.steps,
            dropped: tick.dropped,
            deterministic: tick.stretched_dt.is_none(),
            ..FrameReport::default()
        };
        for index_in_frame in 0..tick.steps {
            let info = StepInfo {
                index_in_frame,
                steps_in_frame: tick.steps,
                dt,
            };
            per_step(world, &info);
            self.history.capture(world);
            world.step(dt)?;
            report.events.extend_from(world.contact_events());
            report.sensor_events.extend_from(world.sensor_events());
            report.joint_events.extend_from_slice(world.joint_events());
            report.removed.extend_from_slice(world.removed_bodies());
        }
        if self.config.clear_forces_after_frame {
            world.clear_forces();
        }
        if !self.paused {
            self.alpha = self.clock.alpha();
        }
        report.alpha = self.alpha;
        Ok(report)
    }

    /// The clock's answer for this frame, with pause, single steps and time scale.
    fn tick(&mut self, frame_time: Duration) -> Tick {
        if self.paused {
            let steps = std::mem::take(&mut self.pending_single_steps);
            return Tick {
                steps,
                dropped: Duration::ZERO,
                stretched_dt: None,
            };
        }
        let scaled = if self.time_scale == 1.0 {
            frame_time
        } else {
            Duration::try_from_secs_f64(frame_time.as_secs_f64() * self.time_scale)
                .unwrap_or(Duration::MAX)
        };
        self.clock.tick(scaled)
    }

    /// The pose to draw `body` at this frame, by the configured smoothing.
    pub fn smoothed_pose(&self, world: &World, body: BodyId) -> Result<Transform> {
        self.history.pose(
            world,
            body,
            self.config.smoothing,
            self.alpha,
            self.clock.dt(),
        )
    }

    pub fn config(&self) -> &StepperConfig {
        &self.config
    }

    pub fn set_smoothing(&mut self, smoothing: Smoothing) {
        self.config.smoothing = smoothing;
    }

    /// The fraction of a step between the last step and the frame, in [0, 1).
    pub fn alpha(&self) -> f32 {
        self.alpha
    }

    pub fn clock(&self) -> &FixedClock {
        &self.clock
    }

    /// Stops time: frames run no steps and alpha stays where it was.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    pub fn resume(&mut self) {
        self.paused = false;
        self.pending_single_steps = 0;
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Pauses (if running) and runs exactly one step on the next `advance`.
    pub fn single_step(&mut self) {
        self.paused = true;
        self.pending_single_steps += 1;
    }

    /// Game time per real time: 0.5 is slow motion, 2.0 fast-forward.
    pub fn set_time_scale(&mut self, scale: f64) -> Result<()> {
        if !(scale.is_finite() && scale >= 0.0) {
            return Err(Error::InvalidValue {
                field: "time_scale",
                reason: "must be a finite number >= 0",
            });
        }
        self.time_scale = scale;
        Ok(())
    }

    pub fn time_scale(&self) -> f64 {
        self.time_scale
    }

    /// Changes the step rate at run time, keeping the time accumulated so far.
    pub fn set_hz(&mut self, hz: u32) -> Result<()> {
        self.clock.set_hz(hz)?;
        self.config.hz = hz;
        Ok(())
    }
}
