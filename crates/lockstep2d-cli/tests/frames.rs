//! `lockstep2d run --render-hz`: the simulated frame clock and the fixed-step driver,
//! seen from the command line.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn run_json(args: &[&str]) -> Value {
    let output = lockstep2d(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        stderr(&output)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn frames(report: &Value) -> &Vec<Value> {
    report["frames"].as_array().expect("a frames list")
}

fn f64_of(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

/// A scene file with one disc gliding at (3, 0) m/s with no gravity: its true path is
/// a straight line at constant speed, so any unevenness on screen is the driver's.
/// `test` keeps the files of tests running side by side apart.
fn glider_scene(test: &str, hz: u32) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "lockstep2d-frames-{test}-{}.json",
        std::process::id()
    ));
    let scene = format!(
        r#"{{ "name": "glider", "gravity": [0, 0], "hz": {hz},
             "bodies": [ {{ "linear_velocity": [3, 0],
                            "shapes": [ {{ "type": "circle", "radius": 0.5 }} ] }} ] }}"#
    );
    std::fs::write(&path, scene).unwrap();
    path
}

/// The coefficient of variation (standard deviation / mean) of the traced body's
/// on-screen displacement from frame to frame. Frames before the first step are left
/// out: interpolation has no earlier pose to blend from there, so the body stands still.
fn displacement_cv(report: &Value) -> f64 {
    let frames = frames(report);
    let first_step = frames
        .iter()
        .position(|f| f["steps"].as_u64().unwrap() > 0)
        .expect("some frame steps");
    let xy: Vec<(f64, f64)> = frames[first_step..]
        .iter()
        .map(|f| (f64_of(&f["pose"]["x"]), f64_of(&f["pose"]["y"])))
        .collect();
    let moves: Vec<f64> = xy
        .windows(2)
        .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
        .collect();
    let mean = moves.iter().sum::<f64>() / moves.len() as f64;
    let variance = moves.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / moves.len() as f64;
    variance.sqrt() / mean
}

#[test]
fn frames_list_every_frame_and_add_up_to_the_steps() {
    let report = run_json(&[
        "run",
        "pyramid",
        "--steps",
        "60",
        "--render-hz",
        "144",
        "--json",
    ]);
    let frames = frames(&report);
    let mut total = 0;
    for (i, frame) in frames.iter().enumerate() {
        assert_eq!(frame["frame"], i as u64);
        assert!((f64_of(&frame["frame_time"]) - 1.0 / 144.0).abs() < 1e-9);
        let alpha = f64_of(&frame["alpha"]);
        assert!((0.0..1.0).contains(&alpha), "frame {i}: alpha {alpha}");
        assert_eq!(f64_of(&frame["dropped"]), 0.0);
        assert!(frame.get("pose").is_none(), "no pose without --trace-body");
        total += frame["steps"].as_u64().unwrap();
    }
    assert_eq!(report["steps"], total);
    assert!(total >= 60, "stopped at {total} steps");
    // 60 steps are one second, but a frame is 1/144 s rounded to whole nanoseconds (6
    // 944 444 nanoseconds): 144 frames fall 64 nanoseconds short, so the 60th step
    // comes in frame 145.
    assert_eq!(frames.len(), 145);

    let plain = run_json(&["run", "pyramid", "--steps", "60", "--json"]);
    assert!(plain.get("frames").is_none());
}

#[test]
fn jittered_frames_vary_but_repeat() {
    let args = [
        "run",
        "pyramid",
        "--steps",
        "120",
        "--render-hz",
        "75",
        "--frame-jitter",
        "0.5",
        "--json",
    ];
    let (a, b) = (run_json(&args), run_json(&args));
    assert_eq!(a["frames"], b["frames"]);
    assert_eq!(a["state_hash"], b["state_hash"]);
    let times: Vec<f64> = frames(&a)
        .iter()
        .map(|f| f64_of(&f["frame_time"]))
        .collect();
    let (min, max) = times
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &t| (lo.min(t), hi.max(t)));
    assert!(min >= 0.5 / 75.0 - 1e-9 && max <= 1.5 / 75.0 + 1e-9);
    assert!(max - min > 0.5 / 75.0, "jitter barely moved: {min}..{max}");
    for frame in frames(&a) {
        let alpha = f64_of(&frame["alpha"]);
        assert!((0.0..1.0).contains(&alpha), "alpha {alpha}");
    }
    let steps: u64 = frames(&a)
        .iter()
        .map(|f| f["steps"].as_u64().unwrap())
        .sum();
    assert_eq!(a["steps"], steps);
}

