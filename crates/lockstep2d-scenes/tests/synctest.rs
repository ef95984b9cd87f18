//! The rollback check (GGRS's sync test) on scripted runs: rolling back and playing
//! frames again gives the same state, and a run that depends on anything outside the
//! world is caught at the frame where it first differs.

use std::cell::Cell;

use lockstep2d::{BodyType, Vec2, World};
use lockstep2d_scenes::{Script, SyncTestError, named, sync_test};

/// Plays `frames` scripted frames of `scene` on `threads` threads under the sync test
/// (rolling back 7 frames every frame); returns how many frames were played again and
/// the most bodies the world held.
fn scripted(scene: &str, frames: u64, threads: u32) -> (u64, usize) {
    let mut scene = named(scene).unwrap().build().unwrap();
    scene.world.set_threads(threads).unwrap();
    let dt = scene.dt();
    let script = Script::new(&scene.world);
    let mut most_bodies = 0;
    let report = sync_test(&mut scene.world, frames, 7, |frame, world| {
        script.play(frame, world, dt)?;
        most_bodies = most_bodies.max(world.body_count());
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    (report.resimulated, most_bodies)
}

#[test]
fn scripted_runs_with_spawns_and_removals_survive_every_rollback() {
    for scene in ["pyramid", "ragdoll", "falling_hinges"] {
        let start = named(scene).unwrap().build().unwrap().world.body_count();
        let (resimulated, most_bodies) = scripted(scene, 130, 1);
        assert_eq!(resimulated, 7 * (130 - 7), "{scene}");
        // The script spawned (frames 0, 40, 80, 120) and removed (20, 60, 100).
        assert!(most_bodies > start, "{scene}: nothing was spawned");
    }
}

#[test]
fn rollbacks_on_two_threads_replay_the_same() {
    let (resimulated, _) = scripted("pyramid", 60, 2);
    assert_eq!(resimulated, 7 * (60 - 7));
}

/// A run whose frame 50 kicks harder when played again (state kept outside the world,
/// as a game might by mistake) is caught at frame 50, the first time it is replayed.
#[test]
fn state_outside_the_world_is_caught_at_the_frame_it_diverges() {
    let mut scene = named("pyramid").unwrap().build().unwrap();
    let dt = scene.dt();
    let top = scene
        .world
        .body_ids()
        .filter(|&id| scene.world.body_type(id) == Ok(BodyType::Dynamic))
        .last()
        .unwrap();
    let plays_of_50 = Cell::new(0);
    let result = sync_test(&mut scene.world, 80, 7, |frame, world: &mut World| {
        if frame == 50 {
            plays_of_50.set(plays_of_50.get() + 1);
            let impulse = Vec2::new(plays_of_50.get() as f32, 0.0);
            let at = world.center_of_mass(top)?;
            world.apply_linear_impulse(top, impulse, at)?;
        }
        world.step(dt)
    });
    match result {
        Err(SyncTestError::Mismatch {
            frame,
            first,
            again,
        }) => {
            assert_eq!(frame, 50);
            assert_ne!(first, again);
        }
        other => panic!("expected a mismatch at frame 50, got {other:?}"),
    }
}

/// Sensors' overlap lists are state: rolled back and replayed, they give the same hash
/// (which covers them) and the same events.
#[test]
fn a_scene_with_sensors_survives_every_rollback() {
    let (resimulated, _) = scripted("sensor_gate", 200, 1);
    assert_eq!(resimulated, 7 * (200 - 7));
    let mut scene = named("sensor_gate").unwrap().build().unwrap();
    let (mut begins, mut ends) = (0, 0);
    for _ in 0..200 {
        scene.world.step(scene.dt()).unwrap();
        begins += scene.world.sensor_events().begin.len();
        ends += scene.world.sensor_events().end.len();
    }
    assert!(
        begins >= 8 && ends >= 4,
        "the sensors saw {begins} begins, {ends} ends"
    );
}
