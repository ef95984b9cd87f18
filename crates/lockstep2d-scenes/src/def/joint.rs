//! A scene's joint between two of its bodies.

use lockstep2d::{Motor, Spring};
use serde::{Deserialize, Serialize};

use super::is_zero_u64;

/// The `type` of a joint; revolute is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JointType {
    /// `"revolute"`: a pin at `anchor`, with optional limit, motor and spring on the
    /// angle.
    #[default]
    Revolute,
    /// `"prismatic"`: a slider through `anchor` along `axis`.
    Prismatic,
    /// `"distance"`: a rod, spring or rope from `anchor` to `anchor_b`.
    Distance,
    /// `"weld"`: glued at `anchor`, rigidly or by springs.
    Weld,
    /// `"wheel"`: a wheel at `anchor` on a suspension along `axis`.
    Wheel,
    /// `"motor"`: drives B to `linear_offset` and `angular_offset` from A.
    Motor,
}

/// Box2D-Lite's Baumgarte factor, as `lockstep2d::RevoluteJointDef::at`.
const DEFAULT_JOINT_BIAS_FACTOR: f32 = 0.2;

/// A joint between two bodies, named by their index in `bodies`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JointJson {
    /// Which joint (`"type"` in the file); revolute when absent.
    #[serde(rename = "type", default)]
    pub joint_type: JointType,
    /// The first body, by its index in the scene's `bodies`.
    pub body_a: usize,
    /// The second body, by its index; not `body_a`.
    pub body_b: usize,
    /// World point where the bodies are pinned.
    pub anchor: [f32; 2],
    /// 0 is rigid; larger values make the pin a spring.
    #[serde(default)]
    pub softness: f32,
    /// PGS only: the fraction of the position error corrected per step; 0.2 when absent.
    #[serde(default = "default_joint_bias_factor")]
    pub bias_factor: f32,
    /// Whether the two bodies' shapes still collide with each other; false when absent.
    #[serde(default)]
    pub collide_connected: bool,
    /// Distance: B's anchor (`anchor` is A's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor_b: Option<[f32; 2]>,
    /// Prismatic and wheel: the axis's world direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub axis: Option<[f32; 2]>,
    /// Distance: the rest length (default: the anchors' distance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<f32>,
    /// Revolute, prismatic, wheel, distance: `[lower, upper]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<[f32; 2]>,
    /// Revolute, prismatic, wheel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motor: Option<Motor>,
    /// Revolute, prismatic, wheel, distance; weld: the linear spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spring: Option<Spring>,
    /// Weld: the angular spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angular_spring: Option<Spring>,
    /// Motor joint: where B's centre of mass should be, in A's frame relative to A's
    /// centre of mass (m); [0, 0] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_offset: Option<[f32; 2]>,
    /// Motor joint: B's target angle relative to A (rad); 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angular_offset: Option<f32>,
    /// Motor joint: the most force (N) it may push with; 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_force: Option<f32>,
    /// Motor joint: the most torque (N·m) it may turn with; 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_torque: Option<f32>,
    /// A step whose joint force (N) exceeds this is reported; never when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_threshold: Option<f32>,
    /// Likewise for the joint torque (N·m).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torque_threshold: Option<f32>,
    /// Whether the joint is removed in the step it goes over a threshold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub breaks: bool,
    /// The game's own tag, stored with the joint. 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

impl JointJson {
    /// A rigid revolute joint at the world point `anchor`.
    pub fn revolute(body_a: usize, body_b: usize, anchor: [f32; 2]) -> JointJson {
        JointJson {
            joint_type: JointType::Revolute,
            body_a,
            body_b,
            anchor,
            softness: 0.0,
            bias_factor: DEFAULT_JOINT_BIAS_FACTOR,
            collide_connected: false,
            anchor_b: None,
            axis: None,
            length: None,
            limit: None,
            motor: None,
            spring: None,
            angular_spring: None,
            linear_offset: None,
            angular_offset: None,
            max_force: None,
            max_torque: None,
            force_threshold: None,
            torque_threshold: None,
            breaks: false,
            user_data: 0,
        }
    }

    /// A joint of another type at `anchor`, with no options yet.
    pub fn new(joint_type: JointType, body_a: usize, body_b: usize, anchor: [f32; 2]) -> JointJson {
        JointJson {
            joint_type,
            ..JointJson::revolute(body_a, body_b, anchor)
        }
    }

    /// The first field set that this joint's `type` does not use, if any.
    pub fn unused_field(&self) -> Option<&'static str> {
        let set = [
            ("anchor_b", self.anchor_b.is_some()),
            ("axis", self.axis.is_some()),
            ("length", self.length.is_some()),
            ("limit", self.limit.is_some()),
            ("motor", self.motor.is_some()),
            ("spring", self.spring.is_some()),
            ("angular_spring", self.angular_spring.is_some()),
            ("linear_offset", self.linear_offset.is_some()),
            ("angular_offset", self.angular_offset.is_some()),
            ("max_force", self.max_force.is_some()),
            ("max_torque", self.max_torque.is_some()),
        ];
        let used: &[&str] = match self.joint_type {
            JointType::Revolute => &["limit", "motor", "spring"],
            JointType::Prismatic | JointType::Wheel => &["axis", "limit", "motor", "spring"],
            JointType::Distance => &["anchor_b", "length", "limit", "spring"],
            JointType::Weld => &["spring", "angular_spring"],
            JointType::Motor => &["linear_offset", "angular_offset", "max_force", "max_torque"],
        };
        set.into_iter()
            .find(|(name, is_set)| *is_set && !used.contains(name))
            .map(|(name, _)| name)
    }

    /// A soft joint: see `lockstep2d::RevoluteJointDef` for how the pair maps to a spring.
    pub fn with_spring(self, softness: f32, bias_factor: f32) -> JointJson {
        JointJson {
            softness,
            bias_factor,
            ..self
        }
    }

    /// The same joint, its bodies' shapes colliding with each other or not.
    pub fn with_collide_connected(self, collide_connected: bool) -> JointJson {
        JointJson {
            collide_connected,
            ..self
        }
    }
}

fn default_joint_bias_factor() -> f32 {
    DEFAULT_JOINT_BIAS_FACTOR
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bias_factor_default_is_the_engines() {
        let joint = lockstep2d::RevoluteJointDef::at(lockstep2d::Vec2::ZERO);
        assert_eq!(DEFAULT_JOINT_BIAS_FACTOR, joint.bias_factor);
    }
}
