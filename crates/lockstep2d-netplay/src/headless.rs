//! A peer playing a set number of frames with no window: the pads come from a function
//! of the frame (the scripted player), the frames at the scene's rate in real time.
//!
//! The run ends once frame `frames` is confirmed — every pad before it in, so both peers
//! hold the same state there if they are in sync — and then plays on for a while,
//! sending its pads and acknowledging the other's, so the other peer confirms that frame
//! too. A desync also ends it, after the same while, so the other sees it as well.

use std::time::{Duration, Instant};

use ggrs::Frame;
use lockstep2d_scenes::Pad;

use crate::NetError;
use crate::config::Address;
use crate::pacer::Pacer;
use crate::peer::Peer;
use crate::report::NetReport;

/// How long a peer plays on after it is done, for the other's sake: several of GGRS's
/// resends, 200 milliseconds apart, so a lost packet is sent again before this peer
/// leaves.
const LINGER: Duration = Duration::from_millis(1500);
/// The longest sleep between polls: the socket is read at least this often.
const POLL_INTERVAL: Duration = Duration::from_millis(1);

/// Plays until frame `frames` is confirmed (or a desync), with `pad(frame)` as this
/// peer's pad on each frame. Fails if the other peer does not answer within `timeout`,
/// or the run takes longer than `timeout` beyond its frames' own time.
pub fn play<A: Address>(
    peer: &mut Peer<A>,
    frames: u64,
    hz: u32,
    timeout: Duration,
    mut pad: impl FnMut(u64) -> Pad,
) -> Result<NetReport, NetError> {
    let target = Frame::try_from(frames)
        .map_err(|_| NetError::Invalid(format!("--frames {frames}: too many")))?;
    wait_for_peer(peer, timeout)?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(frames as f64 / f64::from(hz)) + timeout;
    let mut pacer = Pacer::new(hz);
    let mut done_at: Option<Instant> = None;
    // The target's hash, taken as soon as it is confirmed: the ring keeps a frame only
    // a few frames longer.
    let mut confirmed: Option<Option<u64>> = None;
    loop {
        let now = Instant::now();
        if pacer.due(now, peer.frames_ahead()) {
            let frame = u64::try_from(peer.frame()).unwrap_or(0);
            peer.advance(pad(frame))?;
        } else {
            peer.poll();
            std::thread::sleep(pacer.wait(now).min(POLL_INTERVAL));
        }
        if confirmed.is_none() && peer.confirmed_frame() >= target {
            confirmed = Some(peer.game().hash_at(target));
        }
        let finished = confirmed.is_some() || !peer.desyncs().is_empty();
        if finished && done_at.is_none() {
            done_at = Some(now);
        }
        if done_at.is_some_and(|at| now >= at + LINGER) {
            let hash = confirmed.flatten();
            return Ok(NetReport::new(peer, target, hash, started.elapsed()));
        }
        if done_at.is_none() && peer.is_disconnected() {
            return Err(NetError::Disconnected(peer.confirmed_frame()));
        }
        if now > deadline {
            return Err(NetError::Stalled {
                confirmed: peer.confirmed_frame(),
                target,
                waited: started.elapsed(),
            });
        }
    }
}

/// Polls until the peers have found each other.
fn wait_for_peer<A: Address>(peer: &mut Peer<A>, timeout: Duration) -> Result<(), NetError> {
    wait_until(timeout, || {
        peer.poll();
        peer.is_running()
    })
}

/// Calls `ready` every millisecond or so until it says yes; fails with `NoAnswer`
/// after `timeout`.
pub(crate) fn wait_until(
    timeout: Duration,
    mut ready: impl FnMut() -> bool,
) -> Result<(), NetError> {
    let started = Instant::now();
    while !ready() {
        if started.elapsed() > timeout {
            return Err(NetError::NoAnswer(timeout));
        }
        std::thread::sleep(POLL_INTERVAL);
    }
    Ok(())
}
