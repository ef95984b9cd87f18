//! `GameLoop`: the game driven by frames, as a window or a headless render drives it.
//! Each frame's buttons go to the game's input queue (`Game::press`), the engine's
//! `FixedStepper` turns the frame's time into whole steps, and every step drains the
//! queue into the pipeline; the picture is drawn at the driver's smoothed poses.

use std::time::Duration;

use lockstep2d::{FixedStepper, StepperConfig};

use crate::game::Game;
use crate::input::Buttons;

/// A game and its fixed-step driver (see the module docs).
pub struct GameLoop {
    /// The game.
    pub game: Game,
    /// The driver: the accumulator, the steps a frame is worth, smoothed poses.
    pub stepper: FixedStepper,
}

impl GameLoop {
    /// `game` driven at its rules' rate, with the driver's default smoothing and cap on
    /// steps per frame.
    pub fn new(game: Game) -> lockstep2d::Result<GameLoop> {
        let config = StepperConfig {
            hz: game.rules.hz,
            ..StepperConfig::default()
        };
        Ok(GameLoop {
            game,
            stepper: FixedStepper::new(config)?,
        })
    }

    /// One frame of `frame_time` with `buttons` held: the steps it is worth, each with
    /// the queue's commands for it. Returns how many steps ran.
    pub fn frame(&mut self, frame_time: Duration, buttons: Buttons) -> lockstep2d::Result<u32> {
        self.game.press(buttons);
        let plan = self.stepper.begin_frame(frame_time);
        for info in plan.step_infos(&self.game.world) {
            let stepper = &mut self.stepper;
            self.game.step_queued(|world| stepper.step(world, &info))?;
        }
        self.stepper.end_frame(&mut self.game.world);
        Ok(plan.steps)
    }
}
