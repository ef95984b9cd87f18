//! The fixed-step driver: frame time in, whole steps out, and smooth poses for the
//! renderer. The guide is on `FixedStepper`.

mod clock;
mod input;
mod smoothing;

pub use clock::{FixedClock, MAX_HZ, OverloadPolicy, TICKS_PER_STEP, Tick};
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
    /// Steps per second, 1 to 100,000. 60 by default.
    pub hz: u32,
    /// The most steps one frame may run under the `Carry`, `Drop` and `Stretch`
    /// policies; at least 1. 8 by default.
    pub max_steps_per_frame: u32,
    /// What to do with a frame that brings more time than the machine can simulate.
    /// `SlowDown` with a 0.25 s clamp by default.
    pub policy: OverloadPolicy,
    /// How `FixedStepper::smoothed_pose` derives a pose between steps. `Interpolate` by
    /// default.
    pub smoothing: Smoothing,
    /// Clear user forces after each frame (as the article "Fixed time-step
    /// implementation in Box2D" does), so a force applied once per frame acts on every
    /// step of that frame and then stops. On by default.
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
    /// The step's index since the world began: `World::step_count` as it begins. A
    /// snapshot carries the count, so a step simulated again after a rollback has the
    /// index it had the first time.
    pub step: u64,
    /// 0 for the frame's first step.
    pub index_in_frame: u32,
    /// How many steps this frame runs.
    pub steps_in_frame: u32,
    /// The length of the step about to run, in seconds.
    pub dt: f32,
}

/// The steps one frame runs, from `FixedStepper::begin_frame`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct FramePlan {
    /// How many steps the frame runs.
    pub steps: u32,
    /// The length of each, in seconds: 1 / hz unless `Stretch` lengthened them.
    pub dt: f32,
    /// Frame time the overload policy threw away.
    pub dropped: Duration,
    /// False when `Stretch` runs longer steps: the result then depends on frame times.
    pub deterministic: bool,
}

impl FramePlan {
    /// What each step of the frame is told, in order, the first being the next step of
    /// `world`.
    pub fn step_infos(&self, world: &World) -> impl Iterator<Item = StepInfo> + use<> {
        let (steps_in_frame, dt, first) = (self.steps, self.dt, world.step_count());
        (0..steps_in_frame).map(move |index_in_frame| StepInfo {
            step: first + u64::from(index_in_frame),
            index_in_frame,
            steps_in_frame,
            dt,
        })
    }
}

/// What a frame did.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct FrameReport {
    /// How many steps the frame ran.
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

