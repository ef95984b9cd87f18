//! Two discs colliding without gravity or friction: momentum is kept in every
//! collision, kinetic energy when e = 1, and the discs part at e times the speed they
//! met at along the line of centres.

use crate::rate::Rate;
use crate::setup::{Material, disc, disc_mass, kinetic_energy, run, scene};
use crate::simulation::{Engine, Sample};

const RADIUS: f64 = 0.5;
const SPEED: f64 = 4.0;
/// Long enough to meet (at 0.25 s) and part.
const SECONDS: f64 = 1.0;

/// One collision: the moving disc meets the resting one head-on or off-centre, the
/// resting one `mass_ratio` times as heavy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collision {
    /// Off-centre by half a disc: the line of centres at 30° to the motion.
    pub oblique: bool,
    /// The resting disc's mass over the moving one's.
    pub mass_ratio: f64,
    /// Both discs' restitution (e).
    pub restitution: f64,
}

/// What a collision is measured by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Law {
    /// Kinetic energy kept (for e = 1).
    Energy,
    /// Momentum kept.
    Momentum,
    /// Parting speed along the line of centres = e × meeting speed.
    Restitution,
}

/// How far the collision breaks `law`, in per cent of what it keeps.
pub(crate) fn error(
    engine: &dyn Engine,
    rate: Rate,
    collision: Collision,
    law: Law,
) -> Result<f64, String> {
    let mut def = scene("collision", rate, [0.0, 0.0]);
    let material = Material::slippery(collision.restitution);
    let offset = if collision.oblique { RADIUS } else { 0.0 };
    def.bodies.push(disc([-2.0, 0.0], RADIUS, 1.0, material));
    def.bodies
        .push(disc([0.0, offset], RADIUS, collision.mass_ratio, material));
    def.bodies[0].linear_velocity = [SPEED as f32, 0.0];
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let masses = [
        disc_mass(RADIUS, 1.0),
        disc_mass(RADIUS, collision.mass_ratio),
    ];
    let (start, end) = (&trace[0], trace.last().expect("the start at least"));
    Ok(match law {
        Law::Energy => {
            let energy = |bodies: &[Sample]| -> f64 {
                (bodies.iter().zip(masses))
                    .map(|(s, m)| kinetic_energy(s, m))
                    .sum()
            };
            100.0 * (energy(end) - energy(start)).abs() / energy(start)
        }
        Law::Momentum => {
            let momentum = |bodies: &[Sample], axis: usize| -> f64 {
                (bodies.iter().zip(masses))
                    .map(|(s, (m, _))| m * s.velocity[axis])
                    .sum()
            };
            let change = (momentum(end, 0) - momentum(start, 0))
                .hypot(momentum(end, 1) - momentum(start, 1));
            100.0 * change / momentum(start, 0)
        }
        Law::Restitution => {
            // The line of centres at contact: the offset's share of the two radii.
            let sine = offset / (2.0 * RADIUS);
            let normal = [(1.0 - sine * sine).sqrt(), sine];
            let along = |s: &Sample| s.velocity[0] * normal[0] + s.velocity[1] * normal[1];
            let meeting = along(&start[0]) - along(&start[1]);
            let parting = along(&end[1]) - along(&end[0]);
            let expected = collision.restitution * meeting;
            100.0 * (parting - expected).abs() / expected
        }
    })
}
