//! A scene's body: how it moves, where it starts, and its shapes.

use lockstep2d::BodyType;
use serde::{Deserialize, Serialize};

use super::{ShapeJson, is_one, is_zero, is_zero_u64, is_zero_vec};

/// One body and its shapes. Bodies are dynamic unless they say otherwise, because most
/// bodies in a scene are (unlike `lockstep2d::BodyDef`, whose default is static). Zero
/// velocities, damping and angle are left out when written, so written scenes stay short.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BodyJson {
    /// How the body moves (`"type"`: `"static"`, `"kinematic"` or `"dynamic"`); dynamic
    /// when absent.
    #[serde(rename = "type")]
    pub body_type: BodyType,
    /// World position of the body's origin (m); [0, 0] when absent.
    pub position: [f32; 2],
    /// Radians, counter-clockwise; 0 when absent.
    #[serde(skip_serializing_if = "is_zero")]
    pub angle: f32,
    /// Velocity of the centre of mass (m/s); [0, 0] when absent.
    #[serde(skip_serializing_if = "is_zero_vec")]
    pub linear_velocity: [f32; 2],
    /// rad/s, counter-clockwise; 0 when absent.
    #[serde(skip_serializing_if = "is_zero")]
    pub angular_velocity: f32,
    /// Slows linear motion (`lockstep2d::BodyDef::linear_damping`); 0 when absent.
    #[serde(skip_serializing_if = "is_zero")]
    pub linear_damping: f32,
    /// Slows rotation; 0 when absent.
    #[serde(skip_serializing_if = "is_zero")]
    pub angular_damping: f32,
    /// Multiplies the world's gravity for this body; 1 when absent.
    #[serde(skip_serializing_if = "is_one")]
    pub gravity_scale: f32,
    /// Never turns. False when absent.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fixed_rotation: bool,
    /// Swept against moving bodies too. False when absent.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bullet: bool,
    /// The game's own tag, stored with the body. 0 when absent.
    #[serde(skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
    /// The body's shapes, in order.
    pub shapes: Vec<ShapeJson>,
}

impl Default for BodyJson {
    fn default() -> Self {
        BodyJson {
            body_type: BodyType::Dynamic,
            position: [0.0, 0.0],
            angle: 0.0,
            linear_velocity: [0.0, 0.0],
            angular_velocity: 0.0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            gravity_scale: 1.0,
            fixed_rotation: false,
            bullet: false,
            user_data: 0,
            shapes: Vec::new(),
        }
    }
}

impl BodyJson {
    /// A dynamic body at `position`, without shapes.
    pub fn dynamic(position: [f32; 2]) -> BodyJson {
        BodyJson {
            position,
            ..BodyJson::default()
        }
    }

    /// A static body at `position`, without shapes (named so because `static` is a Rust
    /// keyword).
    pub fn static_at(position: [f32; 2]) -> BodyJson {
        BodyJson {
            body_type: BodyType::Static,
            position,
            ..BodyJson::default()
        }
    }

    /// The same body turned to `angle` radians.
    pub fn with_angle(self, angle: f32) -> BodyJson {
        BodyJson { angle, ..self }
    }

    /// The same body with `shape` added after its others.
    pub fn with_shape(mut self, shape: ShapeJson) -> BodyJson {
        self.shapes.push(shape);
        self
    }

    /// The engine's definition of the body, without its shapes.
    pub fn engine_def(&self) -> lockstep2d::BodyDef {
        let vec2 = |[x, y]: [f32; 2]| lockstep2d::Vec2::new(x, y);
        lockstep2d::BodyDef {
            body_type: self.body_type,
            position: vec2(self.position),
            angle: self.angle,
            linear_velocity: vec2(self.linear_velocity),
            angular_velocity: self.angular_velocity,
            linear_damping: self.linear_damping,
            angular_damping: self.angular_damping,
            gravity_scale: self.gravity_scale,
            fixed_rotation: self.fixed_rotation,
            is_bullet: self.bullet,
            user_data: self.user_data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_engines_but_the_type() {
        let engine = lockstep2d::BodyDef::dynamic(lockstep2d::Vec2::ZERO);
        let scene = BodyJson::default().engine_def();
        assert_eq!(format!("{scene:?}"), format!("{engine:?}"));
    }
}
