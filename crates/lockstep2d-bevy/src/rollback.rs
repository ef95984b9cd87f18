//! bevy_ggrs rollback: everything the plugin keeps, registered in one call, and the
//! rollback order new bodies are made in.

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ggrs::RollbackOrdered;
use bevy_ggrs::{CloneStrategy, ComponentSnapshotPlugin, CopyStrategy, RollbackApp, RollbackId};
use bevy_transform::prelude::*;

use crate::components::{Collider, Joint, PhysicsBody, PhysicsJoint, RigidBody};
use crate::physics::Physics;
use crate::sync::PhysicsError;

/// Registers with bevy_ggrs what a rollback must put back for the plugin to step the
/// same bits again: `Physics` (cloned, and checksummed by its state hash), the
/// components that declare bodies and joints and the handles of what was made (so a
/// rolled-back spawn or despawn is undone in the world as in the entities), the
/// `Transform` a body not yet made will be placed at, and `Rollback` on every entity
/// with a `RigidBody` or a `Joint`.
pub(crate) fn register(app: &mut App) {
    app.rollback_resource_with_clone::<Physics>()
        .checksum_resource(Physics::state_hash)
        .rollback_component_with_clone::<RigidBody>()
        .rollback_component_with_clone::<Collider>()
        .rollback_component_with_copy::<PhysicsBody>()
        .rollback_component_with_copy::<Joint>()
        .update_component_with_map_entities::<Joint>()
        .rollback_component_with_copy::<PhysicsJoint>()
        .rollback_component_with_clone::<PhysicsError>()
        .require_rollback::<RigidBody>()
        .require_rollback::<Joint>();
    // Games often register `Transform` themselves, and bevy_ggrs takes it once: a game
    // that does registers it before adding the plugin.
    let registered = app.is_plugin_added::<ComponentSnapshotPlugin<CopyStrategy<Transform>>>()
        || app.is_plugin_added::<ComponentSnapshotPlugin<CloneStrategy<Transform>>>();
    if !registered {
        app.rollback_component_with_copy::<Transform>();
    }
}

/// `entity`'s place in bevy_ggrs's rollback order, if it is a rollback entity.
pub(crate) fn rollback_order(world: &World, entity: Entity) -> Option<u64> {
    let id = world.get::<RollbackId>(entity)?;
    let order = world.get_resource::<RollbackOrdered>()?;
    Some(order.order(*id))
}
