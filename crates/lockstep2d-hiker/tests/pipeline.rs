//! Each stage of the pipeline by what it does to the game.

use lockstep2d::{ShapeDef, Vec2};
use lockstep2d_hiker::{Command, Game, ItemKind, Rules, Tag, chunk_span};

/// The shipped rules without the spawner's rocks and items and with the monster held
/// back, so a test meets only what it puts in the world itself.
fn quiet_rules() -> Rules {
    Rules {
        rock_interval: u64::MAX,
        items_per_chunk: 0,
        monster_speed: 0.0,
        ..Rules::default()
    }
}

/// Steps `game` `steps` times with `commands`.
fn run(game: &mut Game, steps: u32, commands: &[Command]) {
    for _ in 0..steps {
        game.step(commands).unwrap();
    }
}

fn hiker_at(game: &Game) -> Vec2 {
    game.world.position(game.state.hiker).unwrap()
}

/// Chunk 6 (96 to 112 m) is made while the hiker is still at least the spawn distance
/// short of it, and destroyed only once the border is past its right end; the chunks
/// alive are always the ones from just behind the border to just past the spawn
/// distance, however far the hiker goes.
#[test]
fn a_chunk_is_made_before_the_hiker_reaches_it_and_destroyed_after_the_border_passes_it() {
    let mut game = Game::new(3, quiet_rules()).unwrap();
    let rules = game.rules.clone();
    let (start, end) = chunk_span(6, &rules);
    let alive = |game: &Game| {
        game.state
            .chunks
            .iter()
            .find(|&&(i, _)| i == 6)
            .map(|c| c.1)
    };
    let (mut made_at, mut gone_at) = (None, None);
    let mut body = None;
    for _ in 0..60 * 60 {
        let before = hiker_at(&game);
        game.step(&[Command::Right]).unwrap();
        match (alive(&game), body) {
            (Some(b), None) => {
                body = Some(b);
                made_at = Some(before.x);
            }
            (None, Some(_)) if gone_at.is_none() => gone_at = Some(game.state.border),
            _ => {}
        }
        for &(index, _) in &game.state.chunks {
            let (_, chunk_end) = chunk_span(index, &rules);
            assert!(chunk_end >= game.state.border - rules.chunk_margin - rules.chunk_width);
        }
    }
    let made_at = made_at.expect("chunk 6 was never made");
    assert!(
        made_at + rules.spawn_ahead - rules.chunk_width <= start,
        "chunk 6 at {start} m was made only when the hiker was at {made_at} m"
    );
    let gone_at = gone_at.expect("chunk 6 was never destroyed");
    assert!(
        gone_at > end + rules.chunk_margin,
        "chunk 6 ends at {end} m but went when the border was at {gone_at} m"
    );
    assert!(
        game.world.body_type(body.unwrap()).is_err(),
        "its body is gone"
    );
}

/// Neighbouring chunks meet: a disc rolls down a straight slope across two seams
/// without a bump lifting it off the ground by more than a few millimetres.
#[test]
fn a_rock_rolls_down_across_chunk_seams_without_a_bump() {
    let rules = Rules {
        hill_height: 0.0,
        bump_height: 0.0,
        ..quiet_rules()
    };
    let mut game = Game::new(5, rules).unwrap();
    run(&mut game, 1, &[]);
    let x = 40.0;
    let ground = |game: &Game, x: f32| game.mountain.height(x);
    let rock = game
        .add_rock(
            Vec2::new(x, ground(&game, x) + 0.5),
            Vec2::ZERO,
            ShapeDef::circle(0.5),
        )
        .unwrap();
    let mut highest = 0.0f32;
    let cos = 1.0 / (1.0 + game.rules.slope * game.rules.slope).sqrt();
    // Past its first half second: by then it has landed.
    for step in 0..360 {
        game.step(&[]).unwrap();
        let at = game.world.position(rock).unwrap();
        if step > 30 {
            // Its distance from the slope, square to it, less its radius.
            let gap = (at.y - ground(&game, at.x)) * cos - 0.5;
            highest = highest.max(gap);
        }
    }
    let at = game.world.position(rock).unwrap();
    assert!(
        at.x < 15.0,
        "the rock rolled from 40 m (over seams at 32 and 16 m) to {} m",
        at.x
    );
    assert!(highest < 0.005, "the rock left the slope by {highest} m");
}

