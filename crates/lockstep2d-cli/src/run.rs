//! `lockstep2d run`: step a scene headless and report what happened.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use lockstep2d::{BodyId, Snapshot, SolverKind, SolverSettings, StepProfile, World, WorldDef};
use lockstep2d_scenes::{Scene, SceneDef};
use serde::Serialize;

use crate::exit::{CliError, CliResult};
use crate::frames::{self, FrameArgs, FrameRow, FrameSummary, FramesRun};
use crate::stages::{StageSum, stage_line};

/// `--solver`'s values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SolverArg {
    Soft,
    Pgs,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json). Optional with
    /// `--load-state`; given, its controllers and rate apply to the loaded state.
    #[arg(required_unless_present = "load_state")]
    scene: Option<String>,
    /// Steps to run (default: the scene's own count).
    #[arg(long)]
    steps: Option<u32>,
    /// Physics steps per second, 1 to 100000 (default: the scene's own rate, usually 60).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(lockstep2d::MAX_HZ)))]
    hz: Option<u32>,
    /// The solver: `soft` (Box2D v3's soft step, the default) or `pgs` (Box2D-Lite's).
    #[arg(long, value_enum)]
    solver: Option<SolverArg>,
    /// Soft step: substeps per step (default 4).
    #[arg(long)]
    substeps: Option<u32>,
    /// PGS: solver iterations per step (default 10).
    #[arg(long)]
    iterations: Option<u32>,
    /// Threads that solve contacts (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: u32,
    /// Start each step's solve from zero impulses.
    #[arg(long)]
    no_warm_starting: bool,
    /// Clamp each impulse increment instead of the accumulated impulse.
    #[arg(long)]
    no_accumulate: bool,
    /// Turn off Baumgarte position correction.
    #[arg(long)]
    no_position_correction: bool,
    /// Keep every body awake (no islands falling asleep).
    #[arg(long)]
    no_sleep: bool,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    json: bool,
    /// Start from a saved state (`--save-state`) instead of the scene's start: stepping
    /// on gives the bits one longer run would have.
    #[arg(long, value_name = "FILE")]
    load_state: Option<PathBuf>,
    /// After the run, save the world's state to FILE (a versioned, checked snapshot).
    #[arg(long, value_name = "FILE")]
    save_state: Option<PathBuf>,
    #[command(flatten)]
    frames: FrameArgs,
}

impl RunArgs {
    /// The scene definition with this command's overrides applied.
    fn scene_def(&self) -> CliResult<SceneDef> {
        self.check_solver_flags()?;
        let mut def = match &self.scene {
            Some(scene) => crate::scene_arg::load(scene)?,
            // An empty world at the default rate, for the loaded state to fill.
            None => SceneDef::new("loaded state"),
        };
        if let Some(hz) = self.hz {
            def.hz = hz;
        }
        if let Some(steps) = self.steps {
            def.steps = steps;
        }
        if let Some(solver) = self.solver {
            def.solver.kind = match solver {
                SolverArg::Soft => SolverKind::Soft,
                SolverArg::Pgs => SolverKind::Pgs,
            };
        }
        if let Some(substeps) = self.substeps {
            def.solver.substeps = substeps;
        }
        if let Some(iterations) = self.iterations {
            def.solver.iterations = iterations;
        }
        def.solver.warm_starting &= !self.no_warm_starting;
        def.solver.accumulate_impulses &= !self.no_accumulate;
        def.solver.position_correction &= !self.no_position_correction;
        def.sleep &= !self.no_sleep;
        Ok(def)
    }

    /// A solver flag the engine refuses is a usage error, not the scene's: each is tried
    /// alone, on an empty world with the default solver.
    fn check_solver_flags(&self) -> CliResult {
        type Set = fn(&mut SolverSettings, u32);
        let flags: [(&str, Option<u32>, Set); 2] = [
            ("--substeps", self.substeps, |s, n| s.substeps = n),
            ("--iterations", self.iterations, |s, n| s.iterations = n),
        ];
        for (flag, value, set) in flags {
            let Some(value) = value else { continue };
            let mut solver = SolverSettings::default();
            set(&mut solver, value);
            let def = WorldDef {
                solver,
                ..WorldDef::default()
            };
            World::new(&def)
                .map_err(|e| CliError::usage(format!("{flag} {value}: {}", e.reason())))?;
        }
        Ok(())
    }
}

/// One body's state, as printed in JSON.
#[derive(Serialize)]
struct BodyRecord {
    id: usize,
    x: f32,
    y: f32,
    angle: f32,
    vx: f32,
    vy: f32,
    w: f32,
}

#[derive(Serialize)]
struct Report {
    /// The scene whose settings, controllers and rate the run used.
    scene: String,
    /// With `--load-state`: the file the bodies came from, which may hold another
    /// scene's world (a snapshot does not name its scene).
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<String>,
    /// Steps actually run: with a frame clock, the last frame may run past `--steps`.
    steps: u64,
    dt: f32,
    bodies: usize,
    contacts: usize,
    /// Whether the last step found more new pairs than `WorldDef::max_contacts` left
    /// room for (`World::contact_budget_reached`).
    contact_budget_reached: bool,
    ms_per_step: f64,
    /// Mean milliseconds per step in each stage of the step.
    stage_ms: StepProfile,
    state_hash: String,
    bodies_initial: Vec<BodyRecord>,
    bodies_final: Vec<BodyRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    frames: Option<Vec<FrameRow>>,
    /// For the human summary only: JSON readers have `frames`.
    #[serde(skip)]
    frame_summary: Option<FrameSummary>,
}

