//! Record and replay: a run's inputs and world edits, frame by frame, with the state
//! hash each frame ended in. Replaying builds the scene again, applies the same actions
//! and checks every hash, so a recording made on one machine proves (or disproves) that
//! another machine, build or version simulates the same bits.

use serde::{Deserialize, Serialize};

use crate::script::{Action, Script, play_frame};
use crate::{SceneDef, SceneError, from_json};

/// A recorded run: the scene itself (not its name, which could come to mean another
/// scene) and each frame's actions and resulting state hash.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    /// The scene, as its JSON definition.
    pub scene: serde_json::Value,
    /// Every frame, in order.
    pub frames: Vec<RecordedFrame>,
}

/// One recorded frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedFrame {
    /// The frame's actions, in the order applied.
    pub actions: Vec<Action>,
    /// `World::state_hash` after the frame, in hex.
    pub state_hash: String,
}

/// Why a replay failed.
#[derive(Debug)]
pub enum ReplayError {
    /// The recording's scene does not build.
    Scene(SceneError),
    /// The world refused a recorded action or a step at this frame.
    World {
        /// The frame, counted from 0.
        frame: usize,
        /// What the world said.
        error: lockstep2d::Error,
    },
    /// This frame ended in another state than recorded.
    Mismatch {
        /// The frame, counted from 0.
        frame: usize,
        /// The hash the recording holds, in hex.
        recorded: String,
        /// The hash the replay ended in, in hex.
        replayed: String,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Scene(e) => write!(f, "the recorded scene: {e}"),
            ReplayError::World { frame, error } => write!(f, "frame {frame}: {error}"),
            ReplayError::Mismatch {
                frame,
                recorded,
                replayed,
            } => write!(
                f,
                "frame {frame} ended with state hash {replayed}, recorded {recorded}"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `frames` frames of `def` with the scripted player (`Script`), recording each
/// frame's actions and state hash.
pub fn record(def: &SceneDef, frames: u64) -> Result<Recording, ReplayError> {
    let mut scene = def.build().map_err(ReplayError::Scene)?;
    let dt = 1.0 / scene.hz;
    let script = Script::new(&scene.world);
    let mut recorded = Vec::new();
    for frame in 0..frames {
        let at = |error| ReplayError::World {
            frame: frame as usize,
            error,
        };
        let actions = script.actions(frame, &scene.world, dt).map_err(at)?;
        play_frame(&mut scene.world, &actions, dt).map_err(at)?;
        recorded.push(RecordedFrame {
            actions,
            state_hash: hex(scene.world.state_hash()),
        });
    }
    let scene = serde_json::from_str(&def.to_json()).expect("a scene's JSON is JSON");
    Ok(Recording {
        scene,
        frames: recorded,
    })
}

/// Replays `recording` and checks every frame's hash; returns the frames replayed.
pub fn replay(recording: &Recording) -> Result<usize, ReplayError> {
    let def = from_json(&recording.scene.to_string()).map_err(ReplayError::Scene)?;
    let mut scene = def.build().map_err(ReplayError::Scene)?;
    let dt = 1.0 / scene.hz;
    for (frame, recorded) in recording.frames.iter().enumerate() {
        play_frame(&mut scene.world, &recorded.actions, dt)
            .map_err(|error| ReplayError::World { frame, error })?;
        let replayed = hex(scene.world.state_hash());
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

fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}
