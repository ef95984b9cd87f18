//! `lockstep2d netplay`: one peer of a rollback session (GGRS): two players over UDP, or
//! two to four in a room of a signalling server over WebRTC. Headless, it plays the
//! scripted player's pads for `--frames` frames and reports the state hash of the last,
//! confirmed frame; with `--window` it plays from the keyboard.

#[cfg(feature = "webrtc")]
mod room;
mod window;

use std::io::ErrorKind;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use lockstep2d_netplay::{Address, Faults, NetReport, Peer, PeerOptions, Tuning, headless};
use lockstep2d_scenes::{Pad, Scene};

use crate::exit::{CliError, CliResult};

#[derive(Args, Debug)]
pub struct NetplayArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json); both peers must
    /// play the same one.
    scene: String,
    /// UDP: the port this peer listens on.
    #[arg(long, required_unless_present = "signal", conflicts_with = "signal")]
    local_port: Option<u16>,
    /// UDP: the other peer, as HOST:PORT.
    #[arg(
        long,
        value_name = "HOST:PORT",
        required_unless_present = "signal",
        conflicts_with = "signal"
    )]
    remote: Option<String>,
    /// UDP: this peer's player, 0 or 1 (the other peer is the other).
    #[arg(
        long,
        value_parser = clap::value_parser!(u8).range(0..=1),
        required_unless_present = "signal",
        conflicts_with = "signal"
    )]
    player: Option<u8>,
    /// WebRTC: join this room of a signalling server (`lockstep2d signal`), as
    /// ws://HOST:PORT/ROOM. The room's players are ordered by their peer ids, the same
    /// on every peer.
    #[arg(long, value_name = "URL")]
    signal: Option<String>,
    /// WebRTC: how many players the room's session waits for, 2 to 4.
    #[arg(long, default_value_t = 2, requires = "signal")]
    players: usize,
    /// WebRTC: how many spectators the players wait for before they start, 0 to 4.
    #[arg(long, default_value_t = 0, requires = "signal")]
    spectators: usize,
    /// WebRTC: join the room as a spectator, headless: follow the players (some frames
    /// behind) and report the state hash at `--frames`.
    #[arg(long, requires = "signal", conflicts_with = "window")]
    spectate: bool,
    /// Frames to play (headless); with --window, close after this many.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    frames: Option<u64>,
    /// Frames between a pad being read and its frame being played.
    #[arg(long, default_value_t = 0)]
    input_delay: usize,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Open the testbed's window and play from the keyboard.
    #[arg(long)]
    window: bool,
    /// With --window: save the last frame shown to this PNG when the window closes.
    #[arg(long, value_name = "FILE", requires = "window")]
    screenshot: Option<PathBuf>,
    /// Share of received packets lost (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    loss: f64,
    /// Delay of every received packet (ms).
    #[arg(long, default_value_t = 0)]
    delay_ms: u64,
    /// Each packet's delay off by up to this much either way (ms).
    #[arg(long, default_value_t = 0)]
    jitter_ms: u64,
    /// Share of received packets that arrive twice (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    duplicate: f64,
    /// Share of received packets held back so that later ones overtake them (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    reorder: f64,
    /// Seeds the faults.
    #[arg(long, default_value_t = 1)]
    fault_seed: u64,
    /// A deliberate desync, to see it caught: on this frame this peer alone moves player
    /// 0's body by 1e-6 m.
    #[arg(long, value_name = "FRAME")]
    nudge_at: Option<u64>,
    /// Where to write this peer's state at the first desync's frame, to compare with
    /// the other peer's (`lockstep2d diff`): `desync-frame<F>-player<P>.state`.
    #[arg(long, value_name = "DIR", default_value = ".")]
    desync_dir: PathBuf,
    /// Give up if the other peer has not answered, or the frames are not confirmed,
    /// this many seconds after they were due.
    #[arg(long, default_value_t = 30)]
    timeout: u64,
}

/// Headless, the frames played when `--frames` is not given.
const DEFAULT_FRAMES: u64 = 600;

pub fn run(args: &NetplayArgs) -> CliResult {
    let tuning = args.tuning();
    match &args.signal {
        Some(room) => join_room(room, args, tuning),
        None => {
            let options = args.udp_options(tuning)?;
            options
                .check()
                .map_err(|e| CliError::usage(e.to_string()))?;
            let (scene, hz) = scene_of(args)?;
            let mut peer = Peer::connect(scene, &options).map_err(|e| e.to_string())?;
            play(&mut peer, args, hz)
        }
    }
}

#[cfg(feature = "webrtc")]
fn join_room(room: &str, args: &NetplayArgs, tuning: Tuning) -> CliResult {
    room::join(room, args, tuning)
}

