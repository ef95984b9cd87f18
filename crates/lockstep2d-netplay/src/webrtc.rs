//! Sessions over WebRTC data channels, joined through a room of a matchbox signalling
//! server: the same code on native peers and in the browser. The room's peers connect
//! to each other (a full mesh); once the session's players are all there, each peer
//! orders them by peer id, the same order on every peer, and plays the seat that is its
//! own. GGRS's messages travel on an unreliable, unordered channel (GGRS resends what
//! matters itself), encoded with postcard; a packet that does not decode is dropped.
//!
//! No STUN or TURN server is given: peers find each other by their own addresses only
//! (on one machine, or one network).

use std::time::{Duration, Instant};

use ggrs::{Message, NonBlockingSocket, PlayerType};
use lockstep2d_scenes::Scene;
use matchbox_socket::{
    ChannelConfig, MessageLoopFuture, PeerId, RtcIceServerConfig, WebRtcChannel, WebRtcSocket,
};

use crate::NetError;
use crate::peer::{Peer, Tuning};

/// The fewest players a room's session has.
pub const MIN_PLAYERS: usize = 2;
/// The most players a room's session has.
pub const MAX_PLAYERS: usize = 4;

/// How a peer joins a room.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomOptions {
    /// The room on a signalling server: `ws://HOST:PORT/ROOM`.
    pub room: String,
    /// The players the session waits for, this peer among them: 2 to 4.
    pub players: usize,
    /// Input delay, faults and the deliberate nudge.
    pub tuning: Tuning,
}

impl RoomOptions {
    /// Fails (`NetError::Invalid`) on a room that is no `ws://` or `wss://` address, a
    /// player count out of range, or a tuning out of range.
    pub fn check(&self) -> Result<(), NetError> {
        if !(self.room.starts_with("ws://") || self.room.starts_with("wss://")) {
            return Err(NetError::Invalid(format!(
                "--signal {}: a room is ws://HOST:PORT/ROOM",
                self.room
            )));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(NetError::Invalid(format!(
                "--players {}: a session has {MIN_PLAYERS} to {MAX_PLAYERS} players",
                self.players
            )));
        }
        self.tuning.check()
    }
}

/// A room joined: the socket, and the loop that carries its messages, to be run on a
/// thread of its own (native) or by the browser's event loop (wasm).
pub struct Room {
    socket: WebRtcSocket,
    players: usize,
}

impl Room {
    /// Starts joining `options.room`; nothing happens until the returned loop runs.
    pub fn open(options: &RoomOptions) -> Result<(Room, MessageLoopFuture), NetError> {
        options.check()?;
        let no_stun_or_turn = RtcIceServerConfig {
            urls: Vec::new(),
            username: None,
            credential: None,
        };
        let (socket, message_loop) = WebRtcSocket::builder(options.room.clone())
            .ice_server(no_stun_or_turn)
            .reconnect_attempts(Some(3))
            .add_channel(ChannelConfig::unreliable())
            .build();
        let room = Room {
            socket,
            players: options.players,
        };
        Ok((room, message_loop))
    }

    /// Takes in the room's news; true once this peer has its id and is connected to
    /// as many others as the session has players besides it.
    pub fn is_full(&mut self) -> bool {
        let _ = self.socket.try_update_peers();
        self.socket.id().is_some() && self.socket.connected_peers().count() + 1 >= self.players
    }

    /// The session's seats in player order: the peers sorted by id, this one `Local`.
    /// Only the first `players` ids count, so a late peer in the room changes nothing
    /// for those who started.
    fn seats(&mut self) -> Result<Vec<PlayerType<PeerId>>, NetError> {
        let own = self
            .socket
            .id()
            .ok_or_else(|| NetError::Invalid("the signalling server gave no peer id".into()))?;
        let mut ids: Vec<PeerId> = self.socket.connected_peers().chain([own]).collect();
        ids.sort();
        ids.truncate(self.players);
        if !ids.contains(&own) {
            return Err(NetError::Invalid(
                "the room was full before this peer joined".into(),
            ));
        }
        let seat = |id: PeerId| match id == own {
            true => PlayerType::Local,
            false => PlayerType::Remote(id),
        };
        Ok(ids.into_iter().map(seat).collect())
    }

    /// The session on `scene`, once the room is full.
    pub fn start(mut self, scene: Scene, tuning: &Tuning) -> Result<Peer<PeerId>, NetError> {
        let seats = self.seats()?;
        let channel = self
            .socket
            .take_channel(0)
            .map_err(|e| NetError::Invalid(format!("the room's channel: {e}")))?;
        let socket = RoomSocket {
            _room: self.socket,
            channel,
        };
        Peer::start(scene, seats, socket, tuning)
    }
}

/// Joins `options.room` on a native peer: runs the room's message loop on a thread of
/// its own, waits up to `timeout` for the players, and starts the session on `scene`.
#[cfg(not(target_arch = "wasm32"))]
pub fn join(
    scene: Scene,
    options: &RoomOptions,
    timeout: Duration,
) -> Result<Peer<PeerId>, NetError> {
    let (mut room, message_loop) = Room::open(options)?;
    std::thread::spawn(move || futures_lite::future::block_on(message_loop));
    let started = Instant::now();
    while !room.is_full() {
        if started.elapsed() > timeout {
            return Err(NetError::NoAnswer(timeout));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    room.start(scene, &options.tuning)
}

/// GGRS's socket on a room's channel. The room is kept so its connections stay up.
struct RoomSocket {
    _room: WebRtcSocket,
    channel: WebRtcChannel,
}

impl NonBlockingSocket<PeerId> for RoomSocket {
    fn send_to(&mut self, message: &Message, to: &PeerId) {
        if let Ok(bytes) = postcard::to_allocvec(message) {
            // A peer gone since is GGRS's to notice: it stops hearing from it.
            let _ = self.channel.try_send(bytes.into(), *to);
        }
    }

    fn receive_all_messages(&mut self) -> Vec<(PeerId, Message)> {
        self.channel
            .receive()
            .into_iter()
            .filter_map(|(from, packet)| Some((from, postcard::from_bytes(&packet).ok()?)))
            .collect()
    }
}
