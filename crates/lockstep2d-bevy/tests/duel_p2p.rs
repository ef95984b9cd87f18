//! The duel over a real network: two peers in one process, each with its own
//! peer-to-peer bevy_ggrs session on UDP over loopback, each playing one scripted
//! player and predicting the other's buttons. Pumped in turns, each peer plays some
//! frames before the other's buttons for them arrive, guesses them wrong now and then,
//! and rolls back. The confirmed frames must come out the same on both peers, and the
//! same as the engine alone with the same buttons.

use crate::{alone, app, gust, inputs, network, record};

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use bevy_app::prelude::*;
use bevy_ggrs::ConfirmedFrameCount;
use bevy_ggrs::prelude::*;
use lockstep2d_bevy::{Physics, PhysicsStep};

use app::{Clock, duel_app};
use network::{Peer, PeerNews};
use record::{FrameHashes, Played, RecordHashes, Rollbacks};

/// Frames both peers must have confirmed: long enough for dumbbells to burn and expire.
const FRAMES: i32 = 600;
/// Turns the peers take at most: the sessions synchronize in a few, then each turn
/// plays a frame or more.
const MAX_TURNS: u32 = 10 * FRAMES as u32;
/// The most updates one peer runs in a turn: up to that many frames played on
/// predicted buttons before the other peer's turn sends the real ones.
const LONGEST_TURN: u32 = 5;
/// Real time the whole game may take, against a session that stops advancing.
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// A peer at the end of the game.
#[derive(Debug)]
struct Ended {
    /// Every frame played, its hash as last played.
    frames: BTreeMap<i32, Played>,
    /// The last frame whose every input was confirmed.
    confirmed: i32,
    /// Times the world was put back.
    rollbacks: u32,
    news: PeerNews,
}

/// Two ports free on every interface, as the sessions' sockets listen.
fn free_ports() -> [u16; 2] {
    let bind = || UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).expect("a free UDP port");
    let sockets = [bind(), bind()];
    sockets.map(|s| s.local_addr().expect("a bound socket").port())
}

/// Player `me`'s peer on `ports[me]`, the other peer on the other port.
fn peer_app(ports: [u16; 2], me: usize) -> App {
    let remote = SocketAddr::from((Ipv4Addr::LOCALHOST, ports[1 - me]));
    let peer = Peer {
        local_port: ports[me],
        remote,
        player: me,
    };
    let session = network::p2p_session(&peer).expect("a session on a free port");
    let mut app = duel_app(
        Session::P2P(session),
        Clock::PerUpdate,
        inputs::scripted_inputs,
    );
    app.add_plugins(RecordHashes);
    app
}

fn confirmed(app: &App) -> i32 {
    app.world()
        .get_resource::<ConfirmedFrameCount>()
        .map_or(-1, |c| c.0)
}

/// Pumps the peers in turns of one to `LONGEST_TURN` updates each, until both have
/// confirmed `FRAMES` frames.
fn play(mut apps: [App; 2]) -> [Ended; 2] {
    let mut news = [PeerNews::default(); 2];
    let started = Instant::now();
    for turn in 0..MAX_TURNS {
        if apps.iter().all(|app| confirmed(app) >= FRAMES) {
            return end(apps, news);
        }
        assert!(started.elapsed() < TIME_LIMIT, "the game stalled: {news:?}");
        let me = (turn % 2) as usize;
        // Both peers' turns in a round are as long, one to `LONGEST_TURN` updates.
        for _ in 0..=turn / 2 % LONGEST_TURN {
            apps[me].update();
            news[me].update(apps[me].world_mut());
        }
    }
    let reached = apps.each_ref().map(confirmed);
    panic!("confirmed frames {reached:?} after {MAX_TURNS} turns: {news:?}");
}

fn end(apps: [App; 2], news: [PeerNews; 2]) -> [Ended; 2] {
    let mut news = news.into_iter();
    apps.map(|app| {
        let world = app.world();
        assert!(world.resource::<Physics>().step_error().is_none());
        Ended {
            frames: world.resource::<FrameHashes>().0.clone(),
            confirmed: confirmed(&app),
            rollbacks: world.resource::<Rollbacks>().0,
            news: news.next().expect("news of both peers"),
        }
    })
}

fn duel_over_udp(add: impl Fn(&mut App)) -> [Ended; 2] {
    let ports = free_ports();
    let mut apps = [peer_app(ports, 0), peer_app(ports, 1)];
    apps.iter_mut().for_each(add);
    play(apps)
}

/// The frames whose every input both peers had confirmed.
fn common_frames(peers: &[Ended; 2]) -> std::ops::RangeInclusive<i32> {
    1..=peers[0].confirmed.min(peers[1].confirmed)
}

/// The first confirmed frame the peers played differently, if any.
fn first_difference(peers: &[Ended; 2]) -> Option<i32> {
    common_frames(peers).find(|f| {
        let hash = |peer: &Ended| peer.frames.get(f).map(|p| p.hash);
        hash(&peers[0]) != hash(&peers[1])
    })
}

/// Frames of `frames` played more than once by `peer`: rolled back over and played
/// again.
fn played_again(peer: &Ended, frames: std::ops::RangeInclusive<i32>) -> usize {
    frames
        .filter(|f| peer.frames.get(f).is_some_and(|p| p.plays > 1))
        .count()
}

#[test]
fn two_peers_over_udp_confirm_the_engine_alones_frames() {
    let peers = duel_over_udp(|_| {});
    for peer in &peers {
        assert!(
            peer.news.synchronized && !peer.news.disconnected,
            "{peer:?}"
        );
        assert_eq!(peer.news.desync, None);
        // Rollbacks happened on both sides, and the comparison covers frames they
        // played again.
        assert!(peer.rollbacks > 0, "no rollback: {:?}", peer.news);
        assert!(played_again(peer, common_frames(&peers)) > 0);
    }
    let common = common_frames(&peers);
    assert!(*common.end() >= FRAMES, "{common:?}");
    assert_eq!(first_difference(&peers), None);
    let mut alone = alone::Duel::new();
    for frame in common {
        alone.play(frame as u32 - 1);
        let played = peers[0].frames[&frame];
        assert_eq!(played.hash, alone.world.state_hash(), "frame {frame}");
    }
}

#[test]
fn state_left_out_of_the_rollback_makes_the_peers_differ() {
    let peers = duel_over_udp(|app| {
        app.init_resource::<gust::Gusts>()
            .add_systems(PhysicsStep, gust::gust);
    });
    assert!(
        first_difference(&peers).is_some(),
        "{:?}",
        peers.map(|p| p.rollbacks)
    );
}
