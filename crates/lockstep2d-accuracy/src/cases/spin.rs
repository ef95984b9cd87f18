//! A box spinning and drifting through empty space keeps its angular momentum (no
//! damping, no cap on its spin) and turns through ω·t.

use crate::rate::Rate;
use crate::setup::{Material, block, percent_off, run, scene};
use crate::simulation::{Engine, Sample};

/// A wheel of half a metre at 15 m/s turns this fast (rad/s).
const SPIN: f64 = 30.0;
const SECONDS: f64 = 10.0;

/// How far the spin after ten seconds is from the start's, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let trace = spin(engine, rate)?;
    let end = trace.last().expect("the start at least");
    Ok(percent_off(end[0].spin, SPIN))
}

/// How far the angle the box turns through in ten seconds is from ω·t, in per cent.
/// Engines wrap the angle they report, so the turn is summed step by step, each step's
/// turn (half a radian at 60 Hz) taken in (−π, π].
pub(crate) fn turn_error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let trace = spin(engine, rate)?;
    let turned: f64 = (trace.windows(2))
        .map(|pair| wrapped(pair[1][0].angle - pair[0][0].angle))
        .sum();
    let seconds = f64::from(rate.steps(SECONDS)) * rate.dt();
    Ok(percent_off(turned, SPIN * seconds))
}

/// The spinning box, after each step of ten seconds.
fn spin(engine: &dyn Engine, rate: Rate) -> Result<Vec<Vec<Sample>>, String> {
    let mut def = scene("spinning box", rate, [0.0, 0.0]);
    def.bodies
        .push(block([0.0, 0.0], [0.5, 0.25], Material::slippery(0.0)));
    def.bodies[0].angular_velocity = SPIN as f32;
    def.bodies[0].linear_velocity = [1.0, 0.5];
    run(engine, &def, rate.steps(SECONDS))
}

/// `angle` shifted by whole turns into (−π, π].
fn wrapped(angle: f64) -> f64 {
    let turn = 2.0 * std::f64::consts::PI;
    angle - turn * (angle / turn).round()
}
