//! `netplay --window`: the session in the testbed's window, this peer's player on the
//! keyboard (Left and Right run or push, Space jumps, Down drops through one-way
//! platforms), its body drawn highlighted. Frames are played at the scene's rate; the
//! window shows the world as it stands after the last one, predictions included.

use std::time::Instant;

use lockstep2d::BodyId;
use lockstep2d_netplay::{Address, Peer};
use lockstep2d_scenes::Pad;
use lockstep2d_testbed::{Camera, Pixmap, draw_overlay, draw_world, scene_bounds, to_0rgb};
use minifb::{Key, Window};

use crate::view::{ViewArgs, open_window};

/// The most frames played in one display frame, catching up after a stall.
const MAX_FRAMES_PER_DRAW: u32 = 4;

/// Plays until the window closes, Escape, or `frames` frames; returns the last picture
/// shown.
pub fn play<A: Address>(
    peer: &mut Peer<A>,
    hz: u32,
    frames: Option<u64>,
) -> Result<Pixmap, String> {
    let args = ViewArgs::default_for("netplay");
    let mut window = open_window(&args)?;
    window.set_title(&format!("lockstep2d netplay: player {}", peer.player()));
    let mut pixmap = Pixmap::new(args.width, args.height).ok_or("cannot draw the window")?;
    let mut camera = Camera::new(args.width, args.height);
    if let Some(bounds) = scene_bounds(peer.world()) {
        camera.fit(bounds);
    }
    let mine = peer.game().script().players().get(peer.player()).copied();
    let mut pacer = lockstep2d_netplay::Pacer::new(hz);
    let mut buffer = Vec::new();
    while window.is_open() && !window.is_key_down(Key::Escape) {
        if frames.is_some_and(|n| u64::try_from(peer.frame()).unwrap_or(0) >= n) {
            break;
        }
        let pad = read_pad(&window);
        let mut played = 0;
        peer.poll();
        while played < MAX_FRAMES_PER_DRAW && pacer.due(Instant::now(), peer.frames_ahead()) {
            peer.advance(pad).map_err(|e| e.to_string())?;
            played += 1;
        }
        draw(&mut pixmap, peer, &camera, mine)?;
        to_0rgb(&pixmap, &mut buffer);
        window
            .update_with_buffer(&buffer, pixmap.width() as usize, pixmap.height() as usize)
            .map_err(|e| format!("the window: {e}"))?;
    }
    Ok(pixmap)
}

/// The keys held now, as a pad.
fn read_pad(window: &Window) -> Pad {
    Pad::default()
        .with(Pad::LEFT, window.is_key_down(Key::Left))
        .with(Pad::RIGHT, window.is_key_down(Key::Right))
        .with(Pad::JUMP, window.is_key_down(Key::Space))
        .with(Pad::DOWN, window.is_key_down(Key::Down))
}

fn draw(
    pixmap: &mut Pixmap,
    peer: &Peer<impl Address>,
    camera: &Camera,
    mine: Option<BodyId>,
) -> Result<(), String> {
    let world = peer.world();
    let pose = |body| world.transform(body);
    draw_world(pixmap, world, camera, &pose, mine).map_err(|e| e.to_string())?;
    let stats = peer.game().stats();
    let state = if peer.is_running() {
        "playing"
    } else {
        "waiting for the other peer"
    };
    let lines = [
        format!("player {} ({state}), frame {}", peer.player(), peer.frame()),
        format!("confirmed: frame {}", peer.confirmed_frame()),
        format!(
            "rollbacks: {}, the longest {} frames, worst {:.2} ms",
            stats.rollbacks,
            stats.longest,
            stats.worst.as_secs_f64() * 1e3
        ),
        format!("desyncs: {}", peer.desyncs().len()),
        "Left/Right run, Space jumps, Down drops through, Esc quits".to_string(),
    ];
    draw_overlay(pixmap, &lines);
    Ok(())
}
