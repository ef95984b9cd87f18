//! `render hiker`: the game played headless from an input script, one frame of 1/fps
//! at a time through the game's own loop (the fixed-step driver, the input queue),
//! drawn into a PNG (the last frame) or a GIF (every frame); a line or `--json` on how
//! the game went.

use lockstep2d_hiker::{GameLoop, draw};
use lockstep2d_testbed::Pixmap;
use serde::Serialize;

use super::HikerArgs;
use crate::exit::{CliError, CliResult};
use crate::image_out::ImageOut;
use crate::progress::Progress;
use crate::render::{RenderArgs, frame_time};

/// How long a render runs without `--seconds` (s).
const DEFAULT_SECONDS: f64 = 30.0;

pub fn run(args: &RenderArgs, hiker: &HikerArgs) -> CliResult {
    let (frames, _) = args.check(DEFAULT_SECONDS).map_err(CliError::usage)?;
    let script = hiker.script()?;
    let mut game_loop = GameLoop::new(hiker.game()?).map_err(|e| e.to_string())?;
    let mut out = ImageOut::create(&args.out, (args.width, args.height), args.fps)?;
    let mut pixmap =
        Pixmap::new(args.width, args.height).ok_or("the picture size is out of range")?;
    let mut progress = Progress::start();
    let mut steps = 0u64;
    for frame in 0..frames {
        let time = (frame + 1) as f64 / args.fps;
        let buttons = script.buttons_at(frame as f64 / args.fps);
        let frame_steps = game_loop.frame(frame_time(frame, args.fps), buttons);
        steps += u64::from(frame_steps.map_err(|e| format!("at {time:.2} s: {e}"))?);
        draw(&mut pixmap, &game_loop).map_err(|e| e.to_string())?;
        out.frame(&pixmap)?;
        progress.update(frame + 1, frames);
    }
    progress.finish();
    out.finish(&pixmap)?;
    let state = &game_loop.game.state.hiker_state;
    let report = Rendered {
        game: super::NAME,
        out: args.out.display().to_string(),
        width: args.width,
        height: args.height,
        fps: args.fps,
        frames,
        steps,
        climbed: game_loop.game.height_climbed(),
        health: state.health,
        falls: state.falls,
        picked: state.picked,
    };
    if args.json {
        return crate::json::print(&report);
    }
    println!(
        "rendered hiker: {frames} frames, {steps} steps, to {}; climbed {:.0} m, health {:.0}, \
         {} falls, {} items picked up",
        report.out, report.climbed, report.health, report.falls, report.picked
    );
    Ok(())
}

/// What `render hiker --json` prints: the picture, and how the game went.
#[derive(Serialize)]
struct Rendered {
    game: &'static str,
    out: String,
    width: u32,
    height: u32,
    fps: f64,
    frames: u64,
    steps: u64,
    /// Metres climbed, health left, falls and items picked up at the end.
    climbed: f32,
    health: f32,
    falls: u32,
    picked: u32,
}
