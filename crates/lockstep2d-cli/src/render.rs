//! `lockstep2d render`: a scene drawn headless into a PNG (the last frame) or an
//! animated GIF (every frame), driven by the fixed-step driver from a frame clock of
//! 1/fps, as a game would be. It also measures what a frame costs to draw against
//! what a step costs to simulate.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use lockstep2d::{FixedStepper, StepperConfig};
use lockstep2d_scenes::Scene;
use lockstep2d_testbed::session::Layers;
use lockstep2d_testbed::{
    Camera, Pixmap, Sparks, draw_overlay, draw_world_with, scene_bounds, testbed_options,
};

use serde::Serialize;

use crate::exit::{CliError, CliResult};
use crate::hiker::{self, HikerArgs};
use crate::image_out::{self, Format, ImageOut};
use crate::progress::Progress;
use crate::scene_arg;

/// The longest render, so a typo in --seconds does not run for a day.
const MAX_SECONDS: f64 = 3600.0;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A named scene (see `lockstep2d scenes`), a scene file (.json), or `hiker`.
    pub scene: String,
    /// Simulated seconds to render [default: the scene's own run, usually 10 s].
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub seconds: Option<f64>,
    /// The image to write: .png (the last frame) or .gif (every frame).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Picture width in pixels.
    #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub width: u32,
    /// Picture height in pixels.
    #[arg(long, default_value_t = 360, value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub height: u32,
    /// Frames per second of the frame clock (and of the GIF).
    #[arg(
        long,
        default_value_t = 30.0,
        value_name = "F",
        allow_negative_numbers = true
    )]
    pub fps: f64,
    /// Debug layers to draw too, comma-separated: bounds (each shape's box), centers
    /// (each body's axes at its centre of mass), impulses (each contact's).
    #[arg(long, value_name = "LAYERS", value_parser = Layers::parse, default_value = "")]
    pub show: Layers,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub hiker: HikerArgs,
}

/// What a render did, for the summary.
struct Rendered {
    frames: u64,
    steps: u64,
    /// Time spent in the driver (stepping), in drawing frames, and in encoding and
    /// writing the file (every frame of a GIF; the one PNG at the end).
    physics: Duration,
    drawing: Duration,
    writing: Duration,
}

impl RenderArgs {
    /// The frames to draw and the seconds they cover (`default_seconds` without
    /// `--seconds`); what is wrong with the flags is a usage error.
    pub fn check(&self, default_seconds: f64) -> Result<(u64, f64), String> {
        let fps = self.fps;
        if !(fps.is_finite() && fps > 0.0 && fps <= 1000.0) {
            return Err(format!("--fps {fps}: must be a number in (0, 1000]"));
        }
        if image_out::format_of(&self.out)? == Format::Gif && fps > image_out::MAX_GIF_FPS {
            return Err(format!(
                "--fps {fps}: a GIF shows at most {} frames a second",
                image_out::MAX_GIF_FPS
            ));
        }
        let seconds = self.seconds.unwrap_or(default_seconds);
        if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS) {
            return Err(format!(
                "--seconds {seconds}: must be a number in (0, {MAX_SECONDS}]"
            ));
        }
        // The last frame may run a little past `seconds`, never short of it.
        let frames = (seconds * fps - 1e-9).ceil().max(1.0) as u64;
        Ok((frames, seconds))
    }
}

pub fn run(args: &RenderArgs) -> CliResult {
    if hiker::is_hiker(&args.scene) {
        if args.show != Layers::default() {
            return Err(CliError::usage(
                "--show: the hiker is drawn in its own look",
            ));
        }
        return hiker::render(args, &args.hiker);
    }
    args.hiker.refuse_for_scene(&args.scene)?;
    let mut scene = scene_arg::build(&args.scene)?;
    let hz = scene.hz;
    let default_seconds = f64::from(scene.steps) / f64::from(scene.hz);
    let (frames, seconds) = args.check(default_seconds).map_err(CliError::usage)?;
    let mut out = ImageOut::create(&args.out, (args.width, args.height), args.fps)?;
    let mut pixmap =
        Pixmap::new(args.width, args.height).ok_or("the picture size is out of range")?;
    let mut rendered = render_frames(
        &mut scene,
        hz,
        args,
        frames,
        &mut |p| out.frame(p),
        &mut pixmap,
    )?;
    let start = Instant::now();
    out.finish(&pixmap)?;
    rendered.writing += start.elapsed();
    let report = Report::new(&scene.name, args, seconds, hz, &rendered);
    if args.json {
        return crate::json::print(&report);
    }
    print_summary(&report);
    Ok(())
}