/// A build without WebRTC (as the cross-architecture check builds the command) says so.
#[cfg(not(feature = "webrtc"))]
fn join_room(_room: &str, _args: &NetplayArgs, _tuning: Tuning) -> CliResult {
    Err(CliError::usage(
        "--signal: this lockstep2d was built without its `webrtc` feature".to_string(),
    ))
}

/// The scene and its rate, once the flags are known good.
pub(super) fn scene_of(args: &NetplayArgs) -> CliResult<(Scene, u32)> {
    crate::view::check_screenshot(args.screenshot.as_deref())?;
    let scene = crate::scene_arg::build(&args.scene)?;
    let hz = scene.hz;
    Ok((scene, hz))
}

/// The session played in the window, or headless by the scripted player's pads.
pub(super) fn play<A: Address>(peer: &mut Peer<A>, args: &NetplayArgs, hz: u32) -> CliResult {
    if args.window {
        let shown = window::play(peer, hz, args.frames)?;
        if let Some(path) = &args.screenshot {
            shown
                .save_png(path)
                .map_err(|e| format!("--screenshot {}: {e}", path.display()))?;
        }
        return desync_check(peer, &args.desync_dir);
    }
    let frames = args.frames.unwrap_or(DEFAULT_FRAMES);
    let timeout = Duration::from_secs(args.timeout);
    let player = peer.player();
    let report = headless::play(peer, frames, hz, timeout, |frame| {
        Pad::scripted(player, frame)
    })
    .map_err(|e| e.to_string())?;
    print_report(&report, args.json)?;
    desync_check(peer, &args.desync_dir)
}

/// Success, or a mismatch naming the first desync's frame and the file this peer's
/// state at it was written to.
fn desync_check<A: Address>(peer: &Peer<A>, dir: &Path) -> CliResult {
    let Some(desync) = peer.desyncs().first() else {
        return Ok(());
    };
    let frame = desync.frame;
    let saved = match &desync.state {
        Some(state) => {
            let file = dir.join(format!("desync-frame{frame}-player{}.state", peer.player()));
            std::fs::write(&file, state.to_bytes())
                .map_err(|e| format!("--desync-dir: {}: {e}", file.display()))?;
            format!(
                "this peer's state then is in {} (compare it with the other peer's: \
                 lockstep2d diff)",
                file.display()
            )
        }
        None => "this peer no longer kept its state then".to_string(),
    };
    Err(CliError::mismatch(format!(
        "desync at frame {frame}: the peers' state hashes differ; {saved}"
    )))
}

impl NetplayArgs {
    fn tuning(&self) -> Tuning {
        Tuning {
            input_delay: self.input_delay,
            faults: Faults {
                loss: self.loss,
                delay: Duration::from_millis(self.delay_ms),
                jitter: Duration::from_millis(self.jitter_ms),
                duplicate: self.duplicate,
                reorder: self.reorder,
            },
            fault_seed: self.fault_seed,
            nudge_at: self.nudge_at,
        }
    }

    /// The UDP session's options; clap has made sure the three flags are there.
    fn udp_options(&self, tuning: Tuning) -> CliResult<PeerOptions> {
        let (Some(local_port), Some(remote), Some(player)) =
            (self.local_port, &self.remote, self.player)
        else {
            return Err(CliError::usage(
                "--local-port, --remote and --player, or --signal",
            ));
        };
        Ok(PeerOptions {
            player: usize::from(player),
            local_port,
            remote: resolve(remote)?,
            tuning,
        })
    }
}

/// The remote's IPv4 address: the peer's socket listens on IPv4. Text that is no
/// HOST:PORT is a usage error; a name that does not resolve is an error.
fn resolve(remote: &str) -> CliResult<SocketAddr> {
    let addresses = remote.to_socket_addrs().map_err(|e| {
        let message = format!("--remote {remote}: {e}");
        match e.kind() {
            ErrorKind::InvalidInput => CliError::usage(message),
            _ => CliError::from(message),
        }
    })?;
    addresses
        .into_iter()
        .find(SocketAddr::is_ipv4)
        .ok_or_else(|| format!("--remote {remote}: no IPv4 address").into())
}

fn print_report(report: &NetReport, json: bool) -> CliResult {
    if json {
        return crate::json::print(report);
    }
    let hash = report.hash.as_deref().unwrap_or("not confirmed");
    println!(
        "player {}: frame {} confirmed with state hash {hash} ({:.1} s)",
        report.player, report.frame, report.seconds
    );
    println!(
        "rollbacks: {} ({} frames played again, the longest {} frames); a rollback took \
         {:.3} ms on average, {:.3} ms at worst",
        report.rollbacks,
        report.frames_rolled_back,
        report.longest_rollback,
        report.resimulation_ms_mean,
        report.resimulation_ms_worst
    );
    let p = &report.packets;
    println!(
        "packets received: {} ({} lost, {} duplicated, {} reordered); desyncs: {}",
        p.received,
        p.lost,
        p.duplicated,
        p.reordered,
        report.desyncs.len()
    );
    Ok(())
}
