//! A spectator following a session with no window, until a set frame: the state hash
//! it reaches there, which the players report for the same frame.

use std::time::{Duration, Instant};

use ggrs::Frame;
use serde::Serialize;

use crate::NetError;
use crate::config::Address;
use crate::headless::wait_until;
use crate::pacer::Pacer;
use crate::spectator::Spectator;

/// The longest sleep between polls.
const POLL_INTERVAL: Duration = Duration::from_millis(1);

/// What a spectator says at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WatchReport {
    /// The frame reported on.
    pub frame: Frame,
    /// The state hash after `frame` frames; the players report the same.
    pub hash: String,
    /// The most frames the spectator was behind the host.
    pub most_frames_behind: usize,
    /// Wall-clock time from the host answering to the end (s).
    pub seconds: f64,
}

/// Follows the session at the scene's rate until frame `frames` is played. Fails if
/// the host does not answer within `timeout`, leaves, or the frames take `timeout`
/// longer than their own time.
pub fn watch<A: Address>(
    spectator: &mut Spectator<A>,
    frames: u64,
    hz: u32,
    timeout: Duration,
) -> Result<WatchReport, NetError> {
    let target = Frame::try_from(frames)
        .map_err(|_| NetError::Invalid(format!("--frames {frames}: too many")))?;
    wait_for_host(spectator, timeout)?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(frames as f64 / f64::from(hz)) + timeout;
    let mut pacer = Pacer::new(hz);
    let mut most_behind = 0;
    loop {
        let now = Instant::now();
        if pacer.due(now, 0) {
            spectator.advance()?;
            most_behind = most_behind.max(spectator.frames_behind());
        } else {
            spectator.poll();
            std::thread::sleep(pacer.wait(now).min(POLL_INTERVAL));
        }
        if let Some(hash) = spectator.hash_at(target) {
            return Ok(WatchReport {
                frame: target,
                hash: format!("{hash:#018x}"),
                most_frames_behind: most_behind,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        if spectator.is_disconnected() {
            return Err(NetError::Disconnected(spectator.frame()));
        }
        if now > deadline {
            return Err(NetError::Stalled {
                confirmed: spectator.frame(),
                target,
                waited: started.elapsed(),
            });
        }
    }
}

fn wait_for_host<A: Address>(
    spectator: &mut Spectator<A>,
    timeout: Duration,
) -> Result<(), NetError> {
    wait_until(timeout, || {
        spectator.poll();
        spectator.is_running()
    })
}
