//! `lockstep2d run --render-hz R`: a simulated render frame clock. Frames of (jittered)
//! render time go to the fixed-step driver, as in a game's main loop, and each frame's
//! steps, alpha, dropped time and, if asked, one body's smoothed pose are recorded.

use std::fmt;
use std::time::Duration;

use crate::stages::StageSum;
use clap::{Args, ValueEnum};
use lockstep2d::{
    BodyId, FixedStepper, FrameReport, OverloadPolicy, Smoothing, StepperConfig, World,
};
use lockstep2d_scenes::Pcg32;
use serde::Serialize;

/// The jitter generator's seed and stream: fixed, so a jittered run repeats exactly.
const JITTER_SEED: u64 = 2024;
const JITTER_STREAM: u64 = 7;

/// The frame-clock flags of `lockstep2d run`. All but `--render-hz` are `Option`s with
/// the driver's defaults applied later, so that giving one without `--render-hz` is an
/// error rather than silently ignored.
#[derive(Args, Debug)]
pub struct FrameArgs {
    /// Simulate a render frame clock at R frames/s and drive the world with the
    /// fixed-step driver (default: plain steps, no frames).
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    render_hz: Option<f64>,
    /// Vary each frame time by up to ±J of 1/R (uniform, fixed seed), J in [0, 1).
    #[arg(long, value_name = "J", allow_negative_numbers = true)]
    frame_jitter: Option<f64>,
    /// How poses are smoothed between steps for --trace-body [default: interpolate].
    #[arg(long, value_enum)]
    smoothing: Option<SmoothingArg>,
    /// The most steps one frame may run under carry, drop and stretch [default: 8].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    max_steps_per_frame: Option<u32>,
    /// What to do with frames that bring too much time [default: slow-down, which
    /// clamps a frame at 0.25 s].
    #[arg(long, value_enum)]
    policy: Option<PolicyArg>,
    /// Record this body's smoothed pose every frame (an index into the scene's bodies,
    /// as in `bodies_final`).
    #[arg(long, value_name = "ID")]
    trace_body: Option<usize>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SmoothingArg {
    None,
    Interpolate,
    Extrapolate,
}

impl From<SmoothingArg> for Smoothing {
    fn from(arg: SmoothingArg) -> Smoothing {
        match arg {
            SmoothingArg::None => Smoothing::None,
            SmoothingArg::Interpolate => Smoothing::Interpolate,
            SmoothingArg::Extrapolate => Smoothing::Extrapolate,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PolicyArg {
    SlowDown,
    Carry,
    Drop,
    Stretch,
}

impl From<PolicyArg> for OverloadPolicy {
    fn from(arg: PolicyArg) -> OverloadPolicy {
        match arg {
            // The driver's default slow-down is the one in "Fixed time-step implementation in
            // Box2D": clamp a frame at 0.25 s.
            PolicyArg::SlowDown => OverloadPolicy::default(),
            PolicyArg::Carry => OverloadPolicy::Carry,
            PolicyArg::Drop => OverloadPolicy::Drop,
            PolicyArg::Stretch => OverloadPolicy::Stretch,
        }
    }
}

/// A checked frame clock: what `--render-hz` and its companion flags asked for.
#[derive(Debug)]
pub struct FramePlan {
    render_hz: f64,
    jitter: f64,
    config: StepperConfig,
    trace: Option<usize>,
}

impl FrameArgs {
    /// The frame clock asked for, or `None` for a plain run of `world.step`. `hz` is the
    /// run's physics rate and `bodies` the number of bodies in the scene.
    pub fn plan(&self, hz: u32, steps: u32, bodies: usize) -> Result<Option<FramePlan>, String> {
        let Some(render_hz) = self.render_hz else {
            return self.reject_without_clock().map(|()| None);
        };
        Ok(Some(FramePlan {
            render_hz: check_frame_count(
                check_render_hz(render_hz)?,
                f64::from(steps) / f64::from(hz),
            )?,
            jitter: check_jitter(self.frame_jitter.unwrap_or(0.0))?,
            config: self.stepper_config(hz),
            trace: self
                .trace_body
                .map(|id| check_body(id, bodies))
                .transpose()?,
        }))
    }

    /// The driver's defaults, overridden by the flags given.
    fn stepper_config(&self, hz: u32) -> StepperConfig {
        let mut config = StepperConfig {
            hz,
            ..StepperConfig::default()
        };
        if let Some(max_steps) = self.max_steps_per_frame {
            config.max_steps_per_frame = max_steps;
        }
        if let Some(policy) = self.policy {
            config.policy = policy.into();
        }
        if let Some(smoothing) = self.smoothing {
            config.smoothing = smoothing.into();
        }
        config
    }

    /// Fails on the first frame flag given without `--render-hz`.
    fn reject_without_clock(&self) -> Result<(), String> {
        let given = [
            ("--frame-jitter", self.frame_jitter.is_some()),
            ("--smoothing", self.smoothing.is_some()),
            ("--max-steps-per-frame", self.max_steps_per_frame.is_some()),
            ("--policy", self.policy.is_some()),
            ("--trace-body", self.trace_body.is_some()),
        ];
        match given.iter().find(|(_, is_given)| *is_given) {
            Some((flag, _)) => Err(format!(
                "{flag} needs --render-hz: without a frame clock there are no frames"
            )),
            None => Ok(()),
        }
    }
}

fn check_render_hz(render_hz: f64) -> Result<f64, String> {
    if !(render_hz.is_finite() && render_hz > 0.0) {
        return Err(format!("--render-hz {render_hz}: must be a number > 0"));
    }
    // Frame times are whole nanoseconds: frames shorter than half of one would all be
    // zero and the run would never end.
    if (1e9 / render_hz).round() < 1.0 {
        return Err(format!(
            "--render-hz {render_hz}: frames would be shorter than a nanosecond"
        ));
    }
    Ok(render_hz)
}

/// The most frames a run keeps a row for: far more than any trace needs, and a
/// bounded table (a row is about 100 bytes).
const MAX_FRAMES: f64 = 1.0e6;

/// `render_hz`, unless `seconds` of frames at that rate would be more than `MAX_FRAMES`.
fn check_frame_count(render_hz: f64, seconds: f64) -> Result<f64, String> {
    let frames = render_hz * seconds;
    if frames > MAX_FRAMES {
        return Err(format!(
            "--render-hz {render_hz}: {frames:.0} frames in {seconds} s, more than the \
             {MAX_FRAMES} a run keeps"
        ));
    }
    Ok(render_hz)
}

fn check_jitter(jitter: f64) -> Result<f64, String> {
    if !(0.0..1.0).contains(&jitter) {
        return Err(format!("--frame-jitter {jitter}: must be in [0, 1)"));
    }
    Ok(jitter)
}

fn check_body(id: usize, bodies: usize) -> Result<usize, String> {
    if id >= bodies {
        return Err(format!(
            "--trace-body {id}: the scene has {bodies} bodies, numbered from 0"
        ));
    }
    Ok(id)
}

/// Frame times of (1/R)·(1 + J·u), with u uniform in [−1, 1), in whole nanoseconds.
struct FrameTimes {
    mean_ns: f64,
    jitter: f64,
    rng: Pcg32,
}

impl FrameTimes {
    fn new(render_hz: f64, jitter: f64) -> FrameTimes {
        FrameTimes {
            mean_ns: 1e9 / render_hz,
            jitter,
            rng: Pcg32::new(JITTER_SEED, JITTER_STREAM),
        }
    }

    fn next_frame(&mut self) -> Duration {
        let u = f64::from(self.rng.range(-1.0, 1.0));
        Duration::from_nanos((self.mean_ns * (1.0 + self.jitter * u)).round() as u64)
    }
}

impl FramePlan {
    /// The most frames a run may take: four times what frames of the mean length
    /// (clamped as slow-down clamps them) would need, plus slack for short runs.
    /// Jitter and clamping cost far less than that, so reaching it means a bug.
    fn frame_cap(&self, steps: u32) -> u64 {
        let mut frame = 1.0 / self.render_hz;
        if let OverloadPolicy::SlowDown { max_frame_time } = self.config.policy {
            frame = frame.min(max_frame_time.as_secs_f64());
        }
        let needed = f64::from(steps) / (f64::from(self.config.hz) * frame);
        // `as` saturates, which is what a cap wants.
        (4.0 * needed) as u64 + 1000
    }
}

/// One rendered frame, as printed in JSON. Times are in seconds.
#[derive(Debug, Serialize)]
pub struct FrameRow {
    frame: u64,
    frame_time: f64,
    steps: u32,
    alpha: f32,
    dropped: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pose: Option<Pose>,
}

/// A smoothed pose, as the renderer would draw it.
#[derive(Debug, Serialize)]
struct Pose {
    x: f32,
    y: f32,
    angle: f32,
}

/// What a frame-clock run amounted to: the human summary's line.
#[derive(Debug)]
pub struct FrameSummary {
    render_hz: f64,
    frames: u64,
    steps: u64,
    dropped: Duration,
    deterministic: bool,
}

impl FrameSummary {
    /// False when `stretch` ran steps longer than 1 / hz.
    pub fn is_deterministic(&self) -> bool {
        self.deterministic
    }
}

impl fmt::Display for FrameSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mean = self.steps as f64 / self.frames.max(1) as f64;
        let stepping = if self.deterministic {
            "stepping deterministic"
        } else {
            "stepping NOT deterministic (stretched steps)"
        };
        write!(
            f,
            "  {} frames at {} Hz render, {mean:.3} steps/frame, {:.3} s dropped, {stepping}",
            self.frames,
            self.render_hz,
            self.dropped.as_secs_f64()
        )
    }
}

/// A frame-clock run: every frame, and the summary.
#[derive(Debug)]
pub struct FramesRun {
    pub frames: Vec<FrameRow>,
    pub summary: FrameSummary,
}

impl FramesRun {
    fn new(render_hz: f64) -> FramesRun {
        FramesRun {
            frames: Vec::new(),
            summary: FrameSummary {
                render_hz,
                frames: 0,
                steps: 0,
                dropped: Duration::ZERO,
                deterministic: true,
            },
        }
    }

