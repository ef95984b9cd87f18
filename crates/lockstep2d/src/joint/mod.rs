//! Joints: constraints between two bodies, one file per kind, dispatched by `match`.

mod revolute;
mod revolute_soft;

pub use revolute::RevoluteJointDef;
pub(crate) use revolute::{RevoluteConstraint, RevoluteJoint};
pub(crate) use revolute_soft::SoftRevolute;

use crate::id::BodyId;
use crate::math::Vec2;

/// The kind-specific part of a joint definition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointKind {
    /// A pin at one point, optionally soft (Box2D-Lite's joint).
    Revolute(RevoluteJointDef),
}

/// Everything needed to create a joint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointDef {
    pub body_a: BodyId,
    pub body_b: BodyId,
    /// Whether shapes of the two bodies still collide with each other. Off by default:
    /// jointed parts usually overlap at the joint.
    pub collide_connected: bool,
    pub kind: JointKind,
}

impl JointDef {
    /// A revolute joint pinning `body_a` and `body_b` together at the world point `anchor`.
    pub fn revolute(body_a: BodyId, body_b: BodyId, anchor: Vec2) -> JointDef {
        JointDef {
            body_a,
            body_b,
            collide_connected: false,
            kind: JointKind::Revolute(RevoluteJointDef::at(anchor)),
        }
    }

    pub fn with_collide_connected(self, collide_connected: bool) -> JointDef {
        JointDef {
            collide_connected,
            ..self
        }
    }
}

/// A joint as the world stores it.
#[derive(Clone, Debug)]
pub(crate) struct Joint {
    pub body_a: u32,
    pub body_b: u32,
    pub collide_connected: bool,
    pub kind: JointState,
}

/// The kind-specific stored state, including accumulated impulses for warm starting.
#[derive(Clone, Debug)]
pub(crate) enum JointState {
    Revolute(RevoluteJoint),
}

impl JointState {
    /// The accumulated impulse of the last step (N·s) as a linear impulse on body B.
    pub fn linear_impulse(&self) -> Vec2 {
        match self {
            JointState::Revolute(j) => j.impulse,
        }
    }
}

/// A joint prepared for one step's solve.
#[derive(Clone, Debug)]
pub(crate) enum JointConstraint {
    Revolute(RevoluteConstraint),
}
