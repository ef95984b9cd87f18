//! lockstep2d in the browser and in Node: the engine, its named scenes, recordings and
//! the hiker game compiled to `wasm32-unknown-unknown` and bound to JavaScript with
//! wasm-bindgen, and the testbed's page drawn from the same code as the desktop window.
//!
//! The JavaScript API, in brief (`lockstep2d_web.d.ts` has every signature):
//!
//! ```js
//! import init, { World, sceneNames, record, replay } from "./pkg/lockstep2d_web.js";
//! await init();
//! const world = World.fromScene("pyramid");       // or World.fromJson(text), new World(0, -10)
//! world.advance(1 / 60);                           // a frame's time: whole fixed steps
//! const poses = world.poses();                     // x, y, angle per body, interpolated
//! const hit = world.castRay(0, 10, 0, -20);        // { body, x, y, nx, ny, fraction }
//! const saved = world.snapshot();                  // Uint8Array
//! world.restore(saved);
//! world.stateHash();                               // "0123456789abcdef", as natively
//! replay(record("pyramid", 600));                  // frames checked, hash by hash
//! ```
//!
//! A bad argument (an unknown scene, a malformed file, a stale body, damaged bytes)
//! throws a JavaScript `Error` with the engine's message and changes nothing; nothing
//! here panics on input, so the module keeps running. The step reads no clock and
//! starts no thread: the engine is built without its `threads` and `profile` features,
//! and gives the same bits as on x86_64 and aarch64.

mod error;
mod frame_time;
mod hiker;
mod keys;
mod netplay;
mod picture;
mod recording;
mod testbed;
mod world;

pub use hiker::HikerGame;
pub use netplay::{NetPeer, Room, scripted_pad};
pub use picture::Pixels;
pub use recording::{record, replay, scene_names};
pub use testbed::Testbed;
pub use world::World;
