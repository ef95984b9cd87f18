//! `lockstep2d render`: PNG and GIF files of a scene, the same bytes every run, and a
//! clear error for every bad argument.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lockstep2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep2d"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh path for this test's output.
fn out_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("render");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn render(scene: &str, out: &Path, extra: &[&str]) -> Vec<u8> {
    let out_arg = out.to_str().unwrap();
    let mut args = vec!["render", scene, "--out", out_arg];
    args.extend_from_slice(extra);
    let output = lockstep2d(&args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("ms per frame drawn") && stdout.contains("ms per physics step"));
    std::fs::read(out).expect("the file was written")
}

#[test]
fn png_is_the_last_frame_at_the_size_asked_and_repeats_exactly() {
    let size = ["--width", "96", "--height", "64", "--seconds", "0.5"];
    let first = render("pyramid", &out_path("a.png"), &size);
    let second = render("pyramid", &out_path("b.png"), &size);
    assert_eq!(first, second, "two renders of one scene differ");
    let pixmap = tiny_skia::Pixmap::decode_png(&first).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (96, 64));
    let distinct: std::collections::HashSet<_> = pixmap
        .pixels()
        .iter()
        .map(|p| (p.red(), p.green(), p.blue()))
        .collect();
    assert!(distinct.len() > 5, "the picture is blank");
}

#[test]
fn gif_holds_every_frame_and_repeats_exactly() {
    let args = [
        "--width",
        "80",
        "--height",
        "48",
        "--seconds",
        "0.5",
        "--fps",
        "20",
    ];
    let first = render("varying_friction", &out_path("a.gif"), &args);
    let second = render("varying_friction", &out_path("b.gif"), &args);
    assert_eq!(first, second, "two renders of one scene differ");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(first.as_slice())
        .unwrap();
    assert_eq!((decoder.width(), decoder.height()), (80, 48));
    let mut frames = 0;
    let mut delay = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames += 1;
        delay += u32::from(frame.delay);
    }
    assert_eq!(frames, 10, "0.5 s at 20 fps");
    assert_eq!(delay, 50, "the frames last 0.5 s in all");
}

#[test]
fn bad_arguments_fail_with_a_message() {
    let gif = out_path("bad.gif");
    let gif = gif.to_str().unwrap();
    let no_dir = out_path("no/such/dir/x.png");
    let cases: &[(&[&str], &str)] = &[
        (&["render", "pyramid", "--out", "x.jpg"], ".png"),
        (
            &["render", "pyramid", "--out", gif, "--seconds", "0"],
            "--seconds",
        ),
        (
            &["render", "pyramid", "--out", gif, "--seconds", "-1"],
            "--seconds",
        ),
        (
            &["render", "pyramid", "--out", gif, "--seconds", "soon"],
            "soon",
        ),
        (&["render", "pyramid", "--out", gif, "--fps", "0"], "--fps"),
        (
            &["render", "pyramid", "--out", gif, "--fps", "500"],
            "--fps",
        ),
        (
            &["render", "pyramid", "--out", gif, "--width", "4"],
            "--width",
        ),
        (
            &["render", "pyramid", "--out", gif, "--height", "0"],
            "--height",
        ),
        (&["render", "no_such_scene", "--out", gif], "no_such_scene"),
        (&["render", "pyramid"], "--out"),
        (
            &["render", "pyramid", "--out", no_dir.to_str().unwrap()],
            "x.png",
        ),
    ];
    for (args, mentions) in cases {
        let output = lockstep2d(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(mentions), "{args:?}: {stderr}");
    }
}

/// `render --json`: what was written, its frames, and what drawing and writing cost.
#[test]
fn json_says_what_was_written_and_what_it_cost() {
    for (name, frames_written) in [("j.gif", 15), ("j.png", 1)] {
        let out = out_path(name);
        let out_arg = out.to_str().unwrap();
        let args = [
            "render",
            "pyramid",
            "--out",
            out_arg,
            "--seconds",
            "0.5",
            "--width",
            "64",
            "--height",
            "48",
            "--json",
        ];
        let output = lockstep2d(&args);
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["format"], 1, "{report}");
        assert_eq!(report["scene"], "pyramid");
        assert_eq!(report["out"], out_arg);
        assert_eq!(
            (report["width"].as_u64(), report["height"].as_u64()),
            (Some(64), Some(48))
        );
        assert_eq!(report["frames"], 15, "0.5 s at 30 fps");
        assert_eq!(report["steps"], 30, "0.5 s at 60 Hz");
        assert_eq!(report["frames_written"], frames_written, "{report}");
        for field in ["ms_per_frame_drawn", "ms_per_step", "ms_per_frame_written"] {
            let ms = report[field].as_f64().unwrap_or(-1.0);
            assert!(ms > 0.0, "{field}: {report}");
        }
        assert!(out.is_file());
    }
}