/// Runs `frames` frames of 1/fps, drawing each and handing it to `sink`; `pixmap` ends
/// holding the last. A PNG keeps only the last frame but every frame is still drawn, so
/// that the summary's draw time is a mean over the run rather than one sample.
fn render_frames(
    scene: &mut Scene,
    hz: u32,
    args: &RenderArgs,
    frames: u64,
    sink: &mut dyn FnMut(&Pixmap) -> Result<(), String>,
    pixmap: &mut Pixmap,
) -> Result<Rendered, String> {
    let config = StepperConfig {
        hz,
        ..StepperConfig::default()
    };
    let mut stepper = FixedStepper::new(config).map_err(|e| e.to_string())?;
    let mut camera = Camera::new(args.width, args.height);
    if let Some(bounds) = scene_bounds(&scene.world) {
        camera.fit(bounds);
    }
    let mut rendered = Rendered {
        frames,
        steps: 0,
        physics: Duration::ZERO,
        drawing: Duration::ZERO,
        writing: Duration::ZERO,
    };
    let mut sparks = Sparks::default();
    let mut progress = Progress::start();
    for frame in 0..frames {
        let start = Instant::now();
        let frame_time = frame_time(frame, args.fps);
        let report = stepper
            .advance(&mut scene.world, frame_time, |_, _| Ok(()))
            .map_err(|e| e.to_string())?;
        sparks.frame(&report.events, frame_time);
        rendered.physics += start.elapsed();
        rendered.steps += u64::from(report.steps);

        let start = Instant::now();
        let world = &scene.world;
        let pose = |b| stepper.smoothed_pose(world, b);
        let mut options = testbed_options(&camera);
        args.show.apply(&mut options);
        draw_world_with(pixmap, world, &camera, &pose, &|_| None, &options)
            .map_err(|e| e.to_string())?;
        sparks.draw(pixmap, &camera);
        let time = (frame + 1) as f64 / args.fps;
        draw_overlay(pixmap, &[format!("{}  t = {time:.2} s", scene.name)]);
        rendered.drawing += start.elapsed();

        let start = Instant::now();
        sink(pixmap)?;
        rendered.writing += start.elapsed();
        progress.update(frame + 1, frames);
    }
    progress.finish();
    Ok(rendered)
}

/// Frame k lasts from round(k/fps) to round((k+1)/fps) in whole nanoseconds, so the
/// frames add up to the true time however fps divides a second.
pub fn frame_time(k: u64, fps: f64) -> Duration {
    let at = |k: u64| (1e9 * k as f64 / fps).round() as u64;
    Duration::from_nanos(at(k + 1) - at(k))
}

/// What a render wrote and what its frames cost: the summary, or `--json`.
#[derive(Serialize)]
struct Report<'a> {
    scene: &'a str,
    out: String,
    width: u32,
    height: u32,
    fps: f64,
    seconds: f64,
    frames: u64,
    steps: u64,
    hz: u32,
    ms_per_frame_drawn: f64,
    ms_per_step: f64,
    /// Frames encoded into the file: every frame of a GIF, the last of a PNG.
    frames_written: u64,
    /// The time to encode and write the file, over `frames_written`.
    ms_per_frame_written: f64,
    #[serde(skip)]
    gif: bool,
}

impl Report<'_> {
    fn new<'a>(
        name: &'a str,
        args: &RenderArgs,
        seconds: f64,
        hz: u32,
        r: &Rendered,
    ) -> Report<'a> {
        let ms = |d: Duration, n: u64| 1e3 * d.as_secs_f64() / n.max(1) as f64;
        let gif = image_out::format_of(&args.out) == Ok(Format::Gif);
        let frames_written = if gif { r.frames } else { 1 };
        Report {
            scene: name,
            out: args.out.display().to_string(),
            width: args.width,
            height: args.height,
            fps: args.fps,
            seconds,
            frames: r.frames,
            steps: r.steps,
            hz,
            ms_per_frame_drawn: ms(r.drawing, r.frames),
            ms_per_step: ms(r.physics, r.steps),
            frames_written,
            ms_per_frame_written: ms(r.writing, frames_written),
            gif,
        }
    }
}

fn print_summary(r: &Report) {
    let (draw_ms, step_ms) = (r.ms_per_frame_drawn, r.ms_per_step);
    let ratio = if step_ms > 0.0 {
        format!("one frame drawn costs {:.1} steps", draw_ms / step_ms)
    } else {
        "no steps ran".to_string()
    };
    // A GIF encodes every frame; a PNG only the last, once.
    let written = if r.gif {
        format!("{:.3} ms per frame written", r.ms_per_frame_written)
    } else {
        format!("{:.3} ms to write the PNG", r.ms_per_frame_written)
    };
    let summary = format!(
        "{}: wrote {} ({}×{}, {} frames at {} fps over {:.2} s, {} steps at {} Hz)\n  \
         {draw_ms:.3} ms per frame drawn, {step_ms:.3} ms per physics step: {ratio}\n  \
         {written}\n",
        r.scene, r.out, r.width, r.height, r.frames, r.fps, r.seconds, r.steps, r.hz
    );
    // The file is written; a reader that closed the pipe (`| head -1`) is no failure.
    let _ = std::io::stdout().write_all(summary.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_times_add_up_to_whole_seconds() {
        let total: Duration = (0..30).map(|k| frame_time(k, 30.0)).sum();
        assert_eq!(total, Duration::from_secs(1));
        let total: Duration = (0..70).map(|k| frame_time(k, 7.0)).sum();
        assert_eq!(total, Duration::from_secs(10));
    }
}
