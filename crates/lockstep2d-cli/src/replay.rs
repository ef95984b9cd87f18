//! `lockstep2d record` and `lockstep2d replay`: a scripted run's inputs, edits and state
//! hashes to a file, and the file re-simulated and checked frame by frame.

use std::path::PathBuf;

use clap::Args;
use lockstep2d_scenes::{RECORDING_FORMAT, Recording, ReplayError, record, replay};
use serde::Serialize;

use crate::exit::{CliError, CliResult};
use crate::hiker::{self, HikerArgs};

#[derive(Args, Debug)]
pub struct RecordArgs {
    /// A named scene (see `lockstep2d scenes`), a scene file (.json), or `hiker`.
    scene: String,
    /// Frames to play (one step each) with the scripted player of `synctest`.
    #[arg(long, default_value_t = 600)]
    frames: u64,
    /// Where to write the recording (JSON).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    hiker: HikerArgs,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A recording written by `lockstep2d record`.
    file: PathBuf,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    json: bool,
}

/// What `record --json` prints.
#[derive(Serialize)]
struct Recorded<'a> {
    scene: &'a str,
    out: String,
    frames: usize,
    /// The state hash the last frame ended in, or null for no frames.
    last_state_hash: Option<&'a str>,
    recording_format: u32,
    engine_version: &'a str,
}

/// What `replay --json` prints.
#[derive(Serialize)]
struct Replayed<'a> {
    file: String,
    /// The frames in the recording, and those replayed with matching hashes.
    frames: usize,
    frames_matched: usize,
    recording_format: u32,
    /// The engine that recorded the run, and this one.
    recorded_engine_version: &'a str,
    engine_version: &'a str,
    /// The first frame whose state hash differs from the recording's, or null.
    mismatch: Option<Mismatch>,
}

#[derive(Serialize)]
struct Mismatch {
    frame: usize,
    recorded: String,
    replayed: String,
}

pub fn run_record(args: &RecordArgs) -> CliResult {
    if hiker::is_hiker(&args.scene) {
        let recording = hiker::record(&args.hiker, args.frames, &args.out)?;
        let last = recording.frames.last().map(|f| f.state_hash.as_str());
        let format = recording.format;
        return say_recorded(args, last, format, &recording.engine_version);
    }
    args.hiker.refuse_for_scene(&args.scene)?;
    let def = crate::scene_arg::load(&args.scene)?;
    let recording = record(&def, args.frames).map_err(|e| format!("record {}: {e}", args.scene))?;
    let text = serde_json::to_string(&recording).map_err(|e| e.to_string())?;
    let out = args.out.display();
    std::fs::write(&args.out, text).map_err(|e| format!("--out {out}: {e}"))?;
    let last = recording.frames.last().map(|f| f.state_hash.as_str());
    say_recorded(args, last, recording.format, &recording.engine_version)
}

/// The summary of a recording written, or `--json`.
fn say_recorded(args: &RecordArgs, last: Option<&str>, format: u32, engine: &str) -> CliResult {
    let out = args.out.display();
    if args.json {
        return crate::json::print(&Recorded {
            scene: &args.scene,
            out: out.to_string(),
            frames: args.frames as usize,
            last_state_hash: last,
            recording_format: format,
            engine_version: engine,
        });
    }
    println!(
        "recorded {} frames of {} to {out} (last state hash {})",
        args.frames,
        args.scene,
        last.unwrap_or("-")
    );
    Ok(())
}

pub fn run_replay(args: &ReplayArgs) -> CliResult {
    let shown = args.file.display();
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{shown}: {e}"))?;
    let (frames, format, recorded_engine, result) =
        match lockstep2d_hiker::HikerRecording::read(&text) {
            Some(recording) => {
                let recording = recording.map_err(|e| format!("{shown}: {e}"))?;
                let result = lockstep2d_hiker::replay(&recording);
                let frames = recording.frames.len();
                (frames, recording.format, recording.engine_version, result)
            }
            None => {
                let recording = Recording::from_json(&text).map_err(|e| format!("{shown}: {e}"))?;
                let result = replay(&recording);
                let frames = recording.frames.len();
                (frames, RECORDING_FORMAT, recording.engine_version, result)
            }
        };
    let engine = lockstep2d::VERSION;
    if recorded_engine != engine {
        eprintln!(
            "lockstep2d: warning: {shown} was recorded by lockstep2d {recorded_engine}, and this \
             is {engine}: the state hashes say whether it still simulates the same bits"
        );
    }
    let mut report = Replayed {
        file: shown.to_string(),
        frames,
        frames_matched: 0,
        recording_format: format,
        recorded_engine_version: &recorded_engine,
        engine_version: engine,
        mismatch: None,
    };
    let outcome = match result {
        Ok(frames) => {
            report.frames_matched = frames;
            Ok(())
        }
        Err(error) => {
            let ReplayError::Mismatch {
                frame,
                recorded,
                replayed,
            } = &error
            else {
                return Err(format!("replay {shown}: {error}").into());
            };
            report.frames_matched = *frame;
            report.mismatch = Some(Mismatch {
                frame: *frame,
                recorded: recorded.clone(),
                replayed: replayed.clone(),
            });
            Err(CliError::mismatch(format!("replay {shown}: {error}")))
        }
    };
    if args.json {
        crate::json::print(&report)?;
    } else if outcome.is_ok() {
        println!(
            "replayed {} frames of {shown}: every state hash matches the recording",
            report.frames_matched
        );
    }
    outcome
}
