//! The plugin under bevy_ggrs's own SyncTest session: every frame is rolled back and
//! played again, 2 or 7 frames deep, and the checksums of the two plays compared. The
//! game is the duel example: two scripted players pushing boxes and dropping
//! dumbbells (bodies and joints spawned in play), a furnace (a sensor) that despawns
//! the discs that fall in, dumbbells that expire (despawns a rollback can undo), and a
//! jointed pendulum. And a body drawn between rolled-back steps moves evenly.

use crate::{alone, app, game, glide, gust, inputs};

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::RollbackFrameCount;
use bevy_ggrs::ggrs::{PlayerType, SessionBuilder};
use bevy_ggrs::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::prelude::*;
use lockstep2d::Vec2;
use lockstep2d_bevy::{Collider, Lockstep2dPlugin, Physics, PhysicsStep, RigidBody};

use app::{Clock, duel_app};
use game::{DuelConfig, Tally};

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
    let session = app::synctest_session(check_distance).unwrap();
    let mut app = duel_app(
        Session::SyncTest(session),
        Clock::PerUpdate,
        inputs::scripted_inputs,
    );
    app.init_resource::<Mismatches>();
    app.world_mut().add_observer(
        |_: On<SyncTestMismatch>, mut mismatches: ResMut<Mismatches>| mismatches.0 += 1,
    );
    app
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

fn assert_same_game_as_the_engine_alone(outcome: &Outcome) {
    assert_eq!(outcome.steps, u64::from(FRAMES));
    let (world, tally) = alone::play_alone(FRAMES);
    let hash = world.state_hash();
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

#[test]
fn state_left_out_of_the_rollback_is_reported_as_a_mismatch() {
    let mut app = duel(2);
    app.init_resource::<gust::Gusts>()
        .add_systems(PhysicsStep, gust::gust);
    let outcome = play(app);
    assert!(outcome.mismatches > 0, "{outcome:?}");
}

/// A disc gliding without gravity, drawn at 144 Hz while a SyncTest session of one
/// player rolls the 60 Hz physics back 7 frames every frame: the x it is drawn at
/// each frame.
fn glide_under_rollback() -> Vec<f32> {
    let session = SessionBuilder::<DuelConfig>::new()
        .with_num_players(1)
        .unwrap()
        .with_check_distance(7)
        .add_player(PlayerType::Local, 0)
        .unwrap()
        .start_synctest_session()
        .unwrap();
    let still = lockstep2d::WorldDef {
        gravity: Vec2::ZERO,
        ..lockstep2d::WorldDef::default()
    };
    let plugin = Lockstep2dPlugin::new(&still, lockstep2d::StepperConfig::default()).unwrap();
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 144.0,
        )))
        .add_plugins((GgrsPlugin::<DuelConfig>::default(), plugin.ggrs()))
        .add_systems(ReadInputs, inputs::scripted_inputs)
        .insert_resource(Session::SyncTest(session));
    let disc = app
        .world_mut()
        .spawn((
            RigidBody(lockstep2d::BodyDef {
                linear_velocity: Vec2::new(2.0, 0.0),
                ..lockstep2d::BodyDef::dynamic(Vec2::ZERO)
            }),
            Collider::new(lockstep2d::ShapeDef::circle(0.25)),
        ))
        .id();
    (0..300)
        .map(|_| {
            app.update();
            app.world().get::<Transform>(disc).unwrap().translation.x
        })
        .collect()
}

#[test]
fn bodies_are_drawn_moving_evenly_between_rolled_back_steps() {
    let xs = glide_under_rollback();
    glide::assert_moves_evenly(&xs, 2.0 / 144.0);
}
