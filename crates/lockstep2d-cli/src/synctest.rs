//! `lockstep2d synctest`: play a scene with scripted inputs, spawns and removals; every
//! frame roll back and play the last frames again, and stop at the first frame whose
//! state differs from the first time (GGRS's sync test).

use std::time::Instant;

use clap::Args;
use lockstep2d_scenes::{Script, sync_test};

#[derive(Args, Debug)]
pub struct SyncTestArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json).
    scene: String,
    /// Frames to play (one step each).
    #[arg(long, default_value_t = 600)]
    frames: u64,
    /// How many frames each rollback goes back.
    #[arg(long, default_value_t = 7)]
    check_distance: u64,
    /// Threads that solve contacts (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: u32,
}

pub fn run(args: &SyncTestArgs) -> Result<(), String> {
    // The first rollback comes after `check_distance` frames: a distance of 0, or one
    // the run never reaches, would report no mismatch without checking a frame.
    if args.check_distance == 0 || args.check_distance >= args.frames {
        return Err(format!(
            "--check-distance {}: must be at least 1 and less than --frames ({})",
            args.check_distance, args.frames
        ));
    }
    let mut scene = crate::scene_arg::build(&args.scene)?;
    scene
        .world
        .set_threads(args.threads)
        .map_err(|e| format!("--threads {}: {e}", args.threads))?;
    let dt = 1.0 / scene.hz;
    let script = Script::new(&scene.world);
    let started = Instant::now();
    let report = sync_test(
        &mut scene.world,
        args.frames,
        args.check_distance,
        |frame, world| script.play(frame, world, dt),
    )
    .map_err(|e| format!("synctest {}: {e}", scene.name))?;
    println!(
        "synctest {}: {} frames, rolled back {} frames every frame, {} frames played again, \
         0 mismatches ({:.1} s)",
        scene.name,
        report.frames,
        report.check_distance,
        report.resimulated,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
