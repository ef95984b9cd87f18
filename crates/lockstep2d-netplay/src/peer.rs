//! One side of a two-player session: a scene's game (`NetGame`) under a GGRS
//! peer-to-peer session over UDP, with desync detection on.

use std::net::SocketAddr;
use std::time::Duration;

use ggrs::{
    DesyncDetection, Frame, GgrsError, GgrsEvent, NonBlockingSocket, P2PSession, PlayerType,
    SessionBuilder, SessionState, UdpNonBlockingSocket,
};
use lockstep2d::{BodyId, Snapshot, World};
use lockstep2d_scenes::{Pad, Scene, Script};

use crate::NetError;
use crate::checked::CheckedFrames;
use crate::config::{Address, NetConfig};
use crate::faults::{Faults, FaultySocket, PacketCounts, SharedCounts};
use crate::game::{NetGame, Nudge};

/// The players in a session.
pub const PLAYERS: usize = 2;
/// How many frames a peer runs ahead of the other's last pad, guessing it: the deepest
/// rollback.
pub const MAX_PREDICTION: usize = 8;
/// Every this many frames the peers swap the state hash of a confirmed frame; a
/// difference is a desync.
pub const DESYNC_INTERVAL: u32 = 10;
/// The most frames of input delay: GGRS keeps 128 frames of inputs, and a delay this
/// long is already half a second at 60 Hz.
pub const MAX_INPUT_DELAY: usize = 30;
/// A peer silent this long is taken as gone.
const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The fastest session: a frame a millisecond, so the pacing's sleeps stay meaningful.
const MAX_SESSION_FPS: u32 = 1000;

/// How a peer joins a two-player session over UDP.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerOptions {
    /// This peer's player: 0 or 1.
    pub player: usize,
    /// The UDP port to listen on.
    pub local_port: u16,
    /// The other peer's address.
    pub remote: SocketAddr,
    /// Input delay, faults and the deliberate nudge.
    pub tuning: Tuning,
}

impl PeerOptions {
    /// Fails (`NetError::Invalid`) on a player, input delay or fault setting out of
    /// range; `Peer::connect` checks the same first.
    pub fn check(&self) -> Result<(), NetError> {
        if self.player >= PLAYERS {
            return Err(NetError::Invalid(format!(
                "--player {}: a session has players 0 and 1",
                self.player
            )));
        }
        self.tuning.check()
    }
}

/// A desync GGRS found: the peers' state hashes for `frame` differ.
#[derive(Clone, Debug)]
pub struct Desync {
    /// The frame whose hashes differ.
    pub frame: Frame,
    /// This peer's state hash for it.
    pub local: u128,
    /// The other peer's.
    pub remote: u128,
    /// This peer's state at the start of `frame`, to compare with the other peer's
    /// (`Snapshot::differences`); `None` if it was no longer kept.
    pub state: Option<Snapshot>,
}

/// One side of a GGRS session, playing a scene (see the crate docs): over UDP between
/// two peers (`Peer::connect`), or over another transport whose peers `A` names.
pub struct Peer<A: Address = SocketAddr> {
    session: P2PSession<NetConfig<A>>,
    game: NetGame,
    player: usize,
    players: usize,
    packets: SharedCounts,
    /// The last frame whose inputs were all in before a rollback played them: the
    /// world's state at it is final.
    confirmed: Frame,
    checked: CheckedFrames,
    desyncs: Vec<Desync>,
    /// Frames GGRS asked this peer to wait, so the other catches up.
    to_skip: u32,
    disconnected: bool,
}

impl Peer<SocketAddr> {
    /// Opens `options.local_port` and starts a session on `scene` with the peer at
    /// `options.remote`. Nothing is sent until the first `poll`.
    pub fn connect(scene: Scene, options: &PeerOptions) -> Result<Peer, NetError> {
        options.check()?;
        let socket = UdpNonBlockingSocket::bind_to_port(options.local_port).map_err(|source| {
            NetError::Socket {
                port: options.local_port,
                source,
            }
        })?;
        let mut seats = vec![PlayerType::Local; PLAYERS];
        seats[1 - options.player] = PlayerType::Remote(options.remote);
        Peer::start(scene, seats, socket, &options.tuning)
    }
}

/// How a session is played, whatever carries it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    /// Frames between a pad being read and its frame being played.
    pub input_delay: usize,
    /// Faults on what this peer receives.
    pub faults: Faults,
    /// Seeds the faults.
    pub fault_seed: u64,
    /// A deliberate desync: on this frame, this peer alone moves player 0's body by
    /// 1e-6 m (see `Nudge`).
    pub nudge_at: Option<u64>,
}

impl Tuning {
    /// Fails (`NetError::Invalid`) on an input delay or a fault setting out of range.
    pub fn check(&self) -> Result<(), NetError> {
        if self.input_delay > MAX_INPUT_DELAY {
            return Err(NetError::Invalid(format!(
                "--input-delay {}: at most {MAX_INPUT_DELAY} frames",
                self.input_delay
            )));
        }
        self.faults.check().map_err(NetError::Invalid)
    }
}

