//! Rollback with GGRS: lockstep2d driven by `ggrs`'s `SyncTestSession`, which saves the
//! game every frame, rolls back `check_distance` frames, plays them again and compares
//! checksums. What a game adds to use lockstep2d under GGRS is the three requests below:
//! save (a `Snapshot` and `state_hash` as the checksum), load (`restore`), advance
//! (apply the inputs, one fixed step).
//!
//! This game keeps each snapshot in GGRS's own cell; `Peer` keeps only the frame number
//! there and the snapshots in a `SnapshotRing`, which reuses their memory.
//!
//! `cargo run --release -p lockstep2d-netplay --example ggrs_synctest [-- --frames N]
//! [--keep-state-outside]`: with the flag, the game counts jumps in a field the snapshot
//! does not hold and jumps higher each time, a classic rollback bug, and GGRS reports the
//! frames that diverge (the example exits non-zero).

use ggrs::{Config, GgrsError, GgrsRequest, PlayerType, PredictRepeatLast, SessionBuilder};
use lockstep2d::{BodyId, BodyType, Snapshot, Vec2, World};
use serde::{Deserialize, Serialize};

/// One player's input for a frame: what a game would read from its controller.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Input {
    /// -1, 0 or 1: push the player's box left or right while held.
    push: i8,
    /// A one-shot jump, this frame only.
    jump: bool,
}

/// GGRS's types for this game.
struct GameConfig;

impl Config for GameConfig {
    type Input = Input;
    /// A sync test has no remote player to predict; in a P2P session, the last input.
    type InputPredictor = PredictRepeatLast;
    /// The world's simulation state: all a rollback needs.
    type State = Snapshot;
    type Address = String;
}

/// The game: a pyramid, and the player's box is the top one.
struct Game {
    world: World,
    player: BodyId,
    dt: f32,
    /// With `--keep-state-outside`: jumps counted outside the world (the bug).
    outside_jumps: Option<u32>,
}

impl Game {
    fn new(keep_state_outside: bool) -> Result<Game, String> {
        let scene = lockstep2d_scenes::named("pyramid").ok_or("no pyramid scene")?;
        let scene = scene.build().map_err(|e| e.to_string())?;
        let dt = scene.dt();
        let world = scene.world;
        let player = world
            .body_ids()
            .filter(|&id| world.body_type(id) == Ok(BodyType::Dynamic))
            .last()
            .ok_or("the pyramid has no boxes")?;
        Ok(Game {
            world,
            player,
            dt,
            outside_jumps: keep_state_outside.then_some(0),
        })
    }

    /// One frame with `input`: a held push is a force for this step, a jump an impulse.
    fn advance(&mut self, input: Input) -> Result<(), lockstep2d::Error> {
        let mass = self.world.mass(self.player)?;
        if input.push != 0 {
            let push = mass * Vec2::new(20.0 * f32::from(input.push), 0.0);
            self.world.apply_force_to_center(self.player, push)?;
        }
        if input.jump {
            let mut height = 4.0;
            if let Some(jumps) = &mut self.outside_jumps {
                *jumps += 1;
                height += *jumps as f32;
            }
            let at = self.world.center_of_mass(self.player)?;
            self.world
                .apply_linear_impulse(self.player, mass * Vec2::new(0.0, height), at)?;
        }
        self.world.step(self.dt)?;
        self.world.clear_forces();
        Ok(())
    }

    fn handle(&mut self, requests: Vec<GgrsRequest<GameConfig>>) -> Result<(), String> {
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    let checksum = u128::from(self.world.state_hash());
                    cell.save(frame, Some(self.world.snapshot()), Some(checksum));
                }
                GgrsRequest::LoadGameState { cell, .. } => {
                    let snapshot = cell.load().ok_or("GGRS loaded a frame it never saved")?;
                    self.world.restore(&snapshot);
                }
                GgrsRequest::AdvanceFrame { inputs } => {
                    self.advance(inputs[0].0).map_err(|e| e.to_string())?;
                }
            }
        }
        Ok(())
    }
}

/// The scripted player: pushes right for a second, left for a second, jumps now and then.
fn scripted_input(frame: u32) -> Input {
    Input {
        push: if (frame / 60).is_multiple_of(2) {
            1
        } else {
            -1
        },
        jump: frame % 45 == 10,
    }
}

/// What the command line asks for.
struct Args {
    frames: u32,
    keep_state_outside: bool,
}

/// `[--frames N] [--keep-state-outside]`.
fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        frames: 600,
        keep_state_outside: false,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--frames" => {
                let value = words.next().ok_or("--frames needs a number")?;
                args.frames = value
                    .parse()
                    .map_err(|e| format!("--frames {value}: {e}"))?;
            }
            "--keep-state-outside" => args.keep_state_outside = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(args)
}

fn main() -> Result<(), String> {
    let args = parse_args()?;
    let frames = args.frames;
    // Less than GGRS's default prediction window of 8, as a sync test requires.
    let check_distance = 7;
    let mut session = SessionBuilder::<GameConfig>::new()
        .with_num_players(1)
        .map_err(|e| e.to_string())?
        .with_check_distance(check_distance)
        .add_player(PlayerType::Local, 0)
        .map_err(|e| e.to_string())?
        .start_synctest_session()
        .map_err(|e| e.to_string())?;
    let mut game = Game::new(args.keep_state_outside)?;
    let start = game
        .world
        .position(game.player)
        .map_err(|e| e.to_string())?;
    for frame in 0..frames {
        session
            .add_local_input(0, scripted_input(frame))
            .map_err(|e| e.to_string())?;
        match session.advance_frame() {
            Ok(requests) => game.handle(requests)?,
            Err(GgrsError::MismatchedChecksum {
                mismatched_frames, ..
            }) => {
                return Err(format!(
                    "GGRS found a desync at frames {mismatched_frames:?}"
                ));
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    let end = game
        .world
        .position(game.player)
        .map_err(|e| e.to_string())?;
    println!(
        "GGRS sync test: {frames} frames, each rolled back {check_distance} frames and \
         checked, no mismatch; the player's box moved from {start} to {end}"
    );
    Ok(())
}
