//! `lockstep2d diff` on saved states: the same bits (exit 0), states a step apart and
//! of other scenes (exit 3, each difference named), and files that are not states
//! (exit 1, a clear error, never a panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh directory of this test's own; the caller removes it.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lockstep2d-diff-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `scene` run `steps` steps and saved to `dir/name`.
fn saved(dir: &std::path::Path, name: &str, scene: &str, steps: u32) -> String {
    let file = dir.join(name).to_str().unwrap().to_owned();
    let steps = steps.to_string();
    let output = lockstep2d(&["run", scene, "--steps", &steps, "--save-state", &file]);
    assert!(output.status.success(), "{output:?}");
    file
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

#[test]
fn the_same_state_twice_has_the_same_bits() {
    let dir = scratch("same");
    let a = saved(&dir, "a.state", "pyramid", 30);
    let b = saved(&dir, "b.state", "pyramid", 30);
    let output = lockstep2d(&["diff", &a, &b]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(text(&output).contains("the same bits"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn states_a_step_apart_name_the_step_count_and_the_bodies_that_moved() {
    let dir = scratch("step");
    let a = saved(&dir, "a.state", "pyramid", 30);
    let b = saved(&dir, "b.state", "pyramid", 31);
    let output = lockstep2d(&["diff", &a, &b]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output));
    let report = text(&output);
    assert!(report.contains("  body 1, xf.p.x: "), "{report}");
    let json = lockstep2d(&["diff", &a, &b, "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["same"], false);
    assert_eq!(value["steps"], serde_json::json!([30, 31]));
    let differences = value["differences"].as_array().unwrap();
    let step_count = differences
        .iter()
        .find(|d| d["subject"] == "step_count")
        .unwrap();
    assert_eq!(
        (step_count["first"].as_str(), step_count["second"].as_str()),
        (Some("30"), Some("31"))
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn states_of_other_scenes_differ_and_say_where() {
    let dir = scratch("scenes");
    let a = saved(&dir, "a.state", "pyramid", 10);
    let b = saved(&dir, "b.state", "bridge", 10);
    let output = lockstep2d(&["diff", &a, &b, "--most", "3"]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output));
    assert!(text(&output).contains("more"), "{}", text(&output));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_that_are_not_states_are_refused_by_name() {
    let dir = scratch("damaged");
    let good = saved(&dir, "good.state", "pyramid", 5);
    let mut bytes = std::fs::read(&good).unwrap();
    let truncated = dir.join("truncated.state");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    let flipped = dir.join("flipped.state");
    std::fs::write(&flipped, &bytes).unwrap();
    let text_file = dir.join("notes.txt");
    std::fs::write(&text_file, "not a state").unwrap();
    let missing = dir.join("missing.state");
    for bad in [&truncated, &flipped, &text_file, &missing] {
        let bad = bad.to_str().unwrap();
        let output = lockstep2d(&["diff", &good, bad]);
        assert_eq!(output.status.code(), Some(1), "{bad}: {}", text(&output));
        assert!(text(&output).contains(bad), "{}", text(&output));
        assert!(!text(&output).contains("panicked"), "{}", text(&output));
    }
    std::fs::remove_dir_all(dir).unwrap();
}
