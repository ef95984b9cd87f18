//! A body falling from rest for one second: it should fall ½·g·t².

use crate::rate::Rate;
use crate::setup::{G, Material, disc, percent_off, run, scene};
use crate::simulation::Engine;

const SECONDS: f64 = 1.0;

/// How far the drop is from ½·g·t², in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let mut def = scene("free fall", rate, [0.0, -G]);
    def.bodies
        .push(disc([0.0, 100.0], 0.5, 1.0, Material::slippery(0.0)));
    let steps = rate.steps(SECONDS);
    let trace = run(engine, &def, steps)?;
    let drop = trace[0][0].position[1] - trace[steps as usize][0].position[1];
    let t = f64::from(steps) * rate.dt();
    Ok(percent_off(drop, 0.5 * G * t * t))
}
