//! A scene's character mover.

use lockstep2d::CharacterSettings;
use serde::{Deserialize, Serialize};

use super::{ShapeJson, is_zero_u64};

/// A character mover: `lockstep2d::CharacterDef`. Its shape is a circle, capsule, box
/// or polygon, in the character's frame, and not a sensor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterJson {
    /// World position of the character's origin; [0, 0] when absent.
    #[serde(default)]
    pub position: [f32; 2],
    /// The character's one shape.
    pub shape: ShapeJson,
    /// How it moves (slopes are angles in radians from the horizontal); the engine's
    /// defaults when absent, and for each field left out.
    #[serde(default)]
    pub settings: CharacterSettings,
    /// The game's own tag, stored with the character's body. 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

impl CharacterJson {
    /// A character at `position` with `shape` and the engine's settings.
    pub fn new(position: [f32; 2], shape: ShapeJson) -> CharacterJson {
        CharacterJson {
            position,
            shape,
            settings: CharacterSettings::default(),
            user_data: 0,
        }
    }
}
