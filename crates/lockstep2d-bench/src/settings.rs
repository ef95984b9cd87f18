//! The settings every engine is given for a scene, read from the scene itself so that
//! all three step the same world the same way.

use lockstep2d::SolverSettings;
use lockstep2d_scenes::SceneDef;

/// Box2D's benchmark scenes that turn sleeping off (`b2World_EnableSleeping(worldId,
/// false)` in Box2D's `shared/benchmarks.c`). The others sleep as the scene says
/// (`terrain` and most scenes: on, Box2D's default), in every engine.
const NO_SLEEP_SCENES: [&str; 3] = ["large_pyramid", "many_pyramids", "joint_grid"];

/// How every engine steps a scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Seconds per step: 1 / the scene's hz.
    pub dt: f32,
    /// Substeps per step (Box2D's `subStepCount`, rapier's `num_solver_iterations`).
    pub substeps: u32,
    /// The scene's soft-step settings: contact and joint stiffness, push-out speed.
    pub solver: SolverSettings,
    /// Gravity (m/s²).
    pub gravity: [f32; 2],
    /// Whether the peers may put bodies to sleep.
    pub sleep: bool,
    /// Worker threads asked for; each engine uses what it can (`Engine::threads_used`).
    pub threads: usize,
}

impl Settings {
    /// The settings `def` asks for, with `threads` worker threads.
    pub fn for_scene(def: &SceneDef, threads: usize) -> Settings {
        Settings {
            dt: 1.0 / def.hz as f32,
            substeps: def.solver.substeps.max(1),
            solver: def.solver,
            gravity: def.gravity,
            sleep: def.sleep && !NO_SLEEP_SCENES.contains(&def.name()),
            threads: threads.max(1),
        }
    }
}
