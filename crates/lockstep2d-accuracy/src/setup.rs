//! What the cases' scenes are made of: a rate, tilted gravity, a ground, discs and
//! boxes of one material, and a run that records every body after every step.

use lockstep2d_scenes::{BodyJson, SceneDef, ShapeJson};

use crate::rate::Rate;
use crate::simulation::{Engine, Sample};

/// Gravity's strength (m/s²), as in the scenes' default world.
pub(crate) const G: f64 = 10.0;

/// An empty scene at `rate` with `gravity`, never sleeping (a slow body must keep
/// being measured).
pub(crate) fn scene(name: &str, rate: Rate, gravity: [f64; 2]) -> SceneDef {
    let mut def = SceneDef::new(name);
    def.hz = rate.hz;
    def.solver.substeps = rate.substeps;
    def.gravity = gravity.map(|g| g as f32);
    def.sleep = false;
    def
}

/// Gravity down a slope of `degrees`, for a scene whose ground stays level: downhill
/// is +x.
pub(crate) fn slope_gravity(degrees: f64) -> [f64; 2] {
    let angle = degrees.to_radians();
    [G * libm::sin(angle), -G * libm::cos(angle)]
}

/// Friction and restitution, given to both shapes of every contact so that any rule
/// for mixing two shapes' values (geometric mean, average, max) gives these.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Material {
    pub friction: f64,
    pub restitution: f64,
}

impl Material {
    /// Frictionless, and as bouncy as `restitution`.
    pub fn slippery(restitution: f64) -> Material {
        Material {
            friction: 0.0,
            restitution,
        }
    }

    pub fn apply(self, shape: ShapeJson) -> ShapeJson {
        shape
            .with_friction(self.friction as f32)
            .with_restitution(self.restitution as f32)
    }
}

/// A static ground 200 m wide whose top is the line y = 0.
pub(crate) fn ground(material: Material) -> BodyJson {
    BodyJson::static_at([0.0, -1.0]).with_shape(material.apply(ShapeJson::new_box(100.0, 1.0)))
}

/// A dynamic disc of `radius` and `density` centred at `position`.
pub(crate) fn disc(position: [f64; 2], radius: f64, density: f64, material: Material) -> BodyJson {
    let shape = ShapeJson::circle(radius as f32).with_density(density as f32);
    BodyJson::dynamic(position.map(|x| x as f32)).with_shape(material.apply(shape))
}

/// A dynamic box of half extents `half` (density 1) centred at `position`.
pub(crate) fn block(position: [f64; 2], half: [f64; 2], material: Material) -> BodyJson {
    let shape = ShapeJson::new_box(half[0] as f32, half[1] as f32);
    BodyJson::dynamic(position.map(|x| x as f32)).with_shape(material.apply(shape))
}

/// A disc's mass and moment of inertia about its centre.
pub(crate) fn disc_mass(radius: f64, density: f64) -> (f64, f64) {
    let mass = density * std::f64::consts::PI * radius * radius;
    (mass, 0.5 * mass * radius * radius)
}

/// A box's mass and moment of inertia about its centre: half extents `half`, density 1
/// as `block` makes it.
pub(crate) fn block_mass(half: [f64; 2]) -> (f64, f64) {
    let mass = 4.0 * half[0] * half[1];
    (mass, mass * (half[0] * half[0] + half[1] * half[1]) / 3.0)
}

/// Every body after each of `steps` steps of `def` in `engine`, the bodies as they
/// start first: `trace[step][body]`.
pub(crate) fn run(
    engine: &dyn Engine,
    def: &SceneDef,
    steps: u32,
) -> Result<Vec<Vec<Sample>>, String> {
    let mut simulation = engine.build(def)?;
    let mut trace = Vec::with_capacity(steps as usize + 1);
    trace.push(simulation.samples());
    for _ in 0..steps {
        simulation.step()?;
        trace.push(simulation.samples());
    }
    Ok(trace)
}

/// A body's kinetic energy: `mass` and `inertia` moving as `sample`.
pub(crate) fn kinetic_energy(sample: &Sample, (mass, inertia): (f64, f64)) -> f64 {
    let [vx, vy] = sample.velocity;
    0.5 * mass * (vx * vx + vy * vy) + 0.5 * inertia * sample.spin * sample.spin
}

/// `|measured − expected| / |expected|`, in per cent.
pub(crate) fn percent_off(measured: f64, expected: f64) -> f64 {
    100.0 * (measured - expected).abs() / expected.abs()
}
