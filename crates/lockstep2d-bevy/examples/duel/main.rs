//! Duel, a two-player rollback game on lockstep2d, Bevy and bevy_ggrs.
//!
//! - In a window (on an X11 display): both players on one keyboard under a SyncTest
//!   session that rolls every frame back 2 frames and plays it again while you play.
//! - Over the network: one player on each of two machines, a peer-to-peer session on
//!   UDP; in a window, or scripted with `--headless`, which prints the state hash of
//!   the `--frames`th confirmed frame so the two peers can be compared.
//! - Headless (`--headless`, or when no window opens): both players scripted under a
//!   SyncTest session 7 frames deep, then the tally and the state hash.
//!
//! ```text
//! cargo run --release -p lockstep2d-bevy --features ggrs --example duel
//! cargo run --release -p lockstep2d-bevy --features ggrs --example duel -- --headless
//! cargo run --release -p lockstep2d-bevy --features ggrs --example duel -- \
//!     --local-port 7000 --remote 127.0.0.1:7001 --player 0
//! cargo run --release -p lockstep2d-bevy --features ggrs --example duel -- \
//!     --local-port 7001 --remote 127.0.0.1:7000 --player 1
//! ```

mod app;
mod args;
mod draw;
mod game;
mod headless;
mod hud;
mod inputs;
mod keys;
mod network;
mod record;
mod window;

use std::process::ExitCode;

use bevy_ggrs::Session;
use clap::Parser;
use minifb::Window;

use app::{Clock, duel_app, synctest_session};
use args::{Args, Plan};
use inputs::{HeldButtons, keyboard_inputs};
use network::Peer;

/// How deep the windowed SyncTest rolls back every frame: enough to exercise rollback
/// while staying cheap enough for the frame rate.
const WINDOW_CHECK_DISTANCE: usize = 2;

fn main() -> ExitCode {
    // clap prints its own errors and exits with code 2.
    let plan = match Plan::from_args(Args::parse()) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("duel: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&plan) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(plan: &Plan) -> Result<(), String> {
    match &plan.peer {
        Some(peer) => play_network(plan, peer),
        None => play_here(plan),
    }
}

/// Both players on this machine: on the keyboard in the window, else scripted.
fn play_here(plan: &Plan) -> Result<(), String> {
    match open_window(plan) {
        Some(window) => {
            let session = synctest_session(WINDOW_CHECK_DISTANCE)?;
            let app = keyboard_app(Session::SyncTest(session));
            window::play(window, app, None, plan.frames)
        }
        None => headless::play_synctest(plan.headless_frames()),
    }
}

/// One player here against `peer`'s other side. The port is bound before the window
/// opens, so that a port in use is an error and not an empty window.
fn play_network(plan: &Plan, peer: &Peer) -> Result<(), String> {
    let session = network::p2p_session(peer)?;
    match open_window(plan) {
        Some(window) => {
            let app = keyboard_app(Session::P2P(session));
            window::play(window, app, Some(peer), plan.frames)
        }
        None => headless::play_p2p(session, peer, plan.headless_frames()),
    }
}

/// The window, unless the plan is headless or it does not open (then says why).
fn open_window(plan: &Plan) -> Option<Window> {
    if plan.headless {
        return None;
    }
    window::open(plan.peer.as_ref())
        .map_err(|why| eprintln!("duel: {why}; playing headless, with scripted players"))
        .ok()
}

/// The duel on Bevy's real clock, its local players on the keyboard.
fn keyboard_app(session: Session<game::DuelConfig>) -> bevy_app::App {
    let mut app = duel_app(session, Clock::Real, keyboard_inputs);
    app.init_resource::<HeldButtons>();
    app
}
