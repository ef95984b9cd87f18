//! Two `lockstep2d netplay` processes on loopback play one session: they must agree on
//! the state of the last frame bit for bit, over a clean network and a bad one, and a
//! world that differs on one side must be caught as a desync.

use std::net::UdpSocket;
use std::process::{Child, Command, Output, Stdio};

/// The exit code of a desync.
const EXIT_DESYNC: i32 = 3;

/// A UDP port free on loopback now (the system picks it; the child binds it next).
fn free_port() -> u16 {
    let socket = UdpSocket::bind("127.0.0.1:0").expect("a free port");
    socket.local_addr().expect("bound").port()
}

fn peer(player: u8, local: u16, remote: u16, frames: u64, extra: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args([
            "netplay",
            "pyramid",
            "--json",
            "--player",
            &player.to_string(),
        ])
        .args(["--local-port", &local.to_string()])
        .args(["--remote", &format!("127.0.0.1:{remote}")])
        .args(["--frames", &frames.to_string()])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Plays `frames` frames of `pyramid` with the scripted players; `extra[i]` are player
/// i's further flags. Returns both peers' output.
fn play_pair(frames: u64, extra: [&[String]; 2]) -> [Output; 2] {
    let (a, b) = (free_port(), free_port());
    let first = peer(0, a, b, frames, extra[0]);
    let second = peer(1, b, a, frames, extra[1]);
    [first, second].map(|child| child.wait_with_output().expect("the peer ends"))
}

/// The peer's JSON report, which names its format.
fn report(output: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    let report: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "no JSON report ({e}): stdout {text}, stderr {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(report["format"], 1, "{report}");
    report
}

/// Both peers ended cleanly and report the same hash for the same frame.
fn assert_in_sync(outputs: &[Output; 2], frames: u64) -> [serde_json::Value; 2] {
    let reports = [report(&outputs[0]), report(&outputs[1])];
    for (output, report) in outputs.iter().zip(&reports) {
        assert!(output.status.success(), "{report}");
        assert_eq!(report["frame"], frames, "{report}");
        assert_eq!(report["desyncs"], serde_json::json!([]), "{report}");
        assert!(report["hash"].is_string(), "{report}");
    }
    assert_eq!(reports[0]["hash"], reports[1]["hash"]);
    reports
}

#[test]
fn two_peers_on_loopback_agree_on_frame_1200_bit_for_bit() {
    let outputs = play_pair(1200, [&[], &[]]);
    let reports = assert_in_sync(&outputs, 1200);
    println!("{}\n{}", reports[0], reports[1]);
}

#[test]
fn two_peers_agree_under_loss_delay_jitter_duplicates_and_reordering() {
    let faults = |seed: u32| -> Vec<String> {
        let flags = "--loss 0.1 --delay-ms 60 --jitter-ms 20 --duplicate 0.02 --reorder 0.02";
        let mut flags: Vec<String> = flags.split(' ').map(String::from).collect();
        flags.extend(["--fault-seed".to_string(), seed.to_string()]);
        flags
    };
    let outputs = play_pair(1200, [&faults(1), &faults(2)]);
    let reports = assert_in_sync(&outputs, 1200);
    for report in &reports {
        println!("{report}");
        let packets = &report["packets"];
        let received = packets["received"].as_f64().unwrap();
        let lost = packets["lost"].as_f64().unwrap();
        // A tenth of some thousands of packets: the faults were there.
        assert!((0.07..0.13).contains(&(lost / received)), "{packets}");
        assert!(packets["duplicated"].as_u64().unwrap() > 0, "{packets}");
        assert!(packets["reordered"].as_u64().unwrap() > 0, "{packets}");
        // Sixty milliseconds each way is several frames: the peers guessed wrong and
        // rolled back.
        assert!(report["rollbacks"].as_u64().unwrap() > 0, "{report}");
        assert!(
            report["longest_rollback"].as_u64().unwrap() >= 2,
            "{report}"
        );
    }
}

#[test]
fn a_micrometre_nudge_on_one_side_is_a_desync_whose_states_name_the_body() {
    let dir = std::env::temp_dir().join(format!("lockstep2d-desync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir_flag = [
        "--desync-dir".to_string(),
        dir.to_str().unwrap().to_string(),
    ];
    let nudge = ["--nudge-at".to_string(), "300".to_string()];
    let nudging: Vec<String> = nudge.iter().chain(&dir_flag).cloned().collect();
    let outputs = play_pair(600, [&nudging, &dir_flag]);
    let reports = outputs.each_ref().map(report);
    let mut first_desyncs = Vec::new();
    for (output, report) in outputs.iter().zip(&reports) {
        assert_eq!(output.status.code(), Some(EXIT_DESYNC), "{report}");
        let interval = report["desync_interval"].as_i64().unwrap();
        let first = report["desyncs"][0].as_i64().expect("a desync");
        // The nudge changes the state from frame 301 on; the first hashes compared
        // after it are those of the next multiple of the interval.
        assert!(first > 300 && first <= 300 + interval, "{report}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("desync at frame {first}")),
            "{stderr}"
        );
        first_desyncs.push(first);
    }
    assert_eq!(first_desyncs[0], first_desyncs[1]);
    // Each peer wrote its state at that frame; compared, they name the nudged body
    // among what differs, with the first of its fields that does (the nudge moved it
    // along x; ten steps on, its pose differs).
    let state = |player| {
        dir.join(format!(
            "desync-frame{}-player{player}.state",
            first_desyncs[0]
        ))
    };
    let diff = Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(["diff", "--most", "1000"])
        .args([state(0), state(1)])
        .output()
        .expect("the binary runs");
    let listed = String::from_utf8_lossy(&diff.stdout);
    assert_eq!(diff.status.code(), Some(EXIT_DESYNC), "{listed}");
    let body = reports[0]["nudged_body"]
        .as_u64()
        .expect("player 0 nudged a body");
    assert!(
        listed.contains(&format!("  body {body}, xf.p.")),
        "{listed}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_arguments_are_refused_before_a_socket_is_opened() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
            .args(["netplay", "pyramid", "--local-port", "0", "--remote"])
            .args(args)
            .output()
            .expect("the binary runs")
    };
    // Values out of range are usage errors (2), as clap's own are; a host name that
    // does not resolve is an error (1).
    for (args, said, code) in [
        (
            &["127.0.0.1:9", "--player", "0", "--loss", "1.5"][..],
            "--loss 1.5",
            2,
        ),
        (
            &["127.0.0.1:9", "--player", "1", "--input-delay", "99"],
            "--input-delay 99",
            2,
        ),
        (&["127.0.0.1", "--player", "0"], "--remote", 2),
        (
            &[
                "127.0.0.1:9",
                "--player",
                "0",
                "--window",
                "--screenshot",
                "a.jpg",
            ],
            "--screenshot a.jpg",
            2,
        ),
        (
            &["no-such-host-name.invalid:9", "--player", "0"],
            "--remote",
            1,
        ),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
    let output = run(&["127.0.0.1:9", "--player", "2"]);
    assert_eq!(output.status.code(), Some(2), "clap refuses player 2");
}
