//! The netplay game under GGRS's own sync test: every frame rolled back and played again
//! through the snapshot ring, both players on scripted pads, each frame's checksum (the
//! state hash) compared with the first time's. A state the ring misses fails it.

use ggrs::{GgrsError, PlayerType, SessionBuilder};
use lockstep2d_netplay::{MAX_PREDICTION, NetConfig, NetGame, PLAYERS};
use lockstep2d_scenes::{Pad, Script, named};

/// Plays `frames` frames of `scene` in a sync test session rolling back `distance`.
fn sync_test(scene: &str, frames: u64, distance: usize) -> Result<NetGame, GgrsError> {
    let scene = named(scene).unwrap().build().unwrap();
    let script = Script::for_players(&scene.world, PLAYERS);
    assert_eq!(script.players().len(), PLAYERS);
    let dt = scene.dt();
    let mut game = NetGame::new(scene.world, script, dt, MAX_PREDICTION);
    let mut builder = SessionBuilder::<NetConfig>::new()
        .with_num_players(PLAYERS)?
        .with_check_distance(distance);
    for player in 0..PLAYERS {
        builder = builder.add_player(PlayerType::Local, player)?;
    }
    let mut session = builder.start_synctest_session()?;
    for frame in 0..frames {
        for player in 0..PLAYERS {
            session.add_local_input(player, Pad::scripted(player, frame))?;
        }
        let requests = session.advance_frame()?;
        game.handle(requests)
            .expect("the ring holds every frame asked for");
    }
    Ok(game)
}

#[test]
fn the_pyramid_played_again_after_every_rollback_matches_bit_for_bit() {
    let game = sync_test("pyramid", 300, MAX_PREDICTION - 1).expect("no mismatch");
    assert_eq!(game.frame(), 300);
}

#[test]
fn characters_on_moving_platforms_match_after_every_rollback() {
    let game = sync_test("character", 300, MAX_PREDICTION - 1).expect("no mismatch");
    // Player 0 is the scene's character, player 1 a dynamic body.
    let players = game.script().players();
    assert!(game.world().character(players[0]).is_ok());
    assert!(game.world().character(players[1]).is_err());
}
