//! Sessions over WebRTC data channels, joined through a room of a matchbox signalling
//! server: the same code on native peers and in the browser. The room's peers connect
//! to each other (a full mesh); once the session's players are all there, each peer
//! orders them by peer id, the same order on every peer, and plays the seat that is its
//! own. GGRS's messages travel on an unreliable, unordered channel (GGRS resends what
//! matters itself), encoded with postcard; a packet that does not decode is dropped.
//!
//! No STUN or TURN server is given: peers find each other by their own addresses only
//! (on one machine, or one network).

use std::collections::{BTreeMap, BTreeSet};
#[cfg(not(target_arch = "wasm32"))]
use std::time::{Duration, Instant};

use ggrs::{Message, NonBlockingSocket, PlayerType};
use lockstep2d_scenes::Scene;
use matchbox_socket::{
    ChannelConfig, MessageLoopFuture, RtcIceServerConfig, WebRtcChannel, WebRtcSocket,
};

/// A peer of a room, as the signalling server names it.
pub use matchbox_socket::PeerId;

use crate::NetError;
use crate::peer::{Peer, Tuning};
use crate::spectator::Spectator;

/// The fewest players a room's session has.
pub const MIN_PLAYERS: usize = 2;
/// The most players a room's session has.
pub const MAX_PLAYERS: usize = 4;

/// The most spectators the players of a room wait for.
pub const MAX_SPECTATORS: usize = 4;

/// What a peer is in a room's session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// It plays a seat.
    Player,
    /// It follows the players, seated by the host (the player with the lowest id).
    Spectator,
}

impl Role {
    /// The byte a peer announces its role with.
    fn byte(self) -> u8 {
        match self {
            Role::Player => b'P',
            Role::Spectator => b'S',
        }
    }

    fn of_byte(byte: u8) -> Option<Role> {
        match byte {
            b'P' => Some(Role::Player),
            b'S' => Some(Role::Spectator),
            _ => None,
        }
    }
}

/// How a peer joins a room.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomOptions {
    /// The room on a signalling server: `ws://HOST:PORT/ROOM`.
    pub room: String,
    /// The players of the session: 2 to 4.
    pub players: usize,
    /// The spectators the players wait for before they start: 0 to 4. A spectator
    /// joins before the session starts, since the host seats it then.
    pub spectators: usize,
    /// This peer's role.
    pub role: Role,
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
        if self.spectators > MAX_SPECTATORS {
            return Err(NetError::Invalid(format!(
                "--spectators {}: at most {MAX_SPECTATORS}",
                self.spectators
            )));
        }
        self.tuning.check()
    }
}

/// The channels of a room's socket: GGRS's messages, and the peers' roles.
const GAME: usize = 0;
const ROLES: usize = 1;

/// A room joined: the socket, the roles the other peers announced, and the loop that
/// carries its messages, to be run on a thread of its own (native) or by the browser's
/// event loop (wasm).
pub struct Room {
    socket: WebRtcSocket,
    options: RoomOptions,
    roles: BTreeMap<PeerId, Role>,
    told: BTreeSet<PeerId>,
}

