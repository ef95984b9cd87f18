//! The duel over the network: a peer-to-peer session on UDP, one player here and the
//! other on the remote peer, and what the session reports about the other peer.

use std::net::SocketAddr;

use bevy_ecs::prelude::*;
use bevy_ggrs::ggrs::{
    DesyncDetection, GgrsEvent, P2PSession, PlayerType, SessionBuilder, SessionState,
    UdpNonBlockingSocket,
};
use bevy_ggrs::prelude::*;

use crate::game::{DuelConfig, PLAYERS};

/// Frames between two checksums sent to the other peer to detect a desync.
const DESYNC_CHECK_INTERVAL: u32 = 10;

/// This peer: where it listens, where the other peer is, and which player it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The UDP port this peer listens on (on every interface).
    pub local_port: u16,
    /// The other peer's address.
    pub remote: SocketAddr,
    /// This peer's player handle, 0 or 1; the other peer plays the other.
    pub player: usize,
}

/// A peer-to-peer session between this peer and `peer.remote`, without input delay (a
/// frame's own buttons play it, so the other peer's are always predicted first), with
/// desync detection. Fails if the port cannot be bound.
pub fn p2p_session(peer: &Peer) -> Result<P2PSession<DuelConfig>, String> {
    let socket = UdpNonBlockingSocket::bind_to_port(peer.local_port)
        .map_err(|e| format!("cannot listen on UDP port {}: {e}", peer.local_port))?;
    let other = (peer.player + 1) % PLAYERS;
    let detection = DesyncDetection::On {
        interval: DESYNC_CHECK_INTERVAL,
    };
    SessionBuilder::<DuelConfig>::new()
        .with_num_players(PLAYERS)
        .map(|b| b.with_input_delay(0).with_desync_detection_mode(detection))
        .and_then(|b| b.add_player(PlayerType::Local, peer.player))
        .and_then(|b| b.add_player(PlayerType::Remote(peer.remote), other))
        .and_then(|b| b.start_p2p_session(socket))
        .map_err(|e| format!("the peer-to-peer session: {e}"))
}

/// What the session has said about the other peer so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeerNews {
    /// The session is synchronized with the other peer.
    pub synchronized: bool,
    /// No packets for a while: the other peer may be gone.
    pub interrupted: bool,
    /// The other peer left or timed out; its player's inputs are no longer confirmed.
    pub disconnected: bool,
    /// The first frame whose checksums differed between the peers, if any did.
    pub desync: Option<i32>,
}

impl PeerNews {
    /// Takes in the session's events since the last call, if the app plays a
    /// peer-to-peer session.
    pub fn update(&mut self, world: &mut World) {
        let Some(mut session) = world.get_resource_mut::<Session<DuelConfig>>() else {
            return;
        };
        let Session::P2P(session) = &mut *session else {
            return;
        };
        for event in session.events() {
            self.note(event);
        }
        self.synchronized |= session.current_state() == SessionState::Running;
    }

    fn note(&mut self, event: GgrsEvent<DuelConfig>) {
        match event {
            GgrsEvent::Synchronized { .. } => self.synchronized = true,
            GgrsEvent::NetworkInterrupted { .. } => self.interrupted = true,
            GgrsEvent::NetworkResumed { .. } => self.interrupted = false,
            GgrsEvent::Disconnected { .. } => self.disconnected = true,
            GgrsEvent::DesyncDetected { frame, .. } => {
                self.desync = Some(self.desync.map_or(frame, |first| first.min(frame)));
            }
            GgrsEvent::Synchronizing { .. } | GgrsEvent::WaitRecommendation { .. } => {}
        }
    }
}
