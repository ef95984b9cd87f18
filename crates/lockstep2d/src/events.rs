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
    /// The contact's first shape.
    pub shape_a: ShapeId,
    /// The contact's second shape.
    pub shape_b: ShapeId,
    /// The body of `shape_a`.
    pub body_a: BodyId,
    /// The body of `shape_b`.
    pub body_b: BodyId,
}

/// Two shapes stopped touching (or one of them was destroyed while touching).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactEnd {
    /// The contact's first shape.
    pub shape_a: ShapeId,
    /// The contact's second shape.
    pub shape_b: ShapeId,
    /// The body of `shape_a`.
    pub body_a: BodyId,
    /// The body of `shape_b`.
    pub body_b: BodyId,
}

/// Two shapes started touching faster than the world's hit-event threshold.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactHit {
    /// The contact's first shape.
    pub shape_a: ShapeId,
    /// The contact's second shape.
    pub shape_b: ShapeId,
    /// The body of `shape_a`.
    pub body_a: BodyId,
    /// The body of `shape_b`.
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
    /// The sensor shape.
    pub sensor_shape: ShapeId,
    /// The body the sensor belongs to.
    pub sensor_body: BodyId,
    /// The shape that entered or left the sensor.
    pub visitor_shape: ShapeId,
    /// The body the visitor belongs to.
    pub visitor_body: BodyId,
}

/// The sensor events of one step (or, gathered by the stepper, of one frame): sensors in
/// slot order, each sensor's visitors in slot order.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SensorEvents {
    /// Visitors that began overlapping a sensor.
    pub begin: Vec<SensorEvent>,
    /// Visitors that stopped overlapping a sensor.
    pub end: Vec<SensorEvent>,
}

impl SensorEvents {
    /// True when there are no events.
    pub fn is_empty(&self) -> bool {
        self.begin.is_empty() && self.end.is_empty()
    }

    /// Removes every event, keeping the lists' storage.
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
    /// The joint. If `removed`, the handle is already stale.
    pub joint: JointId,
    /// The joint's first body.
    pub body_a: BodyId,
    /// The joint's second body.
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

/// The contact events of one step (or, gathered by the stepper, of one frame), each
/// list in the order the solver keeps its contacts, so the same on every run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactEvents {
    /// Pairs that started touching.
    pub begin: Vec<ContactBegin>,
    /// Pairs that stopped touching.
    pub end: Vec<ContactEnd>,
    /// Pairs that started touching faster than the hit-event threshold.
    pub hit: Vec<ContactHit>,
}

impl ContactEvents {
    /// True when there are no events.
    pub fn is_empty(&self) -> bool {
        self.begin.is_empty() && self.end.is_empty() && self.hit.is_empty()
    }

    /// Removes every event, keeping the lists' storage.
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
