//! Turning a `<scene-name | file.json>` argument into a scene definition.

use std::path::Path;

use lockstep2d_scenes::{Scene, SceneDef};

/// A named scene, or else a scene file. Names win, so a file called `pyramid` in the
/// current directory needs `./pyramid`.
pub fn load(arg: &str) -> Result<SceneDef, String> {
    if let Some(def) = lockstep2d_scenes::named(arg) {
        return Ok(def);
    }
    let path = Path::new(arg);
    if path.exists() || arg.ends_with(".json") {
        return lockstep2d_scenes::load_file(path).map_err(|e| format!("{arg}: {e}"));
    }
    Err(format!(
        "no scene named '{arg}' and no such file; `lockstep2d scenes` lists the named scenes"
    ))
}

/// The scene built, ready to step.
pub fn build(arg: &str) -> Result<Scene, String> {
    load(arg)?.build().map_err(|e| format!("{arg}: {e}"))
}
