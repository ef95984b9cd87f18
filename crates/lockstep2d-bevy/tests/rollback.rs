//! The plugin under bevy_ggrs's own SyncTest session: every frame is rolled back and
//! played again, 2 or 7 frames deep, and the checksums of the two plays compared. The
//! game is the duel example: two scripted players pushing boxes and dropping
//! dumbbells (bodies and joints spawned in play), a furnace (a sensor) that despawns
//! the discs that fall in, dumbbells that expire (despawns a rollback can undo), and a
//! jointed pendulum.

#[path = "../examples/duel/game.rs"]
#[allow(dead_code)]
mod game;

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::ggrs::{PlayerType, SessionBuilder};
use bevy_ggrs::prelude::*;
use bevy_ggrs::{LocalInputs, LocalPlayers, RollbackFrameCount};
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use lockstep2d::{BodyId, JointDef, JointId, Vec2, World, WorldDef};
use lockstep2d_bevy::{Physics, PhysicsBody, PhysicsStep};

use game::{DuelConfig, DuelPlugin, Player, Role, Tally};

/// Frames played in each session.
const FRAMES: u32 = 660;

/// How a session ended.
#[derive(Debug)]
struct Outcome {
    steps: u64,
    hash: u64,
    tally: Tally,
    mismatches: u32,
}

#[derive(Resource, Default)]
struct Mismatches(u32);

/// A headless duel under a SyncTest session of both players, rolling back
/// `check_distance` frames every frame (none at 0), each update one frame.
fn duel(check_distance: usize) -> App {
    let session = SessionBuilder::<DuelConfig>::new()
        .with_num_players(game::PLAYERS)
        .unwrap()
        .with_check_distance(check_distance)
        .add_player(PlayerType::Local, 0)
        .unwrap()
        .add_player(PlayerType::Local, 1)
        .unwrap()
        .start_synctest_session()
        .unwrap();
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )))
        .add_plugins((GgrsPlugin::<DuelConfig>::default(), DuelPlugin))
        .add_systems(ReadInputs, scripted_inputs)
        .insert_resource(Session::SyncTest(session))
        .init_resource::<Mismatches>();
    app.world_mut().add_observer(
        |_: On<SyncTestMismatch>, mut mismatches: ResMut<Mismatches>| mismatches.0 += 1,
    );
    app
}

/// The scripted buttons of every local player for the frame about to be played.
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

/// Plays until the session reaches `FRAMES` (the first update brings no time), or
/// stops advancing.
fn play(mut app: App) -> Outcome {
    let frame = |app: &App| app.world().resource::<RollbackFrameCount>().0;
    for _ in 0..2 * FRAMES {
        if frame(&app) == FRAMES as i32 {
            break;
        }
        app.update();
    }
    let world = app.world();
    let physics = world.resource::<Physics>();
    assert!(physics.step_error().is_none());
    Outcome {
        steps: physics.world().step_count(),
        hash: physics.state_hash(),
        tally: *world.resource::<Tally>(),
        mismatches: world.resource::<Mismatches>().0,
    }
}

