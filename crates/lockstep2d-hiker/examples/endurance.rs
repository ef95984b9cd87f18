//! Ten minutes of hiker (36,000 steps at 60 Hz) on the climb script, looped: for each
//! minute the most bodies alive, the step time, how far the hiker got and what happened
//! to it; then the last minute's step time over the first's, and the state hash of a
//! second run of the same game, which must be the first's. A minute's step time is the
//! median of its sixty seconds' means, so a burst of noise from the rest of the machine
//! does not pass for the game slowing down.
//!
//! `cargo run --release -p lockstep2d-hiker --example endurance [minutes] [seed]`

use std::time::{Duration, Instant};

use lockstep2d_hiker::{CLIMB, Game, Rules, Script, play_scripted};
use lockstep2d_scenes::Rollback;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let minutes: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse())?;
    let script = Script::parse(CLIMB)?;
    let (hash, times) = run(seed, minutes, &script, true)?;
    let (again, _) = run(seed, minutes, &script, false)?;
    let (first, last) = (times[0], times[times.len() - 1]);
    println!(
        "last minute's step time / first minute's: {:.3}",
        last.as_secs_f64() / first.as_secs_f64()
    );
    println!(
        "state hash {hash:016x}, again {again:016x}: {}",
        match hash == again {
            true => "the same",
            false => "DIFFERENT",
        }
    );
    Ok(())
}

/// Plays `minutes` minutes; prints a line a minute if `report`. Returns the final
/// state hash and each minute's mean step time.
fn run(
    seed: u64,
    minutes: u64,
    script: &Script,
    report: bool,
) -> Result<(u64, Vec<Duration>), lockstep2d::Error> {
    let mut game = Game::new(seed, Rules::default())?;
    let per_minute = 60 * u64::from(game.rules.hz);
    let mut times = Vec::new();
    if report {
        println!("minute  most bodies  ms/step  hiker x  climbed  health  falls  picked  jumps");
    }
    let per_second = u64::from(game.rules.hz);
    for minute in 0..minutes {
        let mut most = 0;
        let mut seconds = Vec::new();
        for second in 0..60 {
            let first = minute * per_minute + second * per_second;
            let start = Instant::now();
            for frame in first..first + per_second {
                play_scripted(&mut game, script, frame)?;
                most = most.max(game.world.body_count());
            }
            seconds.push(start.elapsed() / per_second as u32);
        }
        seconds.sort();
        let mean = seconds[seconds.len() / 2];
        times.push(mean);
        if report {
            let state = &game.state.hiker_state;
            let x = game.world.position(game.state.hiker)?.x;
            println!(
                "{:>6}  {most:>11}  {:>7.4}  {x:>7.0}  {:>7.0}  {:>6.0}  {:>5}  {:>6}  {:>5}",
                minute + 1,
                mean.as_secs_f64() * 1e3,
                game.height_climbed(),
                state.health,
                state.falls,
                state.picked,
                state.jumps
            );
        }
    }
    Ok((game.state_hash(), times))
}
