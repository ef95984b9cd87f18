//! What a rollback costs: a scene played by two scripted players as a session's peer
//! plays it, saving every frame into a `SnapshotRing`, and on every frame from frame
//! `depth` on, rolled back `depth` frames and played forward again, as GGRS asks when a
//! remote pad arrives `depth` frames late.
//!
//! `cargo run --release -p lockstep2d-netplay --example rollback_cost [-- --scene NAME
//! --frames N --depth D]`: without `--scene`, `pyramid` and `large_pyramid` (5,050
//! boxes); `--frames` 600 by default; `--depth` 1 to `MAX_PREDICTION` (8, the default).
//!
//! A rollback is timed as GGRS's requests are handled: the load of frame `f - depth`,
//! then each frame's pads and step, with a save (`snapshot_into` and the state hash,
//! the checksum `NetGame` hands GGRS) before every frame but the loaded one. It prints
//! the mean step (frames played the first time), the rollback's mean, median and worst,
//! the worst as a share of a 60 Hz frame (16.7 milliseconds; the frame's own step comes
//! on top), and the bytes the full ring holds, read from a counting allocator: the live
//! bytes that dropping the ring frees at the end. The shapes a snapshot shares with the
//! world (until a shape is created, edited or destroyed) count with the world, not the
//! ring.
//!
//! The times are wall-clock, in whatever build it is run in (release is the one that
//! means anything), on a machine that may be doing other work: they vary from run to
//! run. Every rollback also checks determinism: each re-saved frame's hash, and the
//! world's at the end, must be the one that frame had the first time, or the example
//! exits with an error.

use std::time::Instant;

use ggrs::Frame;
use lockstep2d::World;
use lockstep2d_alloc_counter::{CountingAlloc, live_bytes};
use lockstep2d_netplay::{MAX_PREDICTION, PLAYERS, SnapshotRing};
use lockstep2d_scenes::{Pad, Script};

/// A 60 Hz frame (ms), the budget a rollback is compared with. A peer also plays the
/// frame itself after the rollback, so "fits" is necessary, not sufficient.
const FRAME_BUDGET_MS: f64 = 1000.0 / 60.0;
const DEFAULT_SCENES: [&str; 2] = ["pyramid", "large_pyramid"];
const DEFAULT_FRAMES: u32 = 600;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// What the command line asks for.
struct Args {
    scenes: Vec<String>,
    frames: u32,
    depth: u32,
}

/// `[--scene NAME] [--frames N] [--depth D]`.
fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        scenes: DEFAULT_SCENES.map(String::from).to_vec(),
        frames: DEFAULT_FRAMES,
        depth: MAX_PREDICTION as u32,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let value = words.next().ok_or(format!("{word} needs a value"))?;
        let number = || value.parse().map_err(|e| format!("{word} {value}: {e}"));
        match word.as_str() {
            "--scene" => args.scenes = vec![value.clone()],
            "--frames" => args.frames = number()?,
            "--depth" => args.depth = number()?,
            _ => return Err(format!("unknown argument {word:?}")),
        }
    }
    if !(1..=MAX_PREDICTION as u32).contains(&args.depth) {
        return Err(format!(
            "--depth {}: GGRS rolls back 1 to {MAX_PREDICTION} frames",
            args.depth
        ));
    }
    if args.frames <= args.depth {
        return Err(format!("--frames {}: more than --depth", args.frames));
    }
    Ok(args)
}

/// A peer's game with no session: the world, the two players' rules and the ring.
struct Game {
    world: World,
    script: Script,
    dt: f32,
    ring: SnapshotRing,
}

impl Game {
    fn new(scene: &str) -> Result<Game, String> {
        let def = lockstep2d_scenes::named(scene).ok_or(format!("no scene named {scene}"))?;
        let scene = def.build().map_err(|e| e.to_string())?;
        Ok(Game {
            script: Script::for_players(&scene.world, PLAYERS),
            dt: scene.dt(),
            world: scene.world,
            ring: SnapshotRing::new(MAX_PREDICTION),
        })
    }

    /// Frame `frame` with both scripted players' pads, the same on every replay.
    fn play(&mut self, frame: Frame) -> Result<(), String> {
        let frame = u64::try_from(frame).map_err(|e| e.to_string())?;
        let pads = [Pad::scripted(0, frame), Pad::scripted(1, frame)];
        self.script
            .play_with(frame, &mut self.world, self.dt, &pads)
            .map_err(|e| e.to_string())
    }

    /// GGRS's save request as `NetGame` answers it: the checksum, then the snapshot.
    fn save(&mut self, frame: Frame) -> u64 {
        self.ring.save(frame, &self.world)
    }

