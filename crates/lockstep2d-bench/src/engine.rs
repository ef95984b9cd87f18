//! The engines under test, and what the harness asks of a world built by each.

use lockstep2d_scenes::SceneDef;

#[cfg(not(target_arch = "wasm32"))]
use crate::convert_box2d::Box2dWorld;
use crate::convert_rapier::RapierWorld;
use crate::lockstep::LockstepWorld;
use crate::settings::Settings;

/// One body's pose and velocity at the end of a run, for quality figures and equivalence
/// tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyEnd {
    /// The body origin's world position (m).
    pub position: [f32; 2],
    /// Radians, counter-clockwise.
    pub angle: f32,
    /// The centre of mass's velocity (m/s).
    pub velocity: [f32; 2],
    /// Angular velocity (rad/s, counter-clockwise).
    pub spin: f32,
}

/// A world built from a scene by one engine.
pub trait BenchWorld {
    /// Advances the world by one step of the scene's rate.
    fn step(&mut self) -> Result<(), String>;
    /// Every body of the scene, in the scene's body order.
    fn bodies(&self) -> Vec<BodyEnd>;
    /// Heap bytes the engine holds outside Rust's allocator (Box2D's C allocations).
    fn foreign_heap_bytes(&self) -> usize {
        0
    }
    /// The engine's own serialized snapshot of the world, if it has one.
    fn snapshot_bytes(&self) -> Option<Vec<u8>> {
        None
    }
    /// The engine's hash of its whole state, if it has one (lockstep2d's
    /// `World::state_hash`).
    fn state_hash(&self) -> Option<u64> {
        None
    }
    /// Casts each ray for its closest hit; returns how many hit something.
    fn cast_rays(&self, rays: &[QueryRay]) -> usize;
    /// Casts a circle of `radius` (m), centred on each cast's origin, along its
    /// translation for its closest hit; returns how many hit something. A circle that
    /// starts touching a shape hits it.
    fn cast_circles(&self, casts: &[QueryRay], radius: f32) -> usize;
    /// Finds the shapes overlapping each box into a list; returns how many in all.
    fn overlap_boxes(&self, boxes: &[QueryBox]) -> usize;
    /// As `overlap_boxes`, but counting only shapes whose geometry touches the box:
    /// what lockstep2d's box query answers, asked of each engine's exact shape query.
    fn overlap_boxes_exact(&self, boxes: &[QueryBox]) -> usize;
}

/// A ray from `origin` to `origin + translation`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryRay {
    /// Where the ray starts (world).
    pub origin: [f32; 2],
    /// From the start to the end (m).
    pub translation: [f32; 2],
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryBox {
    /// The lower-left corner.
    pub min: [f32; 2],
    /// The upper-right corner.
    pub max: [f32; 2],
}

/// An engine under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// This crate's engine.
    Lockstep2d,
    /// rapier2d, single-threaded, f32.
    Rapier,
    /// Box2D v3, built from source.
    Box2d,
}

/// Box2D's `B2_MAX_WORKERS`.
const BOX2D_MAX_WORKERS: usize = 64;

impl Engine {
    /// Every engine, in the order the reports list them.
    pub const ALL: [Engine; 3] = [Engine::Lockstep2d, Engine::Rapier, Engine::Box2d];

    /// Its name on the command line and in reports (`"lockstep2d"`, `"rapier"`,
    /// `"box2d"`).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Lockstep2d => "lockstep2d",
            Engine::Rapier => "rapier",
            Engine::Box2d => "box2d",
        }
    }

    /// The engine called `name`, if any.
    pub fn parse(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The threads this engine steps with when asked for `requested`: rapier2d is built
    /// without its `parallel` feature, so it always uses one; lockstep2d and Box2D use
    /// what is asked, up to 64.
    pub fn threads_used(self, requested: usize) -> usize {
        match self {
            Engine::Rapier => 1,
            Engine::Lockstep2d => requested.clamp(1, 64),
            Engine::Box2d => requested.clamp(1, BOX2D_MAX_WORKERS),
        }
    }

    /// Builds `def` in this engine, or says what of it this engine cannot build. Box2D is
    /// native only: its C is not built for wasm32.
    pub fn build(self, def: &SceneDef, settings: &Settings) -> Result<Box<dyn BenchWorld>, String> {
        Ok(match self {
            Engine::Lockstep2d => Box::new(LockstepWorld::new(def, settings)?),
            Engine::Rapier => Box::new(RapierWorld::new(def, settings)?),
            #[cfg(not(target_arch = "wasm32"))]
            Engine::Box2d => Box::new(Box2dWorld::new(def, settings)?),
            #[cfg(target_arch = "wasm32")]
            Engine::Box2d => return Err("Box2D is not built for wasm32".to_string()),
        })
    }
}
