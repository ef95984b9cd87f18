//! The order the plugin makes new bodies and joints in. Body and joint ids, and with
//! them the solver's order and the state hash, follow it, so it must be the same on
//! every run of the same game: on every peer of a rollback session, and in every
//! resimulation of a frame, whatever ids the entities get there.

use bevy_ecs::prelude::*;

/// Where `entity`'s new body or joint comes: first the entities of a rollback session
/// in bevy_ggrs's own rollback order (the order they were first spawned in, kept with
/// the session's state), then the others by entity index, the order they were spawned
/// in an app without rollback, where every run reuses despawned indices alike.
pub(crate) fn creation_key(world: &World, entity: Entity) -> (u64, u32) {
    #[cfg(feature = "ggrs")]
    if let Some(order) = crate::rollback::rollback_order(world, entity) {
        return (order, 0);
    }
    #[cfg(not(feature = "ggrs"))]
    let _ = world;
    (u64::MAX, entity.index_u32())
}
