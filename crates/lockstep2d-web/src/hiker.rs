//! `HikerGame`: the hiker game behind a canvas, played from the keyboard through the
//! game's own loop (frames in, fixed steps out, smoothed poses drawn), or played by its
//! built-in climb one step a frame, exactly as `lockstep2d record hiker` plays it.

use lockstep2d::Smoothing;
use lockstep2d_hiker::{Buttons, CLIMB, DEFAULT_SEED, Game, GameLoop, Rules, Script, draw};
use lockstep2d_scenes::Rollback;
use lockstep2d_testbed::Pixmap;
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::frame_time::frame_time;
use crate::keys::hiker_command;
use crate::picture::{Pixels, new_pixmap};

/// The game on one canvas.
#[wasm_bindgen]
pub struct HikerGame {
    game_loop: GameLoop,
    pixmap: Pixmap,
    /// The buttons held now.
    held: Buttons,
    /// Buttons pressed since the last frame, held or not: a tap between two frames
    /// still counts.
    tapped: Buttons,
    /// The built-in climb and the next frame of it, once `playScriptedFrame` is used.
    climb: Option<(Script, u64)>,
}

#[wasm_bindgen]
impl HikerGame {
    /// A new game on the mountain of `seed` (the default mountain without one), drawn
    /// `width` × `height` pixels.
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32, seed: Option<u32>) -> Result<HikerGame, JsError> {
        let seed = seed.map_or(DEFAULT_SEED, u64::from);
        let game = Game::new(seed, Rules::default()).map_err(js_error)?;
        let pixmap = new_pixmap(width, height)?;
        Ok(HikerGame {
            game_loop: GameLoop::new(game).map_err(js_error)?,
            pixmap,
            held: Buttons::default(),
            tapped: Buttons::default(),
            climb: None,
        })
    }

    /// A frame of `seconds` with the keys held and tapped since the last: the steps it
    /// is worth. Returns the steps run.
    pub fn frame(&mut self, seconds: f64) -> Result<u32, JsError> {
        let buttons = Buttons(self.held.0 | self.tapped.0);
        self.tapped = Buttons::default();
        let frame = frame_time(seconds)?;
        self.game_loop.frame(frame, buttons).map_err(js_error)
    }

    /// The built-in climb's next frame, one step with its buttons, as `lockstep2d
    /// record hiker` plays it; the picture then shows the step's own poses.
    #[wasm_bindgen(js_name = playScriptedFrame)]
    pub fn play_scripted_frame(&mut self) -> Result<(), JsError> {
        if self.climb.is_none() {
            self.climb = Some((Script::parse(CLIMB).map_err(js_error)?, 0));
            self.game_loop.stepper.set_smoothing(Smoothing::None);
        }
        let Some((climb, frame)) = &mut self.climb else {
            return Ok(());
        };
        let game = &mut self.game_loop.game;
        lockstep2d_hiker::play_scripted(game, climb, *frame).map_err(js_error)?;
        *frame += 1;
        Ok(())
    }

    /// A key went down (`KeyboardEvent.code`). Returns whether the game used it.
    #[wasm_bindgen(js_name = keyDown)]
    pub fn key_down(&mut self, code: &str) -> bool {
        let Some(command) = hiker_command(code) else {
            return false;
        };
        self.held = self.held.with(command);
        self.tapped = self.tapped.with(command);
        true
    }

    /// A key came up.
    #[wasm_bindgen(js_name = keyUp)]
    pub fn key_up(&mut self, code: &str) {
        if let Some(command) = hiker_command(code) {
            self.held = Buttons(self.held.0 & !Buttons::default().with(command).0);
        }
    }

    /// Draws the frame, and says where its pixels are.
    pub fn draw(&mut self) -> Result<Pixels, JsError> {
        draw(&mut self.pixmap, &self.game_loop).map_err(js_error)?;
        Ok(Pixels::of(&self.pixmap))
    }

    /// Draws `width` × `height` from now on.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), JsError> {
        self.pixmap = new_pixmap(width, height)?;
        Ok(())
    }

    /// How far right the hiker is (m): how far the climb has come.
    #[wasm_bindgen(getter, js_name = hikerX)]
    pub fn hiker_x(&self) -> Result<f32, JsError> {
        let game = &self.game_loop.game;
        Ok(game.world.position(game.state.hiker).map_err(js_error)?.x)
    }

    /// Steps played.
    #[wasm_bindgen(getter, js_name = stepCount)]
    pub fn step_count(&self) -> f64 {
        self.game_loop.game.world.step_count() as f64
    }

    /// The game's state hash (the world and the game's own state), in hex: what a
    /// hiker recording checks each frame against.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> String {
        format!("{:016x}", self.game_loop.game.state_hash())
    }
}
