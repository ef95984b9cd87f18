//! The game over a long scripted run, and under the rollback check.

use lockstep2d_hiker::{CLIMB, Game, Rules, Script, play_scripted};
use lockstep2d_scenes::{Rollback, sync_test};

/// The most bodies the rules allow alive at once: the chunks from just behind the
/// border to the spawn distance ahead, their items and the ones the hiker drops, the
/// rocks and the stones it throws, the hiker and the monster.
fn body_bound(rules: &Rules) -> usize {
    let span = rules.spawn_ahead + rules.border_behind + rules.chunk_margin;
    let chunks = (span / rules.chunk_width).ceil() as usize + 2;
    let items = chunks * rules.items_per_chunk as usize + rules.inventory_size;
    let rocks = rules.max_rocks + rules.inventory_size;
    chunks + items + rocks + 2
}

/// Ten minutes of the climb, looped: the most bodies alive, how far the hiker got
/// along x, and the final state hash.
fn ten_minutes(seed: u64) -> (usize, f32, u64) {
    let script = Script::parse(CLIMB).unwrap();
    let mut game = Game::new(seed, Rules::default()).unwrap();
    let mut most = 0;
    for frame in 0..36_000 {
        play_scripted(&mut game, &script, frame).unwrap();
        most = most.max(game.world.body_count());
    }
    let x = game.world.position(game.state.hiker).unwrap().x;
    (most, x, game.state_hash())
}

#[test]
fn a_ten_minute_run_keeps_its_bodies_bounded_and_ends_in_the_same_state_twice() {
    let bound = body_bound(&Rules::default());
    let (most, x, hash) = ten_minutes(11);
    assert!(x > 1500.0, "the hiker got only {x} m in ten minutes");
    assert!(
        most <= bound,
        "{most} bodies alive at once, more than {bound}"
    );
    let (_, _, again) = ten_minutes(11);
    assert_eq!(hash, again, "the same run ended in another state");
}

/// Every frame rolled back seven frames and played again matches its first time:
/// chunks, rocks and items made and destroyed, the inventory, health and the border
/// all come back with the world.
#[test]
fn the_game_survives_every_rollback() {
    let script = Script::parse(CLIMB).unwrap();
    let mut game = Game::new(2, Rules::default()).unwrap();
    let report = sync_test(&mut game, 1_200, 7, |frame, game| {
        play_scripted(game, &script, frame)
    })
    .unwrap();
    assert_eq!(report.resimulated, (1_200 - 7) * 7);
    assert!(game.state.hiker_state.picked > 0, "no item was picked up");
    assert!(game.state.rocks_sent > 0, "no rock was sent");
}

/// A change to the game's own state, not the world's, changes the hash: the state is
/// in it.
#[test]
fn the_state_hash_covers_the_game_state() {
    let mut game = Game::new(2, Rules::default()).unwrap();
    game.step(&[]).unwrap();
    let hash = game.state_hash();
    game.state.hiker_state.health -= 1.0;
    assert_ne!(game.state_hash(), hash);
}
