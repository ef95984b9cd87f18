//! The long fuzz run (`cargo run --release -p lockstep2d-fuzz --example long_run`):
//! runs the fuzzers on new seeds until the time is up (the API
//! fuzzer with ordinary and with extreme values, forged saved states and damaged scene
//! files), and prints what they survived and every failure with the seed that
//! reproduces it.

use std::time::{Duration, Instant};

use clap::Parser;
use lockstep2d_fuzz::api::{Survived, fuzz_api};
use lockstep2d_fuzz::bytes::{Tried, fuzz_scene_text, fuzz_snapshot_bytes};

/// The scenes whose saved states and files the bytes fuzzer damages, in turn.
const SCENES: [&str; 4] = ["ragdoll", "pyramid", "sensor_gate", "tumbler"];

#[derive(Parser)]
#[command(about = "Fuzz lockstep2d's public API with seeded random operations")]
struct Args {
    /// How long to run.
    #[arg(long, default_value_t = 1.0)]
    minutes: f64,
    /// The first seed; each run takes the next.
    #[arg(long, default_value_t = 1_000)]
    first_seed: u64,
    /// Operations per seed.
    #[arg(long, default_value_t = 5_000)]
    operations: u64,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if !(args.minutes.is_finite() && args.minutes > 0.0 && args.minutes < 1e6) {
        eprintln!("--minutes must be a number of minutes > 0");
        return std::process::ExitCode::FAILURE;
    }
    let deadline = Instant::now() + Duration::from_secs_f64(args.minutes * 60.0);
    let mut total = Survived::default();
    let mut loads = Tried::default();
    let (mut runs, mut failures) = (0u64, 0u64);
    let mut seed = args.first_seed;
    while Instant::now() < deadline {
        for extreme in [false, true] {
            runs += 1;
            let label = format!("API fuzz, seed {seed} (extreme: {extreme})");
            let run = || fuzz_api(seed, extreme, args.operations).map_err(|f| f.to_string());
            match survive(&label, run) {
                Some(survived) => total = total.plus(survived),
                None => failures += 1,
            }
        }
        let scene = SCENES[(seed % SCENES.len() as u64) as usize];
        for fuzz in [fuzz_snapshot_bytes, fuzz_scene_text] {
            runs += 1;
            match survive(&format!("bytes fuzz, seed {seed}"), || {
                fuzz(scene, seed, 200)
            }) {
                Some(tried) => loads = loads.plus(tried),
                None => failures += 1,
            }
        }
        seed += 1;
    }
    println!(
        "{runs} runs (seeds {} to {}), {failures} failed; survived {} operations \
         ({} refused, {} steps, {} rollbacks replayed)",
        args.first_seed,
        seed - 1,
        total.operations,
        total.refused,
        total.steps,
        total.rollbacks
    );
    println!(
        "{} damaged or forged loads, {} of which loaded and stepped on finite",
        loads.loads, loads.accepted
    );
    if failures == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// `run`'s result, or None after printing why it failed: an error or a panic (a panic
/// is a failure to report with its seed, not the end of the long run).
fn survive<T>(label: &str, run: impl FnOnce() -> Result<T, String>) -> Option<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(Ok(value)) => Some(value),
        Ok(Err(failure)) => {
            println!("{label}: {failure}");
            None
        }
        Err(_) => {
            println!("{label}: panicked (above)");
            None
        }
    }
}
