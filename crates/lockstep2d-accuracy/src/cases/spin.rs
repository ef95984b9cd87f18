//! A box spinning and drifting through empty space keeps its angular momentum: no
//! damping, no cap on its spin.

use crate::rate::Rate;
use crate::setup::{Material, block, percent_off, run, scene};
use crate::simulation::Engine;

/// A wheel of half a metre at 15 m/s turns this fast (rad/s).
const SPIN: f64 = 30.0;
const SECONDS: f64 = 10.0;

/// How far the spin after ten seconds is from the start's, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let mut def = scene("spinning box", rate, [0.0, 0.0]);
    def.bodies
        .push(block([0.0, 0.0], [0.5, 0.25], Material::slippery(0.0)));
    def.bodies[0].angular_velocity = SPIN as f32;
    def.bodies[0].linear_velocity = [1.0, 0.5];
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let end = trace.last().expect("the start at least");
    Ok(percent_off(end[0].spin, SPIN))
}
