//! Scripted play one step a frame, and its recording: the game's seed and rules, each
//! frame's buttons and the state hash it ended in. Replaying plays the buttons again
//! and checks every hash, as the scene recordings do.

use lockstep2d_scenes::{ReplayError, Rollback};
use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::input::Buttons;
use crate::rules::Rules;
use crate::script::Script;

/// The `game` field that marks a recording of this game.
pub const RECORDING_GAME: &str = "hiker";
/// The layout of a hiker recording this build writes and reads.
pub const HIKER_RECORDING_FORMAT: u32 = 1;

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HikerRecording {
    /// `HIKER_RECORDING_FORMAT` of the build that wrote it.
    pub format: u32,
    /// Always `RECORDING_GAME`.
    pub game: String,
    /// The engine that recorded it (`lockstep2d::VERSION`).
    pub engine_version: String,
    /// The mountain's seed.
    pub seed: u64,
    /// The rules played by.
    pub rules: Rules,
    /// Every frame (one step each), in order.
    pub frames: Vec<HikerFrame>,
}

impl HikerRecording {
    /// The hiker recording `text` holds, or why it cannot be read; `None` if it is not
    /// a hiker recording (no `"game": "hiker"`), so a reader can try the scenes' kind.
    pub fn read(text: &str) -> Option<Result<HikerRecording, String>> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        if value.get("game").and_then(|g| g.as_str()) != Some(RECORDING_GAME) {
            return None;
        }
        let found = value.get("format").and_then(serde_json::Value::as_u64);
        let format = HIKER_RECORDING_FORMAT;
        if found != Some(u64::from(format)) {
            let found = found.map_or("no format".into(), |f| format!("format {f}"));
            return Some(Err(format!(
                "a hiker recording of {found}; this build reads format {format}"
            )));
        }
        Some(serde_json::from_value(value).map_err(|e| format!("not a recording: {e}")))
    }
}

/// One recorded frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HikerFrame {
    /// The buttons held.
    pub buttons: u8,
    /// The game's state hash after it, in hex.
    pub state_hash: String,
}

/// Plays frame `frame` of `script` (looped) on `game`: the buttons of the frame's time
/// pressed, then one step.
pub fn play_scripted(game: &mut Game, script: &Script, frame: u64) -> lockstep2d::Result<()> {
    let time = frame as f64 / f64::from(game.rules.hz);
    play_frame(game, script.buttons_looped(time))
}

/// One frame of one step with `buttons`.
fn play_frame(game: &mut Game, buttons: Buttons) -> lockstep2d::Result<()> {
    game.press(buttons);
    let dt = game.rules.dt();
    game.step_queued(|world| world.step(dt))
}

/// Plays `frames` frames of `script` on a new game of `seed` and `rules`, recording
/// each.
pub fn record(
    seed: u64,
    rules: Rules,
    script: &Script,
    frames: u64,
) -> lockstep2d::Result<HikerRecording> {
    let mut game = Game::new(seed, rules.clone())?;
    let hz = f64::from(rules.hz);
    let mut recorded = Vec::new();
    for frame in 0..frames {
        play_scripted(&mut game, script, frame)?;
        recorded.push(HikerFrame {
            buttons: script.buttons_looped(frame as f64 / hz).0,
            state_hash: format!("{:016x}", game.state_hash()),
        });
    }
    Ok(HikerRecording {
        format: HIKER_RECORDING_FORMAT,
        game: RECORDING_GAME.to_string(),
        engine_version: lockstep2d::VERSION.to_string(),
        seed,
        rules,
        frames: recorded,
    })
}

/// Plays a recording again from its seed and buttons; fails at the first frame whose
/// hash differs, or one the world refuses. Returns the frames checked.
pub fn replay(recording: &HikerRecording) -> Result<usize, ReplayError> {
    let at = |frame| move |error| ReplayError::World { frame, error };
    let mut game = Game::new(recording.seed, recording.rules.clone()).map_err(at(0))?;
    for (frame, recorded) in recording.frames.iter().enumerate() {
        play_frame(&mut game, Buttons(recorded.buttons)).map_err(at(frame))?;
        let replayed = format!("{:016x}", game.state_hash());
        if replayed != recorded.state_hash {
            return Err(ReplayError::Mismatch {
                frame,
                recorded: recorded.state_hash.clone(),
                replayed,
            });
        }
    }
    Ok(recording.frames.len())
}
