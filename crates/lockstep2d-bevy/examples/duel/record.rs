//! What the session did, kept for comparing peers and for the overlay: every frame's
//! state hash as last played, and how often the world was rolled back.

use std::collections::BTreeMap;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::prelude::*;
use bevy_ggrs::{LoadWorld, RollbackFrameCount};
use lockstep2d_bevy::{Physics, PhysicsSystems};

/// A frame's state hash, as last played, and how many times it was played: more than
/// once when a rollback played it again with other inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// `Physics::state_hash` after the frame's step.
    pub hash: u64,
    /// Times the frame was played.
    pub plays: u32,
}

/// Every frame played so far, by `RollbackFrameCount` after its step (frame `f` is the
/// world after `f` steps). A frame no later than the session's confirmed frame is
/// played for the last time, so two peers can be compared on it.
#[derive(Resource, Clone, Debug, Default)]
pub struct FrameHashes(pub BTreeMap<i32, Played>);

/// Times the session put the world back to an earlier frame.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Rollbacks(pub u32);

/// Keeps `FrameHashes`: each frame's hash taken in `GgrsSchedule` once the step is done.
pub struct RecordHashes;

impl Plugin for RecordHashes {
    fn build(&self, app: &mut App) {
        // GgrsSchedule fails on ambiguous systems: the hash is read after the step.
        app.init_resource::<FrameHashes>()
            .add_systems(GgrsSchedule, record_hash.after(PhysicsSystems::Step));
    }
}

/// Keeps `Rollbacks`: one for every run of bevy_ggrs's `LoadWorld`.
pub struct CountRollbacks;

impl Plugin for CountRollbacks {
    fn build(&self, app: &mut App) {
        app.init_resource::<Rollbacks>().add_systems(
            LoadWorld,
            |mut rollbacks: ResMut<Rollbacks>| {
                rollbacks.0 += 1;
            },
        );
    }
}

fn record_hash(
    frame: Res<RollbackFrameCount>,
    physics: Res<Physics>,
    mut hashes: ResMut<FrameHashes>,
) {
    let hash = physics.state_hash();
    let played = hashes.0.entry(frame.0).or_insert(Played { hash, plays: 0 });
    played.hash = hash;
    played.plays += 1;
}
