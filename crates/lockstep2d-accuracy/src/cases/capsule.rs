//! A capsule lying on its side on a slope steeper than its tipping angle rolls over
//! its downhill end: on the rounded end it rolls without slipping about a centre that
//! is not its centre of mass, like an eccentric wheel, and rolling does no work, so
//! its energy stays what it was at rest until its other side lands.

use lockstep2d_scenes::{BodyJson, ShapeJson};

use crate::rate::Rate;
use crate::setup::{Material, ground, kinetic_energy, run, scene, slope_gravity};
use crate::simulation::{Engine, Sample};

/// Steeper than the capsule tips at, arctan(HALF_LENGTH / RADIUS) = 26.6°.
const SLOPE_DEGREES: f64 = 30.0;
/// Half the distance between the end discs' centres, and their radius.
const HALF_LENGTH: f64 = 0.25;
const RADIUS: f64 = 0.5;
const DENSITY: f64 = 1.0;
/// Enough to hold the end from slipping all the way over.
const FRICTION: f64 = 1.0;
/// How far over the end the roll is measured: short of 180°, where the other side
/// lands.
const MEASURED_DEGREES: f64 = 150.0;
const SECONDS: f64 = 3.0;

/// The largest change in the capsule's energy while it rolls over its end to
/// `MEASURED_DEGREES`, as a share of the energy that much roll releases, in per cent.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let gravity = slope_gravity(SLOPE_DEGREES);
    let mut def = scene("capsule rolling over its end", rate, gravity);
    let material = Material {
        friction: FRICTION,
        restitution: 0.0,
    };
    def.bodies.push(ground(material));
    let (h, r) = (HALF_LENGTH as f32, RADIUS as f32);
    let shape = material.apply(ShapeJson::capsule([-h, 0.0], [h, 0.0], r));
    def.bodies
        .push(BodyJson::dynamic([0.0, r]).with_shape(shape.with_density(DENSITY as f32)));
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let energy = |s: &Sample| energy(s, gravity);
    let start = energy(&trace[0][1]);
    let end = rolled(MEASURED_DEGREES.to_radians());
    let released = start - potential([end[0], end[1]], gravity);
    if !(trace.iter()).any(|bodies| bodies[1].position[0] >= end[0]) {
        return Err("the capsule never rolled over its end".into());
    }
    let worst = (trace.iter())
        .map(|bodies| &bodies[1])
        .take_while(|capsule| capsule.position[0] < end[0])
        .map(|capsule| (energy(capsule) - start).abs())
        .fold(0.0, f64::max);
    Ok(100.0 * worst / released)
}

/// Where the centre of mass is once the capsule has turned `angle` over its end from
/// lying flat centred on x = 0: the end's centre has rolled `RADIUS·angle` downhill,
/// and the centre of mass swung up and over it.
fn rolled(angle: f64) -> [f64; 2] {
    let x = HALF_LENGTH + RADIUS * angle - HALF_LENGTH * libm::cos(angle);
    let y = RADIUS + HALF_LENGTH * libm::sin(angle);
    [x, y]
}

/// Potential energy at `position` under `gravity`, zero at the origin.
fn potential(position: [f64; 2], gravity: [f64; 2]) -> f64 {
    let (mass, _) = mass_and_inertia();
    -mass * (gravity[0] * position[0] + gravity[1] * position[1])
}

/// Kinetic plus potential energy of the capsule moving as `sample`.
fn energy(sample: &Sample, gravity: [f64; 2]) -> f64 {
    kinetic_energy(sample, mass_and_inertia()) + potential(sample.position, gravity)
}

/// The capsule's mass and its moment of inertia about its centre: a 2L × 2R rectangle
/// and two half discs, each half disc's own inertia carried out to the centre.
fn mass_and_inertia() -> (f64, f64) {
    let (l, r) = (HALF_LENGTH, RADIUS);
    let box_mass = DENSITY * 4.0 * l * r;
    let box_inertia = box_mass * (4.0 * l * l + 4.0 * r * r) / 12.0;
    let discs_mass = DENSITY * std::f64::consts::PI * r * r;
    // A half disc's centroid lies 4R / 3π from its flat side's middle.
    let centroid = 4.0 * r / (3.0 * std::f64::consts::PI);
    let discs_inertia = discs_mass * (0.5 * r * r + l * l + 2.0 * l * centroid);
    (box_mass + discs_mass, box_inertia + discs_inertia)
}
