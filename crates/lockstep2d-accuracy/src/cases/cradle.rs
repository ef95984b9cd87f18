//! Newton's cradle, laid flat: a ball meets a row of four resting balls that touch,
//! all perfectly elastic; the last ball should leave at the first one's speed and the
//! others stay still.

use crate::rate::Rate;
use crate::setup::{Material, disc, percent_off, run, scene};
use crate::simulation::Engine;

const BALLS: usize = 5;
const RADIUS: f64 = 0.5;
const SPEED: f64 = 2.0;
/// Long enough to meet (at 0.5 s) and part.
const SECONDS: f64 = 2.0;

/// How far the last ball's speed is from the first one's before, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let mut def = scene("Newton's cradle", rate, [0.0, 0.0]);
    let material = Material::slippery(1.0);
    def.bodies.push(disc([-1.0, 0.0], RADIUS, 1.0, material));
    for ball in 1..BALLS {
        let x = ball as f64 * 2.0 * RADIUS;
        def.bodies.push(disc([x, 0.0], RADIUS, 1.0, material));
    }
    def.bodies[0].linear_velocity = [SPEED as f32, 0.0];
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let end = trace.last().expect("the start at least");
    Ok(percent_off(end[BALLS - 1].velocity[0], SPEED))
}