/// The same duel, the same buttons, on the engine's world alone.
fn engine_alone(frames: u32) -> (u64, Tally) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let arena = game::arena();
    let ids: Vec<BodyId> = arena.iter().map(|p| make(&mut world, p)).collect();
    for (a, b, pin) in game::pendulum_pins() {
        world
            .create_joint(&JointDef::new(ids[a], ids[b], pin))
            .unwrap();
    }
    let role = |role| ids[arena.iter().position(|p| p.role == role).unwrap()];
    let players = [role(Role::Player(0)), role(Role::Player(1))];
    let furnace = role(Role::Furnace);
    let mut cooldowns = [0u32; game::PLAYERS];
    let mut discs: Vec<(BodyId, u32)> = Vec::new();
    let mut rods: Vec<(JointId, u32)> = Vec::new();
    let mut tally = Tally::default();
    let dt = 1.0 / 60.0;
    for frame in 0..frames {
        let buttons = [0, 1].map(|p| game::scripted_buttons(frame, p));
        for (player, &body) in players.iter().enumerate() {
            game::steer(&mut world, body, buttons[player]).unwrap();
        }
        let mut gone: Vec<BodyId> = Vec::new();
        for event in &world.sensor_events().begin {
            let disc = discs.iter().any(|&(d, _)| d == event.visitor_body);
            if event.sensor_body == furnace && disc {
                gone.push(event.visitor_body);
                tally.burned += 1;
            }
        }
        let mut gone_rods: Vec<JointId> = Vec::new();
        for (disc, age) in &mut discs {
            *age += 1;
            if *age >= game::LIFETIME {
                gone.push(*disc);
                tally.expired += 1;
            }
        }
        for (rod, age) in &mut rods {
            *age += 1;
            if *age >= game::LIFETIME {
                gone_rods.push(*rod);
                tally.expired += 1;
            }
        }
        let mut new_discs: Vec<game::Piece> = Vec::new();
        let mut new_rods: Vec<lockstep2d::JointKind> = Vec::new();
        for (player, &body) in players.iter().enumerate() {
            cooldowns[player] = cooldowns[player].saturating_sub(1);
            if game::drops(buttons[player], cooldowns[player]) {
                cooldowns[player] = game::COOLDOWN;
                tally.dropped += 1;
                let ([a, b], rod) = game::dumbbell(world.position(body).unwrap());
                new_discs.extend([a, b]);
                new_rods.push(rod);
            }
        }
        // What the plugin does before the step: joints no entity holds destroyed in
        // id order, then bodies, then the new bodies made and the new joints.
        gone_rods.sort_unstable();
        gone.sort_unstable();
        gone.dedup();
        for rod in &gone_rods {
            let _ = world.destroy_joint(*rod);
        }
        for disc in &gone {
            world.destroy_body(*disc).unwrap();
        }
        discs.retain(|(d, _)| !gone.contains(d));
        rods.retain(|(r, _)| !gone_rods.contains(r));
        let made: Vec<BodyId> = new_discs.iter().map(|p| make(&mut world, p)).collect();
        for (pair, rod) in made.chunks(2).zip(new_rods) {
            let joint = world.create_joint(&JointDef::new(pair[0], pair[1], rod));
            rods.push((joint.unwrap(), 0));
        }
        discs.extend(made.into_iter().map(|d| (d, 0)));
        world.step(dt).unwrap();
        world.clear_forces();
    }
    (world.state_hash(), tally)
}

/// A piece made as the plugin makes it: at its place, turned by the angle the plugin
/// reads from an unturned entity.
fn make(world: &mut World, piece: &game::Piece) -> BodyId {
    let def = lockstep2d::BodyDef {
        position: piece.at,
        angle: 2.0 * lockstep2d::math::atan2(0.0, 1.0),
        ..piece.def
    };
    let body = world.create_body(&def).unwrap();
    for shape in &piece.shapes {
        world.create_shape(body, shape).unwrap();
    }
    body
}

fn assert_same_game_as_the_engine_alone(outcome: &Outcome) {
    assert_eq!(outcome.steps, u64::from(FRAMES));
    let (hash, tally) = engine_alone(FRAMES);
    assert_eq!(outcome.tally, tally);
    assert_eq!(outcome.hash, hash, "{outcome:?}");
}

#[test]
fn without_rollback_the_duel_plays_the_engine_alones_bits() {
    let outcome = play(duel(0));
    // The script exercises every kind of spawn and despawn.
    let tally = outcome.tally;
    assert!(
        tally.dropped >= 10 && tally.burned >= 1 && tally.expired >= 3,
        "{tally:?}"
    );
    assert_same_game_as_the_engine_alone(&outcome);
}

#[test]
fn rolled_back_two_frames_every_frame_the_duel_plays_the_same_bits() {
    let outcome = play(duel(2));
    assert_eq!(outcome.mismatches, 0);
    assert_same_game_as_the_engine_alone(&outcome);
}

#[test]
fn rolled_back_seven_frames_every_frame_the_duel_plays_the_same_bits() {
    let outcome = play(duel(7));
    assert_eq!(outcome.mismatches, 0);
    assert_same_game_as_the_engine_alone(&outcome);
}

/// A gust counter the game forgot to register: a rollback does not put it back, so
/// a frame played again pushes at other steps than the first time.
#[derive(Resource, Default)]
struct Gusts(u32);

fn gust(
    mut gusts: ResMut<Gusts>,
    mut physics: ResMut<Physics>,
    boxes: Query<(&Player, &PhysicsBody)>,
) {
    gusts.0 += 1;
    if !gusts.0.is_multiple_of(5) {
        return;
    }
    for (player, body) in &boxes {
        if player.0 == 0 {
            let push = Vec2::new(0.0, 30.0);
            physics
                .world_mut()
                .apply_force_to_center(body.0, push)
                .unwrap();
        }
    }
}

#[test]
fn state_left_out_of_the_rollback_is_reported_as_a_mismatch() {
    let mut app = duel(2);
    app.init_resource::<Gusts>().add_systems(PhysicsStep, gust);
    let outcome = play(app);
    assert!(outcome.mismatches > 0, "{outcome:?}");
}
