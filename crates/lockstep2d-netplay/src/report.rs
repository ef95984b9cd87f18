//! What a peer says at the end of a session.

use std::time::Duration;

use ggrs::Frame;
use serde::Serialize;

use crate::config::Address;
use crate::faults::PacketCounts;
use crate::peer::{DESYNC_INTERVAL, Peer};

/// The end of a session, as one peer saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetReport {
    /// This peer's player number.
    pub player: usize,
    /// The frame both peers report on: the run's last.
    pub frame: Frame,
    /// The state hash at `frame`, once confirmed (every pad before it in); none if the
    /// run ended before (a desync). Two peers in sync report the same.
    pub hash: Option<String>,
    /// The last frame confirmed when the run ended (past `frame`: a peer plays on for a
    /// while after, for the other's sake).
    pub last_confirmed_frame: Frame,
    /// Times a frame already played was loaded to be played again with the right pads.
    pub rollbacks: u64,
    /// Frames played again, over all rollbacks.
    pub frames_rolled_back: u64,
    /// The most frames one rollback went back.
    pub longest_rollback: u64,
    /// A rollback's mean time to load and play again (ms).
    pub resimulation_ms_mean: f64,
    /// The longest any rollback took to load and play again (ms).
    pub resimulation_ms_worst: f64,
    /// Frames at which the peers' state hashes differed.
    pub desyncs: Vec<Frame>,
    /// Every how many frames the peers compare state hashes.
    pub desync_interval: u32,
    /// The slot of the body this peer nudged on purpose (`--nudge-at`), if it did.
    pub nudged_body: Option<usize>,
    /// What the faults did to the packets received.
    pub packets: PacketCounts,
    /// Wall-clock time from the peers finding each other to the end (s).
    pub seconds: f64,
}

impl NetReport {
    /// `peer`'s report on frame `frame`, whose state hash once confirmed was `hash`,
    /// after `took` of play.
    pub fn new<A: Address>(
        peer: &Peer<A>,
        frame: Frame,
        hash: Option<u64>,
        took: Duration,
    ) -> NetReport {
        let stats = peer.game().stats();
        NetReport {
            player: peer.player(),
            frame,
            hash: hash.map(|hash| format!("{hash:#018x}")),
            last_confirmed_frame: peer.confirmed_frame(),
            rollbacks: stats.rollbacks,
            frames_rolled_back: stats.frames_resimulated,
            longest_rollback: stats.longest,
            resimulation_ms_mean: stats.mean().as_secs_f64() * 1e3,
            resimulation_ms_worst: stats.worst.as_secs_f64() * 1e3,
            desyncs: peer.desyncs().iter().map(|d| d.frame).collect(),
            desync_interval: DESYNC_INTERVAL,
            nudged_body: peer.nudged_body().map(|body| body.index()),
            packets: peer.packets(),
            seconds: took.as_secs_f64(),
        }
    }
}
