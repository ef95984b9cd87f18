//! `lockstep2d` with no command (what `cargo run --release` does): the testbed window
//! on the default scene where there is a display; otherwise, or when the window will
//! not open, the scene rendered to a GIF, so the command works on a machine with no
//! screen (CI) too.

use std::path::{Path, PathBuf};

use crate::exit::CliResult;
use crate::render::{self, RenderArgs};
use crate::view::{self, ViewArgs};

/// The scene `cargo run --release` shows.
const DEFAULT_SCENE: &str = "pyramid";
/// The fallback GIF: long enough to see the pyramid fall and settle, small enough to
/// write in well under a second.
const GIF_SECONDS: f64 = 4.0;
const GIF_SIZE: (u32, u32) = (480, 270);
const GIF_FPS: f64 = 25.0;

pub fn run() -> CliResult {
    if display_present() {
        let args = ViewArgs::default_for(DEFAULT_SCENE);
        let session = view::prepare(&args)?;
        match view::open_window(&args) {
            Ok(window) => return Ok(view::run_in(window, session, &args)?),
            Err(e) => eprintln!("lockstep2d: {e}; rendering to a file instead"),
        }
    }
    render::run(&RenderArgs {
        scene: DEFAULT_SCENE.to_string(),
        seconds: Some(GIF_SECONDS),
        out: gif_path(),
        width: GIF_SIZE.0,
        height: GIF_SIZE.1,
        fps: GIF_FPS,
        json: false,
        show: Default::default(),
        hiker: Default::default(),
    })
}

fn display_present() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|var| std::env::var_os(var).is_some_and(|v| !v.is_empty()))
}

/// `target/lockstep2d-pyramid.gif` when run from the workspace (where `cargo run` runs
/// it), else the file in the current directory.
fn gif_path() -> PathBuf {
    let name = format!("lockstep2d-{DEFAULT_SCENE}.gif");
    let target = Path::new("target");
    if target.is_dir() {
        target.join(name)
    } else {
        PathBuf::from(name)
    }
}
