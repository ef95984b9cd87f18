//! A ball dropped on the ground: each rebound should rise to e² times the height it
//! fell from.

use crate::rate::Rate;
use crate::setup::{G, Material, disc, ground, run, scene};
use crate::simulation::Engine;

/// The drop, from the ground to the ball's lowest point (m).
const DROP: f64 = 2.0;
const RADIUS: f64 = 0.25;
/// Long enough for three bounces at e = 1.
const SECONDS: f64 = 6.0;
/// Bounces measured, at most.
const BOUNCES: usize = 3;
/// Bounces lower than this (m) are left out: a few millimetres of contact slop would be
/// a large part of them.
const LOWEST: f64 = 0.1;
/// A top of the ball's path lower than this (m) is the ball jittering on the ground,
/// not a flight.
const AIRBORNE: f64 = 0.01;

/// For e > 0, the largest of the first bounces' misses of e² times the height fallen
/// from (each apex against the one before), in per cent; a bounce that never comes
/// counts as a miss of a hundred per cent. For e = 0, the highest rebound as a share of
/// the drop.
pub(crate) fn error(engine: &dyn Engine, rate: Rate, restitution: f64) -> Result<f64, String> {
    let mut def = scene("bounce", rate, [0.0, -G]);
    let material = Material {
        friction: 0.6,
        restitution,
    };
    def.bodies.push(ground(material));
    def.bodies
        .push(disc([0.0, DROP + RADIUS], RADIUS, 1.0, material));
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let heights: Vec<f64> = trace.iter().map(|s| s[1].position[1] - RADIUS).collect();
    let apexes = apexes(&heights);

    if restitution == 0.0 {
        let highest = apexes.iter().fold(0.0_f64, |a, &b| a.max(b));
        return Ok(100.0 * highest / DROP);
    }
    let ratio = restitution * restitution;
    let mut fallen_from = DROP;
    let mut worst = 0.0_f64;
    for bounce in 0..BOUNCES {
        let expected = ratio * fallen_from;
        if expected < LOWEST {
            break;
        }
        let Some(&apex) = apexes.get(bounce) else {
            return Ok(100.0);
        };
        worst = worst.max(100.0 * (apex - expected).abs() / expected);
        fallen_from = apex;
    }
    Ok(worst)
}

/// The true tops of the flights in `heights` (one per step, the start first), between
/// steps: the vertex of the parabola through the highest step and its two neighbours.
/// Between contacts a body's steps lie on a parabola (constant gravity, a constant
/// step), so the vertex is exact wherever in a step the top falls.
pub(crate) fn apexes(heights: &[f64]) -> Vec<f64> {
    heights
        .windows(3)
        .filter(|w| w[1] > AIRBORNE && w[1] >= w[0] && w[1] > w[2])
        .map(|w| {
            let slope = 0.5 * (w[2] - w[0]);
            let curvature = w[2] - 2.0 * w[1] + w[0];
            w[1] - slope * slope / (2.0 * curvature)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::apexes;

    #[test]
    fn the_apex_between_steps_is_the_parabolas_vertex() {
        // y = 2 − (t − 0.3)², sampled at whole t: the top at t = 0.3 is missed by
        // every sample, and found.
        let heights: Vec<f64> = (-2..=3)
            .map(|t| 2.0 - (f64::from(t) - 0.3).powi(2))
            .collect();
        let found = apexes(&heights);
        assert_eq!(found.len(), 1);
        assert!((found[0] - 2.0).abs() < 1e-12, "{found:?}");
    }
}
