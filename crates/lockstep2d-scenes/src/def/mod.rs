//! The scene definition: plain data that serde reads from and writes to JSON.
//!
//! Every field but a shape's geometry and a joint's bodies and anchor has a default, so
//! a file names only what differs. Vectors are `[x, y]` arrays and angles are radians.
//! Settings the engine defines (the solver's, a character's, a surface material, a
//! collision filter, a joint's motor and spring) are the engine's own types, read and
//! written through their serde derives, so the file format follows the engine.

mod body;
mod character;
mod joint;
mod shape;

pub use body::BodyJson;
pub use character::CharacterJson;
pub use joint::{JointJson, JointType};
pub use shape::{ShapeJson, Solid};

use lockstep2d::SolverSettings;
use serde::{Deserialize, Serialize};

/// A whole scene: world settings, bodies with their shapes, joints and characters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SceneDef {
    /// Left empty by serde when the file has no name, so `from_json` can say "scene"
    /// and `load_file` can use the file stem.
    #[serde(default)]
    pub name: String,
    /// m/s².
    pub gravity: [f32; 2],
    /// Steps per second, 1 to `lockstep2d::MAX_HZ`: each step advances the world by
    /// 1 / hz, and the fixed-step driver runs at the same rate.
    pub hz: u32,
    /// How many steps a run takes unless told otherwise.
    pub steps: u32,
    /// The solver and its settings, each left out at the engine's default.
    pub solver: SolverSettings,
    /// Whether resting bodies fall asleep (Box2D's benchmarks turn it off).
    #[serde(skip_serializing_if = "is_true")]
    pub sleep: bool,
    /// Referred to by index from `joints`.
    pub bodies: Vec<BodyJson>,
    /// Joints between bodies of `bodies`, made after the bodies.
    pub joints: Vec<JointJson>,
    /// Character movers (`World::create_character`), made after the bodies and joints.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub characters: Vec<CharacterJson>,
}

impl Default for SceneDef {
    fn default() -> Self {
        SceneDef {
            name: "scene".to_string(),
            gravity: [0.0, -10.0],
            hz: 60,
            steps: 600,
            solver: SolverSettings::default(),
            sleep: true,
            bodies: Vec::new(),
            joints: Vec::new(),
            characters: Vec::new(),
        }
    }
}

impl SceneDef {
    /// An empty scene with every setting at its default.
    pub fn new(name: &str) -> SceneDef {
        SceneDef {
            name: name.to_string(),
            ..SceneDef::default()
        }
    }

    /// The scene's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

// Bit comparisons: −0.0 must be written out, or it would read back as +0.0.
fn is_zero(x: &f32) -> bool {
    x.to_bits() == 0
}

fn is_zero_vec(v: &[f32; 2]) -> bool {
    v.iter().all(|x| x.to_bits() == 0)
}

fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::WorldDef;

    #[test]
    fn world_defaults_are_the_engines() {
        assert_eq!(
            SceneDef::default().gravity,
            WorldDef::default().gravity.to_array()
        );
    }
}
