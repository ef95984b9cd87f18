//! Scenes for lockstep2d: the JSON scene-file format and the named scenes, so that
//! tests, the command line and benchmarks all build exactly the same worlds.
//!
//! ```
//! let mut def = lockstep2d_scenes::named("pyramid").expect("a named scene");
//! def.solver.iterations = 20;
//! let mut scene = def.build()?;
//! for _ in 0..10 {
//!     scene.world.step(scene.dt())?;
//! }
//! assert_eq!(scene.bodies.len(), 79);
//!
//! let text = def.to_json();
//! assert_eq!(lockstep2d_scenes::from_json(&text)?, def);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The file format is described in `docs/scene-format.md`. Errors name the offending
//! input by its path in the file: `bodies[3].shapes[0].density: must be > 0 on a
//! dynamic body`.

mod build;
mod def;
mod error;
mod finite;
mod library;
mod load;
mod rng;
pub mod rollback;
mod save;

pub use build::Scene;
pub use def::{BodyJson, CharacterJson, JointJson, JointType, SceneDef, ShapeJson, Solid};
pub use error::SceneError;
pub use library::{many_pyramids_sized, named, names};
pub use load::{from_json, load_file, read_file_capped};
pub use rng::Pcg32;
pub use rollback::pad::Pad;
pub use rollback::recording::{
    RECORDING_FORMAT, RecordedFrame, Recording, ReplayError, record, replay,
};
pub use rollback::script::{Action, Script, pad_actions, platform_actions, play_frame};
pub use rollback::state::Rollback;
pub use rollback::synctest::{SyncTestError, SyncTestReport, sync_test};
pub use rollback::walker::{WalkInput, walk, walk_velocity};
