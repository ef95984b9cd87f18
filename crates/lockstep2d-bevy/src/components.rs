//! The components that declare bodies, shapes and joints, and the handles the plugin
//! adds once it has made them.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use bevy_transform::prelude::*;
use lockstep2d::{BodyDef, BodyId, JointDef, JointId, JointKind, ShapeDef};

/// A body to make: its definition, whose position and angle are replaced by the
/// entity's `Transform` (x, y and the turn about z) when the body is made.
#[derive(Component, Clone, Debug)]
#[require(Transform)]
pub struct RigidBody(pub BodyDef);

/// The shapes of the entity's body, in its frame.
#[derive(Component, Clone, Debug, Default)]
pub struct Collider(pub Vec<ShapeDef>);

impl Collider {
    /// One shape.
    pub fn new(shape: ShapeDef) -> Collider {
        Collider(vec![shape])
    }

    /// The same shapes and `shape` after them.
    pub fn with(mut self, shape: ShapeDef) -> Collider {
        self.0.push(shape);
        self
    }
}

/// A joint to make between the bodies of two entities, once both are made: a
/// `JointDef` whose bodies are entities. Its anchors and axis are in world coordinates,
/// as the engine's joint definitions take them.
#[derive(Component, Clone, Copy, Debug)]
#[component(map_entities)]
pub struct Joint {
    /// The entity of the first body.
    pub body_a: Entity,
    /// The entity of the second body, the one joint events report the force on.
    pub body_b: Entity,
    /// Which joint, with its anchor, limits, motor and springs.
    pub kind: JointKind,
    /// Whether the two bodies' shapes still collide with each other.
    pub collide_connected: bool,
    /// A step whose joint force (N) exceeds this sends `JointOverThreshold`.
    pub force_threshold: f32,
    /// Likewise for the joint torque (N·m).
    pub torque_threshold: f32,
    /// Whether the joint breaks (is removed) in the step it goes over a threshold.
    pub remove_over_threshold: bool,
    /// The game's own tag, stored with the joint.
    pub user_data: u64,
}

impl Joint {
    /// A joint of `kind` between the bodies of `body_a` and `body_b`, with
    /// `JointDef::new`'s settings: not colliding, never over a threshold.
    pub fn new(body_a: Entity, body_b: Entity, kind: JointKind) -> Joint {
        Joint {
            body_a,
            body_b,
            kind,
            collide_connected: false,
            force_threshold: f32::MAX,
            torque_threshold: f32::MAX,
            remove_over_threshold: false,
            user_data: 0,
        }
    }

    /// The engine's definition, between `body_a` and `body_b`.
    pub(crate) fn def(&self, body_a: BodyId, body_b: BodyId) -> JointDef {
        JointDef {
            body_a,
            body_b,
            collide_connected: self.collide_connected,
            kind: self.kind,
            force_threshold: self.force_threshold,
            torque_threshold: self.torque_threshold,
            remove_over_threshold: self.remove_over_threshold,
            user_data: self.user_data,
        }
    }
}

/// The two entities follow an entity map: a scene loaded, an entity cloned, or one that
/// a rollback brought back under a new id.
impl MapEntities for Joint {
    fn map_entities<E: EntityMapper>(&mut self, mapper: &mut E) {
        self.body_a = mapper.get_mapped(self.body_a);
        self.body_b = mapper.get_mapped(self.body_b);
    }
}

/// The engine's body made for this entity: the id for the calls of `Physics::world_mut`.
/// Added by the plugin; removing it (or despawning the entity) destroys the body.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhysicsBody(pub BodyId);

/// The engine's joint made for this entity's `Joint`. Added by the plugin; removing it
/// (or despawning the entity) destroys the joint.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhysicsJoint(pub JointId);
