//! A spectator: follows a session without playing in it. The session's host (a peer
//! that seated it) sends it every player's confirmed pads; it plays the frames as they
//! come, some behind the players, and never holds them up: the host does not wait for
//! it, and a spectator that falls far behind plays several frames a call to catch up.

use std::collections::VecDeque;

use ggrs::{Frame, GgrsError, GgrsEvent, NonBlockingSocket, SessionBuilder, SessionState};
use ggrs::{GgrsRequest, SpectatorSession};
use lockstep2d::World;
use lockstep2d_scenes::{Scene, Script};

use crate::NetError;
use crate::config::{Address, NetConfig};
use crate::faults::FaultySocket;
use crate::game::NetGame;
use crate::peer::{MAX_PREDICTION, Tuning};

/// How many frames a spectator may fall behind before it plays faster.
const MAX_FRAMES_BEHIND: usize = 10;
/// Frames a call plays while catching up.
const CATCHUP_SPEED: usize = 2;
/// The last frames' hashes kept, for comparing with the players'.
const HASHES_KEPT: usize = 64;

/// A spectator of a session of `players` players hosted by one of its peers.
pub struct Spectator<A: Address> {
    session: SpectatorSession<NetConfig<A>>,
    game: NetGame,
    /// The state hash after each of the last frames played.
    hashes: VecDeque<(Frame, u64)>,
    disconnected: bool,
}

impl<A: Address> Spectator<A> {
    /// Follows the session of `players` players on `scene` that `host` seats this
    /// spectator in, over `socket`, with `tuning`'s faults on what it receives.
    pub fn start<S>(
        scene: Scene,
        players: usize,
        host: A,
        socket: S,
        tuning: &Tuning,
    ) -> Result<Spectator<A>, NetError>
    where
        S: NonBlockingSocket<A> + 'static,
    {
        tuning.check()?;
        let socket = FaultySocket::new(socket, tuning.faults, tuning.fault_seed);
        let session = SessionBuilder::<NetConfig<A>>::new()
            .with_num_players(players)?
            .with_max_frames_behind(MAX_FRAMES_BEHIND)?
            .with_catchup_speed(CATCHUP_SPEED)?
            .start_spectator_session(host, socket);
        let script = Script::for_players(&scene.world, players);
        let dt = scene.dt();
        Ok(Spectator {
            session,
            game: NetGame::new(scene.world, script, dt, MAX_PREDICTION),
            hashes: VecDeque::with_capacity(HASHES_KEPT),
            disconnected: false,
        })
    }

    /// Receives what is waiting and takes note of the session's events.
    pub fn poll(&mut self) {
        self.session.poll_remote_clients();
        for event in self.session.events() {
            if let GgrsEvent::Disconnected { .. } = event {
                self.disconnected = true;
            }
        }
    }

    /// Whether the host has answered and frames can be played.
    pub fn is_running(&self) -> bool {
        self.session.current_state() == SessionState::Running
    }

    /// Plays the frames whose pads have come (one, or more to catch up). False when
    /// none has come yet.
    pub fn advance(&mut self) -> Result<bool, NetError> {
        self.poll();
        if !self.is_running() {
            return Ok(false);
        }
        let requests = match self.session.advance_frame() {
            Ok(requests) => requests,
            Err(GgrsError::PredictionThreshold | GgrsError::NotSynchronized) => return Ok(false),
            Err(e) => return Err(e.into()),
        };
        let played = !requests.is_empty();
        for request in requests {
            self.play(request)?;
        }
        Ok(played)
    }

    fn play(&mut self, request: GgrsRequest<NetConfig<A>>) -> Result<(), NetError> {
        self.game.handle(vec![request])?;
        if self.hashes.len() == HASHES_KEPT {
            self.hashes.pop_front();
        }
        let hash = self.game.world().state_hash();
        self.hashes.push_back((self.game.frame(), hash));
        Ok(())
    }

    /// The frame being played next.
    pub fn frame(&self) -> Frame {
        self.game.frame()
    }

    /// The state hash after `frame` frames, if it is among the last played.
    pub fn hash_at(&self, frame: Frame) -> Option<u64> {
        self.hashes
            .iter()
            .find(|(played, _)| *played == frame)
            .map(|(_, hash)| *hash)
    }

    /// The world as the last frame played left it.
    pub fn world(&self) -> &World {
        self.game.world()
    }

    /// How many frames behind the host this spectator is.
    pub fn frames_behind(&self) -> usize {
        self.session.frames_behind_host()
    }

    /// Whether the host has been reported gone.
    pub fn is_disconnected(&self) -> bool {
        self.disconnected
    }
}
