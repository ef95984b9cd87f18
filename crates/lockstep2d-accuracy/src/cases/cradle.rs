//! Newton's cradle, laid flat: a ball meets a row of four resting balls that touch,
//! all perfectly elastic. The textbook cradle hands the blow down the row one
//! collision at a time: the last ball leaves at the striker's speed, every other ball
//! ends at rest, and the kinetic energy is what the striker brought.

use crate::rate::Rate;
use crate::setup::{Material, disc, disc_mass, kinetic_energy, run, scene};
use crate::simulation::{Engine, Sample};

const BALLS: usize = 5;
const RADIUS: f64 = 0.5;
const SPEED: f64 = 2.0;
/// Long enough to meet (at 0.5 s) and part.
const SECONDS: f64 = 2.0;

/// The largest miss of any ball's final velocity from the textbook's (the last ball
/// at the striker's speed, the others still), in per cent of the striker's speed.
pub(crate) fn velocity_error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let (_, end) = cradle(engine, rate)?;
    let worst = (end.iter().enumerate())
        .map(|(ball, sample)| {
            let expected = if ball == BALLS - 1 { SPEED } else { 0.0 };
            (sample.velocity[0] - expected).hypot(sample.velocity[1])
        })
        .fold(0.0, f64::max);
    Ok(100.0 * worst / SPEED)
}

/// How far the balls' kinetic energy after the blow is from the striker's before, in
/// per cent of it.
pub(crate) fn energy_error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let (start, end) = cradle(engine, rate)?;
    let ball = disc_mass(RADIUS, 1.0);
    let energy = |balls: &[Sample]| -> f64 { balls.iter().map(|s| kinetic_energy(s, ball)).sum() };
    Ok(100.0 * (energy(&end) - energy(&start)).abs() / energy(&start))
}

/// The balls as they start and after the run, the striker first.
fn cradle(engine: &dyn Engine, rate: Rate) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let mut def = scene("Newton's cradle", rate, [0.0, 0.0]);
    let material = Material::slippery(1.0);
    def.bodies.push(disc([-1.0, 0.0], RADIUS, 1.0, material));
    for ball in 1..BALLS {
        let x = ball as f64 * 2.0 * RADIUS;
        def.bodies.push(disc([x, 0.0], RADIUS, 1.0, material));
    }
    def.bodies[0].linear_velocity = [SPEED as f32, 0.0];
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let end = trace.last().expect("the start at least").clone();
    Ok((trace[0].clone(), end))
}
