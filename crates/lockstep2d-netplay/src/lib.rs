//! Rollback multiplayer for lockstep2d: any scene played by two peers as a GGRS
//! peer-to-peer session over UDP.
//!
//! - `Peer` is one side: the scene's world under `Script`'s rules, both players on
//!   `Pad`s (one byte a frame on the wire), saved every frame into a `SnapshotRing` with
//!   `World::snapshot_into`, the state hash as GGRS's checksum, desync detection on.
//! - `headless::play` runs a peer with no window, the scripted player's pads, at the
//!   scene's rate; it ends on a confirmed frame both peers report the hash of.
//! - On a desync each peer has its state at the frame whose hashes differ
//!   (`Desync::state`): two peers' states compared (`Snapshot::differences`) name what
//!   differs.
//! - `FaultySocket` wraps the UDP socket to lose, delay, jitter, duplicate and reorder
//!   packets at given rates (seeded), to play over loopback as over a bad network.

mod checked;
mod config;
mod error;
mod faults;
mod game;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
#[cfg(not(target_arch = "wasm32"))]
mod pacer;
mod peer;
mod report;
mod ring;
#[cfg(feature = "signal-server")]
pub mod signal;
mod spectator;
mod stats;
#[cfg(not(target_arch = "wasm32"))]
pub mod watch;
#[cfg(feature = "webrtc")]
pub mod webrtc;

pub use config::{Address, NetConfig};
pub use error::NetError;
pub use faults::{Faults, FaultySocket, PacketCounts, SharedCounts};
pub use game::{NetGame, Nudge};
#[cfg(not(target_arch = "wasm32"))]
pub use pacer::Pacer;
pub use peer::{
    DESYNC_INTERVAL, Desync, MAX_INPUT_DELAY, MAX_PREDICTION, PLAYERS, Peer, PeerOptions, Tuning,
};
pub use report::NetReport;
pub use ring::SnapshotRing;
pub use spectator::Spectator;
pub use stats::RollbackStats;
