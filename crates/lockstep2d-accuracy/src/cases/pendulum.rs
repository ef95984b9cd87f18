//! Pendulums on pins, released level: a frictionless pendulum keeps its energy, and a
//! double pendulum, chaotic as it is, keeps its sum.

use lockstep2d_scenes::{BodyJson, JointJson, SceneDef};

use crate::rate::Rate;
use crate::setup::{G, Material, disc, disc_mass, kinetic_energy, run, scene};
use crate::simulation::{Engine, Sample};

/// Each arm's length (m), and its bob.
pub(crate) const ARM: f64 = 1.0;
pub(crate) const BOB_RADIUS: f64 = 0.1;
pub(crate) const BOB_DENSITY: f64 = 10.0;
const SECONDS: f64 = 10.0;

/// The largest change in a pendulum of `links` bobs' energy over ten seconds, as a
/// share of the energy the bobs would lose falling from level to hanging straight
/// down, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate, links: usize) -> Result<f64, String> {
    let trace = run(engine, &pendulum(rate, links), rate.steps(SECONDS))?;
    let bob = disc_mass(BOB_RADIUS, BOB_DENSITY);
    let energy = |bodies: &[Sample]| -> f64 {
        (bodies[1..].iter())
            .map(|s| kinetic_energy(s, bob) + bob.0 * G * s.position[1])
            .sum()
    };
    let start = energy(&trace[0]);
    let fall: f64 = (1..=links).map(|link| bob.0 * G * link as f64 * ARM).sum();
    let worst = (trace.iter())
        .map(|bodies| (energy(bodies) - start).abs())
        .fold(0.0, f64::max);
    Ok(100.0 * worst / fall)
}

/// A chain of `links` bobs on pins, a static pivot at the origin first, each bob an arm
/// further right, all at rest.
pub(crate) fn pendulum(rate: Rate, links: usize) -> SceneDef {
    let mut def = scene("pendulum", rate, [0.0, -G]);
    def.bodies.push(BodyJson::static_at([0.0, 0.0]));
    for link in 1..=links {
        let x = link as f64 * ARM;
        def.bodies.push(disc(
            [x, 0.0],
            BOB_RADIUS,
            BOB_DENSITY,
            Material::slippery(0.0),
        ));
        def.joints
            .push(JointJson::revolute(link - 1, link, [(x - ARM) as f32, 0.0]));
    }
    def
}
