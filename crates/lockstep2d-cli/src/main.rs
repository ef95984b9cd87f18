//! `lockstep2d`: list, run and inspect physics scenes from the command line.

mod default_run;
mod frames;
mod image_out;
mod integrators;
mod netplay;
mod progress;
mod query;
mod render;
mod replay;
mod run;
mod scene_arg;
mod stages;
mod synctest;
mod view;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lockstep2d",
    version,
    about = "A deterministic 2D physics engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the named scenes.
    Scenes,
    /// Run a scene headless and print a summary (or JSON).
    Run(run::RunArgs),
    /// Render a scene headless to a PNG (last frame) or an animated GIF.
    Render(render::RenderArgs),
    /// Open the testbed window on a scene (default: pyramid).
    View(view::ViewArgs),
    /// Roll back and replay every frame of a scripted run; fail at the first frame that
    /// differs (GGRS's sync test).
    Synctest(synctest::SyncTestArgs),
    /// Record a scripted run's inputs, edits and state hashes to a file.
    Record(replay::RecordArgs),
    /// Re-simulate a recording and check its state hashes frame by frame.
    Replay(replay::ReplayArgs),
    /// Measure every point-mass integrator: order of convergence, energy drift, plots.
    Integrators(integrators::IntegratorsArgs),
    /// Step a scene, then cast a ray or ask what touches a point or a box.
    Query(query::QueryArgs),
    /// Play a scene as one peer of a two-player rollback session over UDP (GGRS);
    /// exits with code 3 if the peers' states differ (a desync).
    Netplay(netplay::NetplayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Scenes) => {
            for name in lockstep2d_scenes::names() {
                println!("{name}");
            }
            Ok(())
        }
        Some(Command::Run(args)) => run::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::View(args)) => view::run(&args),
        Some(Command::Synctest(args)) => synctest::run(&args),
        Some(Command::Record(args)) => replay::run_record(&args),
        Some(Command::Replay(args)) => replay::run_replay(&args),
        Some(Command::Integrators(args)) => integrators::run(&args),
        Some(Command::Query(args)) => query::run(&args),
        Some(Command::Netplay(args)) => return finish(netplay::run(&args)),
        None => default_run::run(),
    };
    finish(result.map(|()| ExitCode::SUCCESS))
}

/// The exit code of a command, its error said on stderr.
fn finish(result: Result<ExitCode, String>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("lockstep2d: {message}");
            ExitCode::FAILURE
        }
    }
}
