//! Hiker: a small climbing game on lockstep2d's public API.
//!
//! A hiker climbs a mountain that is made ahead of them, dodging rocks that roll down
//! at them, picking up items, chased by a monster, while the world border follows the
//! view. It is the game of the "Physics Loop" article, built to show how every part of
//! the engine fits into one: each step runs the article's pipeline of "physicists" in
//! order (`Game::step_with`):
//!
//! 1. spawner (`spawner.rs`): chunks of chain terrain from the seed, ahead of the
//!    hiker, with one-way ledges and items; rocks on a beat;
//! 2. event processor (`event_processor.rs`): the step's commands from the engine's
//!    `InputQueue`, one-shots once, held ones every step;
//! 3. accelerator (`accelerator.rs`): the hiker's run and jump through the character
//!    mover;
//! 4. positioner (`positioner.rs`): the border, the world's bounds, the monster;
//! 5. the world's step: collision detection and response;
//! 6. collision handler (`collision_handler.rs`): hit events and sensors;
//! 7. destructor (`destructor.rs`): chunks out of sight (the bounds took the rest).
//!
//! Everything the game keeps outside the world is in `GameState`, its input queue
//! included (a button held when a rollback's save was taken is held again after the
//! load); `Game` implements the rollback tools' `Rollback`, so the sync test, recording
//! and replay run on it as on any scene. `GameLoop` drives it from frame times and buttons through the
//! engine's `FixedStepper`, `Script` plays a written input script, and `draw` paints a
//! frame with the testbed's renderer.
//!
//! ```
//! use lockstep2d_hiker::{Command, Game, Rules};
//! use lockstep2d_scenes::Rollback;
//!
//! let mut game = Game::new(7, Rules::default()).unwrap();
//! let start = game.world.position(game.state.hiker).unwrap();
//! for _ in 0..120 {
//!     game.step(&[Command::Right]).unwrap();
//! }
//! let moved = game.world.position(game.state.hiker).unwrap() - start;
//! assert!(moved.x > 6.0, "two seconds of running: {moved:?}");
//! assert_ne!(game.state_hash(), 0);
//! ```

mod accelerator;
mod collision_handler;
mod destructor;
mod draw;
mod event_processor;
mod game;
mod game_loop;
mod input;
mod items;
mod positioner;
mod recording;
mod rules;
mod script;
mod spawner;
mod state;
mod tag;
mod terrain;

pub use draw::draw;
pub use game::{DEFAULT_SEED, Game, SavedGame};
pub use game_loop::GameLoop;
pub use input::{Buttons, Command, feed};
pub use items::{ItemKind, REACH};
pub use recording::{
    HIKER_RECORDING_FORMAT, HikerFrame, HikerRecording, RECORDING_GAME, play_scripted, record,
    replay,
};
pub use rules::Rules;
pub use script::{CLIMB, Script, ScriptError};
pub use state::{GameState, HikerState};
pub use tag::Tag;
pub use terrain::{Mountain, chunk_span};
