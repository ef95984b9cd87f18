//! What can stop a peer.

use std::time::Duration;

use ggrs::{Frame, GgrsError};

/// Why a peer could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The local UDP port could not be opened.
    #[error("could not open UDP port {port}: {source}")]
    Socket {
        /// The port asked for.
        port: u16,
        /// What the system said.
        source: std::io::Error,
    },
    /// An option or the scene does not suit a session (a player number, an input
    /// delay, a fault share, a rate that is not a whole number of frames per second);
    /// the message names it.
    #[error("{0}")]
    Invalid(String),
    /// GGRS refused a request or failed.
    #[error("GGRS: {0}")]
    Session(#[from] GgrsError),
    /// The world refused a frame's actions or its step.
    #[error("the world refused a frame: {0}")]
    World(#[from] lockstep2d::Error),
    /// GGRS asked to load a frame older than the snapshot ring holds.
    #[error("GGRS asked to load frame {0}, which the snapshot ring no longer holds")]
    NotSaved(Frame),
    /// The remote peer did not answer within this time.
    #[error("the remote peer did not answer within {0:?}")]
    NoAnswer(Duration),
    /// The session stopped confirming frames before the target frame.
    #[error(
        "frame {confirmed} of {target} confirmed after {waited:?}: the remote peer stopped sending"
    )]
    Stalled {
        /// The last frame confirmed.
        confirmed: Frame,
        /// The frame the run was to reach.
        target: Frame,
        /// How long the run had lasted.
        waited: Duration,
    },
    /// The remote peer disconnected with this frame confirmed.
    #[error("the remote peer disconnected with frame {0} confirmed")]
    Disconnected(Frame),
}
