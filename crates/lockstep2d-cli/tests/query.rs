//! `lockstep2d query`: the hits a ray, a point and a box find in a settled scene.

use std::process::{Command, Output};

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn hits(args: &[&str]) -> Vec<serde_json::Value> {
    let output = lockstep2d(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?} failed: {stderr}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    json["hits"].as_array().expect("a hits list").clone()
}

fn number(value: &serde_json::Value) -> f32 {
    value.as_f64().expect("a number") as f32
}

#[test]
fn a_ray_down_onto_a_lone_box_hits_its_top_face() {
    // single_box: a 1 m box dropped onto the ground, resting after two seconds.
    let found = hits(&[
        "query",
        "single_box",
        "--steps",
        "120",
        "--ray",
        "0,10,0,-10",
        "--json",
    ]);
    assert_eq!(found.len(), 1);
    let hit = &found[0];
    assert_eq!(hit["body"], 1, "the box, not the ground");
    let (y, ny) = (number(&hit["point"][1]), number(&hit["normal"][1]));
    assert!(ny > 0.999, "the face looks up: {ny}");
    let fraction = number(&hit["fraction"]);
    assert!(
        (fraction - (10.0 - y) / 20.0).abs() < 1e-4,
        "fraction {fraction} at y {y}"
    );
}

#[test]
fn every_hit_along_a_ray_comes_nearest_first() {
    let args = [
        "query",
        "vertical_stack",
        "--steps",
        "60",
        "--ray",
        "0,30,0,-5",
        "--all",
        "--json",
    ];
    let found = hits(&args);
    assert!(found.len() >= 5, "the ray passes down a stack: {found:?}");
    let fractions: Vec<f32> = found.iter().map(|h| number(&h["fraction"])).collect();
    assert!(fractions.windows(2).all(|w| w[0] < w[1]), "{fractions:?}");
    let heights: Vec<f32> = found.iter().map(|h| number(&h["point"][1])).collect();
    assert!(
        heights.windows(2).all(|w| w[0] > w[1]),
        "top to bottom: {heights:?}"
    );
    assert_eq!(found.last().unwrap()["body"], 0, "the ground last");
}

#[test]
fn a_point_and_a_box_find_the_shapes_that_touch_them() {
    let at_box = hits(&[
        "query",
        "single_box",
        "--steps",
        "120",
        "--point",
        "0,0.5",
        "--json",
    ]);
    assert_eq!(at_box.len(), 1);
    assert_eq!(at_box[0]["body"], 1);
    assert!(
        at_box[0].get("fraction").is_none(),
        "points have no fraction"
    );
    let both = hits(&[
        "query",
        "single_box",
        "--steps",
        "120",
        "--aabb",
        "-1,-0.5,1,0.5",
        "--json",
    ]);
    let bodies: Vec<i64> = both.iter().map(|h| h["body"].as_i64().unwrap()).collect();
    assert_eq!(bodies, vec![0, 1], "the ground and the box");
    let above = hits(&[
        "query",
        "single_box",
        "--steps",
        "120",
        "--aabb",
        "-1,5,1,6",
        "--json",
    ]);
    assert!(above.is_empty());
}

#[test]
fn bad_questions_are_errors_not_panics() {
    for args in [
        &["query", "pyramid", "--ray", "0,0,0,0"][..],
        &["query", "pyramid", "--ray", "0,0,1"],
        &["query", "pyramid", "--ray", "0,nan,1,1"],
        &["query", "pyramid", "--point", "1,2", "--aabb", "0,0,1,1"],
        &["query", "pyramid"],
        &["query", "pyramid", "--aabb", "1,1,0,0"],
    ] {
        let output = lockstep2d(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.starts_with("lockstep2d: "), "{args:?}: {stderr}");
    }
}
