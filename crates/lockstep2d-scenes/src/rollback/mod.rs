//! Rollback tools over any scene: what a rollback-netcode game needs besides the
//! world, apart from the scenes themselves.
//!
//! - `Pad` (`pad.rs`): a player's buttons on a frame, one byte, and the scripted pad;
//! - `Script` (`script.rs`): the game's rules, pads to actions, and the crowd's own;
//! - the walker (`walker.rs`): a character's run and jump as a displacement, keeping no
//!   state outside the world;
//! - `Rollback` (`state.rs`): saving, loading and hashing a world, or a game with
//!   state of its own beside its world;
//! - `sync_test` (`synctest.rs`): GGRS's sync test over any frame function;
//! - `record` and `replay` (`recording.rs`): a run's actions and state hashes, checked
//!   frame by frame.
//!
//! Everything here is re-exported at the crate's root.

pub(crate) mod pad;
pub(crate) mod recording;
pub(crate) mod script;
pub(crate) mod state;
pub(crate) mod synctest;
pub(crate) mod walker;
