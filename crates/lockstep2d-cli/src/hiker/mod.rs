//! The hiker game in the command line: `play hiker` in a window, and `render`,
//! `synctest`, `record` and `replay` on it as on a scene, with its seed and an input
//! script for flags.

mod play;
mod render;
mod rollback;

use std::path::PathBuf;

use clap::Args;
use lockstep2d_hiker::{CLIMB, Game, Rules, Script};

use crate::exit::{CliError, CliResult};

pub use play::{PlayArgs, run as play};
pub use render::run as render;
pub use rollback::{record, synctest};

/// The game's name where a scene's would go.
pub const NAME: &str = "hiker";

/// The flags only `hiker` takes.
#[derive(Args, Debug, Default)]
pub struct HikerArgs {
    /// hiker only: the mountain's seed [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// hiker only: an input script (seconds, then the buttons held from then on)
    /// [default: the built-in climb, looped].
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
}

/// Whether a scene argument names the game.
pub fn is_hiker(scene: &str) -> bool {
    scene == NAME
}

impl HikerArgs {
    /// A usage error if a hiker flag is given for a scene.
    pub fn refuse_for_scene(&self, scene: &str) -> CliResult {
        let flag = match (self.seed.is_some(), self.script.is_some()) {
            (true, _) => "--seed",
            (_, true) => "--script",
            _ => return Ok(()),
        };
        Err(CliError::usage(format!(
            "{flag}: only the {NAME} game takes it, not the scene {scene}"
        )))
    }

    /// The script to play: the file's, or the built-in climb.
    pub fn script(&self) -> Result<Script, String> {
        let Some(path) = &self.script else {
            return Script::parse(CLIMB).map_err(|e| format!("the built-in climb: {e}"));
        };
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| format!("--script {shown}: {e}"))?;
        Script::parse(&text).map_err(|e| format!("--script {shown}: {e}"))
    }

    /// A new game on the chosen seed.
    pub fn game(&self) -> Result<Game, String> {
        Game::new(
            self.seed.unwrap_or(lockstep2d_hiker::DEFAULT_SEED),
            Rules::default(),
        )
        .map_err(|e| e.to_string())
    }
}
