//! Record and replay from JavaScript: the same recordings the `lockstep2d` command
//! writes and reads, so a run recorded in a browser replays natively and the other way
//! round, every frame's state hash checked.

use lockstep2d_hiker::{CLIMB, DEFAULT_SEED, HikerRecording, RECORDING_GAME, Rules, Script};
use lockstep2d_scenes::Recording;
use wasm_bindgen::prelude::*;

use crate::error::js_error;

/// The named scenes, in the testbed's order.
#[wasm_bindgen(js_name = sceneNames)]
pub fn scene_names() -> Vec<String> {
    lockstep2d_scenes::names()
        .iter()
        .map(|n| n.to_string())
        .collect()
}

/// `frames` frames of the scripted player on the named scene `scene` (or, for
/// `"hiker"`, of the built-in climb on the game's default mountain), one step each,
/// as the recording's JSON text: what `lockstep2d record` writes.
#[wasm_bindgen]
pub fn record(scene: &str, frames: u32) -> Result<String, JsError> {
    let frames = u64::from(frames);
    let text = if scene == RECORDING_GAME {
        let climb = Script::parse(CLIMB).map_err(js_error)?;
        let recording = lockstep2d_hiker::record(DEFAULT_SEED, Rules::default(), &climb, frames);
        serde_json::to_string(&recording.map_err(js_error)?)
    } else {
        let def = lockstep2d_scenes::named(scene)
            .ok_or_else(|| js_error(format!("no scene named '{scene}'")))?;
        let recording = lockstep2d_scenes::record(&def, frames).map_err(js_error)?;
        serde_json::to_string(&recording)
    };
    text.map_err(js_error)
}

/// Replays a recording's text (a scene's or the hiker's), checking each frame's state
/// hash; returns the frames replayed, or throws naming the first frame that differs.
#[wasm_bindgen]
pub fn replay(text: &str) -> Result<u32, JsError> {
    let frames = match HikerRecording::read(text) {
        Some(recording) => lockstep2d_hiker::replay(&recording.map_err(js_error)?),
        None => lockstep2d_scenes::replay(&Recording::from_json(text).map_err(js_error)?),
    };
    Ok(frames.map_err(js_error)? as u32)
}
