//! The duel, headless: two scripted players under a SyncTest session that rolls every
//! frame back 7 frames and plays it again, printing what happened and the final hash.
//!
//! ```text
//! cargo run --release -p lockstep2d-bevy --features ggrs --example duel
//! ```

mod game;

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::ggrs::{PlayerType, SessionBuilder};
use bevy_ggrs::prelude::*;
use bevy_ggrs::{LocalInputs, LocalPlayers, RollbackFrameCount};
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use lockstep2d_bevy::Physics;

use game::{DuelConfig, DuelPlugin, Tally};

fn scripted_inputs(
    mut commands: Commands,
    players: Res<LocalPlayers>,
    frame: Res<RollbackFrameCount>,
) {
    let buttons = players
        .0
        .iter()
        .map(|&handle| (handle, game::scripted_buttons(frame.0 as u32, handle)))
        .collect();
    commands.insert_resource(LocalInputs::<DuelConfig>(buttons));
}

fn main() {
    let session = SessionBuilder::<DuelConfig>::new()
        .with_num_players(game::PLAYERS)
        .and_then(|b| b.with_check_distance(7).add_player(PlayerType::Local, 0))
        .and_then(|b| b.add_player(PlayerType::Local, 1))
        .and_then(|b| b.start_synctest_session())
        .expect("a valid session");
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )))
        .add_plugins((GgrsPlugin::<DuelConfig>::default(), DuelPlugin))
        .add_systems(ReadInputs, scripted_inputs)
        .insert_resource(Session::SyncTest(session));
    for _ in 0..600 {
        app.update();
    }
    let tally = *app.world().resource::<Tally>();
    let hash = app.world().resource::<Physics>().state_hash();
    println!("{tally:?}, state hash {hash:016x}");
}
