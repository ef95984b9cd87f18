//! The command line: which session, with or without a window, for how long.

use std::net::{SocketAddr, ToSocketAddrs};

use clap::Parser;

use crate::network::Peer;

/// Duel: two players push boxes and drop dumbbells, under bevy_ggrs rollback.
///
/// In a window (where there is a display): both players on one keyboard, every frame
/// rolled back and played again while you play. Over the network (--local-port,
/// --remote, --player): one player on each machine. With --headless, or without a
/// window: scripted players, then what happened and the state hash.
#[derive(Parser, Debug)]
#[command(name = "duel")]
pub struct Args {
    /// Play without a window: scripted players, then the tally and the state hash.
    #[arg(long)]
    pub headless: bool,
    /// Stop after N frames; over the network, N confirmed frames. Headless runs
    /// default to 600; a window plays until closed.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..=i64::from(i32::MAX))
    )]
    pub frames: Option<u32>,
    /// Play over the network, listening on this UDP port.
    #[arg(
        long,
        value_name = "PORT",
        value_parser = clap::value_parser!(u16).range(1..),
        requires_all = ["remote", "player"]
    )]
    pub local_port: Option<u16>,
    /// The other peer's address.
    #[arg(long, value_name = "HOST:PORT", requires = "local_port")]
    pub remote: Option<String>,
    /// The player this peer plays; the other peer plays the other one.
    #[arg(
        long,
        value_name = "0|1",
        value_parser = clap::value_parser!(u8).range(0..=1),
        requires = "local_port"
    )]
    pub player: Option<u8>,
}

/// What to play, from the arguments.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// No window, scripted players.
    pub headless: bool,
    /// When to stop, if not when the window closes.
    pub frames: Option<u32>,
    /// The network game, or `None` for both players here.
    pub peer: Option<Peer>,
}

/// Frames a headless run plays unless told otherwise.
const HEADLESS_FRAMES: u32 = 600;

impl Plan {
    /// The plan the arguments ask for, or why they make none.
    pub fn from_args(args: Args) -> Result<Plan, String> {
        let peer = match (args.local_port, args.remote.as_deref(), args.player) {
            (Some(local_port), Some(remote), Some(player)) => Some(Peer {
                local_port,
                remote: resolve(remote)?,
                player: usize::from(player),
            }),
            _ => None,
        };
        Ok(Plan {
            headless: args.headless,
            frames: args.frames,
            peer,
        })
    }

    /// Frames a headless run plays.
    pub fn headless_frames(&self) -> u32 {
        self.frames.unwrap_or(HEADLESS_FRAMES)
    }
}

/// The address `remote` names: an IPv4 one, as the session's socket is IPv4.
fn resolve(remote: &str) -> Result<SocketAddr, String> {
    let addresses = remote
        .to_socket_addrs()
        .map_err(|e| format!("--remote {remote}: not a HOST:PORT address ({e})"))?;
    addresses
        .filter(SocketAddr::is_ipv4)
        .find(|a| a.port() != 0)
        .ok_or_else(|| format!("--remote {remote}: no IPv4 address with a port other than 0"))
}