#[test]
fn one_frame_per_step_gives_the_plain_run_state() {
    let driven = run_json(&[
        "run",
        "randomized_stacking",
        "--steps",
        "200",
        "--hz",
        "60",
        "--render-hz",
        "60",
        "--json",
    ]);
    let frames = frames(&driven);
    assert_eq!(frames.len(), 200);
    assert!(frames.iter().all(|f| f["steps"] == 1));
    let plain = run_json(&["run", "randomized_stacking", "--steps", "200", "--json"]);
    assert_eq!(driven["steps"], plain["steps"]);
    assert_eq!(driven["state_hash"], plain["state_hash"]);
}

#[test]
fn interpolation_makes_constant_velocity_look_smooth() {
    let scene = glider_scene("smooth", 60);
    let cv = |smoothing: &str| {
        displacement_cv(&run_json(&[
            "run",
            scene.to_str().unwrap(),
            "--steps",
            "120",
            "--render-hz",
            "144",
            "--trace-body",
            "0",
            "--smoothing",
            smoothing,
            "--json",
        ]))
    };
    let (interpolated, extrapolated, raw) = (cv("interpolate"), cv("extrapolate"), cv("none"));
    assert!(interpolated < 0.01, "interpolate: CV {interpolated}");
    assert!(extrapolated < 0.01, "extrapolate: CV {extrapolated}");
    assert!(raw > 0.30, "none: CV {raw}: steps and frames should beat");
    std::fs::remove_file(scene).unwrap();
}

#[test]
fn traced_pose_follows_the_body() {
    let scene = glider_scene("trace", 60);
    let report = run_json(&[
        "run",
        scene.to_str().unwrap(),
        "--steps",
        "60",
        "--render-hz",
        "60",
        "--trace-body",
        "0",
        "--json",
    ]);
    // Interpolation draws the state one step back: after 60 steps at 3 m/s, 59 steps'
    // worth of travel (alpha is ~0 with frames as long as steps).
    let last = frames(&report).last().unwrap();
    assert!((f64_of(&last["pose"]["x"]) - 3.0 * 59.0 / 60.0).abs() < 1e-3);
    assert_eq!(f64_of(&last["pose"]["y"]), 0.0);
    assert_eq!(f64_of(&last["pose"]["angle"]), 0.0);
    std::fs::remove_file(scene).unwrap();
}

#[test]
fn drop_policy_reports_dropped_time() {
    let report = run_json(&[
        "run",
        "pyramid",
        "--steps",
        "20",
        "--policy",
        "drop",
        "--max-steps-per-frame",
        "2",
        "--render-hz",
        "5",
        "--json",
    ]);
    let frames = frames(&report);
    assert!(frames.iter().all(|f| f["steps"].as_u64().unwrap() <= 2));
    let dropped: f64 = frames.iter().map(|f| f64_of(&f["dropped"])).sum();
    // Each 0.2 s frame is worth 12 steps at 60 Hz; 10 of them are thrown away.
    assert!(dropped > 0.0);
    assert!((dropped - frames.len() as f64 * 10.0 / 60.0).abs() < 1e-6);
}

#[test]
fn summary_has_a_frame_line() {
    let output = lockstep2d(&["run", "pyramid", "--steps", "30", "--render-hz", "144"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("frames at 144 Hz render") && text.contains("stepping deterministic"),
        "{text}"
    );
    let stretched = lockstep2d(&[
        "run",
        "pyramid",
        "--steps",
        "30",
        "--render-hz",
        "5",
        "--policy",
        "stretch",
        "--max-steps-per-frame",
        "2",
    ]);
    let text = String::from_utf8_lossy(&stretched.stdout);
    assert!(text.contains("NOT deterministic"), "{text}");
}

#[test]
fn bad_frame_flags_fail_with_a_message() {
    let cases: [(&[&str], &str); 9] = [
        (&["--render-hz", "60", "--policy", "foo"], "foo"),
        (&["--render-hz", "1e9"], "more than the 1000000 a run keeps"),
        (&["--render-hz", "0"], "--render-hz 0"),
        (&["--render-hz", "60", "--trace-body", "9999"], "9999"),
        (
            &["--render-hz", "60", "--frame-jitter", "2"],
            "--frame-jitter 2",
        ),
        (
            &["--render-hz", "60", "--hz", "59.5"],
            "invalid value '59.5' for '--hz",
        ),
        (&["--policy", "drop"], "--policy needs --render-hz"),
        (&["--smoothing", "none"], "--smoothing needs --render-hz"),
        (&["--trace-body", "0"], "--trace-body needs --render-hz"),
    ];
    for (flags, expected) in cases {
        let args: Vec<&str> = ["run", "pyramid"].iter().chain(flags).copied().collect();
        let output = lockstep2d(&args);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: message lacks {expected:?}: {}",
            stderr(&output)
        );
    }
}
