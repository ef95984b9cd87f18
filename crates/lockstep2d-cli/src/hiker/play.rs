//! `play hiker`: the game in a window. The keyboard's buttons are read once a frame
//! (a key tapped and let go within one frame still counts), the frame's real duration
//! goes to the game's loop, and the frame is drawn at the smoothed poses.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use lockstep2d_hiker::{Buttons, Command, GameLoop, Script, draw};
use lockstep2d_testbed::{Pixmap, to_0rgb};
use minifb::{Key, KeyRepeat, Window, WindowOptions};

use super::HikerArgs;
use crate::exit::{CliError, CliResult};
use crate::view::check_screenshot;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: `hiker`.
    #[arg(value_parser = [super::NAME])]
    game: String,
    /// Window width in pixels.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(64..=8192))]
    width: u32,
    /// Window height in pixels.
    #[arg(long, default_value_t = 720, value_parser = clap::value_parser!(u32).range(64..=8192))]
    height: u32,
    /// The most frames per second to show; 0 for no cap.
    #[arg(long, default_value_t = 60, value_name = "FPS")]
    fps_cap: u32,
    /// Close after N frames.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    frames: Option<u64>,
    /// Save the last frame shown to this PNG when the window closes.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    #[command(flatten)]
    hiker: HikerArgs,
}

/// The keys of each button: arrows or WASD to run, crouch and jump; E picks up, Q
/// drops, F uses, Tab switches.
const KEYS: [(Command, &[Key]); 8] = [
    (Command::Left, &[Key::Left, Key::A]),
    (Command::Right, &[Key::Right, Key::D]),
    (Command::Crouch, &[Key::Down, Key::S]),
    (Command::Jump, &[Key::Space, Key::Up, Key::W]),
    (Command::PickUp, &[Key::E]),
    (Command::Drop, &[Key::Q]),
    (Command::Use, &[Key::F]),
    (Command::Switch, &[Key::Tab]),
];

pub fn run(args: &PlayArgs) -> CliResult {
    check_screenshot(args.screenshot.as_deref())?;
    // A script plays itself in the window; without one the keyboard plays.
    let script = match args.hiker.script {
        Some(_) => Some(args.hiker.script()?),
        None => None,
    };
    let game_loop = GameLoop::new(args.hiker.game()?).map_err(|e| e.to_string())?;
    let window = open(args)?;
    Ok(play(window, game_loop, script.as_ref(), args)?)
}

fn open(args: &PlayArgs) -> Result<Window, CliError> {
    let size = (args.width as usize, args.height as usize);
    let mut window = Window::new(
        "lockstep2d: hiker",
        size.0,
        size.1,
        WindowOptions::default(),
    )
    .map_err(|e| format!("could not open a window: {e}"))?;
    window.set_target_fps(args.fps_cap as usize);
    Ok(window)
}

/// The window loop, until the window closes, Escape, or `--frames`.
fn play(
    mut window: Window,
    mut game_loop: GameLoop,
    script: Option<&Script>,
    args: &PlayArgs,
) -> Result<(), String> {
    let mut pixmap = Pixmap::new(args.width, args.height).ok_or("the window size is too large")?;
    let mut buffer = Vec::new();
    let (started, mut last) = (Instant::now(), Instant::now());
    let mut shown = 0u64;
    while window.is_open() && !window.is_key_down(Key::Escape) {
        if args.frames.is_some_and(|n| shown >= n) {
            break;
        }
        let buttons = match script {
            Some(script) => script.buttons_at((last - started).as_secs_f64()),
            None => keyboard(&window),
        };
        let now = Instant::now();
        game_loop
            .frame(now - last, buttons)
            .map_err(|e| e.to_string())?;
        last = now;
        draw(&mut pixmap, &game_loop).map_err(|e| e.to_string())?;
        to_0rgb(&pixmap, &mut buffer);
        window
            .update_with_buffer(&buffer, args.width as usize, args.height as usize)
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

/// The buttons held this frame, or tapped since the last.
fn keyboard(window: &Window) -> Buttons {
    let tapped = window.get_keys_pressed(KeyRepeat::No);
    let mut buttons = Buttons::default();
    for (command, keys) in KEYS {
        if keys
            .iter()
            .any(|k| window.is_key_down(*k) || tapped.contains(k))
        {
            buttons = buttons.with(command);
        }
    }
    buttons
}
