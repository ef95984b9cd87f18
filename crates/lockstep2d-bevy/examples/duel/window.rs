//! The duel in a window: the Bevy app driven by hand, one `App::update` a window frame
//! on Bevy's real clock, the keys read into `HeldButtons` before it, the picture drawn
//! after it at the poses the plugin interpolated for the frame.

use bevy_app::prelude::*;
use lockstep2d_bevy::Physics;
use minifb::{Key, Window, WindowOptions};

use crate::draw::{Picture, marked_bodies};
use crate::hud;
use crate::keys::held_buttons;
use crate::network::{Peer, PeerNews};

/// The window's size when it opens.
const WIDTH: usize = 1280;
const HEIGHT: usize = 720;
/// Frames a second the window shows, as the session plays them.
const WINDOW_FPS: usize = crate::app::FPS;

/// Opens the duel's window, or says why it cannot: minifb draws on X11 only.
pub fn open(peer: Option<&Peer>) -> Result<Window, String> {
    if std::env::var_os("DISPLAY").is_none_or(|display| display.is_empty()) {
        return Err("no DISPLAY, so no X server to open a window on".to_string());
    }
    let title = match peer {
        None => "duel: two players, one keyboard".to_string(),
        Some(peer) => format!("duel: player {} against {}", peer.player, peer.remote),
    };
    let options = WindowOptions {
        resize: true,
        ..WindowOptions::default()
    };
    let mut window = Window::new(&title, WIDTH, HEIGHT, options)
        .map_err(|e| format!("could not open a window: {e}"))?;
    // minifb sleeps in `update_with_buffer` to keep to this rate.
    window.set_target_fps(WINDOW_FPS);
    Ok(window)
}

/// Plays `app` (a duel reading `HeldButtons`) until the window closes, Escape, or
/// `frames` frames (confirmed ones over the network).
pub fn play(
    mut window: Window,
    mut app: App,
    peer: Option<&Peer>,
    frames: Option<u32>,
) -> Result<(), String> {
    let mut picture = Picture::new(WIDTH, HEIGHT)?;
    let mut news = PeerNews::default();
    while window.is_open() && !window.is_key_down(Key::Escape) {
        app.insert_resource(held_buttons(&window));
        app.update();
        news.update(app.world_mut());
        let done = hud::frames_done(app.world(), peer.is_some());
        if frames.is_some_and(|n| i64::from(done) >= i64::from(n)) {
            break;
        }
        picture.resize(window.get_size())?;
        let marked = marked_bodies(app.world_mut());
        let lines = hud::lines(app.world(), peer, &news);
        picture.draw(app.world().resource::<Physics>(), &marked, &lines)?;
        let (pixels, width, height) = picture.pixels();
        window
            .update_with_buffer(pixels, width, height)
            .map_err(|e| format!("the window: {e}"))?;
    }
    Ok(())
}
