//! `lockstep2d synctest`: play a scene with scripted inputs, spawns and removals; every
//! frame roll back and play the last frames again, and stop at the first frame whose
//! state differs from the first time (GGRS's sync test).

use std::time::Instant;

use clap::Args;
use lockstep2d::{BodyId, Vec2, World};
use lockstep2d_scenes::{Script, SyncTestError, SyncTestReport, sync_test};
use serde::Serialize;

use crate::exit::{CliError, CliResult};
use crate::hiker::{self, HikerArgs};

/// How far `--nudge-at` moves its body (m), as `netplay --nudge-at` does.
const NUDGE: f32 = 1e-6;

#[derive(Args, Debug)]
pub struct SyncTestArgs {
    /// A named scene (see `lockstep2d scenes`), a scene file (.json), or `hiker`.
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
    /// A deliberate mismatch, to see it caught: the first time this frame is played
    /// (not when it is played again) player 0's body moves by 1e-6 m first, as state
    /// kept outside the world would make it.
    #[arg(long, value_name = "FRAME")]
    nudge_at: Option<u64>,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    hiker: HikerArgs,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    scene: String,
    frames: u64,
    check_distance: u64,
    /// Frames played again after a rollback (each compared with the first time); none
    /// when a mismatch stopped the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    resimulated: Option<u64>,
    /// The first frame that differed, or null.
    mismatch: Option<Mismatch>,
    seconds: f64,
}

#[derive(Serialize)]
struct Mismatch {
    frame: u64,
    /// The state hashes the first time and played again.
    first: String,
    again: String,
}

impl SyncTestArgs {
    fn check(&self) -> CliResult {
        // The first rollback comes after `check_distance` frames: a distance of 0, or
        // one the run never reaches, would report no mismatch without checking a frame.
        if self.check_distance == 0 || self.check_distance >= self.frames {
            return Err(CliError::usage(format!(
                "--check-distance {}: must be at least 1 and less than --frames ({})",
                self.check_distance, self.frames
            )));
        }
        if let Some(frame) = self.nudge_at.filter(|&f| f >= self.frames) {
            return Err(CliError::usage(format!(
                "--nudge-at {frame}: must be less than --frames ({})",
                self.frames
            )));
        }
        Ok(())
    }
}

pub fn run(args: &SyncTestArgs) -> CliResult {
    args.check()?;
    if hiker::is_hiker(&args.scene) {
        return run_hiker(args);
    }
    args.hiker.refuse_for_scene(&args.scene)?;
    let mut scene = crate::scene_arg::build(&args.scene)?;
    scene
        .world
        .set_threads(args.threads)
        .map_err(|e| CliError::usage(format!("--threads {}: {}", args.threads, e.reason())))?;
    let dt = scene.dt();
    let script = Script::new(&scene.world);
    let nudge = nudged_player(args, &script, &scene.name)?;
    // The newest frame played so far: a frame past it is played the first time.
    let mut newest: Option<u64> = None;
    let started = Instant::now();
    let result = sync_test(
        &mut scene.world,
        args.frames,
        args.check_distance,
        |frame, world| {
            let first_time = newest.is_none_or(|n| frame > n);
            if first_time {
                newest = Some(frame);
                if let Some((_, body)) = nudge.filter(|&(at, _)| at == frame) {
                    nudge_body(world, body)?;
                }
            }
            script.play(frame, world, dt)
        },
    );
    finish(args, scene.name.clone(), started, result)
}

/// Reports a finished sync test and returns its outcome.
fn finish(
    args: &SyncTestArgs,
    scene: String,
    started: Instant,
    result: Result<SyncTestReport, SyncTestError>,
) -> CliResult {
    let mut report = Report {
        scene,
        frames: args.frames,
        check_distance: args.check_distance,
        resimulated: None,
        mismatch: None,
        seconds: started.elapsed().as_secs_f64(),
    };
    let outcome = report.take(result);
    report.print(args.json)?;
    outcome
}

/// The sync test on the hiker game's scripted play.
fn run_hiker(args: &SyncTestArgs) -> CliResult {
    if args.threads != 1 {
        return Err(CliError::usage(
            "--threads: the hiker game runs on one thread",
        ));
    }
    let (script, game) = (args.hiker.script()?, args.hiker.game()?);
    let started = Instant::now();
    let frames = (args.frames, args.check_distance);
    let result = hiker::synctest(game, &script, frames, args.nudge_at);
    finish(args, hiker::NAME.to_string(), started, result)
}

/// The frame `--nudge-at` names and the player it moves, if it was given.
fn nudged_player(
    args: &SyncTestArgs,
    script: &Script,
    scene: &str,
) -> Result<Option<(u64, BodyId)>, CliError> {
    match (args.nudge_at, script.players().first()) {
        (Some(frame), Some(&body)) => Ok(Some((frame, body))),
        (Some(frame), None) => Err(CliError::usage(format!(
            "--nudge-at {frame}: {scene} has no player to nudge"
        ))),
        (None, _) => Ok(None),
    }
}

impl Report {
    /// Records the sync test's result, and returns its error: a mismatch, or the test
    /// could not run.
    fn take(&mut self, result: Result<SyncTestReport, SyncTestError>) -> CliResult {
        match result {
            Ok(done) => {
                self.resimulated = Some(done.resimulated);
                Ok(())
            }
            Err(
                error @ SyncTestError::Mismatch {
                    frame,
                    first,
                    again,
                },
            ) => {
                self.mismatch = Some(Mismatch {
                    frame,
                    first: format!("{first:#018x}"),
                    again: format!("{again:#018x}"),
                });
                let message = format!("synctest {}: {error}", self.scene);
                Err(CliError::mismatch(message))
            }
            Err(error) => Err(format!("synctest {}: {error}", self.scene).into()),
        }
    }

    /// The report as JSON, or a line of text when the test passed (a mismatch is the
    /// error's to say). A test that could not run has no report.
    fn print(&self, json: bool) -> CliResult {
        if self.resimulated.is_none() && self.mismatch.is_none() {
            return Ok(());
        }
        if json {
            crate::json::print(self)?;
        } else if let Some(resimulated) = self.resimulated {
            println!(
                "synctest {}: {} frames, rolled back {} frames every frame, {resimulated} \
                 frames played again, 0 mismatches ({:.1} s)",
                self.scene, self.frames, self.check_distance, self.seconds,
            );
        }
        Ok(())
    }
}

/// Moves `body` right by `NUDGE`.
fn nudge_body(world: &mut World, body: BodyId) -> lockstep2d::Result<()> {
    let position = world.position(body)? + Vec2::new(NUDGE, 0.0);
    let angle = world.angle(body)?;
    world.set_transform(body, position, angle)
}
