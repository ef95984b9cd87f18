//! Keeping the engine's world in step with the entities: bodies and joints made for
//! new `RigidBody` and `Joint` components, destroyed when no entity holds them.
//!
//! The entities' handles (`PhysicsBody`, `PhysicsJoint`) are the record of what belongs
//! to whom, read afresh at every sync: an entity that a rollback brings back under a
//! new id still holds its handle, so the plugin follows it without a map of old ids
//! to new ones.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use bevy_transform::prelude::*;
use lockstep2d::math::atan2;
use lockstep2d::{BodyDef, BodyId, ShapeDef, Vec2};

use crate::components::{Collider, Joint, PhysicsBody, PhysicsJoint, RigidBody};
use crate::creation_order::creation_key;
use crate::physics::Physics;

/// Why the plugin could not make this entity's body or joint: the engine refused its
/// definition, and nothing was made. The plugin does not try again while it is there.
#[derive(Component, Clone, Debug)]
pub struct PhysicsError(pub lockstep2d::Error);

/// Destroys what no entity holds any more, then makes the bodies and joints of new
/// components, in an order that is the same on every run (`creation_key`).
pub(crate) fn sync(world: &mut World) {
    // Made at the first sync, once every plugin has registered its components that
    // disable entities: a query takes the world's default filters when it is made.
    world.init_resource::<SyncQueries>();
    world.resource_scope(|world, mut queries: Mut<SyncQueries>| {
        destroy_orphans(world, &mut queries);
        make_bodies(world, &mut queries.new_bodies);
        make_joints(world, &mut queries.new_joints);
    });
}

/// New bodies: entities with a `RigidBody` the plugin has not made (or failed to make).
type NewBodies = QueryState<
    (
        Entity,
        &'static RigidBody,
        Option<&'static Collider>,
        &'static Transform,
    ),
    (Without<PhysicsBody>, Without<PhysicsError>),
>;

/// New joints: entities with a `Joint` the plugin has not made (or failed to make).
type NewJoints =
    QueryState<(Entity, &'static Joint), (Without<PhysicsJoint>, Without<PhysicsError>)>;

/// The queries of every sync, kept from one to the next: a query made afresh is
/// matched against every archetype again, which costs more than the sync's own work.
#[derive(Resource)]
pub(crate) struct SyncQueries {
    bodies: QueryState<(Entity, &'static PhysicsBody)>,
    joints: QueryState<(Entity, &'static PhysicsJoint)>,
    new_bodies: NewBodies,
    new_joints: NewJoints,
}

impl FromWorld for SyncQueries {
    fn from_world(world: &mut World) -> Self {
        SyncQueries {
            bodies: world.query(),
            joints: world.query(),
            new_bodies: world.query_filtered(),
            new_joints: world.query_filtered(),
        }
    }
}

/// The bodies and joints whose handle no entity holds: their entity was despawned (or
/// disabled, as a rollback despawn does), or the handle removed. Destroyed in id
/// order; the others take their entity from the handle's holder.
fn destroy_orphans(world: &mut World, queries: &mut SyncQueries) {
    let bodies = holders(world, &mut queries.bodies, |PhysicsBody(id)| *id);
    let joints = holders(world, &mut queries.joints, |PhysicsJoint(id)| *id);
    let mut physics = world.resource_mut::<Physics>();
    let old_joints = std::mem::replace(&mut physics.joints, joints);
    let old_bodies = std::mem::replace(&mut physics.bodies, bodies);
    for id in old_joints.into_keys() {
        if !physics.joints.contains_key(&id) {
            // A joint of a destroyed body is gone already: nothing left to destroy.
            let _ = physics.world_mut().destroy_joint(id);
        }
    }
    for id in old_bodies.into_keys() {
        if !physics.bodies.contains_key(&id) {
            // A body removed by the engine (out of the world's bounds) is gone already.
            let _ = physics.world_mut().destroy_body(id);
        }
    }
}

/// Which entity holds each handle of kind `Handle`, among the entities queries see.
fn holders<Handle: Component, Id: Ord>(
    world: &World,
    handles: &mut QueryState<(Entity, &'static Handle)>,
    id: fn(&Handle) -> Id,
) -> BTreeMap<Id, Entity> {
    handles.iter(world).map(|(e, h)| (id(h), e)).collect()
}

fn make_bodies(world: &mut World, new: &mut NewBodies) {
    let mut todo: Vec<(Entity, BodyDef, Vec<ShapeDef>)> = new
        .iter(world)
        .map(|(entity, body, shapes, transform)| {
            let shapes = shapes.map_or_else(Vec::new, |c| c.0.clone());
            (entity, placed(body.0, transform), shapes)
        })
        .collect();
    todo.sort_by_cached_key(|(entity, ..)| creation_key(world, *entity));
    world.resource_scope(|world, mut physics: Mut<Physics>| {
        for (entity, def, shapes) in todo {
            let made = make_body(&mut physics, entity, &def, &shapes);
            let mut entity = world.entity_mut(entity);
            match made {
                Ok(id) => entity.insert(PhysicsBody(id)),
                Err(e) => entity.insert(PhysicsError(e)),
            };
        }
    });
}

/// `def` at the entity's place: x and y of its translation, its turn about z.
fn placed(def: BodyDef, transform: &Transform) -> BodyDef {
    let q = transform.rotation;
    BodyDef {
        position: Vec2::new(transform.translation.x, transform.translation.y),
        // A turn about z is the quaternion (0, 0, sin θ/2, cos θ/2). The engine's own
        // arctangent, so the angle has the same bits on every machine.
        angle: 2.0 * atan2(q.z, q.w),
        ..def
    }
}

/// The body and its shapes, or nothing and the engine's reason.
fn make_body(
    physics: &mut Physics,
    entity: Entity,
    def: &BodyDef,
    shapes: &[ShapeDef],
) -> lockstep2d::Result<BodyId> {
    let world = physics.world_mut();
    let id = world.create_body(def)?;
    for shape in shapes {
        if let Err(e) = world.create_shape(id, shape) {
            world.destroy_body(id)?;
            return Err(e);
        }
    }
    physics.bodies.insert(id, entity);
    Ok(id)
}

fn make_joints(world: &mut World, new: &mut NewJoints) {
    let mut todo: Vec<(Entity, Joint)> = new.iter(world).map(|(e, j)| (e, *j)).collect();
    todo.sort_by_cached_key(|(entity, _)| creation_key(world, *entity));
    world.resource_scope(|world, mut physics: Mut<Physics>| {
        for (entity, joint) in todo {
            let body = |of: Entity| body_of(world, &physics, of);
            // Made once both bodies are: they may be spawned later than the joint.
            let (Some(a), Some(b)) = (body(joint.body_a), body(joint.body_b)) else {
                continue;
            };
            let made = physics.world_mut().create_joint(&joint.def(a, b));
            let mut entity_mut = world.entity_mut(entity);
            match made {
                Ok(id) => {
                    entity_mut.insert(PhysicsJoint(id));
                    physics.joints.insert(id, entity);
                }
                Err(e) => {
                    entity_mut.insert(PhysicsError(e));
                }
            }
        }
    });
}

/// The body that `entity` holds, if the plugin made it and it is still in the world.
fn body_of(world: &World, physics: &Physics, entity: Entity) -> Option<BodyId> {
    let &PhysicsBody(id) = world.get::<PhysicsBody>(entity)?;
    (physics.entity(id) == Some(entity)).then_some(id)
}
