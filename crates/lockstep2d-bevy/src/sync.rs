//! Keeping the engine's world in step with the entities: bodies and joints made for
//! new `RigidBody` and `Joint` components, destroyed when their entities go.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use bevy_transform::prelude::*;
use lockstep2d::math::atan2;
use lockstep2d::{BodyDef, BodyId, ShapeDef, Vec2};

use crate::components::{Collider, Joint, PhysicsBody, PhysicsJoint, RigidBody};
use crate::physics::Physics;

/// Why the plugin could not make this entity's body or joint: the engine refused its
/// definition, and nothing was made. The plugin does not try again while it is there.
#[derive(Component, Clone, Debug)]
pub struct PhysicsError(pub lockstep2d::Error);

/// Destroys what despawned entities made, then makes the bodies and joints of new
/// components in the order of their entities' indices: the order they were spawned in
/// (a despawned entity's index is reused, in the same way on every run), so every run
/// makes them in the same order.
pub(crate) fn sync(world: &mut World) {
    destroy_orphans(world);
    make_bodies(world);
    make_joints(world);
}

/// Bodies and joints whose entity is gone, or no longer holds their handle.
fn destroy_orphans(world: &mut World) {
    world.resource_scope(|world, mut physics: Mut<Physics>| {
        for (entity, id) in orphans(world, &physics.joints, PhysicsJoint) {
            physics.joints.remove(&entity);
            physics.joint_entities.remove(&id);
            // A joint of a destroyed body is gone already: nothing left to destroy.
            let _ = physics.world_mut().destroy_joint(id);
        }
        for (entity, id) in orphans(world, &physics.bodies, PhysicsBody) {
            physics.bodies.remove(&entity);
            physics.entities.remove(&id);
            // A body removed by the engine (out of the world's bounds) is gone already.
            let _ = physics.world_mut().destroy_body(id);
        }
    });
}

/// The entries of `made` whose entity no longer holds the handle `handle(id)`.
fn orphans<Id: Copy, Handle: Component + PartialEq>(
    world: &World,
    made: &BTreeMap<Entity, Id>,
    handle: fn(Id) -> Handle,
) -> Vec<(Entity, Id)> {
    made.iter()
        .filter(|&(&entity, &id)| world.get::<Handle>(entity) != Some(&handle(id)))
        .map(|(&entity, &id)| (entity, id))
        .collect()
}

fn make_bodies(world: &mut World) {
    let mut new = world.query_filtered::<
        (Entity, &RigidBody, Option<&Collider>, &Transform),
        (Without<PhysicsBody>, Without<PhysicsError>),
    >();
    let mut todo: Vec<(Entity, BodyDef, Vec<ShapeDef>)> = new
        .iter(world)
        .map(|(entity, body, shapes, transform)| {
            let shapes = shapes.map_or_else(Vec::new, |c| c.0.clone());
            (entity, placed(body.0, transform), shapes)
        })
        .collect();
    todo.sort_by_key(|(entity, ..)| entity.index_u32());
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
    physics.bodies.insert(entity, id);
    physics.entities.insert(id, entity);
    Ok(id)
}

fn make_joints(world: &mut World) {
    let mut new =
        world.query_filtered::<(Entity, &Joint), (Without<PhysicsJoint>, Without<PhysicsError>)>();
    let mut todo: Vec<(Entity, Joint)> = new.iter(world).map(|(e, j)| (e, *j)).collect();
    todo.sort_by_key(|(entity, _)| entity.index_u32());
    world.resource_scope(|world, mut physics: Mut<Physics>| {
        for (entity, joint) in todo {
            let bodies = (
                physics.bodies.get(&joint.body_a).copied(),
                physics.bodies.get(&joint.body_b).copied(),
            );
            // Made once both bodies are: they may be spawned later than the joint.
            let (Some(a), Some(b)) = bodies else { continue };
            let made = physics.world_mut().create_joint(&joint.def(a, b));
            let mut entity_mut = world.entity_mut(entity);
            match made {
                Ok(id) => {
                    entity_mut.insert(PhysicsJoint(id));
                    physics.joints.insert(entity, id);
                    physics.joint_entities.insert(id, entity);
                }
                Err(e) => {
                    entity_mut.insert(PhysicsError(e));
                }
            }
        }
    });
}
