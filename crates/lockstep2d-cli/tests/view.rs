//! `lockstep2d view` in a real window: under Xvfb when it is installed (CI installs it;
//! see `.ci/run`), skipped with a message otherwise.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// An X server of our own on a free display number, killed when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Drop for Xvfb {
    /// Asks the server to quit (SIGTERM), so that it removes its lock file and socket;
    /// killed outright it leaves them behind and the display number looks taken.
    fn drop(&mut self) {
        let terminated = Command::new("kill")
            .arg(self.child.id().to_string())
            .status()
            .is_ok_and(|s| s.success());
        if !terminated {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// True when display `n` is held by a running server. A lock file whose process is gone
/// (a server that was killed) is stale: it and the socket are removed.
fn display_taken(n: u32) -> bool {
    let lock = PathBuf::from(format!("/tmp/.X{n}-lock"));
    let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
    let owner = std::fs::read_to_string(&lock)
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok());
    match owner {
        Some(pid) if Path::new(&format!("/proc/{pid}")).exists() => true,
        Some(_) => {
            let _ = std::fs::remove_file(&lock);
            let _ = std::fs::remove_file(&socket);
            false
        }
        None => socket.exists(),
    }
}

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Starts Xvfb on the first display from :99 that no running server holds, and waits
/// for its socket to appear.
fn start_xvfb(program: &Path) -> Option<Xvfb> {
    for n in 99..130 {
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        if display_taken(n) {
            continue;
        }
        let child = Command::new(program)
            .args([
                &format!(":{n}"),
                "-screen",
                "0",
                "640x480x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let mut server = Xvfb {
            child,
            display: format!(":{n}"),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if socket.exists() {
                return Some(server);
            }
            if server.child.try_wait().ok().flatten().is_some() {
                break; // lost a race for this display: try the next
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    None
}

/// Held by each test that opens a window, so they run one at a time: the netplay peers
/// keep to real time, and a second window drawing beside them on a two-core machine
/// can starve the headless peer until its session gives up.
static ONE_WINDOW_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn lockstep2d(args: &[&str], display: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lockstep2d"));
    command.args(args).env_remove("WAYLAND_DISPLAY");
    match display {
        Some(display) => command.env("DISPLAY", display),
        None => command.env_remove("DISPLAY"),
    };
    command.output().expect("the binary runs")
}

/// Runs `lockstep2d` with `args` and `--screenshot` in a 320 × 240 window on a display
/// of its own, one window at a time, and returns what it showed; `None` (having said
/// so) without Xvfb.
fn screenshot_of(args: &[&str], name: &str) -> Option<tiny_skia::Pixmap> {
    let Some(program) = on_path("Xvfb") else {
        println!("skipped: Xvfb is not installed, so there is no display to open a window on");
        return None;
    };
    let _turn = ONE_WINDOW_AT_A_TIME
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let server = start_xvfb(&program).expect("Xvfb starts on a free display");
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&shot);
    let size = ["--width", "320", "--height", "240", "--screenshot"];
    let shot_arg = [shot.to_str().unwrap()];
    let all: Vec<&str> = args.iter().chain(&size).chain(&shot_arg).copied().collect();
    let output = lockstep2d(&all, Some(&server.display));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pixmap = tiny_skia::Pixmap::load_png(&shot).expect("the screenshot is a PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (320, 240));
    Some(pixmap)
}

fn shows(pixmap: &tiny_skia::Pixmap, color: lockstep2d_testbed::colors::Rgb) -> bool {
    let fill = lockstep2d_testbed::colors::fill_of(color);
    pixmap
        .pixels()
        .iter()
        .any(|p| (p.red(), p.green(), p.blue()) == (fill.0, fill.1, fill.2))
}

#[test]
fn view_shows_the_scene_in_a_window_and_saves_what_it_showed() {
    let args = ["view", "pyramid", "--frames", "30"];
    let Some(pixmap) = screenshot_of(&args, "view-screenshot.png") else {
        return;
    };
    let colors: std::collections::HashSet<_> = pixmap
        .pixels()
        .iter()
        .map(|p| (p.red(), p.green(), p.blue()))
        .collect();
    assert!(colors.len() > 5, "the screenshot is blank");
    let box_color = lockstep2d_testbed::colors::DYNAMIC;
    assert!(shows(&pixmap, box_color), "no box was drawn");
}

#[test]
fn play_hiker_runs_the_game_in_a_window() {
    let script = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play-script.txt");
    std::fs::write(&script, "0 right\n0.5 right jump\n").unwrap();
    let script = script.to_str().unwrap();
    let args = ["play", "hiker", "--frames", "60", "--script", script];
    let Some(pixmap) = screenshot_of(&args, "play-screenshot.png") else {
        return;
    };
    let hiker = lockstep2d_testbed::colors::GRABBED;
    assert!(shows(&pixmap, hiker), "the hiker is not drawn");
}

/// A UDP port free on loopback now.
fn free_port() -> u16 {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").expect("a free port");
    socket.local_addr().expect("bound").port()
}

#[test]
fn netplay_plays_one_peer_in_a_window_against_a_headless_one() {
    let Some(program) = on_path("Xvfb") else {
        println!("skipped: Xvfb is not installed, so there is no display to open a window on");
        return;
    };
    let _turn = ONE_WINDOW_AT_A_TIME
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let server = start_xvfb(&program).expect("Xvfb starts on a free display");
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("netplay-screenshot.png");
    let _ = std::fs::remove_file(&shot);
    let (a, b) = (free_port(), free_port());
    let peer = |player: &str, local: u16, remote: u16| {
        let mut args = vec!["netplay".to_string(), "character".to_string()];
        args.extend(["--player", player].map(String::from));
        args.extend(["--local-port".to_string(), local.to_string()]);
        args.extend(["--remote".to_string(), format!("127.0.0.1:{remote}")]);
        args
    };
    let mut windowed = peer("0", a, b);
    let frames = ["--window", "--frames", "200", "--screenshot"];
    windowed.extend(frames.map(String::from));
    windowed.push(shot.to_str().unwrap().to_string());
    let windowed: Vec<&str> = windowed.iter().map(String::as_str).collect();
    let mut headless = peer("1", b, a);
    headless.extend(["--frames", "150"].map(String::from));
    let window = std::thread::scope(|scope| {
        let window = scope.spawn(|| lockstep2d(&windowed, Some(&server.display)));
        let other: Vec<&str> = headless.iter().map(String::as_str).collect();
        let other = lockstep2d(&other, None);
        assert!(
            other.status.success(),
            "{}",
            String::from_utf8_lossy(&other.stderr)
        );
        window.join().expect("the windowed peer")
    });
    let stderr = String::from_utf8_lossy(&window.stderr);
    assert!(window.status.success(), "{stderr}");
    let pixmap = tiny_skia::Pixmap::load_png(&shot).expect("the screenshot is a PNG");
    let player = lockstep2d_testbed::colors::GRABBED;
    assert!(
        shows(&pixmap, player),
        "the keyboard's character is not drawn highlighted"
    );
}

#[test]
fn view_checks_its_arguments_and_says_when_there_is_no_window() {
    let cases: &[(&[&str], &str)] = &[
        (&["view", "no_such_scene"], "no_such_scene"),
        (&["view", "pyramid", "--screenshot", "x.jpg"], ".png"),
        (&["view", "pyramid", "--frames", "0"], "--frames"),
        (&["view", "pyramid", "--width", "10"], "--width"),
        (&["view", "pyramid"], "window"),
        (&["play", "pyramid"], "hiker"),
        (&["play", "hiker"], "window"),
    ];
    for (args, mentions) in cases {
        let output = lockstep2d(args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(mentions), "{args:?}: {stderr}");
    }
}
