//! The game GGRS drives: a scene's world under `Script`'s rules, two players on pads.
//! It answers GGRS's three requests — save (a snapshot into the ring, the state hash as
//! the checksum), load (restore from the ring) and advance (the pads, one fixed step) —
//! and keeps what the rollbacks cost.

use web_time::Instant;

use ggrs::{Frame, GameStateCell, GgrsRequest, InputStatus};
use lockstep2d::{BodyId, Snapshot, Vec2, World};
use lockstep2d_scenes::{Pad, Script};

use crate::NetError;
use crate::config::{Address, NetConfig};
use crate::ring::SnapshotRing;
use crate::stats::RollbackStats;

/// How far `Nudge` moves its body (m): a desync no one would see.
const NUDGE: f32 = 1e-6;

/// A deliberate desync, for testing detection: on frame `frame`, before its step, this
/// peer alone moves `body` by 1e-6 m along x. Played again after a rollback, the frame
/// moves it again, so this peer stays consistent with itself and differs from the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nudge {
    /// The frame on which to move the body.
    pub frame: u64,
    /// The body moved.
    pub body: BodyId,
}

/// The game a GGRS session drives: a scene's world played by `Script`'s rules with two
/// players on pads, its snapshots kept in a `SnapshotRing`, and what its rollbacks cost.
pub struct NetGame {
    world: World,
    script: Script,
    dt: f32,
    ring: SnapshotRing,
    nudge: Option<Nudge>,
    stats: RollbackStats,
}

impl NetGame {
    /// `world` as its scene built it, played by `script`'s rules with steps of `dt`;
    /// the ring holds frames for a session predicting up to `max_prediction` ahead.
    pub fn new(world: World, script: Script, dt: f32, max_prediction: usize) -> NetGame {
        NetGame {
            world,
            script,
            dt,
            ring: SnapshotRing::new(max_prediction),
            nudge: None,
            stats: RollbackStats::default(),
        }
    }

    /// Sets (or, with `None`, clears) a deliberate desync of this peer.
    pub fn set_nudge(&mut self, nudge: Option<Nudge>) {
        self.nudge = nudge;
    }

    /// Frame `frame` as last saved for a rollback, if it is still kept.
    pub fn saved(&self, frame: Frame) -> Option<&Snapshot> {
        self.ring.snapshot(frame)
    }

    /// The nudge this peer makes, if it makes one.
    pub fn nudge(&self) -> Option<Nudge> {
        self.nudge
    }

    /// The world as the last frame played left it.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The rules the players and the crowd play by.
    pub fn script(&self) -> &Script {
        &self.script
    }

    /// What the rollbacks have cost so far.
    pub fn stats(&self) -> &RollbackStats {
        &self.stats
    }

    /// The frame the world is at: the steps it has taken.
    pub fn frame(&self) -> Frame {
        Frame::try_from(self.world.step_count()).unwrap_or(Frame::MAX)
    }

    /// The state hash last saved for `frame`, while the ring holds it (the last
    /// `max_prediction + 2` frames).
    pub fn hash_at(&self, frame: Frame) -> Option<u64> {
        self.ring.hash(frame)
    }

    /// Carries out GGRS's requests, in order. A rollback (a load) is timed from the
    /// load until the world is back at the frame it was at before.
    pub fn handle<A: Address>(
        &mut self,
        requests: Vec<GgrsRequest<NetConfig<A>>>,
    ) -> Result<(), NetError> {
        let frame_before = self.frame();
        let mut rollback: Option<(Instant, Frame)> = None;
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => self.save(&cell, frame),
                GgrsRequest::LoadGameState { cell, frame } => {
                    let started = Instant::now();
                    self.load(&cell, frame)?;
                    rollback = Some((started, frame));
                }
                GgrsRequest::AdvanceFrame { inputs } => self.advance(&inputs)?,
            }
            if let Some((started, loaded)) = rollback
                && self.frame() == frame_before
            {
                let frames = u64::try_from(frame_before - loaded).unwrap_or(0);
                self.stats.record(frames, started.elapsed());
                rollback = None;
            }
        }
        Ok(())
    }

    fn save(&mut self, cell: &GameStateCell<Frame>, frame: Frame) {
        let hash = self.ring.save(frame, &self.world);
        cell.save(frame, Some(frame), Some(u128::from(hash)));
    }

    fn load(&mut self, cell: &GameStateCell<Frame>, frame: Frame) -> Result<(), NetError> {
        match cell.load() {
            Some(saved) if saved == frame => self.ring.load(frame, &mut self.world),
            _ => Err(NetError::NotSaved(frame)),
        }
    }

    /// One frame: each player's pad (a disconnected player's is all buttons up), the
    /// nudge if this is its frame, then the step.
    fn advance(&mut self, inputs: &[(Pad, InputStatus)]) -> Result<(), NetError> {
        let pads: Vec<Pad> = inputs
            .iter()
            .map(|&(pad, status)| match status {
                InputStatus::Disconnected => Pad::default(),
                _ => pad,
            })
            .collect();
        let frame = self.world.step_count();
        if let Some(nudge) = self.nudge.filter(|n| n.frame == frame) {
            let position = self.world.position(nudge.body)? + Vec2::new(NUDGE, 0.0);
            let angle = self.world.angle(nudge.body)?;
            self.world.set_transform(nudge.body, position, angle)?;
        }
        self.script
            .play_with(frame, &mut self.world, self.dt, &pads)
            .map_err(NetError::World)
    }
}
