//! `Physics`: the engine's world, its fixed-step driver, and which entity made what.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use lockstep2d::{BodyId, FixedStepper, JointId, Snapshot, Transform as Pose, World};

/// The physics of the app: lockstep2d's world and driver, and the entities their
/// bodies and joints belong to. Read it for queries (`world().cast_ray(…)`); write it
/// in `PhysicsStep` systems for forces, impulses and anything else of the engine's.
#[derive(Resource, Clone, Debug)]
pub struct Physics {
    world: World,
    stepper: FixedStepper,
    /// Ordered maps: what the plugin does with them (destroying what despawned
    /// entities made) goes in one order on every machine.
    pub(crate) bodies: BTreeMap<Entity, BodyId>,
    pub(crate) entities: BTreeMap<BodyId, Entity>,
    pub(crate) joints: BTreeMap<Entity, JointId>,
    pub(crate) joint_entities: BTreeMap<JointId, Entity>,
    /// Why the last frame stopped early, if a step failed.
    pub(crate) step_error: Option<lockstep2d::Error>,
}

impl Physics {
    pub(crate) fn new(world: World, stepper: FixedStepper) -> Physics {
        Physics {
            world,
            stepper,
            bodies: BTreeMap::new(),
            entities: BTreeMap::new(),
            joints: BTreeMap::new(),
            joint_entities: BTreeMap::new(),
            step_error: None,
        }
    }

    /// The engine's world: poses, velocities, contacts, events of the last step,
    /// queries.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The engine's world, to change. Bodies made here have no entity (their events
    /// name `Entity::PLACEHOLDER`); bodies of entities are best destroyed by despawning.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The fixed-step driver: its rate, smoothing, `alpha`, pause and time scale.
    pub fn stepper(&self) -> &FixedStepper {
        &self.stepper
    }

    /// The fixed-step driver, to pause, single-step, slow down or change rate.
    pub fn stepper_mut(&mut self) -> &mut FixedStepper {
        &mut self.stepper
    }

    /// Both at once, for a frame run by the plugin.
    pub(crate) fn parts(&mut self) -> (&mut World, &mut FixedStepper) {
        (&mut self.world, &mut self.stepper)
    }

    /// The entity whose body `body` is, if it has one.
    pub fn entity(&self, body: BodyId) -> Option<Entity> {
        self.entities.get(&body).copied()
    }

    /// The entity whose `Joint` made `joint`, if one did.
    pub fn joint_entity(&self, joint: JointId) -> Option<Entity> {
        self.joint_entities.get(&joint).copied()
    }

    /// Why the last frame stopped before its last step: a step the engine refused
    /// (`World::step`). `None` when every step ran.
    pub fn step_error(&self) -> Option<&lockstep2d::Error> {
        self.step_error.as_ref()
    }

    /// The pose to draw `body` at this frame: the driver's smoothing between the last
    /// two steps.
    pub fn smoothed_pose(&self, body: BodyId) -> lockstep2d::Result<Pose> {
        self.stepper.smoothed_pose(&self.world, body)
    }

    /// The world's state hash (`World::state_hash`): the checksum a rollback session
    /// compares between peers.
    pub fn state_hash(&self) -> u64 {
        self.world.state_hash()
    }

    /// A snapshot of the world (`World::snapshot`), to store or send.
    pub fn snapshot(&self) -> Snapshot {
        self.world.snapshot()
    }

    /// Puts the world back to `snapshot`. The entities and the driver are not in it:
    /// to roll the whole app back, keep a clone of `Physics` instead.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.world.restore(snapshot);
    }
}
