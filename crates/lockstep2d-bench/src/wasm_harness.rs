//! The wasm32 harness: one engine's world behind plain `extern "C"` functions, for
//! `wasm/bench.mjs` to time under Node.
//!
//! wasm32-unknown-unknown has no clock, so nothing here times anything: the script
//! times the calls. Each engine is its own cdylib (`examples/wasm_lockstep.rs`,
//! `examples/wasm_rapier.rs`), each one line of [`export_wasm_harness!`], so each
//! `.wasm` holds one engine and its size is that engine's alone.
//!
//! A world is built as the native bench builds it: the named scene's `SceneDef`,
//! [`Settings::for_scene`] with one thread, and the engine's own constructor
//! (`LockstepWorld::new`, `RapierWorld::new`). The script then steps it once untimed
//! and `n` times timed, as [`crate::timing`] does natively.
//!
//! Strings (scene names, the last error) are handed out as a pointer into the module's
//! memory and a length in bytes, UTF-8.

use std::cell::RefCell;

use lockstep2d_scenes::SceneDef;

use crate::engine::{BenchWorld, BodyEnd};
use crate::quality::{Measure, max_speed};
use crate::settings::Settings;

/// Builds a scene in one engine: `LockstepWorld::new`, `RapierWorld::new`.
pub type Constructor<W> = fn(&SceneDef, &Settings) -> Result<W, String>;

/// The one world the module holds, the scene it came from, and the last error.
#[derive(Default)]
struct Harness {
    world: Option<(Box<dyn BenchWorld>, SceneDef)>,
    error: String,
}

thread_local! {
    static HARNESS: RefCell<Harness> = RefCell::default();
}

/// How many named scenes there are (`lockstep2d_scenes::names()`).
pub fn scene_count() -> u32 {
    lockstep2d_scenes::names().len() as u32
}

/// The name of scene `index`, or `""` past the end.
pub fn scene_name(index: u32) -> &'static str {
    lockstep2d_scenes::names()
        .get(index as usize)
        .copied()
        .unwrap_or("")
}

/// Scene `index`'s own count of steps (0 past the end).
pub fn scene_steps(index: u32) -> u32 {
    scene_def(index).map_or(0, |def| def.steps)
}

fn scene_def(index: u32) -> Result<SceneDef, String> {
    let name = scene_name(index);
    lockstep2d_scenes::named(name).ok_or_else(|| format!("no scene at index {index}"))
}

/// Drops the world held, then builds scene `index` with `new`. False, with the reason
/// in [`error`], if the engine cannot build it.
pub fn build<W: BenchWorld + 'static>(index: u32, new: Constructor<W>) -> bool {
    HARNESS.with_borrow_mut(|h| {
        // The old world goes first, so the module's memory holds one world at a time.
        h.world = None;
        let built = scene_def(index).and_then(|def| {
            let settings = Settings::for_scene(&def, 1);
            let world: Box<dyn BenchWorld> = Box::new(new(&def, &settings)?);
            Ok((world, def))
        });
        let kept = built.map(|world| h.world = Some(world));
        record(h, kept)
    })
}

/// Steps the world `steps` times. False, with the reason in [`error`], on the first
/// step that fails or with no world built.
pub fn step(steps: u32) -> bool {
    HARNESS.with_borrow_mut(|h| {
        let stepped = match &mut h.world {
            Some((world, _)) => (0..steps).try_for_each(|_| world.step()),
            None => Err("no world built".to_string()),
        };
        record(h, stepped)
    })
}

/// Keeps `result`'s error for [`error`]; true for `Ok`.
fn record(h: &mut Harness, result: Result<(), String>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            h.error = e;
            false
        }
    }
}

/// Runs `f` on the world's bodies and its scene (`None` with no world built).
fn with_bodies<T>(f: impl FnOnce(&SceneDef, &[BodyEnd]) -> T) -> Option<T> {
    HARNESS.with_borrow(|h| h.world.as_ref().map(|(world, def)| f(def, &world.bodies())))
}

/// The scene's bodies as the engine reports them (0 with no world built).
pub fn body_count() -> u32 {
    with_bodies(|_, end| end.len() as u32).unwrap_or(0)
}

