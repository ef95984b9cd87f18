//! `Testbed`: the desktop testbed's session behind a canvas. The page hands it each
//! frame's time, keys and mouse; it steps the scene through the fixed-step driver and
//! draws the frame with the testbed's renderer into RGBA pixels the page puts on the
//! canvas as they are.

use lockstep2d::{BodyType, SleepSettings, Vec2};
use lockstep2d_scenes::Pad;
use lockstep2d_testbed::Pixmap;
use lockstep2d_testbed::session::{Action, Key, Layers, Session, action_for, named_scene};
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::frame_time::frame_time;
use crate::keys::testbed_key;
use crate::picture::{Pixels, new_pixmap};

/// Zoom per wheel notch, as on the desktop.
const ZOOM_PER_NOTCH: f32 = 1.1;

/// The testbed on one canvas.
#[wasm_bindgen]
pub struct Testbed {
    session: Session,
    pixmap: Pixmap,
    /// The left button is down: a body is being dragged, or was tried for.
    dragging: bool,
    /// Where the right button was at the last move, while it is held.
    panning_from: Option<Vec2>,
}

#[wasm_bindgen]
impl Testbed {
    /// The testbed on the named scene `scene`, drawn `width` × `height` pixels.
    #[wasm_bindgen(constructor)]
    pub fn new(scene: &str, width: u32, height: u32) -> Result<Testbed, JsError> {
        let pixmap = new_pixmap(width, height)?;
        let session = Session::new(named_scene, scene, width, height).map_err(js_error)?;
        Ok(Testbed {
            session,
            pixmap,
            dragging: false,
            panning_from: None,
        })
    }

    /// A frame of `seconds`: the steps it is worth, the mouse spring and the keyboard
    /// acting before each. Returns the steps run.
    pub fn frame(&mut self, seconds: f64) -> Result<u32, JsError> {
        let frame = frame_time(seconds)?;
        self.session.frame(frame).map_err(js_error)?;
        Ok(self.session.stats.steps)
    }

    /// The last frame's steps took `ms` milliseconds (the page's clock), for the
    /// overlay.
    #[wasm_bindgen(js_name = noteStepTime)]
    pub fn note_step_time(&mut self, ms: f64) {
        self.session.note_step_time(ms);
    }

    /// Draws the frame, and says where its pixels are.
    pub fn draw(&mut self) -> Result<Pixels, JsError> {
        self.session.draw(&mut self.pixmap).map_err(js_error)?;
        Ok(Pixels::of(&self.pixmap))
    }

    /// Draws the debug layers named in `list` from now on, beyond shapes, joints and
    /// contacts: a comma-separated list of `bounds` (each shape's box), `centers` (each
    /// body's axes at its centre of mass) and `impulses` (each contact's); empty for
    /// none. A name it does not know is an Error, and the layers stay as they were.
    #[wasm_bindgen(js_name = showLayers)]
    pub fn show_layers(&mut self, list: &str) -> Result<(), JsError> {
        self.session.layers = Layers::parse(list).map_err(js_error)?;
        Ok(())
    }

