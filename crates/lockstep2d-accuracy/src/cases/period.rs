//! A pendulum released level swings far from the small-angle period 2π·√(L/g): its
//! period is 4·√(L/g)·K(sin(θ₀/2)), K the complete elliptic integral of the first
//! kind, which the arithmetic-geometric mean gives as 2π·√(L/g) / AGM(1, cos(θ₀/2)).
//! The bob is a disc pinned an arm away from its centre, so it turns with the arm: a
//! physical pendulum, whose equivalent length is (I + m·l²) / (m·l).

use std::f64::consts::{FRAC_PI_2, PI};

use crate::cases::pendulum::{ARM, BOB_DENSITY, BOB_RADIUS, pendulum};
use crate::rate::Rate;
use crate::setup::{G, disc_mass, percent_off, run};
use crate::simulation::Engine;

/// The bob starts level with the pivot.
const RELEASE: f64 = FRAC_PI_2;
/// Swings averaged over, from the bob's first pass under the pivot.
const PERIODS: usize = 4;
/// Long enough for the first pass, a quarter period in, and `PERIODS` periods more
/// (10 s of the exact 2.35 s period), with most of a period to spare for a slow swing.
const SECONDS: f64 = 12.0;
/// Rounds of the arithmetic-geometric mean: each squares the gap between the two, so
/// five reach `f64` round-off from 1 and cos 45°.
const AGM_ROUNDS: usize = 8;

/// How far the bob's mean period over four swings is from the exact period, in per
/// cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let trace = run(engine, &pendulum(rate, 1), rate.steps(SECONDS))?;
    let xs: Vec<f64> = trace.iter().map(|bodies| bodies[1].position[0]).collect();
    let passes = leftward_passes(&xs, rate.dt());
    if passes.len() <= PERIODS {
        return Err(format!(
            "the bob passed under the pivot leftwards {} times in {SECONDS} s",
            passes.len()
        ));
    }
    let period = (passes[PERIODS] - passes[0]) / PERIODS as f64;
    Ok(percent_off(period, exact_period()))
}

/// The times the bob passes under the pivot moving left (its x falling through 0), each
/// interpolated between the samples either side. The bob's sideways acceleration
/// vanishes there, so the straight line misses by the step's cube only.
fn leftward_passes(xs: &[f64], dt: f64) -> Vec<f64> {
    (xs.windows(2).enumerate())
        .filter(|(_, pair)| pair[0] > 0.0 && pair[1] <= 0.0)
        .map(|(step, pair)| dt * (step as f64 + pair[0] / (pair[0] - pair[1])))
        .collect()
}

/// The period of the disc-bob pendulum released at `RELEASE`, in seconds.
fn exact_period() -> f64 {
    let (mass, inertia) = disc_mass(BOB_RADIUS, BOB_DENSITY);
    let length = (inertia + mass * ARM * ARM) / (mass * ARM);
    2.0 * PI * libm::sqrt(length / G) / agm(1.0, libm::cos(RELEASE / 2.0))
}

/// The arithmetic-geometric mean of `a` and `b`.
fn agm(mut a: f64, mut b: f64) -> f64 {
    for _ in 0..AGM_ROUNDS {
        (a, b) = (0.5 * (a + b), libm::sqrt(a * b));
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_agm_gives_k_of_sin_45_degrees() {
        // K(1/√2) = Γ(1/4)² / (4·√π), to sixteen figures.
        let k = PI / (2.0 * agm(1.0, libm::cos(RELEASE / 2.0)));
        assert!((k - 1.854_074_677_301_372).abs() < 1e-14, "{k}");
    }

    #[test]
    fn a_pass_is_interpolated_between_samples() {
        let passes = leftward_passes(&[0.3, 0.1, -0.3, -0.1, 0.2, -0.2], 0.5);
        assert_eq!(passes, [0.5 + 0.5 * 0.25, 2.0 + 0.5 * 0.5]);
    }
}
