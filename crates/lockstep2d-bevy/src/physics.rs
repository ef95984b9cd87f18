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
    /// The bodies and joints the plugin made, by id, with the entity that holds each
    /// one's handle. Ordered by id: what the plugin does with them (destroying those no
    /// entity holds any more) goes in one order on every machine.
    pub(crate) bodies: BTreeMap<BodyId, Entity>,
    pub(crate) joints: BTreeMap<JointId, Entity>,
    /// Why the last step failed, if it did.
    pub(crate) step_error: Option<lockstep2d::Error>,
    /// Where the drawn frame falls between the last two steps, when a schedule of the
    /// app times the steps; `None` when the plugin's own driver does.
    pub(crate) draw_alpha: Option<f32>,
}

impl Physics {
    pub(crate) fn new(world: World, stepper: FixedStepper) -> Physics {
        Physics {
            world,
            stepper,
            bodies: BTreeMap::new(),
            joints: BTreeMap::new(),
            step_error: None,
            draw_alpha: None,
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

    /// The fixed-step driver: its rate, smoothing and `alpha`.
    pub fn stepper(&self) -> &FixedStepper {
        &self.stepper
    }

    /// The fixed-step driver, to change its smoothing, or, when it times the steps
    /// itself, to pause, single-step, slow down or change rate. When a schedule of the
    /// app times them (`Lockstep2dPlugin::in_schedule`), that schedule's clock is the one
    /// to pause or slow down.
    pub fn stepper_mut(&mut self) -> &mut FixedStepper {
        &mut self.stepper
    }

    /// Both at once, for the plugin's steps.
    pub(crate) fn parts(&mut self) -> (&mut World, &mut FixedStepper) {
        (&mut self.world, &mut self.stepper)
    }

    /// The entity whose body `body` is, if it has one.
    pub fn entity(&self, body: BodyId) -> Option<Entity> {
        self.bodies.get(&body).copied()
    }

    /// The entity whose `Joint` made `joint`, if one did.
    pub fn joint_entity(&self, joint: JointId) -> Option<Entity> {
        self.joints.get(&joint).copied()
    }

    /// Why the last step did not run: a step the engine refused (`World::step`).
    /// `None` when every step ran.
    pub fn step_error(&self) -> Option<&lockstep2d::Error> {
        self.step_error.as_ref()
    }

    /// The pose to draw `body` at this frame: the driver's smoothing between the last
    /// two steps, at the fraction of a step the frame falls after the last one.
    pub fn smoothed_pose(&self, body: BodyId) -> lockstep2d::Result<Pose> {
        match self.draw_alpha {
            Some(alpha) => self.stepper.smoothed_pose_at(&self.world, body, alpha),
            None => self.stepper.smoothed_pose(&self.world, body),
        }
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
