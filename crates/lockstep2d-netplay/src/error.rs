//! What can stop a peer.

use std::time::Duration;

use ggrs::{Frame, GgrsError};

#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("could not open UDP port {port}: {source}")]
    Socket { port: u16, source: std::io::Error },
    #[error("{0}")]
    Invalid(String),
    #[error("GGRS: {0}")]
    Session(#[from] GgrsError),
    #[error("the world refused a frame: {0}")]
    World(#[from] lockstep2d::Error),
    #[error("GGRS asked to load frame {0}, which the snapshot ring no longer holds")]
    NotSaved(Frame),
    #[error("the remote peer did not answer within {0:?}")]
    NoAnswer(Duration),
    #[error(
        "frame {confirmed} of {target} confirmed after {waited:?}: the remote peer stopped sending"
    )]
    Stalled {
        confirmed: Frame,
        target: Frame,
        waited: Duration,
    },
    #[error("the remote peer disconnected with frame {0} confirmed")]
    Disconnected(Frame),
}
