//! The harness: build a fresh world per run, step it once untimed, then time the steps.
//!
//! The untimed first step follows Box2D's benchmark ("initial step can be expensive and
//! skew benchmark"): it creates every contact at once. Memory is read after it, so
//! bytes per body include the contacts a running scene holds.

use std::time::Instant;

use lockstep2d_scenes::SceneDef;

use crate::engine::{BodyEnd, Engine};
use crate::settings::Settings;
use lockstep2d_alloc_counter::live_bytes;

/// What one engine did on one scene.
#[derive(Clone, Debug)]
pub struct EngineRun {
    /// The engine.
    pub engine: Engine,
    /// The worker threads it used.
    pub threads: usize,
    /// ms per step of each run, in run order.
    pub run_ms: Vec<f64>,
    /// Heap bytes per body after building and one step (first run).
    pub bytes_per_body: f64,
    /// The bodies after the last run.
    pub end: Vec<BodyEnd>,
    /// The engine's state hash after the last run, if it has one (lockstep2d's): what
    /// `wasm/bench.mjs` checks its wasm32 build against.
    pub state_hash: Option<u64>,
}

impl EngineRun {
    /// The median of the runs' ms per step.
    pub fn median_ms(&self) -> f64 {
        median(self.run_ms.clone())
    }

    /// The fastest run's ms per step.
    pub fn min_ms(&self) -> f64 {
        self.run_ms.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// No runs yet of `engine` with `settings`.
    pub fn new(engine: Engine, settings: &Settings) -> EngineRun {
        EngineRun {
            engine,
            threads: engine.threads_used(settings.threads),
            run_ms: Vec::new(),
            bytes_per_body: 0.0,
            end: Vec::new(),
            state_hash: None,
        }
    }

    /// Runs `def` once more, `steps` timed steps, and records it. The caller takes the
    /// engines in turn, run by run, so a spell of load on a shared machine slows a run
    /// of each rather than every run of one.
    pub fn time_one_run(
        &mut self,
        def: &SceneDef,
        settings: &Settings,
        steps: u32,
    ) -> Result<(), String> {
        let before = live_bytes();
        let mut world = self.engine.build(def, settings)?;
        world.step()?;
        if self.run_ms.is_empty() {
            let bytes = live_bytes().saturating_sub(before) + world.foreign_heap_bytes();
            self.bytes_per_body = bytes as f64 / def.bodies.len().max(1) as f64;
        }
        let start = Instant::now();
        for _ in 0..steps {
            world.step()?;
        }
        self.run_ms
            .push(start.elapsed().as_secs_f64() * 1e3 / f64::from(steps.max(1)));
        self.end = world.bodies();
        self.state_hash = world.state_hash();
        Ok(())
    }
}

/// The middle value, or the mean of the two middle values (0 for none).
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => 0.5 * (values[n / 2 - 1] + values[n / 2]),
    }
}

/// Runs `def` `runs` times in `engine` alone, `steps` timed steps each.
pub fn run(
    engine: Engine,
    def: &SceneDef,
    settings: &Settings,
    steps: u32,
    runs: u32,
) -> Result<EngineRun, String> {
    let mut out = EngineRun::new(engine, settings);
    for _ in 0..runs.max(1) {
        out.time_one_run(def, settings, steps)?;
    }
    Ok(out)
}
