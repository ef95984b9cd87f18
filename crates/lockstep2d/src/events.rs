//! Contact events: which shapes began or stopped touching, and which hit hard, in a
//! step. They are gathered in the order the contacts are visited, so they come out in
//! the same order on every run.

use crate::id::ShapeId;
use crate::math::Vec2;

/// Two shapes started touching.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactBegin {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
}

/// Two shapes stopped touching (or one of them was destroyed while touching).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactEnd {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
}

/// Two shapes started touching faster than the world's hit-event threshold.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ContactHit {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    /// Where they met (world).
    pub point: Vec2,
    /// From A to B.
    pub normal: Vec2,
    /// How fast they were closing along the normal, m/s.
    pub approach_speed: f32,
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
