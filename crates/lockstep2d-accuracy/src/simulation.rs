//! What a case asks of an engine: build a scene, step it, and tell each body's motion.
//! lockstep2d answers here; the bench crate answers for Box2D v3 and rapier2d, so the
//! same cases measure all three.

use lockstep2d_scenes::{Scene, SceneDef};

/// One body's motion after a step, in `f64` for the sums the cases make of it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// The body origin (m); every case's bodies have their centre of mass there.
    pub position: [f64; 2],
    /// The body's angle (rad, counter-clockwise, as the engine wraps it).
    pub angle: f64,
    /// The centre of mass's velocity (m/s).
    pub velocity: [f64; 2],
    /// Angular velocity (rad/s, counter-clockwise).
    pub spin: f64,
}

impl Sample {
    /// From an engine's `f32` figures.
    pub fn new(position: [f32; 2], angle: f32, velocity: [f32; 2], spin: f32) -> Sample {
        Sample {
            position: position.map(f64::from),
            angle: f64::from(angle),
            velocity: velocity.map(f64::from),
            spin: f64::from(spin),
        }
    }
}

/// A world built from a case's scene by some engine.
pub trait Simulation {
    /// Advances the world by one step of the scene's rate.
    fn step(&mut self) -> Result<(), String>;
    /// Every body of the scene, in the scene's body order.
    fn samples(&self) -> Vec<Sample>;
}

/// An engine the cases can measure.
pub trait Engine {
    /// Its name in reports.
    fn name(&self) -> &str;
    /// Builds `def` (at its own rate and substeps), or says why it cannot.
    fn build(&self, def: &SceneDef) -> Result<Box<dyn Simulation>, String>;
}

/// lockstep2d, through the scene crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lockstep;

impl Engine for Lockstep {
    fn name(&self) -> &str {
        "lockstep2d"
    }

    fn build(&self, def: &SceneDef) -> Result<Box<dyn Simulation>, String> {
        let scene = def.build().map_err(|e| e.to_string())?;
        Ok(Box::new(LockstepSimulation(scene)))
    }
}

struct LockstepSimulation(Scene);

impl Simulation for LockstepSimulation {
    fn step(&mut self) -> Result<(), String> {
        let dt = self.0.dt();
        self.0.world.step(dt).map_err(|e| e.to_string())
    }

    fn samples(&self) -> Vec<Sample> {
        let world = &self.0.world;
        (self.0.bodies.iter())
            .map(|&id| {
                // The cases set no world bounds: every body lives as long as the world.
                let position = world.position(id).unwrap_or_default();
                let angle = world.angle(id).unwrap_or_default();
                let velocity = world.linear_velocity(id).unwrap_or_default();
                let spin = world.angular_velocity(id).unwrap_or_default();
                Sample::new(position.to_array(), angle, velocity.to_array(), spin)
            })
            .collect()
    }
}
