//! `netplay --signal`: a peer in a room of a signalling server over WebRTC, as a player
//! or a spectator.

use std::time::Duration;

use lockstep2d_netplay::webrtc::{self, Joined, Role, RoomOptions};
use lockstep2d_netplay::{Address, Spectator, Tuning, watch};

use super::{DEFAULT_FRAMES, NetplayArgs, play, scene_of};
use crate::exit::{CliError, CliResult};

/// Joins `room` and plays or watches there until `--frames`.
pub fn join(room: &str, args: &NetplayArgs, tuning: Tuning) -> CliResult {
    let role = match args.spectate {
        true => Role::Spectator,
        false => Role::Player,
    };
    let options = RoomOptions {
        room: room.to_string(),
        players: args.players,
        spectators: args.spectators,
        role,
        tuning,
    };
    options
        .check()
        .map_err(|e| CliError::usage(e.to_string()))?;
    let (scene, hz) = scene_of(args)?;
    let timeout = Duration::from_secs(args.timeout);
    match webrtc::join(scene, &options, timeout).map_err(|e| e.to_string())? {
        Joined::Player(mut peer) => play(&mut peer, args, hz),
        Joined::Spectator(mut spectator) => follow(&mut spectator, args, hz),
    }
}

/// A spectator following the players until `--frames`, then its report.
fn follow<A: Address>(spectator: &mut Spectator<A>, args: &NetplayArgs, hz: u32) -> CliResult {
    let frames = args.frames.unwrap_or(DEFAULT_FRAMES);
    let timeout = Duration::from_secs(args.timeout);
    let report = watch::watch(spectator, frames, hz, timeout).map_err(|e| e.to_string())?;
    if args.json {
        return crate::json::print(&report);
    }
    println!(
        "spectator: frame {} with state hash {} ({:.1} s, at most {} frames behind)",
        report.frame, report.hash, report.seconds, report.most_frames_behind
    );
    Ok(())
}