/// A session joined: a seat in it, or a spectator's view of it.
pub enum Joined {
    /// This peer plays.
    Player(Box<Peer<PeerId>>),
    /// This peer watches.
    Spectator(Box<Spectator<PeerId>>),
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
            .add_channel(ChannelConfig::reliable())
            .build();
        let room = Room {
            socket,
            options: options.clone(),
            roles: BTreeMap::new(),
            told: BTreeSet::new(),
        };
        Ok((room, message_loop))
    }

    /// Takes in the room's news (tells new peers this one's role, hears theirs); true
    /// once the session can start: the players are all there and, for a player, the
    /// spectators it waits for.
    pub fn is_full(&mut self) -> bool {
        let _ = self.socket.try_update_peers();
        self.trade_roles();
        if self.socket.id().is_none() {
            return false;
        }
        let players = self.ids(Role::Player).len();
        let spectators = self.ids(Role::Spectator).len();
        match self.options.role {
            Role::Player => {
                players >= self.options.players && spectators >= self.options.spectators
            }
            Role::Spectator => players >= self.options.players,
        }
    }

    fn trade_roles(&mut self) {
        let new: Vec<PeerId> = self
            .socket
            .connected_peers()
            .filter(|peer| !self.told.contains(peer))
            .collect();
        let role = self.options.role.byte();
        for peer in new {
            let told = self
                .socket
                .channel_mut(ROLES)
                .try_send(vec![role].into(), peer);
            if told.is_ok() {
                self.told.insert(peer);
            }
        }
        for (peer, packet) in self.socket.channel_mut(ROLES).receive() {
            if let Some(role) = packet.first().copied().and_then(Role::of_byte) {
                self.roles.insert(peer, role);
            }
        }
    }

    /// The ids of the connected peers in `role`, this one among them if it is in it,
    /// sorted; only the first of the session's players or spectators count, so a late
    /// peer changes nothing for those who started.
    fn ids(&mut self, role: Role) -> Vec<PeerId> {
        let own = self.socket.id().filter(|_| self.options.role == role);
        let connected: BTreeSet<PeerId> = self.socket.connected_peers().collect();
        let mut ids: Vec<PeerId> = self
            .roles
            .iter()
            .filter(|&(peer, &of)| of == role && connected.contains(peer))
            .map(|(&peer, _)| peer)
            .chain(own)
            .collect();
        ids.sort();
        ids.truncate(match role {
            Role::Player => self.options.players,
            Role::Spectator => self.options.spectators,
        });
        ids
    }

    /// The session on `scene`, once the room is full.
    pub fn start(mut self, scene: Scene) -> Result<Joined, NetError> {
        let own = self
            .socket
            .id()
            .ok_or_else(|| NetError::Invalid("the signalling server gave no peer id".into()))?;
        let players = self.ids(Role::Player);
        let tuning = self.options.tuning;
        match self.options.role {
            Role::Player => {
                if !players.contains(&own) {
                    return Err(NetError::Invalid("the room's seats were taken".into()));
                }
                let mut seats: Vec<PlayerType<PeerId>> = players
                    .iter()
                    .map(|&id| match id == own {
                        true => PlayerType::Local,
                        false => PlayerType::Remote(id),
                    })
                    .collect();
                if players.first() == Some(&own) {
                    let spectators = self.ids(Role::Spectator);
                    seats.extend(spectators.into_iter().map(PlayerType::Spectator));
                }
                let socket = self.into_game_socket()?;
                Ok(Joined::Player(Box::new(Peer::start(
                    scene, seats, socket, &tuning,
                )?)))
            }
            Role::Spectator => {
                let host = *players
                    .first()
                    .ok_or_else(|| NetError::Invalid("the room has no players".into()))?;
                let count = self.options.players;
                let socket = self.into_game_socket()?;
                let spectator = Spectator::start(scene, count, host, socket, &tuning)?;
                Ok(Joined::Spectator(Box::new(spectator)))
            }
        }
    }

    /// GGRS's socket on the room's game channel; the room goes with it, to keep its
    /// connections up.
    fn into_game_socket(mut self) -> Result<RoomSocket, NetError> {
        let channel = self
            .socket
            .take_channel(GAME)
            .map_err(|e| NetError::Invalid(format!("the room's channel: {e}")))?;
        Ok(RoomSocket {
            _room: self.socket,
            channel,
        })
    }
}

/// Joins `options.room` on a native peer: runs the room's message loop on a thread of
/// its own, waits up to `timeout` for the session's peers, and starts it on `scene`.
#[cfg(not(target_arch = "wasm32"))]
pub fn join(scene: Scene, options: &RoomOptions, timeout: Duration) -> Result<Joined, NetError> {
    let (mut room, message_loop) = Room::open(options)?;
    std::thread::spawn(move || futures_lite::future::block_on(message_loop));
    let started = Instant::now();
    while !room.is_full() {
        if started.elapsed() > timeout {
            return Err(NetError::NoAnswer(timeout));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    room.start(scene)
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
