//! `lockstep2d record` and `lockstep2d replay`: a scripted run's inputs, edits and state
//! hashes to a file, and the file re-simulated and checked frame by frame.

use std::path::PathBuf;

use clap::Args;
use lockstep2d_scenes::{Recording, record, replay};

#[derive(Args, Debug)]
pub struct RecordArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json).
    scene: String,
    /// Frames to play (one step each) with the scripted player of `synctest`.
    #[arg(long, default_value_t = 600)]
    frames: u64,
    /// Where to write the recording (JSON).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A recording written by `lockstep2d record`.
    file: PathBuf,
}

pub fn run_record(args: &RecordArgs) -> Result<(), String> {
    let def = crate::scene_arg::load(&args.scene)?;
    let recording = record(&def, args.frames).map_err(|e| format!("record {}: {e}", args.scene))?;
    let text = serde_json::to_string(&recording).map_err(|e| e.to_string())?;
    let out = args.out.display();
    std::fs::write(&args.out, text).map_err(|e| format!("--out {out}: {e}"))?;
    let last = recording
        .frames
        .last()
        .map_or("-", |f| f.state_hash.as_str());
    println!(
        "recorded {} frames of {} to {out} (last state hash {last})",
        recording.frames.len(),
        args.scene
    );
    Ok(())
}

pub fn run_replay(args: &ReplayArgs) -> Result<(), String> {
    let shown = args.file.display();
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{shown}: {e}"))?;
    let recording: Recording =
        serde_json::from_str(&text).map_err(|e| format!("{shown}: not a recording: {e}"))?;
    let frames = replay(&recording).map_err(|e| format!("replay {shown}: {e}"))?;
    println!("replayed {frames} frames of {shown}: every state hash matches the recording");
    Ok(())
}
