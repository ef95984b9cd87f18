//! The mouse in the window: left drags bodies, right drags the view, the wheel zooms.

use lockstep2d::Vec2;
use minifb::{MouseButton, MouseMode, Window};

use lockstep2d_testbed::session::Session;

/// Zoom per wheel notch.
const ZOOM_PER_NOTCH: f32 = 1.1;

#[derive(Default)]
pub struct Mouse {
    left_was_down: bool,
    /// Where the right button was last frame, while it is held.
    panning_from: Option<Vec2>,
}

impl Mouse {
    /// Reads the mouse once a frame and tells the session.
    pub fn update(&mut self, window: &Window, session: &mut Session) -> Result<(), String> {
        let Some((x, y)) = window.get_mouse_pos(MouseMode::Pass) else {
            return Ok(());
        };
        let at = Vec2::new(x, y);
        session.hover(at);
        let left = window.get_mouse_down(MouseButton::Left);
        match (self.left_was_down, left) {
            (false, true) => session.grab(at)?,
            (true, true) => session.drag_to(at),
            (true, false) => session.release(),
            (false, false) => {}
        }
        self.left_was_down = left;

        let right = window.get_mouse_down(MouseButton::Right);
        if let (true, Some(from)) = (right, self.panning_from) {
            session.camera.pan_pixels(at - from);
        }
        self.panning_from = right.then_some(at);

        if let Some((_, notches)) = window.get_scroll_wheel() {
            // Whole notches (X11 reports whole ones), clamped against absurd deltas.
            let notches = notches.round().clamp(-10.0, 10.0) as i32;
            session.camera.zoom_at(at, ZOOM_PER_NOTCH.powi(notches));
        }
        Ok(())
    }
}
