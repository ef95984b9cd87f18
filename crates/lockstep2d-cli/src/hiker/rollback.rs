//! `synctest hiker`, `record hiker` and `replay` of a hiker recording: the game's
//! scripted play, one step a frame, under the same rollback tools as the scenes.

use std::path::Path;

use lockstep2d::Vec2;
use lockstep2d_hiker::{Game, HikerRecording, Script, play_scripted};
use lockstep2d_scenes::{SyncTestError, SyncTestReport, sync_test};

use super::HikerArgs;

/// How far `--nudge-at` moves the hiker (m).
const NUDGE: f32 = 1e-6;

/// The sync test over `frames` frames of `script` on `game`; a mismatch at the first
/// frame that differs. `nudge_at` moves the hiker by 1e-6 m the first time that frame
/// plays, as state kept outside the save would.
pub fn synctest(
    mut game: Game,
    script: &Script,
    (frames, check_distance): (u64, u64),
    nudge_at: Option<u64>,
) -> Result<SyncTestReport, SyncTestError> {
    let mut newest: Option<u64> = None;
    sync_test(&mut game, frames, check_distance, |frame, game| {
        if newest.is_none_or(|n| frame > n) {
            newest = Some(frame);
            if nudge_at == Some(frame) {
                nudge(game)?;
            }
        }
        play_scripted(game, script, frame)
    })
}

/// Moves the hiker right by `NUDGE`, as state kept outside the save would.
fn nudge(game: &mut Game) -> lockstep2d::Result<()> {
    let hiker = game.state.hiker;
    let at = game.world.position(hiker)? + Vec2::new(NUDGE, 0.0);
    game.world.set_transform(hiker, at, 0.0)
}

/// Records `frames` frames of the script to `out`.
pub fn record(hiker: &HikerArgs, frames: u64, out: &Path) -> Result<HikerRecording, String> {
    let script = hiker.script()?;
    let game = hiker.game()?;
    let recording = lockstep2d_hiker::record(game.mountain.seed, game.rules, &script, frames)
        .map_err(|e| format!("record hiker: {e}"))?;
    let text = serde_json::to_string(&recording).map_err(|e| e.to_string())?;
    std::fs::write(out, text).map_err(|e| format!("--out {}: {e}", out.display()))?;
    Ok(recording)
}