/// The fixed-step driver: turns each rendered frame's time into whole steps of the world,
/// and gives the renderer smooth poses between them, after the article "Fix your
/// timestep".
///
/// Every frame, `advance` adds the frame's length to an accumulator, runs as many
/// whole steps of 1/hz seconds as it holds, and carries the rest to the next frame.
/// Time is counted in integer ticks (`TICKS_PER_STEP` to a step), so the step count
/// never drifts from the sum of the frame times. Before each step `advance` calls the
/// per-step callback: the place for game logic, spawning and destroying, and the inputs
/// of an `InputQueue`. After the frame it clears the user forces (unless
/// `StepperConfig::clear_forces_after_frame` is off), so a force applied once per frame
/// acts on every step of that frame; controllers add theirs every step.
///
/// ```
/// use std::time::Duration;
/// use lockstep2d::{BodyDef, FixedStepper, InputQueue, ShapeDef, StepperConfig, Vec2};
/// use lockstep2d::{World, WorldDef};
///
/// #[derive(Clone, PartialEq)]
/// enum Input {
///     Jump,
/// }
///
/// let mut world = World::new(&WorldDef::default())?;
/// let ball = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 10.0)))?;
/// world.create_shape(ball, &ShapeDef::circle(0.5))?;
/// let mut stepper = FixedStepper::new(StepperConfig::default())?; // 60 Hz
/// let mut inputs = InputQueue::new();
/// inputs.press(Input::Jump); // read from the window: applies in the next step only
///
/// let mut steps = 0;
/// for _ in 0..10 {
///     // Every rendered frame, with the time it took (here a steady 144 Hz display):
///     let frame = stepper.advance(&mut world, Duration::from_micros(6944), |world, _step| {
///         for input in inputs.drain_step() {
///             let velocity = match input {
///                 Input::Jump => Vec2::new(0.0, 5.0),
///             };
///             world.set_linear_velocity(ball, velocity)?; // `?` works in the callback
///         }
///         Ok(())
///     })?;
///     steps += frame.steps;
///     let pose = stepper.smoothed_pose(&world, ball)?; // draw the ball here
///     assert!(pose.p.is_finite());
///     assert!(frame.alpha >= 0.0 && frame.alpha < 1.0);
/// }
/// assert_eq!(steps, 4); // 69.44 milliseconds at 60 Hz: 4 steps, 0.17 of a step carried
/// # Ok::<(), lockstep2d::Error>(())
/// ```
///
/// - Overload: a frame that brings more time than the machine can simulate in time is
///   handled by the `OverloadPolicy`: `SlowDown` clamps the frame time (the default),
///   `Carry` and `Drop` cap the steps per frame and keep or drop the rest, `Stretch`
///   runs fewer, longer steps. The `FrameReport` says how much time was dropped and
///   whether the steps stayed deterministic (`Stretch` makes them depend on frame
///   times).
/// - Smoothing: `smoothed_pose` gives the pose to draw a body at, by the configured
///   `Smoothing`: blended between the last two steps by `alpha` (the default; one step
///   behind, rotation the short way round), extrapolated along the body's velocity, or
///   the last step's pose. A body teleported or created since the step before is drawn
///   where it is, never blended from where it was.
/// - Events: the `FrameReport` gathers the contact, sensor and joint events of every
///   step of the frame, in order, and the bodies removed for leaving the world's
///   bounds.
/// - Time control: `pause`, `single_step`, `set_time_scale` (0.5 slow motion, 2.0 fast
///   forward) and `set_hz` (keeping the time accumulated).
/// - Rollback and replay: the driver is not part of the world or its snapshots. It is
///   `Clone`: a copy kept beside a snapshot and put back with it replays the same frame
///   times to the same steps, the same `alpha` and the same bits.
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
    /// A driver with nothing accumulated, running. Fails with `InvalidValue` if `hz` is
    /// outside 1 to 100,000, `max_steps_per_frame` is 0, or the `SlowDown` policy's
    /// `max_frame_time` is zero.
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
    /// `per_step` before each one, then clears user forces (if configured). Fails if
    /// `per_step` returns an error (so `?` works inside it) or a step fails (see
    /// `World::step`): the steps before have run, and the frame stops there.
    pub fn advance(
        &mut self,
        world: &mut World,
        frame_time: Duration,
        mut per_step: impl FnMut(&mut World, &StepInfo) -> Result<()>,
    ) -> Result<FrameReport> {
        let plan = self.begin_frame(frame_time);
        let mut report = FrameReport {
            steps: plan.steps,
            dropped: plan.dropped,
            deterministic: plan.deterministic,
            ..FrameReport::default()
        };
        for info in plan.step_infos(world) {
            per_step(world, &info)?;
            self.step(world, &info)?;
            report.events.extend_from(world.contact_events());
            report.sensor_events.extend_from(world.sensor_events());
            report.joint_events.extend_from_slice(world.joint_events());
            report.removed.extend_from_slice(world.removed_bodies());
        }
        report.alpha = self.end_frame(world);
        Ok(report)
    }

    /// The first part of `advance`, for a caller that cannot hand the driver a closure
    /// (a game engine whose per-step systems borrow the world themselves): the steps
    /// `frame_time` is worth. Run `step` once for each of `FramePlan::step_infos`, then
    /// `end_frame`; the result is the same as `advance`'s, bit for bit.
    pub fn begin_frame(&mut self, frame_time: Duration) -> FramePlan {
        let tick = self.tick(frame_time);
        FramePlan {
            steps: tick.steps,
            dt: tick.stretched_dt.map_or(self.clock.dt(), |dt| dt as f32),
            dropped: tick.dropped,
            deterministic: tick.stretched_dt.is_none(),
        }
    }

    /// One step of the frame `begin_frame` planned: the pose history for smoothing
    /// kept, then `World::step`.
    pub fn step(&mut self, world: &mut World, info: &StepInfo) -> Result<()> {
        self.history.capture(world);
        world.step(info.dt)
    }

    /// The last part of `advance`: clears user forces (if configured) and returns the
    /// frame's `alpha`.
    pub fn end_frame(&mut self, world: &mut World) -> f32 {
        if self.config.clear_forces_after_frame {
            world.clear_forces();
        }
        if !self.paused {
            self.alpha = self.clock.alpha();
        }
        self.alpha
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

    /// The pose to draw `body` at this frame, by the configured smoothing. Fails with
    /// `StaleId` if `body` is not in the world.
    pub fn smoothed_pose(&self, world: &World, body: BodyId) -> Result<Transform> {
        self.history.pose(
            world,
            body,
            self.config.smoothing,
            self.alpha,
            self.clock.dt(),
        )
    }

    /// The pose to draw `body` at `alpha` of the way from the step before the last to
    /// the last, by the configured smoothing: for a caller whose steps are timed by a
    /// clock of its own (a rollback session's, a game engine's fixed update), which
    /// knows how far into the next step its frame falls. Fails with `InvalidValue`
    /// unless `alpha` is in [0, 1], and with `StaleId` if `body` is not in the world.
    pub fn smoothed_pose_at(&self, world: &World, body: BodyId, alpha: f32) -> Result<Transform> {
        if !(0.0..=1.0).contains(&alpha) {
            return Err(Error::InvalidValue {
                field: "alpha",
                reason: "must be in [0, 1]",
            });
        }
        let smoothing = self.config.smoothing;
        self.history
            .pose(world, body, smoothing, alpha, self.clock.dt())
    }

    /// The configuration, with the current `hz` and smoothing.
    pub fn config(&self) -> &StepperConfig {
        &self.config
    }

    /// Changes how poses are smoothed, from the next `smoothed_pose` on.
    pub fn set_smoothing(&mut self, smoothing: Smoothing) {
        self.config.smoothing = smoothing;
    }

    /// The fraction of a step between the last step and the frame, in [0, 1).
    pub fn alpha(&self) -> f32 {
        self.alpha
    }

    /// The clock that turns frame times into steps.
    pub fn clock(&self) -> &FixedClock {
        &self.clock
    }

    /// Stops time: frames run no steps and alpha stays where it was.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Lets time run again, forgetting single steps still pending.
    pub fn resume(&mut self) {
        self.paused = false;
        self.pending_single_steps = 0;
    }

    /// Whether time is stopped (by `pause` or `single_step`).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Pauses (if running) and runs exactly one step on the next `advance`.
    pub fn single_step(&mut self) {
        self.paused = true;
        self.pending_single_steps += 1;
    }

    /// Game time per real time: 0.5 is slow motion, 2.0 fast-forward. Fails with
    /// `InvalidValue` unless `scale` is finite and at least 0.
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

    /// Game time per real time (1 unless changed).
    pub fn time_scale(&self) -> f64 {
        self.time_scale
    }

    /// Changes the step rate at run time, keeping the time accumulated so far. Fails
    /// with `InvalidValue` unless `hz` is 1 to 100,000.
    pub fn set_hz(&mut self, hz: u32) -> Result<()> {
        self.clock.set_hz(hz)?;
        self.config.hz = hz;
        Ok(())
    }
}
