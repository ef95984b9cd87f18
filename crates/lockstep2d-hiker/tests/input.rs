//! Inputs through the game's loop: the frame's buttons, the engine's `InputQueue` and
//! its fixed-step driver. One-shot actions happen in exactly one step, the first after
//! the frame they were pressed in, whether that frame ran no step or several; held ones
//! act in every step.

use std::time::Duration;

use lockstep2d_hiker::{Buttons, Command, Game, GameLoop, ItemKind, Rules};

/// A frame exactly `steps` steps long at 60 Hz.
fn steps(n: u32) -> Duration {
    Duration::from_nanos(u64::from(n) * 1_000_000_000 / 60 + 1)
}

fn press(command: Command) -> Buttons {
    Buttons::default().with(command)
}

/// A game standing on the slope after half a second, its loop's frames settled.
fn settled() -> GameLoop {
    let rules = Rules {
        rock_interval: u64::MAX,
        items_per_chunk: 0,
        ..Rules::default()
    };
    let mut game_loop = GameLoop::new(Game::new(3, rules).unwrap()).unwrap();
    for _ in 0..30 {
        game_loop.frame(steps(1), Buttons::default()).unwrap();
    }
    game_loop
}

#[test]
fn a_jump_pressed_in_a_frame_of_no_steps_happens_in_the_next_step() {
    let mut game_loop = settled();
    let ran = game_loop
        .frame(Duration::from_millis(1), press(Command::Jump))
        .unwrap();
    assert_eq!(ran, 0);
    assert_eq!(game_loop.game.state.hiker_state.jumps, 0);
    // Let go before the next frame: the press still counts, in its first step.
    let hiker = game_loop.game.state.hiker;
    let before = game_loop.game.world.position(hiker).unwrap().y;
    let ran = game_loop.frame(steps(1), Buttons::default()).unwrap();
    assert_eq!(ran, 1);
    assert_eq!(game_loop.game.state.hiker_state.jumps, 1);
    let rise = game_loop.game.world.position(hiker).unwrap().y - before;
    let expected = game_loop.game.rules.jump_speed / 60.0;
    assert!(
        rise > 0.9 * expected,
        "the hiker rose {rise} m in the jump's step"
    );
    game_loop.frame(steps(3), Buttons::default()).unwrap();
    assert_eq!(game_loop.game.state.hiker_state.jumps, 1, "no second jump");
}

/// Dropping and switching change the inventory once per press, so a frame of three
/// steps shows whether a press acted once or three times.
#[test]
fn one_shots_pressed_in_a_frame_of_three_steps_happen_once() {
    let mut game_loop = settled();
    let hiker = &mut game_loop.game.state.hiker_state;
    hiker.inventory = vec![ItemKind::Apple, ItemKind::Boots, ItemKind::Stone];
    let ran = game_loop.frame(steps(3), press(Command::Switch)).unwrap();
    assert_eq!(ran, 3);
    assert_eq!(game_loop.game.state.hiker_state.selected, 1);
    // Still held over the next frame: not a new press.
    game_loop.frame(steps(3), press(Command::Switch)).unwrap();
    assert_eq!(game_loop.game.state.hiker_state.selected, 1);
    let items_before = game_loop.game.state.items.len();
    game_loop.frame(steps(3), press(Command::Drop)).unwrap();
    let hiker = &game_loop.game.state.hiker_state;
    assert_eq!(hiker.inventory, vec![ItemKind::Apple, ItemKind::Stone]);
    assert_eq!(
        game_loop.game.state.items.len(),
        items_before + 1,
        "one item dropped"
    );
    // Jump pressed in a three-step frame: one jump.
    game_loop.frame(steps(3), press(Command::Jump)).unwrap();
    assert_eq!(game_loop.game.state.hiker_state.jumps, 1);
}

/// Running right held through frames of 0, 1 and 3 steps moves the hiker one step's
/// run for every step.
#[test]
fn a_held_run_acts_in_every_step() {
    let mut game_loop = settled();
    let hiker = game_loop.game.state.hiker;
    let run = press(Command::Right);
    let start = game_loop.game.world.position(hiker).unwrap().x;
    let mut ran = 0;
    for frame in [
        steps(3),
        Duration::from_millis(1),
        steps(1),
        steps(3),
        steps(1),
    ] {
        ran += game_loop.frame(frame, run).unwrap();
    }
    assert_eq!(ran, 8);
    let moved = game_loop.game.world.position(hiker).unwrap().x - start;
    let per_step = game_loop.game.rules.run_speed / 60.0;
    assert!(
        (moved - 8.0 * per_step).abs() < 0.5 * per_step,
        "moved {moved} m in 8 steps of {per_step} m"
    );
}

/// The input queue is game state: a run held when the game was saved is held again
/// after a load, whatever was pressed in between.
#[test]
fn what_is_held_is_saved_and_loaded_with_the_game() {
    use lockstep2d_scenes::Rollback;
    let game = &mut settled().game;
    game.press(press(Command::Right));
    let saved = game.save();
    game.press(Buttons::default());
    game.load(&saved);
    let hiker = game.state.hiker;
    let start = game.world.position(hiker).unwrap().x;
    let dt = game.rules.dt();
    game.step_queued(|world| world.step(dt)).unwrap();
    let moved = game.world.position(hiker).unwrap().x - start;
    let per_step = game.rules.run_speed * dt;
    assert!(
        moved > 0.5 * per_step,
        "the loaded game forgot the held run: {moved} m"
    );
}
