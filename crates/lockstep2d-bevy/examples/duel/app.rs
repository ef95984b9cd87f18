//! The duel as a Bevy app, headless (no renderer): the game, bevy_ggrs and a session,
//! with the clock and the inputs of the mode it is played in.

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::system::ScheduleSystem;
use bevy_ggrs::ggrs::{PlayerType, SessionBuilder, SyncTestSession};
use bevy_ggrs::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};

use crate::game::{self, DuelConfig, DuelPlugin};
use crate::record::CountRollbacks;

/// Frames per second of the session: the plugin's default step, one step a frame.
pub const FPS: usize = 60;

/// Where the frames' time comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Bevy's real clock: a window's frames, or a peer paced by its own loop.
    Real,
    /// One frame's time per `App::update`, whatever the real time: runs as fast as the
    /// machine plays them, and the same on every run.
    PerUpdate,
}

/// The duel under `session`, timed by `clock`, its local players' buttons given by
/// `read_inputs` (a `ReadInputs` system).
pub fn duel_app<M>(
    session: Session<DuelConfig>,
    clock: Clock,
    read_inputs: impl IntoScheduleConfigs<ScheduleSystem, M>,
) -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin));
    if clock == Clock::PerUpdate {
        let frame = Duration::from_secs_f64(1.0 / FPS as f64);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    }
    app.add_plugins((
        GgrsPlugin::<DuelConfig>::default(),
        DuelPlugin,
        CountRollbacks,
    ))
    .insert_resource(RollbackFrameRate(FPS))
    .add_systems(ReadInputs, read_inputs)
    .insert_resource(session);
    app
}

/// Both players on this machine, every frame rolled back `check_distance` frames and
/// played again, the two plays' checksums compared.
pub fn synctest_session(check_distance: usize) -> Result<SyncTestSession<DuelConfig>, String> {
    SessionBuilder::<DuelConfig>::new()
        .with_num_players(game::PLAYERS)
        .and_then(|b| {
            b.with_check_distance(check_distance)
                .add_player(PlayerType::Local, 0)
        })
        .and_then(|b| b.add_player(PlayerType::Local, 1))
        .and_then(|b| b.start_synctest_session())
        .map_err(|e| format!("the SyncTest session: {e}"))
}
