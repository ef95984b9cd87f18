//! How the step's cost grows with the number of bodies: `many_pyramids` (20 × 20
//! pyramids, 22,000 boxes) against the same scene at four times the bodies (40 × 40),
//! in each engine, measured in the same run.
//!
//! `cargo run --release -p lockstep2d-bench --example scaling [-- --steps N --runs R
//! --engines lockstep2d,box2d,rapier]`
//!
//! Growth no faster than n log n allows 4 × log(88,000)/log(22,000) ≈ 4.5 × the time.

use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::example_args::ExampleArgs;
use lockstep2d_bench::settings::Settings;
use lockstep2d_bench::timing;
use lockstep2d_scenes::many_pyramids_sized;

fn main() -> Result<(), String> {
    let args = ExampleArgs::from_env();
    let steps = args.number("--steps", 200)?;
    let runs = args.number("--runs", 3)?;
    let engines = args.value("--engines").unwrap_or("lockstep2d,box2d,rapier");
    let small = many_pyramids_sized(20, 20);
    let large = many_pyramids_sized(40, 40);
    println!(
        "many_pyramids: {} vs {} bodies, {steps} steps, median of {runs} runs",
        small.bodies.len(),
        large.bodies.len()
    );
    for name in engines.split(',') {
        let engine = Engine::parse(name).ok_or(format!("unknown engine {name}"))?;
        let time = |def| -> Result<f64, String> {
            let settings = Settings::for_scene(def, 1);
            Ok(timing::run(engine, def, &settings, steps, runs)?.median_ms())
        };
        let (one, four) = (time(&small)?, time(&large)?);
        println!(
            "  {:<10} {one:8.3} ms -> {four:8.3} ms: {:.2}x the time for 4x the bodies",
            engine.name(),
            four / one
        );
    }
    Ok(())
}