/// The native bench's quality figure now (`quality::Measure`: a pyramid's largest
/// sideways drift in metres); NaN with no world built.
pub fn quality() -> f64 {
    with_bodies(|def, end| Measure::for_scene(def).of(def, end)).unwrap_or(f64::NAN)
}

/// The fastest dynamic body's speed now (m/s); NaN with no world built.
pub fn fastest() -> f64 {
    with_bodies(|def, end| f64::from(max_speed(def, end))).unwrap_or(f64::NAN)
}

/// The engine's state hash (`BenchWorld::state_hash`), or 0 for an engine without one
/// or no world built.
pub fn state_hash() -> u64 {
    HARNESS.with_borrow(|h| {
        h.world
            .as_ref()
            .and_then(|(world, _)| world.state_hash())
            .unwrap_or(0)
    })
}

/// The last error, `""` if none; the pointer stays valid until the next call that fails.
pub fn error() -> (*const u8, usize) {
    HARNESS.with_borrow(|h| (h.error.as_ptr(), h.error.len()))
}

/// Exports the harness for one engine as `extern "C"` functions, given the engine's
/// constructor (`LockstepWorld::new`): `scene_count`, `scene_name_ptr` /
/// `scene_name_len`, `scene_steps`, `build` (1 if built), `step` (1 if stepped),
/// `body_count`, `quality`, `fastest`, `state_hash` and `error_ptr` / `error_len`.
#[macro_export]
macro_rules! export_wasm_harness {
    ($new:path) => {
        /// How many named scenes there are.
        #[unsafe(no_mangle)]
        pub extern "C" fn scene_count() -> u32 {
            $crate::wasm_harness::scene_count()
        }

        /// Where scene `index`'s name starts in memory.
        #[unsafe(no_mangle)]
        pub extern "C" fn scene_name_ptr(index: u32) -> *const u8 {
            $crate::wasm_harness::scene_name(index).as_ptr()
        }

        /// Scene `index`'s name's length in bytes.
        #[unsafe(no_mangle)]
        pub extern "C" fn scene_name_len(index: u32) -> usize {
            $crate::wasm_harness::scene_name(index).len()
        }

        /// Scene `index`'s own count of steps.
        #[unsafe(no_mangle)]
        pub extern "C" fn scene_steps(index: u32) -> u32 {
            $crate::wasm_harness::scene_steps(index)
        }

        /// Builds scene `index` afresh: 1 if built, 0 if not (see `error_ptr`).
        #[unsafe(no_mangle)]
        pub extern "C" fn build(index: u32) -> u32 {
            u32::from($crate::wasm_harness::build(index, $new))
        }

        /// Steps the world `steps` times: 1 if every step ran, 0 if not.
        #[unsafe(no_mangle)]
        pub extern "C" fn step(steps: u32) -> u32 {
            u32::from($crate::wasm_harness::step(steps))
        }

        /// The scene's bodies as the engine reports them.
        #[unsafe(no_mangle)]
        pub extern "C" fn body_count() -> u32 {
            $crate::wasm_harness::body_count()
        }

        /// The native bench's quality figure for the world now.
        #[unsafe(no_mangle)]
        pub extern "C" fn quality() -> f64 {
            $crate::wasm_harness::quality()
        }

        /// The fastest dynamic body's speed now (m/s).
        #[unsafe(no_mangle)]
        pub extern "C" fn fastest() -> f64 {
            $crate::wasm_harness::fastest()
        }

        /// The engine's state hash, 0 if it has none.
        #[unsafe(no_mangle)]
        pub extern "C" fn state_hash() -> u64 {
            $crate::wasm_harness::state_hash()
        }

        /// Where the last error's text starts in memory.
        #[unsafe(no_mangle)]
        pub extern "C" fn error_ptr() -> *const u8 {
            $crate::wasm_harness::error().0
        }

        /// The last error's length in bytes.
        #[unsafe(no_mangle)]
        pub extern "C" fn error_len() -> usize {
            $crate::wasm_harness::error().1
        }
    };
}
