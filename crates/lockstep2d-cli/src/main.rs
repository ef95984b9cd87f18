//! `lockstep2d`: list, run and inspect physics scenes from the command line.

mod accuracy;
mod default_run;
mod diff;
mod exit;
mod frames;
mod hiker;
mod image_out;
mod integrators;
mod json;
mod netplay;
mod progress;
mod query;
mod render;
mod replay;
mod run;
mod scene_arg;
#[cfg(feature = "webrtc")]
mod signal;
mod stages;
mod synctest;
mod view;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use serde::Serialize;

use crate::exit::{CliResult, EXIT_CODES_HELP};

#[derive(Parser)]
#[command(
    name = "lockstep2d",
    version,
    about = "A deterministic 2D physics engine",
    after_help = EXIT_CODES_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the named scenes.
    #[command(after_help = EXIT_CODES_HELP)]
    Scenes(ScenesArgs),
    /// Run a scene headless and print a summary (or JSON).
    #[command(after_help = EXIT_CODES_HELP)]
    Run(run::RunArgs),
    /// Render a scene headless to a PNG (last frame) or an animated GIF.
    #[command(after_help = EXIT_CODES_HELP)]
    Render(render::RenderArgs),
    /// Open the testbed window on a scene (default: pyramid).
    #[command(after_help = EXIT_CODES_HELP)]
    View(view::ViewArgs),
    /// Play a game in a window: `hiker`, a climb up an endless mountain (arrows or WASD
    /// to run, crouch and jump; E picks up, Q drops, F uses, Tab switches items).
    #[command(after_help = EXIT_CODES_HELP)]
    Play(hiker::PlayArgs),
    /// Roll back and replay every frame of a scripted run; exits with code 3 at the
    /// first frame that differs (GGRS's sync test).
    #[command(after_help = EXIT_CODES_HELP)]
    Synctest(synctest::SyncTestArgs),
    /// Record a scripted run's inputs, edits and state hashes to a file.
    #[command(after_help = EXIT_CODES_HELP)]
    Record(replay::RecordArgs),
    /// Re-simulate a recording and check its state hashes frame by frame; exits with
    /// code 3 at the first that differs.
    #[command(after_help = EXIT_CODES_HELP)]
    Replay(replay::ReplayArgs),
    /// Measure every point-mass integrator: order of convergence, energy drift, plots.
    #[command(after_help = EXIT_CODES_HELP)]
    Integrators(integrators::IntegratorsArgs),
    /// Measure the engine against closed-form mechanics (falls, bounces, rolling,
    /// friction, pendulums and their period, collisions, Newton's cradle, a bouncy
    /// pile) at several rates and substeps.
    #[command(after_help = EXIT_CODES_HELP)]
    Accuracy(accuracy::AccuracyArgs),
    /// Step a scene, then cast a ray or ask what touches a point or a box.
    #[command(after_help = EXIT_CODES_HELP)]
    Query(query::QueryArgs),
    /// Play a scene as one peer of a two-player rollback session over UDP (GGRS);
    /// exits with code 3 if the peers' states differ (a desync).
    #[command(after_help = EXIT_CODES_HELP)]
    Netplay(netplay::NetplayArgs),
    /// Compare two saved states (`run --save-state`, a desync's snapshots): each body,
    /// shape, joint or contact that differs, with its field and both values' bits;
    /// exits with code 3 if they differ.
    #[command(after_help = EXIT_CODES_HELP)]
    Diff(diff::DiffArgs),
    /// Run a signalling server for `netplay --signal` rooms (WebRTC), until stopped.
    #[cfg(feature = "webrtc")]
    #[command(after_help = EXIT_CODES_HELP)]
    Signal(signal::SignalArgs),
}

#[derive(Args, Debug)]
struct ScenesArgs {
    /// Print one JSON object `{"format": 1, "scenes": [...]}` instead of a name a line.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Scenes(args)) => scenes(&args),
        Some(Command::Run(args)) => run::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::View(args)) => view::run(&args),
        Some(Command::Play(args)) => hiker::play(&args),
        Some(Command::Synctest(args)) => synctest::run(&args),
        Some(Command::Record(args)) => replay::run_record(&args),
        Some(Command::Replay(args)) => replay::run_replay(&args),
        Some(Command::Integrators(args)) => integrators::run(&args),
        Some(Command::Accuracy(args)) => accuracy::run(&args),
        Some(Command::Query(args)) => query::run(&args),
        Some(Command::Netplay(args)) => netplay::run(&args),
        Some(Command::Diff(args)) => diff::run(&args),
        #[cfg(feature = "webrtc")]
        Some(Command::Signal(args)) => signal::run(&args),
        None => default_run::run(),
    };
    exit::finish(result)
}

fn scenes(args: &ScenesArgs) -> CliResult {
    let scenes = lockstep2d_scenes::names();
    if args.json {
        #[derive(Serialize)]
        struct Scenes<'a> {
            scenes: &'a [&'a str],
        }
        return json::print(&Scenes { scenes });
    }
    for name in scenes {
        println!("{name}");
    }
    Ok(())
}
