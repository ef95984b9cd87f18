//! A disc rolling without slipping down a slope: its speed should grow as
//! (2/3)·g·sin θ·t, the rest of gravity's pull spent turning it.

use crate::rate::Rate;
use crate::setup::{G, Material, disc, ground, percent_off, run, scene, slope_gravity};
use crate::simulation::Engine;

/// The slope; friction holds the disc from slipping from 0.12 up.
const SLOPE_DEGREES: f64 = 20.0;
const RADIUS: f64 = 0.5;
const SECONDS: f64 = 2.0;

/// How far the disc's speed after two seconds is from (2/3)·g·sin θ·t, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let mut def = scene("rolling disc", rate, slope_gravity(SLOPE_DEGREES));
    let material = Material {
        friction: 0.6,
        restitution: 0.0,
    };
    def.bodies.push(ground(material));
    def.bodies.push(disc([0.0, RADIUS], RADIUS, 1.0, material));
    let steps = rate.steps(SECONDS);
    let trace = run(engine, &def, steps)?;
    let t = f64::from(steps) * rate.dt();
    let expected = 2.0 / 3.0 * G * libm::sin(SLOPE_DEGREES.to_radians()) * t;
    Ok(percent_off(trace[steps as usize][1].velocity[0], expected))
}