impl<A: Address> Peer<A> {
    /// Starts a session on `scene` whose players sit in `seats` (in player order, this
    /// peer's one `Local`; after them, the spectators this peer hosts), carried by
    /// `socket` with `tuning`'s faults. Nothing is sent until the first `poll`.
    pub fn start<S>(
        scene: Scene,
        seats: Vec<PlayerType<A>>,
        socket: S,
        tuning: &Tuning,
    ) -> Result<Peer<A>, NetError>
    where
        S: NonBlockingSocket<A> + 'static,
    {
        tuning.check()?;
        let player = seats
            .iter()
            .position(|seat| matches!(seat, PlayerType::Local))
            .ok_or_else(|| NetError::Invalid("no player of the session is this peer's".into()))?;
        let fps = session_fps(scene.hz)?;
        let socket = FaultySocket::new(socket, tuning.faults, tuning.fault_seed);
        let packets = socket.counts();
        let players = seats
            .iter()
            .filter(|seat| !matches!(seat, PlayerType::Spectator(_)))
            .count();
        let mut builder = SessionBuilder::<NetConfig<A>>::new()
            .with_num_players(players)?
            .with_fps(fps)?
            .with_max_prediction_window(MAX_PREDICTION)
            .with_input_delay(tuning.input_delay)
            .with_desync_detection_mode(DesyncDetection::On {
                interval: DESYNC_INTERVAL,
            })
            .with_disconnect_timeout(DISCONNECT_TIMEOUT);
        for (handle, seat) in seats.iter().enumerate() {
            builder = builder.add_player(seat.clone(), handle)?;
        }
        let session = builder.start_p2p_session(socket)?;
        let script = Script::for_players(&scene.world, players);
        let nudge = tuning
            .nudge_at
            .zip(script.players().first().copied())
            .map(|(frame, body)| Nudge { frame, body });
        let dt = scene.dt();
        let mut game = NetGame::new(scene.world, script, dt, MAX_PREDICTION);
        game.set_nudge(nudge);
        Ok(Peer {
            session,
            game,
            player,
            players,
            packets,
            confirmed: -1,
            checked: CheckedFrames::new(DESYNC_INTERVAL),
            desyncs: Vec::new(),
            to_skip: 0,
            disconnected: false,
        })
    }

    /// Receives and sends what is waiting, and takes note of GGRS's events.
    pub fn poll(&mut self) {
        self.session.poll_remote_clients();
        self.take_events();
    }

    /// Whether the peers have found each other and frames can be played.
    pub fn is_running(&self) -> bool {
        self.session.current_state() == SessionState::Running
    }

    /// Plays the next frame with this peer's `pad` (and the other's, or a guess at it),
    /// rolling back first if pads that came in change frames already played. False if
    /// no frame was played: the session is not running yet, GGRS asked this peer to wait
    /// a frame, or it is as far ahead of the other as prediction allows.
    pub fn advance(&mut self, pad: Pad) -> Result<bool, NetError> {
        self.poll();
        if !self.is_running() {
            return Ok(false);
        }
        if self.to_skip > 0 {
            self.to_skip -= 1;
            return Ok(false);
        }
        // Every pad up to this frame is in: the rollback below, if any, plays them all.
        let confirmed = self.session.confirmed_frame();
        self.session.add_local_input(self.player, pad)?;
        let before = self.game.frame();
        let requests = match self.session.advance_frame() {
            Ok(requests) => requests,
            Err(GgrsError::PredictionThreshold | GgrsError::NotSynchronized) => return Ok(false),
            Err(e) => return Err(e.into()),
        };
        self.game.handle(requests)?;
        self.confirmed = self.confirmed.max(confirmed);
        self.checked.keep_confirmed(self.confirmed, &self.game);
        self.take_events();
        Ok(self.game.frame() > before)
    }

    fn take_events(&mut self) {
        for event in self.session.events() {
            match event {
                GgrsEvent::DesyncDetected {
                    frame,
                    local_checksum,
                    remote_checksum,
                    ..
                } => self.desyncs.push(Desync {
                    frame,
                    local: local_checksum,
                    remote: remote_checksum,
                    state: self.checked.get(frame).cloned(),
                }),
                GgrsEvent::WaitRecommendation { skip_frames } => self.to_skip += skip_frames,
                GgrsEvent::Disconnected { .. } => self.disconnected = true,
                _ => {}
            }
        }
    }

    /// This peer's player number, from 0.
    pub fn player(&self) -> usize {
        self.player
    }

    /// How many players the session has.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The world as the last frame played left it.
    pub fn world(&self) -> &World {
        self.game.world()
    }

    /// The game GGRS drives.
    pub fn game(&self) -> &NetGame {
        &self.game
    }

    /// The frame being played next.
    pub fn frame(&self) -> Frame {
        self.game.frame()
    }

    /// The last frame whose state is final (every pad before it was in).
    pub fn confirmed_frame(&self) -> Frame {
        self.confirmed
    }

    /// How many frames this peer is ahead of the other, by GGRS's reckoning: a peer
    /// ahead should slow down.
    pub fn frames_ahead(&self) -> i32 {
        self.session.frames_ahead()
    }

    /// The desyncs GGRS has found so far, in the order found.
    pub fn desyncs(&self) -> &[Desync] {
        &self.desyncs
    }

    /// The body this peer nudges (`PeerOptions::nudge_at`), if it nudges one.
    pub fn nudged_body(&self) -> Option<BodyId> {
        self.game.nudge().map(|nudge| nudge.body)
    }

    /// Whether GGRS has reported the other peer disconnected.
    pub fn is_disconnected(&self) -> bool {
        self.disconnected
    }

    /// What the socket's faults have done to the packets received so far.
    pub fn packets(&self) -> PacketCounts {
        self.packets.get()
    }
}

/// The scene's rate as GGRS's frames per second.
fn session_fps(hz: u32) -> Result<usize, NetError> {
    if hz > MAX_SESSION_FPS {
        return Err(NetError::Invalid(format!(
            "the scene steps at {hz} Hz; a session runs at most {MAX_SESSION_FPS} frames per second"
        )));
    }
    Ok(hz as usize)
}
