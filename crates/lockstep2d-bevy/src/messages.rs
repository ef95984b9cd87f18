//! The engine's events of each step as Bevy messages, naming the entities. A body made
//! without an entity (through `Physics::world_mut`) is named `Entity::PLACEHOLDER`.

use bevy_ecs::prelude::*;
use lockstep2d::{ContactBegin, ContactEnd, ContactHit, JointEvent, SensorEvent};

/// Two bodies' shapes began touching in a step.
#[derive(Message, Clone, Copy, Debug)]
pub struct ContactStarted {
    /// The entities of `event.body_a` and `event.body_b`.
    pub entities: [Entity; 2],
    /// The engine's event.
    pub event: ContactBegin,
}

/// Two bodies' shapes stopped touching in a step (or one of them was destroyed).
#[derive(Message, Clone, Copy, Debug)]
pub struct ContactStopped {
    /// The entities of `event.body_a` and `event.body_b`.
    pub entities: [Entity; 2],
    /// The engine's event.
    pub event: ContactEnd,
}

/// Two bodies' shapes began touching faster than the world's hit threshold.
#[derive(Message, Clone, Copy, Debug)]
pub struct ContactImpact {
    /// The entities of `event.body_a` and `event.body_b`.
    pub entities: [Entity; 2],
    /// The engine's event: where, along which normal, how fast.
    pub event: ContactHit,
}

/// A shape began overlapping a sensor in a step.
#[derive(Message, Clone, Copy, Debug)]
pub struct SensorEntered {
    /// The sensor's entity.
    pub sensor: Entity,
    /// The entity of the body that entered it.
    pub visitor: Entity,
    /// The engine's event.
    pub event: SensorEvent,
}

/// A shape stopped overlapping a sensor in a step.
#[derive(Message, Clone, Copy, Debug)]
pub struct SensorExited {
    /// The sensor's entity.
    pub sensor: Entity,
    /// The entity of the body that left it.
    pub visitor: Entity,
    /// The engine's event.
    pub event: SensorEvent,
}

/// A joint's force or torque went over its threshold in a step (and it broke, if it
/// was set to).
#[derive(Message, Clone, Copy, Debug)]
pub struct JointOverThreshold {
    /// The joint's entity.
    pub joint: Entity,
    /// The engine's event.
    pub event: JointEvent,
}
