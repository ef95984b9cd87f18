//! `lockstep2d-fuzz`: runs the API fuzzer on new seeds, alternating ordinary and
//! extreme values, until the time is up, and prints what it survived and every
//! failure with the seed that reproduces it.

use std::time::{Duration, Instant};

use clap::Parser;
use lockstep2d_fuzz::api::{Survived, fuzz_api};

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
    let (mut runs, mut failures) = (0u64, 0u64);
    let mut seed = args.first_seed;
    while Instant::now() < deadline {
        for extreme in [false, true] {
            runs += 1;
            // A panic is a failure to report with its seed, not the end of the run.
            let run = std::panic::catch_unwind(|| fuzz_api(seed, extreme, args.operations));
            match run {
                Ok(Ok(survived)) => total = total.plus(survived),
                Ok(Err(failure)) => {
                    failures += 1;
                    println!("{failure}");
                }
                Err(_) => {
                    failures += 1;
                    println!("API fuzz, seed {seed} (extreme: {extreme}): panicked (above)");
                }
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
    if failures == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