    /// Draws `width` × `height` from now on.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), JsError> {
        self.pixmap = new_pixmap(width, height)?;
        self.session.camera.width = width;
        self.session.camera.height = height;
        Ok(())
    }

    /// A key went down (`KeyboardEvent.code`). Returns whether the testbed used it, so
    /// the page can keep the browser from acting on it too.
    #[wasm_bindgen(js_name = keyDown)]
    pub fn key_down(&mut self, code: &str) -> Result<bool, JsError> {
        let Some(key) = testbed_key(code) else {
            return Ok(false);
        };
        let playing = self.session.player().is_some();
        if playing && key == Key::Space {
            self.session.keyboard.press_jump();
        }
        self.hold(key, playing, true);
        match action_for(key, playing) {
            // There is no window to close: the page stays.
            Some(Action::Quit) => {}
            Some(action) => self.session.act(action).map_err(js_error)?,
            None => {}
        }
        Ok(true)
    }

    /// A key came up.
    #[wasm_bindgen(js_name = keyUp)]
    pub fn key_up(&mut self, code: &str) {
        if let Some(key) = testbed_key(code) {
            let playing = self.session.player().is_some();
            self.hold(key, playing, false);
        }
    }

    /// The mouse is at pixel (`x`, `y`): the ray's end, the explosion's centre, the
    /// dragged body's target, the panned view.
    #[wasm_bindgen(js_name = mouseMove)]
    pub fn mouse_move(&mut self, x: f32, y: f32) {
        let at = Vec2::new(x, y);
        self.session.hover(at);
        if self.dragging {
            self.session.drag_to(at);
        }
        if let Some(from) = self.panning_from {
            self.session.camera.pan_pixels(at - from);
            self.panning_from = Some(at);
        }
    }

    /// A mouse button went down at pixel (`x`, `y`): 0 grabs the body there, 2 pans.
    #[wasm_bindgen(js_name = mouseDown)]
    pub fn mouse_down(&mut self, button: u32, x: f32, y: f32) -> Result<(), JsError> {
        let at = Vec2::new(x, y);
        match button {
            0 => {
                self.dragging = true;
                self.session.grab(at).map_err(js_error)
            }
            2 => {
                self.panning_from = Some(at);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A mouse button came up.
    #[wasm_bindgen(js_name = mouseUp)]
    pub fn mouse_up(&mut self, button: u32) {
        match button {
            0 => {
                self.dragging = false;
                self.session.release();
            }
            2 => self.panning_from = None,
            _ => {}
        }
    }

    /// The wheel turned `notches` at pixel (`x`, `y`): positive away from the user,
    /// as the desktop's wheel up, zooming in.
    pub fn wheel(&mut self, notches: f32, x: f32, y: f32) {
        let notches = notches.round().clamp(-10.0, 10.0) as i32;
        (self.session.camera).zoom_at(Vec2::new(x, y), ZOOM_PER_NOTCH.powi(notches));
    }

    /// Lets resting bodies fall asleep, or (`false`) keeps every body awake, as the
    /// command's `--no-sleep` does; until the scene is loaded again.
    #[wasm_bindgen(js_name = setSleep)]
    pub fn set_sleep(&mut self, enabled: bool) -> Result<(), JsError> {
        let world = &mut self.session.world;
        let sleep = SleepSettings {
            enabled,
            ..*world.sleep_settings()
        };
        world.set_sleep_settings(sleep).map_err(js_error)
    }

    /// The scene shown.
    #[wasm_bindgen(getter, js_name = sceneName)]
    pub fn scene_name(&self) -> String {
        self.session.name.clone()
    }

    /// Steps taken since the scene was loaded.
    #[wasm_bindgen(getter, js_name = stepCount)]
    pub fn step_count(&self) -> f64 {
        self.session.world.step_count() as f64
    }

    /// The world's state hash, in hex.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> String {
        format!("{:016x}", self.session.world.state_hash())
    }

    /// Where each dynamic body's origin is drawn this frame, as x, y pixel pairs.
    #[wasm_bindgen(js_name = bodyPixels)]
    pub fn body_pixels(&self) -> Vec<f32> {
        let (world, stepper) = (&self.session.world, &self.session.stepper);
        let dynamic = world
            .body_ids()
            .filter(|&b| world.body_type(b) == Ok(BodyType::Dynamic));
        dynamic
            .filter_map(|b| stepper.smoothed_pose(world, b).ok())
            .flat_map(|xf| {
                let at = self.session.camera.to_screen(xf.p);
                [at.x, at.y]
            })
            .collect()
    }
}

impl Testbed {
    /// Holds or lets go of a key the scene's character takes.
    fn hold(&mut self, key: Key, playing: bool, down: bool) {
        let button = match key {
            Key::Left => Pad::LEFT,
            Key::Right => Pad::RIGHT,
            Key::Down => Pad::DOWN,
            _ => return,
        };
        if playing {
            let held = &mut self.session.keyboard.held;
            *held = held.with(button, down);
        }
    }
}
