//! The events of a step: which shapes began or stopped touching and which hit hard
//! (contact events), which shapes began or stopped overlapping a sensor (sensor events),
//! and which joints broke (joint events). Each list is gathered in a fixed order
//! (contacts in solver order, sensors and joints in slot order), so they come out the
//! same on every run. Every event names both shapes and both bodies.

use crate::id::{BodyId, JointId, ShapeId};
use crate::math::Vec2;

/// Two shapes started touching.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactBegin {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
}

/// Two shapes stopped touching (or one of them was destroyed while touching).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactEnd {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
}

/// Two shapes started touching faster than the world's hit-event threshold.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactHit {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
    /// Where they met (world).
    pub point: Vec2,
    /// From A to B.
    pub normal: Vec2,
    /// How fast they were closing along the normal, m/s.
    pub approach_speed: f32,
}

/// A shape (the visitor) began or stopped overlapping a sensor. A visitor destroyed
/// while inside ends its overlap at the next step, under the ids it had.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SensorEvent {
    pub sensor_shape: ShapeId,
    pub sensor_body: BodyId,
    pub visitor_shape: ShapeId,
    pub visitor_body: BodyId,
}

/// The sensor events of one step (or, gathered by the stepper, of one frame): sensors in
/// slot order, each sensor's visitors in slot order.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SensorEvents {
    pub begin: Vec<SensorEvent>,
    pub end: Vec<SensorEvent>,
}

impl SensorEvents {
    pub fn is_empty(&self) -> bool {
        self.begin.is_empty() && self.end.is_empty()
    }

    pub fn clear(&mut self) {
        self.begin.clear();
        self.end.clear();
    }

    /// Appends `other`'s events after this one's.
    pub fn extend_from(&mut self, other: &SensorEvents) {
        self.begin.extend_from_slice(&other.begin);
        self.end.extend_from_slice(&other.end);
    }
}

/// A joint whose force or torque went over its threshold for a step (see
/// `JointDef::force_threshold`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JointEvent {
    pub joint: JointId,
    pub body_a: BodyId,
    pub body_b: BodyId,
    /// The force (N) on body B over the step.
    pub force: crate::math::Vec2,
    /// The torque (N·m) on body B over the step, besides its force's.
    pub torque: f32,
    /// Whether the joint was removed (its definition asked for it).
    pub removed: bool,
    /// The joint's user data.
    pub user_data: u64,
}

/// The contact events of one step (or, gathered by the stepper, of one frame).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactEvents {
    pub begin: Vec<ContactBegin>,
    pub end: Vec<ContactEnd>,
    pub hit: Vec<ContactHit>,
}

impl ContactEvents {
    pub fn is_empty(&self) -> bool {
        self.begin.is_empty() && self.end.is_empty() && self.hit.is_empty()
    }

    pub fn clear(&mut self) {
        self.begin.clear();
        self.end.clear();
        self.hit.clear();
    }

    /// Appends `other`'s events after this one's.
    pub fn extend_from(&mut self, other: &ContactEvents) {
        self.begin.extend_from_slice(&other.begin);
        self.end.extend_from_slice(&other.end);
        self.hit.extend_from_slice(&other.hit);
    }

    /// Moves `other`'s events to the end of this one's, leaving `other` empty.
    pub(crate) fn append(&mut self, other: &mut ContactEvents) {
        self.begin.append(&mut other.begin);
        self.end.append(&mut other.end);
        self.hit.append(&mut other.hit);
    }
}