/// An item in reach is picked up by one press: it leaves the world and is carried.
/// Pressing again, or pressing with nothing in reach, picks up nothing more.
#[test]
fn an_item_is_picked_up_exactly_once() {
    let mut game = Game::new(3, quiet_rules()).unwrap();
    run(&mut game, 30, &[]);
    let item = game
        .add_item(ItemKind::Apple, hiker_at(&game) + Vec2::new(0.4, 0.0))
        .unwrap();
    let far = game
        .add_item(ItemKind::Stone, hiker_at(&game) + Vec2::new(6.0, 0.0))
        .unwrap();
    run(&mut game, 30, &[]);
    game.step(&[Command::PickUp]).unwrap();
    let hiker = &game.state.hiker_state;
    assert_eq!(hiker.inventory, vec![ItemKind::Apple]);
    assert_eq!(hiker.picked, 1);
    assert!(
        game.world.body_type(item).is_err(),
        "the item's body is gone"
    );
    for _ in 0..5 {
        game.step(&[Command::PickUp]).unwrap();
    }
    assert_eq!(
        game.state.hiker_state.picked, 1,
        "one item in reach, one pick-up"
    );
    assert!(
        game.world.body_type(far).is_ok(),
        "the far item is left alone"
    );
}

/// The hiker standing on the slope; a disc of rock at `offset` from it moving at
/// `velocity`. Returns the health lost and the fastest hit the world reported between
/// the two.
fn rock_at_hiker(offset: Vec2, velocity: Vec2, crouch: bool) -> (f32, f32) {
    let mut game = Game::new(3, quiet_rules()).unwrap();
    run(&mut game, 30, &[]);
    let at = hiker_at(&game) + offset;
    let rock = game.add_rock(at, velocity, ShapeDef::circle(0.3)).unwrap();
    let commands: &[Command] = if crouch { &[Command::Crouch] } else { &[] };
    let mut fastest = 0.0f32;
    for _ in 0..60 {
        game.step(commands).unwrap();
        for hit in &game.world.contact_events().hit {
            if [hit.body_a, hit.body_b].contains(&rock) {
                fastest = fastest.max(hit.approach_speed);
            }
        }
    }
    (
        game.rules.max_health - game.state.hiker_state.health,
        fastest,
    )
}

#[test]
fn a_rock_hit_above_the_speed_threshold_costs_health_and_a_slow_touch_does_not() {
    let rules = Rules::default();
    // Thrown at the hiker's chest from the left at 10 m/s.
    let (lost, speed) = rock_at_hiker(Vec2::new(-1.5, 0.3), Vec2::new(10.0, 0.0), false);
    assert!(speed > rules.hurt_speed, "the hit was only {speed} m/s");
    let expected = (speed - rules.hurt_speed) * rules.damage_per_speed;
    assert!(
        (lost - expected).abs() < 0.01 * expected,
        "lost {lost} health, expected {expected} for a {speed} m/s hit"
    );
    // The same throw at a crouching hiker costs half.
    let (crouched, speed) = rock_at_hiker(Vec2::new(-1.5, 0.3), Vec2::new(10.0, 0.0), true);
    let expected = 0.5 * (speed - rules.hurt_speed) * rules.damage_per_speed;
    assert!(
        (crouched - expected).abs() < 0.01 * expected,
        "crouching lost {crouched}"
    );
    // Rolled against the hiker at 1.5 m/s: a touch the world reports, which costs
    // nothing.
    let (lost, speed) = rock_at_hiker(Vec2::new(-1.0, 0.0), Vec2::new(1.5, 0.0), false);
    assert!(
        speed > 0.0 && speed < rules.hurt_speed,
        "the touch came at {speed} m/s"
    );
    assert_eq!(lost, 0.0, "a slow touch cost {lost} health");
}

/// Standing still, the monster comes on at its speed and drains health while it
/// touches the hiker; run from it, it falls behind.
#[test]
fn the_monster_comes_on_at_its_speed_and_drains_health_while_it_touches() {
    let mut game = Game::new(3, Rules::default()).unwrap();
    let rules = game.rules.clone();
    run(&mut game, 60, &[]);
    let x0 = game.world.position(game.state.monster).unwrap().x;
    run(&mut game, 60, &[]);
    let x1 = game.world.position(game.state.monster).unwrap().x;
    assert!(
        ((x1 - x0) - rules.monster_speed).abs() < 0.01,
        "the monster moved {} m in a second",
        x1 - x0
    );
    run(&mut game, 60 * 10, &[]);
    let hiker = &game.state.hiker_state;
    assert!(
        hiker.health < rules.max_health || hiker.falls > 0,
        "ten seconds beside the monster cost nothing"
    );
}

