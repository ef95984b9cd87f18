//! The engine's events of each step as Bevy messages, naming the entities. A body made
//! without an entity (through `Physics::world_mut`) is named `Entity::PLACEHOLDER`.

use bevy_ecs::prelude::*;
use lockstep2d::{ContactBegin, ContactEnd, ContactHit, JointEvent, SensorEvent};

use crate::physics::Physics;

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

/// The last step's events, as messages naming the entities.
pub(crate) fn send_step_messages(world: &mut World, physics: &Physics) {
    let entity = |body| physics.entity(body).unwrap_or(Entity::PLACEHOLDER);
    let events = physics.world().contact_events();
    for &event in &events.begin {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactStarted { entities, event });
    }
    for &event in &events.end {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactStopped { entities, event });
    }
    for &event in &events.hit {
        let entities = [entity(event.body_a), entity(event.body_b)];
        world.write_message(ContactImpact { entities, event });
    }
    let sensors = physics.world().sensor_events();
    for &event in &sensors.begin {
        let (sensor, visitor) = (entity(event.sensor_body), entity(event.visitor_body));
        world.write_message(SensorEntered {
            sensor,
            visitor,
            event,
        });
    }
    for &event in &sensors.end {
        let (sensor, visitor) = (entity(event.sensor_body), entity(event.visitor_body));
        world.write_message(SensorExited {
            sensor,
            visitor,
            event,
        });
    }
    for &event in physics.world().joint_events() {
        let joint = physics
            .joint_entity(event.joint)
            .unwrap_or(Entity::PLACEHOLDER);
        world.write_message(JointOverThreshold { joint, event });
    }
}
