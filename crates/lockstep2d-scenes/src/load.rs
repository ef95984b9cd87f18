//! Reading scene files: JSON text to a [`SceneDef`] whose structure is sound.
//!
//! serde (through `serde_path_to_error`) catches syntax errors, wrong types and unknown
//! fields (a shape's fields that do not fit its `type` among them), each with the path
//! it happened at; [`crate::finite`] then catches numbers that overflow an `f32`.
//! Whether the values make sense (a positive density, a convex polygon) is the engine's
//! call, made when the scene is built.

use std::io::Read;
use std::path::Path;

use crate::def::SceneDef;
use crate::error::SceneError;

/// Parses a scene and checks its structure. A scene without a `name` is called "scene".
pub fn from_json(text: &str) -> Result<SceneDef, SceneError> {
    let mut def = parse(text)?;
    if def.name.is_empty() {
        def.name = SceneDef::default().name;
    }
    Ok(def)
}

/// Reads a scene file. A scene without a `name` is named after the file's stem.
pub fn load_file(path: &Path) -> Result<SceneDef, SceneError> {
    let text = read_capped(path)
        .map_err(|e| SceneError::new("", format!("cannot read {}: {e}", path.display())))?;
    let mut def = parse(&text)?;
    if def.name.is_empty() {
        def.name = path
            .file_stem()
            .map_or_else(|| SceneDef::default().name, |s| s.to_string_lossy().into());
    }
    Ok(def)
}

/// The largest scene file read: far beyond any scene (Box2D's 5,050-box pyramid is a
/// few hundred kB as JSON), so a path like /dev/zero is an error, not a hang.
pub const MAX_SCENE_FILE_BYTES: u64 = 64 << 20;

/// The file's text, or an error if it is longer than `MAX_SCENE_FILE_BYTES`.
fn read_capped(path: &Path) -> std::io::Result<String> {
    let bytes = read_file_capped(path, MAX_SCENE_FILE_BYTES, "a scene file")?;
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("not UTF-8 text"))
}

/// The bytes of the file at `path`, reading no more than `max_bytes` (`what` names the
/// file in the error): a path like /dev/zero is an error, not a hang.
pub fn read_file_capped(path: &Path, max_bytes: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        let mib = max_bytes >> 20;
        return Err(std::io::Error::other(format!(
            "longer than {mib} MiB, the most {what} may be"
        )));
    }
    Ok(bytes)
}

fn parse(text: &str) -> Result<SceneDef, SceneError> {
    // serde reads a struct from an array too, field by field in order: a scene must
    // be an object, whose fields are named.
    if !text.trim_start().starts_with('{') {
        return Err(SceneError::new("", "a scene is a JSON object ({ ... })"));
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let def: SceneDef = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        // The root path prints as "."; an error there has no field to name.
        let path = match e.path().to_string() {
            root if root == "." => String::new(),
            path => path,
        };
        let message = describe(e.inner());
        SceneError::new(with_unknown_field(path, &message), message)
    })?;
    deserializer
        .end()
        .map_err(|e| SceneError::new("", describe(&e)))?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| SceneError::new("", describe(&e)))?;
    crate::finite::check(&value)?;
    if def.name.chars().any(char::is_control) {
        return Err(SceneError::new("name", "must not hold control characters"));
    }
    Ok(def)
}

/// The path of an unknown field. serde names the field in the path, except in a shape,
/// whose fields it gathers (they are spread over its type, its material and the rest)
/// before it knows which it does not know; that error alone lists no expected fields.
/// There the field is added to the shape's path. (An error deeper in a shape, in its
/// `filter` say, is named at the shape.)
fn with_unknown_field(path: String, message: &str) -> String {
    let field = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once('`'))
        .filter(|(_, after)| !after.starts_with(", expected"))
        .map(|(field, _)| field);
    match field {
        Some(field) if path.is_empty() => field.to_string(),
        Some(field) if path != field && !path.ends_with(&format!(".{field}")) => {
            format!("{path}.{field}")
        }
        _ => path,
    }
}

/// serde_json's message with its position moved into parentheses, after the message
/// rather than in the middle of the sentence.
fn describe(e: &serde_json::Error) -> String {
    let full = e.to_string();
    if e.line() == 0 {
        return full;
    }
    let position = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&position).unwrap_or(&full);
    format!("{message} (line {}, column {})", e.line(), e.column())
}
