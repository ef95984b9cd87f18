//! Where a step's time goes, in lockstep2d and in Box2D v3, stage by stage, from each
//! engine's own timers, averaged over the same steps of the same scene in one run.
//!
//! `cargo run --release -p lockstep2d-bench --example stage_profile [-- --scene
//! large_pyramid --steps 500 --threads 1 --pyramids N]`
//!
//! `LOCKSTEP2D_LANES=avx2` (or `portable`) profiles that form of the lane code.
//!
//! `--pyramids N` profiles `many_pyramids` at N × N pyramids instead of a named scene:
//! how each stage grows with the bodies (`--example scaling` times whole steps).
//!
//! The stages do not map one to one. Box2D's `transforms` (finalising bodies) writes the
//! poses back, sweeps fast bodies and computes the new boxes: our store's pose half, our
//! continuous stage and our refit. Its
//! `collide` also begins new contacts, part of our broad phase.

use lockstep2d_bench::convert_box2d::Box2dWorld;
use lockstep2d_bench::engine::BenchWorld;
use lockstep2d_bench::example_args::ExampleArgs;
use lockstep2d_bench::lockstep::LockstepWorld;
use lockstep2d_bench::settings::Settings;
use lockstep2d_scenes::{many_pyramids_sized, named};

fn main() -> Result<(), String> {
    let args = ExampleArgs::from_env();
    let steps = args.number("--steps", 500)?;
    let scene = args.value("--scene").unwrap_or("large_pyramid");
    let def = if args.value("--pyramids").is_some() {
        let n = args.number("--pyramids", 20)? as usize;
        many_pyramids_sized(n, n)
    } else {
        named(scene).ok_or(format!("unknown scene {scene}"))?
    };
    let threads = args.number("--threads", 1)? as usize;
    let settings = Settings::for_scene(&def, threads);
    // One engine after the other, not step by step in turn: on a 2-core machine one
    // engine's idle threads spinning would slow the other's.
    let mut ours = LockstepWorld::new(&def, &settings)?;
    let mut l = Sums::default();
    for _ in 0..steps {
        ours.step()?;
        let p = ours.profile();
        let s = p.solve_parts;
        l.add(&[
            p.total,
            p.broad_phase,
            p.narrow_phase,
            s.prepare,
            s.constraints,
            s.store,
            p.continuous + p.refit,
            p.sleep,
            ours.contact_count() as f64,
            ours.awake_body_count() as f64,
        ]);
    }
    drop(ours);
    let mut theirs = Box2dWorld::new(&def, &settings)?;
    let mut b = Sums::default();
    for _ in 0..steps {
        theirs.step()?;
        let p = theirs.profile();
        b.add(
            &[
                p.step,
                p.pairs,
                p.collide,
                p.solverSetup + p.prepareConstraints,
                p.constraints - p.prepareConstraints - p.storeImpulses,
                p.storeImpulses,
                p.transforms + p.refit,
                p.sleepIslands + p.splitIslands,
                theirs.contact_count() as f32,
                theirs.awake_body_count() as f32,
            ]
            .map(f64::from),
        );
    }
    let names = [
        "step",
        "broad phase / pairs",
        "narrow phase / collide",
        "solve: prepare / setup + prepare",
        "solve: substeps",
        "solve: store / store impulses",
        "sweeps + refit / transforms + refit",
        "sleep / islands",
        "contacts held (not ms)",
        "awake bodies (not ms)",
    ];
    let (name, bodies) = (def.name(), def.bodies.len());
    let lanes = lockstep2d::LaneForm::in_use().name();
    println!(
        "{name}: {bodies} bodies, {steps} steps, {threads} thread(s), {lanes} lanes, \
         ms per step (own timers)"
    );
    println!("  {:<34} {:>10} {:>10}", "stage", "lockstep2d", "box2d");
    for (i, name) in names.iter().enumerate() {
        let (x, y) = (l.mean(i, steps), b.mean(i, steps));
        println!("  {name:<34} {x:>10.3} {y:>10.3}");
    }
    Ok(())
}

/// Per-stage sums over steps.
#[derive(Default)]
struct Sums(Vec<f64>);

impl Sums {
    fn add(&mut self, stages: &[f64]) {
        self.0.resize(stages.len(), 0.0);
        for (sum, ms) in self.0.iter_mut().zip(stages) {
            *sum += ms;
        }
    }

    fn mean(&self, stage: usize, steps: u32) -> f64 {
        self.0[stage] / f64::from(steps)
    }
}
