//! The overlay's text: the session, the frame, the tally and the keys.

use bevy_ecs::prelude::*;
use bevy_ggrs::{ConfirmedFrameCount, RollbackFrameCount};

use crate::game::Tally;
use crate::keys::{HELP, HELP_EITHER};
use crate::network::{Peer, PeerNews};
use crate::record::Rollbacks;

/// The frames played so far that count towards `--frames`: all of them with both
/// players here, the confirmed ones over the network.
pub fn frames_done(world: &World, network: bool) -> i32 {
    if network {
        world
            .get_resource::<ConfirmedFrameCount>()
            .map_or(-1, |c| c.0)
    } else {
        world
            .get_resource::<RollbackFrameCount>()
            .map_or(0, |f| f.0)
    }
}

/// The overlay's lines for the game in `world`, played here by both players
/// (`peer` is `None`) or against `peer`'s other side.
pub fn lines(world: &World, peer: Option<&Peer>, news: &PeerNews) -> Vec<String> {
    let frame = world
        .get_resource::<RollbackFrameCount>()
        .map_or(0, |f| f.0);
    let rollbacks = world.get_resource::<Rollbacks>().map_or(0, |r| r.0);
    let tally = world.get_resource::<Tally>().copied().unwrap_or_default();
    let mut lines = vec![
        session_line(peer, news),
        format!("frame {frame}, rollbacks {rollbacks}"),
        format!(
            "dumbbells dropped {}, discs burned {}, parts expired {}",
            tally.dropped, tally.burned, tally.expired
        ),
    ];
    match peer {
        None => lines.extend(HELP.map(String::from)),
        Some(peer) => {
            let confirmed = frames_done(world, true);
            lines.push(format!("confirmed frame {confirmed}"));
            lines.push(format!("you are player {}: {HELP_EITHER}", peer.player));
        }
    }
    lines.push("Esc quits".to_string());
    lines
}

fn session_line(peer: Option<&Peer>, news: &PeerNews) -> String {
    let Some(peer) = peer else {
        return "duel: both players here, every frame rolled back and played again".into();
    };
    let state = match (news.synchronized, news.disconnected, news.desync) {
        (_, _, Some(frame)) => format!("out of sync from frame {frame}"),
        (_, true, None) => "the other peer left".to_string(),
        (false, false, None) => "waiting for the other peer".to_string(),
        (true, false, None) if news.interrupted => "no news from the other peer".to_string(),
        (true, false, None) => "playing".to_string(),
    };
    format!("duel with {}: {state}", peer.remote)
}
