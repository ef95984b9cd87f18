//! The `lockstep2d` binary as a user runs it.

use std::process::{Command, Output};

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A file `name` in a fresh directory of this process's own (`tag` tells tests apart);
/// the caller removes the directory.
fn scratch_file(tag: &str, name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("lockstep2d-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name).to_str().unwrap().to_owned();
    (dir, file)
}

/// The one JSON object a command printed, which names its format.
fn json_of(args: &[&str], output: &Output) -> serde_json::Value {
    let text = stdout(output);
    assert_eq!(text.lines().count(), 1, "{args:?}: not one line: {text}");
    let json: serde_json::Value = serde_json::from_str(&text).expect("one JSON object");
    assert_eq!(json["format"], 1, "{args:?}: {json}");
    json
}

fn run_json(args: &[&str]) -> serde_json::Value {
    let output = lockstep2d(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        stderr(&output)
    );
    json_of(args, &output)
}

/// The exit code, with stderr shown when it is not `expected`.
fn assert_exit(args: &[&str], output: &Output, expected: i32) {
    assert_eq!(
        output.status.code(),
        Some(expected),
        "{args:?}: stdout {}, stderr {}",
        stdout(output),
        stderr(output)
    );
}

#[test]
fn scenes_lists_every_named_scene() {
    let output = lockstep2d(&["scenes"]);
    assert!(output.status.success());
    let listed: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(listed, lockstep2d_scenes::names());
    for name in [
        "pyramid",
        "varying_friction",
        "large_pyramid",
        "multi_pendulum",
    ] {
        assert!(listed.iter().any(|l| l == name), "{name} missing");
    }
}

#[test]
fn run_json_reports_the_run() {
    let report = run_json(&["run", "pyramid", "--steps", "30", "--json"]);
    assert_eq!(report["scene"], "pyramid");
    assert_eq!(report["steps"], 30);
    assert!((report["dt"].as_f64().unwrap() - 1.0 / 60.0).abs() < 1e-6);
    let bodies = report["bodies"].as_u64().unwrap() as usize;
    assert_eq!(bodies, 79, "Box2D-Lite's pyramid: 78 boxes and the ground");
    assert_eq!(report["bodies_initial"].as_array().unwrap().len(), bodies);
    assert_eq!(report["bodies_final"].as_array().unwrap().len(), bodies);
    assert!(report["contacts"].as_u64().unwrap() > 0);
    assert!(report["ms_per_step"].as_f64().unwrap() > 0.0);
    let hash = report["state_hash"].as_str().unwrap();
    assert_eq!(hash.len(), 16);
    assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    // Boxes fall in the first half second: the top one must have moved down.
    let top = bodies - 1;
    let (y0, y1) = (
        report["bodies_initial"][top]["y"].as_f64().unwrap(),
        report["bodies_final"][top]["y"].as_f64().unwrap(),
    );
    assert!(y1 < y0 - 0.1, "top box went from {y0} to {y1}");
}

#[test]
fn same_scene_twice_gives_the_same_state_hash() {
    // 40 steps: the stack is still falling into place (later it sleeps, and one more
    // step changes nothing).
    let args = ["run", "randomized_stacking", "--steps", "40", "--json"];
    let (a, b) = (run_json(&args), run_json(&args));
    assert_eq!(a["state_hash"], b["state_hash"]);
    let other = run_json(&["run", "randomized_stacking", "--steps", "41", "--json"]);
    assert_ne!(a["state_hash"], other["state_hash"]);
}

#[test]
fn solver_flags_change_the_result() {
    let pgs = [
        "run", "pyramid", "--steps", "120", "--solver", "pgs", "--json",
    ];
    let base = run_json(&pgs);
    let soft = run_json(&["run", "pyramid", "--steps", "120", "--json"]);
    assert_ne!(
        base["state_hash"], soft["state_hash"],
        "--solver changed nothing"
    );
    for flag in [
        "--no-warm-starting",
        "--no-accumulate",
        "--no-position-correction",
    ] {
        let changed = run_json(&[&pgs[..], &[flag]].concat());
        assert_ne!(
            base["state_hash"], changed["state_hash"],
            "{flag} changed nothing"
        );
    }
    let fewer = run_json(&[&pgs[..], &["--iterations", "3"]].concat());
    assert_ne!(base["state_hash"], fewer["state_hash"]);
    let substeps = run_json(&[
        "run",
        "pyramid",
        "--steps",
        "120",
        "--substeps",
        "8",
        "--json",
    ]);
    assert_ne!(soft["state_hash"], substeps["state_hash"]);
    let slow = run_json(&["run", "pyramid", "--steps", "10", "--hz", "30", "--json"]);
    assert!((slow["dt"].as_f64().unwrap() - 1.0 / 30.0).abs() < 1e-6);
}

#[test]
fn scene_files_run_and_bad_ones_explain_themselves() {
    let dir = std::env::temp_dir().join(format!("lockstep2d-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    let pyramid = lockstep2d_scenes::named("pyramid").unwrap();
    std::fs::write(&good, pyramid.to_json()).unwrap();
    let from_file = run_json(&["run", good.to_str().unwrap(), "--steps", "50", "--json"]);
    let by_name = run_json(&["run", "pyramid", "--steps", "50", "--json"]);
    assert_eq!(from_file["state_hash"], by_name["state_hash"]);

    let mut bad_density = pyramid.clone();
    bad_density.bodies[3].shapes[0] = bad_density.bodies[3].shapes[0].clone().with_density(0.0);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, bad_density.to_json()).unwrap();
    let output = lockstep2d(&["run", bad.to_str().unwrap()]);
    assert_exit(&["run", "bad.json"], &output, 1);
    assert!(
        stderr(&output).contains("bodies[3].shapes[0].density"),
        "message does not name the field: {}",
        stderr(&output)
    );

    let missing = lockstep2d(&["run", "no/such/file.json"]);
    assert_exit(&["run", "no/such/file.json"], &missing, 1);
    assert!(stderr(&missing).contains("no/such/file.json"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad arguments are usage errors (exit code 2), whether clap refuses them or a check
/// after parsing does; a name that is neither a scene nor a file is an error (1).
#[test]
fn bad_arguments_fail_with_a_message() {
    let cases: &[(&[&str], i32)] = &[
        (&["run", "no_such_scene"], 1),
        (&["run", "pyramid", "--steps", "many"], 2),
        (&["run", "pyramid", "--bogus"], 2),
        (&["run", "pyramid", "--hz", "0"], 2),
        (&["run", "pyramid", "--iterations", "0"], 2),
        (&["run", "pyramid", "--substeps", "1000"], 2),
        (&["run", "pyramid", "--threads", "1000"], 2),
        (&["run", "pyramid", "--trace-body", "3"], 2),
        (
            &["run", "pyramid", "--render-hz", "60", "--trace-body", "79"],
            2,
        ),
        (
            &["synctest", "ragdoll", "--frames", "60", "--nudge-at", "60"],
            2,
        ),
        (&["synctest", "ragdoll", "--threads", "0"], 2),
        (&["render", "pyramid", "--out", "x.jpg"], 2),
        (&["view", "pyramid", "--screenshot", "x.jpg"], 2),
        (&["query", "pyramid", "--ray", "1,2"], 2),
        (&["query", "pyramid"], 2),
        (&["record", "ragdoll"], 2),
        (&["replay", "no/such/recording.json"], 1),
        (&["nosuchcommand"], 2),
    ];
    for &(args, code) in cases {
        let output = lockstep2d(args);
        assert_exit(args, &output, code);
        assert!(!stderr(&output).trim().is_empty(), "{args:?}: no message");
    }
}

#[test]
fn help_lists_the_exit_codes() {
    for args in [
        &["--help"][..],
        &["synctest", "--help"],
        &["replay", "--help"],
    ] {
        let output = lockstep2d(args);
        assert_exit(args, &output, 0);
        let help = stdout(&output);
        for line in [
            "Exit codes:",
            "0  success",
            "1  an error",
            "2  usage",
            "3  a mismatch",
        ] {
            assert!(help.contains(line), "{args:?}: no {line:?} in {help}");
        }
    }
}

/// Every command that reports has `--json`, and every object it prints names its
/// `format` (checked in `json_of`); `netplay`'s is checked in tests/netplay.rs.
#[test]
fn every_json_report_names_its_format() {
    let (dir, file) = scratch_file("json", "ragdoll.json");
    let gif = dir.join("x.gif");
    let gif = gif.to_str().unwrap();
    let scenes = run_json(&["scenes", "--json"]);
    let names: Vec<&str> = (scenes["scenes"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(names, lockstep2d_scenes::names());
    for args in [
        &["run", "pyramid", "--steps", "2", "--json"][..],
        &["query", "pyramid", "--point", "0,0", "--json"],
        &["synctest", "ragdoll", "--frames", "20", "--json"],
        &[
            "record", "ragdoll", "--frames", "5", "--out", &file, "--json",
        ],
        &["replay", &file, "--json"],
        &[
            "render",
            "pyramid",
            "--seconds",
            "0.1",
            "--out",
            gif,
            "--json",
        ],
    ] {
        run_json(args);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_arguments_without_a_display_renders_the_default_scene_to_a_gif() {
    // An empty directory without `target/`: the GIF lands in it.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no_arguments");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .current_dir(&dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("pyramid: wrote lockstep2d-pyramid.gif"),
        "{text}"
    );
    assert!(text.contains("ms per frame drawn"), "{text}");
    let gif = std::fs::read(dir.join("lockstep2d-pyramid.gif")).expect("the GIF was written");
    assert!(gif.starts_with(b"GIF89a"));
}

#[test]
fn no_arguments_falls_back_to_a_gif_when_the_window_will_not_open() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no_window");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A display that names no X server: the window fails, the render goes on.
    let output = Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .current_dir(&dir)
        .env("DISPLAY", ":249")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("rendering to a file instead"));
    assert!(dir.join("lockstep2d-pyramid.gif").is_file());
}

#[test]
fn json_reports_where_the_step_time_went() {
    let report = run_json(&["run", "pyramid", "--steps", "60", "--json"]);
    let stages = report["stage_ms"].as_object().expect("stage_ms");
    let names = [
        "controllers",
        "broad_phase",
        "narrow_phase",
        "solve",
        "refit",
        "sleep",
    ];
    let mut sum = 0.0;
    for name in names {
        let ms = stages[name].as_f64().unwrap_or(-1.0);
        assert!(ms >= 0.0, "{name}: {ms}");
        sum += ms;
    }
    // The stages are parts of the step: together no more than the whole (with slack for
    // the loop around them).
    let whole = report["ms_per_step"].as_f64().unwrap();
    assert!(
        sum > 0.0 && sum <= whole * 1.05 + 0.01,
        "stages {sum} ms, step {whole} ms"
    );
    assert!(stages["solve"].as_f64().unwrap() > 0.0);
}

/// A run saved after N steps and continued in another process for M steps ends where
/// one run of N + M steps does; a broken state file is refused with a reason.
#[test]
fn a_saved_state_continues_in_another_process_bit_for_bit() {
    let (dir, file) = scratch_file("state", "ragdoll.bin");
    let file = file.as_str();
    let whole = run_json(&["run", "ragdoll", "--steps", "150", "--json"]);
    run_json(&[
        "run",
        "ragdoll",
        "--steps",
        "90",
        "--save-state",
        file,
        "--json",
    ]);
    let continued = run_json(&["run", "--load-state", file, "--steps", "60", "--json"]);
    assert_eq!(continued["state_hash"], whole["state_hash"]);
    // Loaded under another scene's name, the report says where the bodies came from.
    let under_pyramid = run_json(&["run", "pyramid", "--load-state", file, "--json"]);
    assert_eq!(under_pyramid["scene"], "pyramid");
    assert_eq!(under_pyramid["state"], file);
    assert!(whole.get("state").is_none());
    assert_ne!(
        run_json(&["run", "ragdoll", "--steps", "90", "--json"])["state_hash"],
        whole["state_hash"],
        "the comparison must be able to fail"
    );

    let bytes = std::fs::read(file).unwrap();
    std::fs::write(file, &bytes[..bytes.len() / 2]).unwrap();
    let args = ["run", "--load-state", file, "--steps", "1"];
    let output = lockstep2d(&args);
    assert_exit(&args, &output, 1);
    assert!(stderr(&output).contains("truncated"), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn synctest_refuses_a_check_distance_that_checks_nothing() {
    for distance in ["0", "60", "1000"] {
        let args = [
            "synctest",
            "ragdoll",
            "--frames",
            "60",
            "--check-distance",
            distance,
        ];
        let output = lockstep2d(&args);
        assert_exit(&args, &output, 2);
        assert!(
            stderr(&output).contains("--check-distance"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn synctest_passes_a_scripted_scene_and_reports_the_replays() {
    let output = lockstep2d(&[
        "synctest",
        "ragdoll",
        "--frames",
        "60",
        "--check-distance",
        "7",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("60 frames")
            && stdout(&output).contains("371 frames played again"),
        "{}",
        stdout(&output)
    );
    let report = run_json(&["synctest", "ragdoll", "--frames", "60", "--json"]);
    assert_eq!(report["scene"], "ragdoll");
    assert_eq!(report["frames"], 60);
    assert_eq!(report["check_distance"], 7);
    assert_eq!(report["resimulated"], 371);
    assert!(report["mismatch"].is_null(), "{report}");
}

/// A frame nudged only the first time it is played is the first mismatch: exit code 3,
/// the frame named on stderr and in the JSON.
#[test]
fn synctest_exits_3_at_the_first_mismatching_frame() {
    let args = [
        "synctest",
        "ragdoll",
        "--frames",
        "60",
        "--nudge-at",
        "30",
        "--json",
    ];
    let output = lockstep2d(&args);
    assert_exit(&args, &output, 3);
    assert!(stderr(&output).contains("frame 30"), "{}", stderr(&output));
    let report = json_of(&args, &output);
    assert_eq!(report["mismatch"]["frame"], 30, "{report}");
    assert_ne!(report["mismatch"]["first"], report["mismatch"]["again"]);
    // Without --json, the same code and message and no summary of a clean run.
    let output = lockstep2d(&args[..6]);
    assert_exit(&args[..6], &output, 3);
    assert!(stderr(&output).contains("frame 30"), "{}", stderr(&output));
    assert!(
        !stdout(&output).contains("0 mismatches"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn record_then_replay_checks_every_frame_and_fails_on_a_changed_file() {
    let (dir, file) = scratch_file("record", "ragdoll.json");
    let file = file.as_str();
    let recorded = lockstep2d(&["record", "ragdoll", "--frames", "40", "--out", file]);
    assert!(recorded.status.success(), "{}", stderr(&recorded));
    let replayed = lockstep2d(&["replay", file]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert!(stdout(&replayed).contains("replayed 40 frames"));
    assert!(stderr(&replayed).is_empty(), "{}", stderr(&replayed));

    let text = std::fs::read_to_string(file).unwrap();
    let mut recording: serde_json::Value = serde_json::from_str(&text).unwrap();
    recording["frames"][25]["state_hash"] = "0123456789abcdef".into();
    std::fs::write(file, recording.to_string()).unwrap();
    let broken = lockstep2d(&["replay", file]);
    assert_exit(&["replay", file], &broken, 3);
    assert!(stderr(&broken).contains("frame 25"), "{}", stderr(&broken));
    let args = ["replay", file, "--json"];
    let broken = lockstep2d(&args);
    assert_exit(&args, &broken, 3);
    let report = json_of(&args, &broken);
    assert_eq!(report["frames"], 40);
    assert_eq!(report["frames_matched"], 25);
    assert_eq!(report["mismatch"]["frame"], 25);
    assert_eq!(report["mismatch"]["recorded"], "0123456789abcdef");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `record --json` says what it wrote; the file names its format and the engine.
#[test]
fn a_recording_carries_its_format_and_engine_version() {
    let (dir, file) = scratch_file("record-json", "ragdoll.json");
    let report = run_json(&[
        "record", "ragdoll", "--frames", "12", "--out", &file, "--json",
    ]);
    let recording: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(report["scene"], "ragdoll");
    assert_eq!(report["out"], file.as_str());
    assert_eq!(report["frames"], 12);
    assert_eq!(
        report["last_state_hash"],
        recording["frames"][11]["state_hash"]
    );
    assert_eq!(
        report["recording_format"],
        lockstep2d_scenes::RECORDING_FORMAT
    );
    assert_eq!(report["engine_version"], lockstep2d::VERSION);
    assert_eq!(recording["format"], lockstep2d_scenes::RECORDING_FORMAT);
    assert_eq!(recording["engine_version"], lockstep2d::VERSION);
    let replayed = run_json(&["replay", &file, "--json"]);
    assert_eq!(replayed["frames_matched"], 12);
    assert_eq!(replayed["recorded_engine_version"], lockstep2d::VERSION);
    assert!(replayed["mismatch"].is_null());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A recording of another format, or of none, is refused (exit code 1) before it is
/// replayed; one from another engine version is replayed with a warning.
#[test]
fn replay_refuses_a_recording_of_another_format_and_warns_of_another_engine() {
    let (dir, file) = scratch_file("format", "ragdoll.json");
    let recorded = lockstep2d(&["record", "ragdoll", "--frames", "10", "--out", &file]);
    assert!(recorded.status.success(), "{}", stderr(&recorded));
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let args = ["replay", file.as_str()];

    let mut other = good.clone();
    other["format"] = 2.into();
    std::fs::write(&file, other.to_string()).unwrap();
    let output = lockstep2d(&args);
    assert_exit(&args, &output, 1);
    assert!(
        stderr(&output).contains("a recording of format 2; this build reads format 1"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty(), "{}", stdout(&output));

    let mut none = good.clone();
    none.as_object_mut().unwrap().remove("format");
    std::fs::write(&file, none.to_string()).unwrap();
    let output = lockstep2d(&args);
    assert_exit(&args, &output, 1);
    assert!(
        stderr(&output).contains("names no format"),
        "{}",
        stderr(&output)
    );

    let mut older = good.clone();
    older["engine_version"] = "0.0.1-other".into();
    std::fs::write(&file, older.to_string()).unwrap();
    let output = lockstep2d(&args);
    assert_exit(&args, &output, 0);
    assert!(
        stderr(&output).contains("warning")
            && stderr(&output).contains("recorded by lockstep2d 0.0.1-other"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `accuracy --json` reports every case with its error at 60 Hz and over both sweeps,
/// the elastic collisions keeping their energy within the target, and writes the plot.
#[test]
fn accuracy_reports_every_case_and_plots() {
    let (dir, _) = scratch_file("accuracy", "unused");
    let out = dir.to_str().unwrap();
    let report = run_json(&["accuracy", "--json", "--out", out]);
    let cases = report["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 23);
    for case in cases {
        assert_eq!(case["by_rate"].as_array().unwrap().len(), 4);
        assert_eq!(case["by_substeps"].as_array().unwrap().len(), 4);
    }
    let energy = cases
        .iter()
        .filter(|c| c["name"].as_str().unwrap().ends_with("e = 1: energy"));
    for case in energy {
        let error = case["error"].as_f64().unwrap();
        assert!(error <= case["target"].as_f64().unwrap(), "{case}");
    }
    let bytes = std::fs::read(dir.join("error_vs_rate.png")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `integrators --json` reports every integrator with its measured order near the
/// theory, the symplectic ones' tiny drift, the SDL 2 game-loop article's ballistic numbers, and writes
/// both plots as PNG files.
#[test]
fn integrators_reports_orders_drift_and_plots() {
    let (dir, _) = scratch_file("integrators", "unused");
    let out = dir.to_str().unwrap();
    let report = run_json(&["integrators", "--json", "--out", out]);
    let integrators = report["integrators"].as_array().unwrap();
    let expected = [
        ("explicit_euler", 1.0),
        ("semi_implicit_euler", 1.0),
        ("ballistic", 1.0),
        ("velocity_verlet", 2.0),
        ("rk2_midpoint", 2.0),
        ("rk4", 4.0),
    ];
    assert_eq!(integrators.len(), expected.len());
    for (entry, (name, order)) in integrators.iter().zip(expected) {
        assert_eq!(entry["name"], name);
        let measured = entry["order"].as_f64().unwrap();
        assert!((measured - order).abs() < 0.3, "{name}: {measured}");
    }
    for symplectic in [1, 3] {
        let drift = integrators[symplectic]["energy_drift"].as_f64().unwrap();
        assert!(drift.abs() < 0.01, "{drift}");
    }
    // Explicit Euler's energy overflows f64: reported as null.
    assert!(integrators[0]["energy_drift"].is_null());
    assert_eq!(report["ballistic"]["p"].as_f64(), Some(5350.0));
    assert_eq!(report["ballistic"]["v"].as_f64(), Some(103.0));
    for plot in ["error_vs_dt.png", "energy_vs_time.png"] {
        let bytes = std::fs::read(dir.join(plot)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{plot} is not a PNG");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