    /// The requests of a rollback from `frame` back `depth` frames, in GGRS's order:
    /// load `frame - depth`, then play each frame up to `frame` again, saving every one
    /// but the loaded one first. `hashes[f]` is frame `f`'s hash the first time.
    fn roll_back(&mut self, frame: Frame, depth: Frame, hashes: &[u64]) -> Result<(), String> {
        let from = frame - depth;
        self.ring
            .load(from, &mut self.world)
            .map_err(|e| e.to_string())?;
        for replayed in from..frame {
            if replayed > from {
                let hash = self.save(replayed);
                check_hash(replayed, hash, hashes)?;
            }
            self.play(replayed)?;
        }
        Ok(())
    }
}

/// An error unless `hash` is the one frame `frame` had when it was first played.
fn check_hash(frame: Frame, hash: u64, hashes: &[u64]) -> Result<(), String> {
    let first = usize::try_from(frame).ok().and_then(|f| hashes.get(f));
    if first == Some(&hash) {
        return Ok(());
    }
    Err(format!(
        "frame {frame} played again after a rollback has hash {hash:016x}, not {:016x} as \
         the first time: not deterministic",
        first.copied().unwrap_or_default()
    ))
}

/// One scene's timings (ms) and the full ring's size.
struct Cost {
    steps: Vec<f64>,
    rollbacks: Vec<f64>,
    ring_bytes: usize,
    ring_slots: usize,
}

/// Plays `frames` frames of `scene`; from frame `depth` on, each frame is first
/// preceded by a rollback of `depth` frames, as a late remote pad would cause.
fn measure(scene: &str, frames: u32, depth: u32) -> Result<Cost, String> {
    let mut game = Game::new(scene)?;
    let depth = Frame::try_from(depth).map_err(|e| e.to_string())?;
    let frames = Frame::try_from(frames).map_err(|e| e.to_string())?;
    // The hash of the world at frame `f` (after `f` frames), recorded the first time.
    let mut hashes = vec![game.world.state_hash()];
    let (mut steps, mut rollbacks) = (Vec::new(), Vec::new());
    for frame in 0..frames {
        if frame >= depth {
            let started = Instant::now();
            game.roll_back(frame, depth, &hashes)?;
            rollbacks.push(ms_since(started));
            check_hash(frame, game.world.state_hash(), &hashes)?;
        }
        game.save(frame);
        let started = Instant::now();
        game.play(frame)?;
        steps.push(ms_since(started));
        hashes.push(game.world.state_hash());
    }
    let ring_slots = game.ring.len();
    // The world stays alive: the shapes it shares with the ring are its bytes.
    let Game {
        ring,
        world: _world,
        ..
    } = game;
    let ring_bytes = bytes_freed_by(ring);
    Ok(Cost {
        steps,
        rollbacks,
        ring_bytes,
        ring_slots,
    })
}

/// The live bytes dropping `value` frees: what it alone holds.
fn bytes_freed_by<T>(value: T) -> usize {
    let before = live_bytes();
    drop(value);
    before.saturating_sub(live_bytes())
}

fn ms_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// The median and the largest of `values`.
fn median_and_worst(values: &[f64]) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    (median, sorted.last().copied().unwrap_or(0.0))
}

fn report(scene: &str, frames: u32, depth: u32, cost: &Cost) {
    let step = mean(&cost.steps);
    let rollback = mean(&cost.rollbacks);
    let (median, worst) = median_and_worst(&cost.rollbacks);
    let share = 100.0 * worst / FRAME_BUDGET_MS;
    let fits = if worst <= FRAME_BUDGET_MS {
        "fits"
    } else {
        "does not fit"
    };
    let mib = cost.ring_bytes as f64 / (1024.0 * 1024.0);
    let slot_kib = cost.ring_bytes as f64 / 1024.0 / cost.ring_slots as f64;
    println!(
        "{scene}: {frames} frames, {} rollbacks of {depth} frames",
        cost.rollbacks.len()
    );
    println!("  step (first play): mean {step:.3} ms");
    println!(
        "  rollback (load + {depth} frames): mean {rollback:.3} ms, median {median:.3} ms, \
         worst {worst:.3} ms"
    );
    println!(
        "  worst rollback: {share:.1} % of the {FRAME_BUDGET_MS:.1} ms frame at 60 Hz: {fits} \
         (before the frame's own step)"
    );
    println!(
        "  ring: {} slots, {mib:.2} MiB ({slot_kib:.1} KiB a slot)",
        cost.ring_slots
    );
    println!(
        "  summary: {scene}, {frames} frames, depth {depth}: step {step:.3} ms; rollback mean \
         {rollback:.3} / median {median:.3} / worst {worst:.3} ms ({share:.0} % of \
         {FRAME_BUDGET_MS:.1} ms, {fits}); ring {mib:.2} MiB ({slot_kib:.1} KiB x {}); \
         replays match",
        cost.ring_slots
    );
}

fn main() -> Result<(), String> {
    let args = parse_args()?;
    for scene in &args.scenes {
        let cost = measure(scene, args.frames, args.depth)?;
        report(scene, args.frames, args.depth, &cost);
    }
    Ok(())
}
