//! The duel without a window: scripted players, under a SyncTest session or over the
//! network, and what came of it on standard output.

use std::thread;
use std::time::{Duration, Instant};

use bevy_ecs::prelude::*;
use bevy_ggrs::ggrs::P2PSession;
use bevy_ggrs::prelude::*;
use bevy_ggrs::{ConfirmedFrameCount, RollbackFrameCount};
use lockstep2d_bevy::Physics;

use crate::app::{Clock, duel_app, synctest_session};
use crate::game::{DuelConfig, Tally};
use crate::inputs::scripted_inputs;
use crate::network::{Peer, PeerNews};
use crate::record::{FrameHashes, RecordHashes};

/// How deep the headless SyncTest rolls back every frame.
const CHECK_DISTANCE: usize = 7;
/// How long a peer waits for the other one to answer before giving up.
const SYNC_WAIT: Duration = Duration::from_secs(30);
/// How long a peer keeps answering once it is done, so that the other peer receives
/// this one's last inputs and confirms the same frames.
const LINGER: Duration = Duration::from_secs(1);
/// The pause between two updates of a peer: several network polls a frame.
const POLL: Duration = Duration::from_millis(4);

/// Both scripted players under a SyncTest session that rolls every frame back
/// `CHECK_DISTANCE` frames and plays it again, for `frames` frames; prints the tally
/// and the state hash.
pub fn play_synctest(frames: u32) -> Result<(), String> {
    let session = synctest_session(CHECK_DISTANCE)?;
    let mut app = duel_app(
        Session::SyncTest(session),
        Clock::PerUpdate,
        scripted_inputs,
    );
    app.init_resource::<Mismatches>();
    app.world_mut().add_observer(
        |_: On<SyncTestMismatch>, mut mismatches: ResMut<Mismatches>| mismatches.0 += 1,
    );
    // GGRS counts frames in an i32, and the arguments keep `frames` within it.
    let target = i32::try_from(frames).unwrap_or(i32::MAX);
    // Bounded: the first update brings no time, and every later one a frame.
    for _ in 0..=2 * u64::from(frames) {
        if app.world().resource::<RollbackFrameCount>().0 >= target {
            break;
        }
        app.update();
    }
    report_synctest(app.world())
}

/// SyncTest checksums that differed after a rollback.
#[derive(Resource, Default)]
struct Mismatches(u32);

fn report_synctest(world: &World) -> Result<(), String> {
    let physics = world.resource::<Physics>();
    if let Some(e) = physics.step_error() {
        return Err(format!("a step failed: {e}"));
    }
    let frame = world.resource::<RollbackFrameCount>().0;
    let tally = *world.resource::<Tally>();
    let hash = physics.state_hash();
    println!("frame {frame}: {tally:?}, state hash {hash:016x}");
    match world.resource::<Mismatches>().0 {
        0 => Ok(()),
        n => Err(format!("{n} frames played differently after a rollback")),
    }
}

/// This peer's scripted player against the other peer's, until `frames` frames are
/// confirmed; prints the state hash of that frame, which the other peer prints too.
pub fn play_p2p(session: P2PSession<DuelConfig>, peer: &Peer, frames: u32) -> Result<(), String> {
    let mut app = duel_app(Session::P2P(session), Clock::Real, scripted_inputs);
    app.add_plugins(RecordHashes);
    // GGRS counts frames in an i32, and the arguments keep `frames` within it.
    let target = i32::try_from(frames).unwrap_or(i32::MAX);
    let mut news = PeerNews::default();
    let started = Instant::now();
    while confirmed(app.world()) < target {
        app.update();
        news.update(app.world_mut());
        check(&news, peer, started)?;
        thread::sleep(POLL);
    }
    let lingering = Instant::now();
    while lingering.elapsed() < LINGER {
        app.update();
        thread::sleep(POLL);
    }
    let played = app
        .world()
        .resource::<FrameHashes>()
        .0
        .get(&target)
        .copied();
    let played = played.ok_or_else(|| format!("frame {target} was never played"))?;
    println!("frame {target}: state hash {:016x}", played.hash);
    Ok(())
}

fn confirmed(world: &World) -> i32 {
    world
        .get_resource::<ConfirmedFrameCount>()
        .map_or(-1, |c| c.0)
}

/// Whether the game can go on: the other peer answered in time, is still there, and
/// plays the same game.
fn check(news: &PeerNews, peer: &Peer, started: Instant) -> Result<(), String> {
    if let Some(frame) = news.desync {
        return Err(format!("the peers' states differ at frame {frame}"));
    }
    if news.disconnected {
        return Err(format!("{} left before the end", peer.remote));
    }
    if !news.synchronized && started.elapsed() > SYNC_WAIT {
        let waited = SYNC_WAIT.as_secs();
        return Err(format!("no answer from {} in {waited} s", peer.remote));
    }
    Ok(())
}
