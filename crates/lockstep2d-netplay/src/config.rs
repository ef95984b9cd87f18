//! GGRS's types for a lockstep2d game.

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::net::SocketAddr;

use ggrs::{Config, Frame, PredictRepeatLast};
use lockstep2d_scenes::Pad;

/// What names a peer on a transport: a UDP address, a WebRTC peer id.
pub trait Address: Clone + PartialEq + Eq + Hash + Send + Sync + Debug + 'static {}

impl<A: Clone + PartialEq + Eq + Hash + Send + Sync + Debug + 'static> Address for A {}

/// What a session is made of: pads as inputs (one byte each), the frame number as the
/// saved state (the snapshot itself stays in the game's `SnapshotRing`), and the
/// transport's addresses (UDP's by default).
pub struct NetConfig<A = SocketAddr>(PhantomData<A>);

impl<A: Address> Config for NetConfig<A> {
    type Input = Pad;
    /// A missing remote pad is guessed to be the last one seen: buttons are held far
    /// longer than a frame, so the guess is mostly right and rollbacks are rare.
    type InputPredictor = PredictRepeatLast;
    /// GGRS's cell keeps only which frame was saved; the `SnapshotRing` keeps the world.
    type State = Frame;
    type Address = A;
}
