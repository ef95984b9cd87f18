//! `lockstep2d`: list, run and inspect physics scenes from the command line.

mod frames;
mod run;
mod scene_arg;

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
}

/// The scene `cargo run --release` shows when no command is given.
const DEFAULT_SCENE: &str = "pyramid";

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
        None => run::run(&run::RunArgs::default_for(DEFAULT_SCENE)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lockstep2d: {message}");
            ExitCode::FAILURE
        }
    }
}
