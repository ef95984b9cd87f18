//! GGRS's types for a lockstep2d game.

use std::net::SocketAddr;

use ggrs::{Config, Frame, PredictRepeatLast};
use lockstep2d_scenes::Pad;

/// What a session is made of: pads as inputs (one byte each), the frame number as the
/// saved state (the snapshot itself stays in the game's `SnapshotRing`), UDP addresses.
pub struct NetConfig;

impl Config for NetConfig {
    type Input = Pad;
    /// A missing remote pad is guessed to be the last one seen: buttons are held far
    /// longer than a frame, so the guess is mostly right and rollbacks are rare.
    type InputPredictor = PredictRepeatLast;
    /// GGRS's cell keeps only which frame was saved; the `SnapshotRing` keeps the world.
    type State = Frame;
    type Address = SocketAddr;
}
