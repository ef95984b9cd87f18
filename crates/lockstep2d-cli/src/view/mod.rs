//! `lockstep2d view`: the testbed in a window. The driver runs at the physics rate
//! while frames come at the display's: each frame's real duration (measured with
//! `Instant`) goes to `FixedStepper::advance`, and the frame is drawn at the smoothed
//! poses.

mod keys;
mod mouse;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use lockstep2d_testbed::session::{self, Layers, Session};
use lockstep2d_testbed::{Pixmap, to_0rgb};
use minifb::{Key, KeyRepeat, Window, WindowOptions};

use crate::exit::{CliError, CliResult};
use lockstep2d_scenes::Pad;
use mouse::Mouse;

#[derive(Args, Debug)]
pub struct ViewArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json).
    #[arg(default_value = "pyramid")]
    pub scene: String,
    /// Window width in pixels.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(64..=8192))]
    pub width: u32,
    /// Window height in pixels.
    #[arg(long, default_value_t = 720, value_parser = clap::value_parser!(u32).range(64..=8192))]
    pub height: u32,
    /// The most frames per second to show; 0 for no cap.
    #[arg(long, default_value_t = 60, value_name = "FPS")]
    pub fps_cap: u32,
    /// Close after N frames.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub frames: Option<u64>,
    /// Save the last frame shown to this PNG when the window closes.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Debug layers to draw too, comma-separated: bounds (each shape's box), centers
    /// (each body's axes at its centre of mass), impulses (each contact's).
    #[arg(long, value_name = "LAYERS", value_parser = Layers::parse, default_value = "")]
    pub show: Layers,
}

impl ViewArgs {
    /// The window on `scene` with every other flag at its default.
    pub fn default_for(scene: &str) -> ViewArgs {
        ViewArgs {
            scene: scene.to_string(),
            width: 1280,
            height: 720,
            fps_cap: 60,
            frames: None,
            screenshot: None,
            show: Layers::default(),
        }
    }
}

/// A screenshot path must name a PNG.
pub fn check_screenshot(screenshot: Option<&Path>) -> CliResult {
    match screenshot {
        Some(path)
            if !path
                .to_string_lossy()
                .to_ascii_lowercase()
                .ends_with(".png") =>
        {
            Err(CliError::usage(format!(
                "--screenshot {}: the file name must end in .png",
                path.display()
            )))
        }
        _ => Ok(()),
    }
}

/// Opens the testbed's window, or says why it could not.
pub fn open_window(args: &ViewArgs) -> Result<Window, String> {
    let options = WindowOptions {
        resize: true,
        ..WindowOptions::default()
    };
    let mut window = Window::new(
        "lockstep2d",
        args.width as usize,
        args.height as usize,
        options,
    )
    .map_err(|e| format!("could not open a window: {e}"))?;
    // minifb sleeps in `update` to keep to this rate; 0 lets it run flat out.
    window.set_target_fps(args.fps_cap as usize);
    Ok(window)
}

pub fn run(args: &ViewArgs) -> CliResult {
    let session = prepare(args)?;
    Ok(run_in(open_window(args)?, session, args)?)
}

/// Checks the arguments and loads the scene before a window is opened, so that a bad
/// argument is an error and not an empty window.
pub fn prepare(args: &ViewArgs) -> CliResult<Session> {
    check_screenshot(args.screenshot.as_deref())?;
    let mut session = Session::new(
        crate::scene_arg::build,
        &args.scene,
        args.width,
        args.height,
    )?;
    session.layers = args.show;
    Ok(session)
}

/// The window loop: input, then the frame's steps, then the drawing, until the window
/// closes, Escape, or `--frames`.
pub fn run_in(mut window: Window, mut session: Session, args: &ViewArgs) -> Result<(), String> {
    let mut pixmap = new_pixmap(args.width, args.height)?;
    let mut buffer = Vec::new();
    let mut mouse = Mouse::default();
    let mut last = Instant::now();
    let mut shown = 0u64;
    let mut title = String::new();
    while window.is_open() && !session.quit && args.frames.is_none_or(|n| shown < n) {
        let playing = session.player().is_some();
        for key in window.get_keys_pressed(KeyRepeat::No) {
            if playing && key == Key::Space {
                session.keyboard.press_jump();
            }
            let action = keys::testbed_key(key).and_then(|k| session::action_for(k, playing));
            // A scene file edited into an error fails its restart: say so and keep
            // showing the scene as it was (a load changes nothing until it succeeds).
            if let Some(Err(e)) = action.map(|a| session.act(a)) {
                eprintln!("lockstep2d: {e}");
            }
        }
        if playing {
            session.keyboard.held = Pad::default()
                .with(Pad::LEFT, window.is_key_down(Key::Left))
                .with(Pad::RIGHT, window.is_key_down(Key::Right))
                .with(Pad::DOWN, window.is_key_down(Key::Down));
        }
        mouse.update(&window, &mut session)?;
        if title != session.name {
            title.clone_from(&session.name);
            window.set_title(&format!("lockstep2d: {title}"));
        }
        fit_to_window(&window, &mut session, &mut pixmap)?;
        let now = Instant::now();
        session.frame(now - last)?;
        session.note_step_time(1e3 * now.elapsed().as_secs_f64());
        last = now;
        session.draw(&mut pixmap)?;
        to_0rgb(&pixmap, &mut buffer);
        window
            .update_with_buffer(&buffer, pixmap.width() as usize, pixmap.height() as usize)
            .map_err(|e| format!("the window: {e}"))?;
        shown += 1;
    }
    match &args.screenshot {
        Some(path) => pixmap
            .save_png(path)
            .map_err(|e| format!("--screenshot {}: {e}", path.display())),
        None => Ok(()),
    }
}

fn new_pixmap(width: u32, height: u32) -> Result<Pixmap, String> {
    Pixmap::new(width, height).ok_or_else(|| format!("cannot draw {width} × {height} pixels"))
}

/// Follows the window's size: a resized window gets a picture its size.
fn fit_to_window(
    window: &Window,
    session: &mut Session,
    pixmap: &mut Pixmap,
) -> Result<(), String> {
    let (width, height) = window.get_size();
    let (width, height) = (width.max(1) as u32, height.max(1) as u32);
    if (width, height) != (pixmap.width(), pixmap.height()) {
        *pixmap = new_pixmap(width, height)?;
        session.camera.width = width;
        session.camera.height = height;
    }
    Ok(())
}