    /// Steps run so far.
    pub fn steps(&self) -> u64 {
        self.summary.steps
    }

    fn record(&mut self, frame_time: Duration, report: &FrameReport, pose: Option<Pose>) {
        let summary = &mut self.summary;
        self.frames.push(FrameRow {
            frame: summary.frames,
            frame_time: frame_time.as_secs_f64(),
            steps: report.steps,
            alpha: report.alpha,
            dropped: report.dropped.as_secs_f64(),
            pose,
        });
        summary.frames += 1;
        summary.steps += u64::from(report.steps);
        summary.dropped += report.dropped;
        summary.deterministic &= report.deterministic;
    }
}

/// Runs frames until at least `steps` steps have run (or the frame cap is reached,
/// which is reported on stderr).
pub fn run(
    world: &mut World,
    bodies: &[BodyId],
    plan: &FramePlan,
    steps: u32,
    stages: &mut StageSum,
) -> Result<FramesRun, String> {
    let mut stepper =
        FixedStepper::new(plan.config).map_err(|e| format!("the fixed-step driver: {e}"))?;
    let mut frame_times = FrameTimes::new(plan.render_hz, plan.jitter);
    let cap = plan.frame_cap(steps);
    let mut run = FramesRun::new(plan.render_hz);
    while run.steps() < u64::from(steps) {
        if run.summary.frames == cap {
            eprintln!(
                "lockstep2d: stopped after {cap} frames with {} of {steps} steps run",
                run.steps()
            );
            break;
        }
        let frame_time = frame_times.next_frame();
        // No game logic here: the scene runs as it was built. Before each step the
        // world's profile is the previous step's (zeros before the first).
        let report = stepper
            .advance(world, frame_time, |world, _| {
                stages.add(world.profile());
                Ok(())
            })
            .map_err(|e| e.to_string())?;
        let pose = match plan.trace {
            Some(id) => Some(traced_pose(&stepper, world, bodies[id], id)?),
            None => None,
        };
        run.record(frame_time, &report, pose);
    }
    stages.add(world.profile());
    Ok(run)
}

fn traced_pose(
    stepper: &FixedStepper,
    world: &World,
    body: BodyId,
    id: usize,
) -> Result<Pose, String> {
    let xf = stepper
        .smoothed_pose(world, body)
        .map_err(|e| format!("--trace-body {id}: {e}"))?;
    Ok(Pose {
        x: xf.p.x,
        y: xf.p.y,
        angle: xf.q.angle(),
    })
}
