//! The hiker game through the binary: rendered from a script, under the sync test,
//! recorded and replayed, and its flags and scripts checked.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("the binary runs")
}

fn temp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A script that runs right for a second, then right and jumping, then stands.
fn script() -> PathBuf {
    let path = temp("hiker-script.txt");
    std::fs::write(
        &path,
        "# run, jump, stop\n0 right\n1.0 right jump\n1.2 right\n2 end\n",
    )
    .unwrap();
    path
}

#[test]
fn render_plays_a_script_into_a_gif_the_same_every_time() {
    let (a, b) = (temp("hiker-a.gif"), temp("hiker-b.gif"));
    let script = script();
    for out in [&a, &b] {
        let args = ["render", "hiker", "--script", script.to_str().unwrap()];
        let sized = ["--seconds", "2", "--width", "160", "--height", "90"];
        let out_arg = ["--out", out.to_str().unwrap()];
        let all: Vec<&str> = args.iter().chain(&sized).chain(&out_arg).copied().collect();
        let said = stdout(&lockstep2d(&all));
        assert!(said.contains("60 frames, 120 steps"), "{said}");
    }
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(a, b, "two renders of one script differ");
    let frames = gif::DecodeOptions::new()
        .read_info(&a[..])
        .unwrap()
        .into_iter()
        .count();
    assert_eq!(frames, 60);
}

#[test]
fn render_json_says_how_the_game_went() {
    let out = temp("hiker-json.png");
    let args = ["render", "hiker", "--seconds", "2", "--json", "--out"];
    let all: Vec<&str> = args
        .iter()
        .copied()
        .chain([out.to_str().unwrap()])
        .collect();
    let said = stdout(&lockstep2d(&all));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(report["format"], 1);
    assert_eq!(
        (report["frames"].as_u64(), report["steps"].as_u64()),
        (Some(60), Some(120))
    );
    assert!(report["climbed"].as_f64().unwrap() > 0.5, "{said}");
}

#[test]
fn synctest_hiker_finds_no_mismatch_over_3000_frames_and_catches_a_nudge() {
    let said = stdout(&lockstep2d(&["synctest", "hiker", "--frames", "3000"]));
    assert!(
        said.contains("3000 frames") && said.contains("0 mismatches"),
        "{said}"
    );
    let nudged = lockstep2d(&["synctest", "hiker", "--frames", "200", "--nudge-at", "50"]);
    assert_eq!(nudged.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&nudged.stderr);
    assert!(stderr.contains("frame 50"), "{stderr}");
}

#[test]
fn a_hiker_recording_replays_and_a_changed_one_fails_at_its_frame() {
    let file = temp("hiker-recording.json");
    let file_arg = file.to_str().unwrap();
    let said = stdout(&lockstep2d(&[
        "record", "hiker", "--frames", "300", "--out", file_arg,
    ]));
    assert!(said.contains("recorded 300 frames of hiker"), "{said}");
    let said = stdout(&lockstep2d(&["replay", file_arg]));
    assert!(said.contains("replayed 300 frames"), "{said}");
    let said = stdout(&lockstep2d(&["replay", file_arg, "--json"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(report["frames_matched"], 300, "{said}");
    // Frame 120 with other buttons (left instead of right) ends elsewhere.
    let mut recording: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    recording["frames"][120]["buttons"] = serde_json::json!(1);
    std::fs::write(&file, recording.to_string()).unwrap();
    let changed = lockstep2d(&["replay", file_arg, "--json"]);
    assert_eq!(changed.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&changed.stderr);
    assert!(stderr.contains("frame 120"), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&changed.stdout).unwrap();
    assert_eq!(report["mismatch"]["frame"], 120);
}

#[test]
fn bad_hiker_flags_and_scripts_are_refused_with_a_message() {
    let bad_script = temp("hiker-bad-script.txt");
    std::fs::write(&bad_script, "0 right\n0.5 fly\n").unwrap();
    let bad = bad_script.to_str().unwrap();
    let out = temp("never.gif");
    let out = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["render", "hiker", "--script", bad, "--out", out],
            "line 2: `fly`",
        ),
        (
            &["render", "hiker", "--script", "/no/such/file", "--out", out],
            "--script",
        ),
        (
            &["render", "pyramid", "--seed", "3", "--out", out],
            "--seed",
        ),
        (&["synctest", "pyramid", "--script", bad], "--script"),
        (&["synctest", "hiker", "--threads", "2"], "--threads"),
        (
            &["render", "hiker", "--seconds", "0", "--out", out],
            "--seconds",
        ),
    ];
    for (args, mentions) in cases {
        let output = lockstep2d(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(mentions), "{args:?}: {stderr}");
    }
}