/// The border only moves forward, following the hiker; whatever falls behind it is
/// removed by the world's bounds and forgotten.
#[test]
fn the_border_follows_the_hiker_and_takes_what_falls_behind_it() {
    let mut game = Game::new(3, quiet_rules()).unwrap();
    run(&mut game, 120, &[Command::Right]);
    // The positioner runs before the step moves the hiker: the border is one step's
    // run behind.
    let border = game.state.border;
    let trail = hiker_at(&game).x - game.rules.border_behind - border;
    let one_step = game.rules.run_speed * game.rules.dt();
    assert!(
        (0.0..=one_step * 1.01).contains(&trail),
        "the border trails the hiker by {trail} m more than it should"
    );
    // It catches up with the last step right, then stays put.
    run(&mut game, 1, &[Command::Left]);
    let border = game.state.border;
    run(&mut game, 60, &[Command::Left]);
    assert_eq!(game.state.border, border, "the border moved back");
    assert!(hiker_at(&game).x >= border, "the hiker passed the border");
    let behind = Vec2::new(border + 0.5, game.mountain.height(border + 0.5) + 3.0);
    let rock = game
        .add_rock(behind, Vec2::new(-8.0, 0.0), ShapeDef::circle(0.3))
        .unwrap();
    run(&mut game, 60, &[]);
    assert!(
        game.world.body_type(rock).is_err(),
        "the rock behind the border lives"
    );
    assert!(
        !game.state.rocks.contains(&rock),
        "the game still counts it"
    );
    assert_eq!(Tag::of(&game.world, game.state.hiker), Some(Tag::Hiker));
}

/// Rules the game cannot run by are refused by name.
#[test]
fn rules_it_cannot_play_by_are_refused_by_name() {
    let bad = [
        (
            "hz",
            Rules {
                hz: 0,
                ..Rules::default()
            },
        ),
        (
            "chunk_width",
            Rules {
                chunk_width: 0.0,
                ..Rules::default()
            },
        ),
        (
            "point_spacing",
            Rules {
                point_spacing: 20.0,
                ..Rules::default()
            },
        ),
        (
            "view_width",
            Rules {
                view_width: f32::NAN,
                ..Rules::default()
            },
        ),
        (
            "run_speed",
            Rules {
                run_speed: 1e9,
                ..Rules::default()
            },
        ),
        (
            "slope",
            Rules {
                slope: -1.0,
                ..Rules::default()
            },
        ),
        (
            "inventory_size",
            Rules {
                inventory_size: 0,
                ..Rules::default()
            },
        ),
    ];
    for (field, rules) in bad {
        let error = Game::new(1, rules).err().expect("bad rules were taken");
        assert_eq!(error.field(), Some(field), "{error}");
    }
}

/// A rock or an item the world refuses is an error that changes nothing.
#[test]
fn a_refused_rock_or_item_changes_nothing() {
    use lockstep2d_scenes::Rollback;
    let mut game = Game::new(3, quiet_rules()).unwrap();
    run(&mut game, 10, &[]);
    let hash = game.state_hash();
    let at = hiker_at(&game) + Vec2::new(3.0, 2.0);
    let bad_shape = ShapeDef::circle(f32::NAN);
    assert!(game.add_rock(at, Vec2::ZERO, bad_shape).is_err());
    let nowhere = Vec2::new(f32::INFINITY, 0.0);
    assert!(
        game.add_rock(nowhere, Vec2::ZERO, ShapeDef::circle(0.3))
            .is_err()
    );
    assert!(game.add_item(ItemKind::Apple, nowhere).is_err());
    assert_eq!(game.state_hash(), hash);
}

/// How high the hiker rises above where it jumped from, stepping until it lands.
fn jump_height(game: &mut Game) -> f32 {
    let start = hiker_at(game).y;
    game.step(&[Command::Jump]).unwrap();
    let mut highest = 0.0f32;
    for _ in 0..240 {
        game.step(&[]).unwrap();
        highest = highest.max(hiker_at(game).y - start);
        if game.world.character(game.state.hiker).unwrap().grounded() {
            break;
        }
    }
    highest
}

/// The accelerator: a jump rises to v²/2g, boots (used from the inventory) to their
/// own speed's height for the jumps they give, then plain jumps again.
#[test]
fn jumps_rise_to_the_ballistic_height_and_boots_raise_them() {
    let mut game = Game::new(3, quiet_rules()).unwrap();
    run(&mut game, 30, &[]);
    let rules = game.rules.clone();
    let ballistic = |v: f32| v * v / (2.0 * 10.0);
    let plain = jump_height(&mut game);
    let expected = ballistic(rules.jump_speed);
    assert!(
        (plain - expected).abs() < 0.03 * expected,
        "jumped {plain} m, not {expected}"
    );
    game.state.hiker_state.inventory = vec![ItemKind::Boots];
    game.step(&[Command::Use]).unwrap();
    run(&mut game, 5, &[]);
    let expected = ballistic(rules.boots_jump_speed);
    for _ in 0..rules.boots_jumps {
        let high = jump_height(&mut game);
        assert!(
            (high - expected).abs() < 0.03 * expected,
            "in boots {high} m, not {expected}"
        );
    }
    let after = jump_height(&mut game);
    assert!(
        (after - plain).abs() < 0.03 * plain,
        "the boots wore off: {after} m"
    );
    assert_eq!(game.state.hiker_state.jumps, 2 + rules.boots_jumps);
}