fn body_states(world: &World, bodies: &[BodyId]) -> Vec<BodyRecord> {
    bodies
        .iter()
        .enumerate()
        .map(|(id, &body)| {
            let p = world.position(body).expect("scene bodies are live");
            let v = world.linear_velocity(body).expect("scene bodies are live");
            BodyRecord {
                id,
                x: p.x,
                y: p.y,
                angle: world.angle(body).expect("scene bodies are live"),
                vx: v.x,
                vy: v.y,
                w: world.angular_velocity(body).expect("scene bodies are live"),
            }
        })
        .collect()
}

pub fn run(args: &RunArgs) -> CliResult {
    let def = args.scene_def()?;
    let Scene {
        name,
        mut world,
        mut bodies,
        hz,
        steps,
        ..
    } = def.build().map_err(|e| format!("{}: {e}", def.name()))?;
    if let Some(path) = &args.load_state {
        load_state(&mut world, path)?;
        bodies = world.body_ids().collect();
    }
    world
        .set_threads(args.threads)
        .map_err(|e| CliError::usage(format!("--threads {}: {}", args.threads, e.reason())))?;
    let plan = (args.frames.plan(hz, steps, bodies.len())).map_err(CliError::usage)?;
    let dt = 1.0 / hz as f32;
    let initial = body_states(&world, &bodies);

    let start = Instant::now();
    let mut stages = StageSum::default();
    let clock = match &plan {
        Some(plan) => Some(frames::run(&mut world, &bodies, plan, steps, &mut stages)?),
        None => {
            step_plainly(&mut world, dt, steps, &mut stages)?;
            None
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(path) = &args.save_state {
        let bytes = world.snapshot().to_bytes();
        std::fs::write(path, bytes).map_err(|e| format!("--save-state {}: {e}", path.display()))?;
    }
    let steps = clock.as_ref().map_or(u64::from(steps), FramesRun::steps);
    let (frames, frame_summary) = clock.map(|c| (c.frames, c.summary)).unzip();
    let report = Report {
        scene: name,
        state: (args.load_state.as_ref()).map(|path| path.display().to_string()),
        steps,
        dt,
        bodies: world.body_count(),
        contacts: world.contact_count(),
        contact_budget_reached: world.contact_budget_reached(),
        ms_per_step: if steps > 0 {
            1e3 * elapsed / steps as f64
        } else {
            0.0
        },
        stage_ms: stages.mean(steps),
        state_hash: format!("{:016x}", world.state_hash()),
        bodies_initial: initial,
        bodies_final: body_states(&world, &bodies),
        frames,
        frame_summary,
    };
    if args.json {
        crate::json::print(&report)?;
    } else {
        print_summary(&report, hz);
    }
    Ok(())
}

/// Replaces the world's state with the one saved in `path`.
fn load_state(world: &mut World, path: &Path) -> Result<(), String> {
    let shown = path.display();
    let bytes = lockstep2d_scenes::read_file_capped(path, MAX_STATE_FILE_BYTES, "a state file")
        .map_err(|e| format!("--load-state {shown}: {e}"))?;
    let snapshot =
        Snapshot::from_bytes(&bytes).map_err(|e| format!("--load-state {shown}: {e}"))?;
    world.restore(&snapshot);
    Ok(())
}

/// The largest state file read: a snapshot of Box2D's 5,050-box pyramid is under a
/// megabyte, so a path like /dev/zero is an error, not a hang.
const MAX_STATE_FILE_BYTES: u64 = 256 << 20;

/// The run without a frame clock: `steps` steps of `dt`, nothing else.
fn step_plainly(
    world: &mut World,
    dt: f32,
    steps: u32,
    stages: &mut StageSum,
) -> Result<(), String> {
    for _ in 0..steps {
        world.step(dt).map_err(|e| e.to_string())?;
        stages.add(world.profile());
    }
    Ok(())
}

fn print_summary(report: &Report, hz: u32) {
    let moved = report
        .bodies_initial
        .iter()
        .zip(&report.bodies_final)
        .map(|(a, b)| (b.x - a.x).hypot(b.y - a.y))
        .fold(0.0f32, f32::max);
    let fastest = report
        .bodies_final
        .iter()
        .map(|b| b.vx.hypot(b.vy))
        .fold(0.0f32, f32::max);
    let stretched = report
        .frame_summary
        .as_ref()
        .is_some_and(|s| !s.is_deterministic());
    // Stretched steps are longer than 1 / hz, so steps × dt would understate the time.
    let simulated = if stretched {
        "stretched steps, longer than 1 / hz".to_string()
    } else {
        format!("{:.2} s simulated", report.steps as f32 * report.dt)
    };
    let from = (report.state.as_ref()).map_or(String::new(), |path| format!(", state from {path}"));
    println!(
        "{}{from}: {} bodies, {} steps at {hz} Hz ({simulated})",
        report.scene, report.bodies, report.steps
    );
    println!(
        "  {:.3} ms/step, {} touching contacts at the end",
        report.ms_per_step, report.contacts
    );
    if report.contact_budget_reached {
        println!("  the world holds as many contacts as it may: new overlaps wait for room");
    }
    println!("  largest displacement {moved:.3} m, fastest body now {fastest:.4} m/s");
    println!("{}", stage_line(&report.stage_ms));
    println!("  state hash {}", report.state_hash);
    if let Some(summary) = &report.frame_summary {
        println!("{summary}");
    }
}
