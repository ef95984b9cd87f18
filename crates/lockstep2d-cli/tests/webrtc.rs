//! `lockstep2d netplay --signal`: peers in a room of `lockstep2d signal`, over WebRTC
//! data channels, players and a spectator, must agree on the state of the last frame
//! bit for bit. Each test runs
//! inside a network namespace of its own with only loopback up (and multicast routed to
//! it, for WebRTC's local name lookups), so nothing WebRTC gathers or sends can leave
//! the machine; no STUN or TURN server is given.

// Built with the command's `webrtc` feature, which is on by default.
#![cfg(feature = "webrtc")]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, PoisonError};

/// Set in the test process that runs inside the namespace.
const ISOLATED: &str = "LOCKSTEP2D_ISOLATED_NETWORK";

/// One room at a time: each peer plays at 60 frames a second in real time, and rooms
/// side by side on a two-core machine starve each other's peers.
static ONE_ROOM_AT_A_TIME: Mutex<()> = Mutex::new(());

/// True inside the namespace: do the test's work. Outside, runs `test` (a function of
/// this file) again inside one, checks that it passed, and returns false.
fn inside_isolation(test: &str) -> bool {
    if std::env::var_os(ISOLATED).is_some() {
        return true;
    }
    // `main::webrtc`: a test's name in the binary leaves out the crate.
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    let _turn = ONE_ROOM_AT_A_TIME
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let setup = "ip link set lo up && ip link set lo multicast on \
                 && ip route add 224.0.0.0/4 dev lo \
                 && exec \"$0\" --exact \"$1\" --nocapture";
    let output = Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--net",
            "--",
            "sh",
            "-c",
            setup,
        ])
        .arg(std::env::current_exe().expect("the test binary"))
        .arg(format!("{module}::{test}"))
        .env(ISOLATED, "1")
        .output()
        .expect("unshare runs: these tests need a network namespace of their own");
    let said = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("1 passed"),
        "the test did not run inside: {said}"
    );
    false
}

/// A signalling server on a free port, and its rooms' address (`ws://HOST:PORT`).
fn signal_server() -> (Child, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(["signal", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    let stdout = server.stdout.take().expect("piped");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server says where");
    let rooms = line
        .trim()
        .strip_prefix("rooms at ")
        .and_then(|url| url.strip_suffix("/ROOM"))
        .unwrap_or_else(|| panic!("no rooms address in {line:?}"))
        .to_string();
    (server, rooms)
}

/// A peer in `room` of a session of `players` players, playing (or following) `frames`
/// frames of `pyramid`, with `extra` flags.
fn peer(room: &str, players: usize, frames: u64, extra: &[&str]) -> Child {
    let (players, frames) = (players.to_string(), frames.to_string());
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(["netplay", "pyramid", "--json", "--signal", room])
        .args(["--players", &players, "--frames", &frames])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// `players` peers in `room` playing `frames` frames, each with `extra`.
fn play_room(room: &str, players: usize, frames: u64, extra: &[&str]) -> Vec<Output> {
    let peers = (0..players)
        .map(|_| peer(room, players, frames, extra))
        .collect();
    ended(peers)
}

/// What each peer printed, once it has ended.
fn ended(peers: Vec<Child>) -> Vec<Output> {
    peers
        .into_iter()
        .map(|peer| peer.wait_with_output().expect("the peer ends"))
        .collect()
}

/// Every peer ended cleanly with the same hash for `frames`; their reports.
fn assert_in_sync(outputs: &[Output], frames: u64) -> Vec<serde_json::Value> {
    let reports: Vec<serde_json::Value> = outputs
        .iter()
        .map(|output| {
            let text = String::from_utf8_lossy(&output.stdout);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success(), "{text} {stderr}");
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text} {stderr}"))
        })
        .collect();
    for report in &reports {
        assert_eq!(report["frame"], frames, "{report}");
        assert_eq!(report["desyncs"], serde_json::json!([]), "{report}");
        assert_eq!(report["hash"], reports[0]["hash"], "{reports:?}");
    }
    // Every seat was taken once: the players are ordered alike on every peer.
    let mut seats: Vec<u64> = reports
        .iter()
        .map(|r| r["player"].as_u64().unwrap())
        .collect();
    seats.sort_unstable();
    assert_eq!(seats, (0..reports.len() as u64).collect::<Vec<_>>());
    reports
}

#[test]
fn three_players_in_a_room_agree_bit_for_bit() {
    if !inside_isolation("three_players_in_a_room_agree_bit_for_bit") {
        return;
    }
    let (mut server, rooms) = signal_server();
    let outputs = play_room(&format!("{rooms}/three"), 3, 600, &[]);
    server.kill().expect("the server stops");
    let reports = assert_in_sync(&outputs, 600);
    let rollbacks: u64 = reports
        .iter()
        .map(|r| r["rollbacks"].as_u64().unwrap())
        .sum();
    assert!(rollbacks > 0, "{reports:?}");
    println!("{reports:?}");
}

#[test]
fn two_players_agree_over_webrtc_under_loss_and_delay() {
    if !inside_isolation("two_players_agree_over_webrtc_under_loss_and_delay") {
        return;
    }
    let (mut server, rooms) = signal_server();
    let faults = ["--loss", "0.1", "--delay-ms", "60", "--jitter-ms", "20"];
    let outputs = play_room(&format!("{rooms}/faulty"), 2, 600, &faults);
    server.kill().expect("the server stops");
    let reports = assert_in_sync(&outputs, 600);
    for report in &reports {
        let packets = &report["packets"];
        let lost = packets["lost"].as_f64().unwrap() / packets["received"].as_f64().unwrap();
        assert!((0.07..0.13).contains(&lost), "{packets}");
        assert!(
            report["longest_rollback"].as_u64().unwrap() >= 2,
            "{report}"
        );
    }
}

#[test]
fn a_spectator_follows_three_players_to_the_same_bits() {
    if !inside_isolation("a_spectator_follows_three_players_to_the_same_bits") {
        return;
    }
    let (mut server, rooms) = signal_server();
    let room = format!("{rooms}/watched");
    let mut peers: Vec<Child> = (0..3)
        .map(|_| peer(&room, 3, 600, &["--spectators", "1"]))
        .collect();
    peers.push(peer(&room, 3, 600, &["--spectate"]));
    let mut outputs = ended(peers);
    server.kill().expect("the server stops");
    let spectator = outputs.pop().expect("the spectator's output");
    let reports = assert_in_sync(&outputs, 600);
    let text = String::from_utf8_lossy(&spectator.stdout);
    assert!(
        spectator.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&spectator.stderr)
    );
    let watched: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(watched["frame"], 600, "{watched}");
    assert_eq!(watched["hash"], reports[0]["hash"], "{watched} {reports:?}");
}
