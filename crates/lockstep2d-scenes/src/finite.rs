//! Numbers that fit in an `f32`.
//!
//! serde reads an `f32` as an `f64` and casts it, so `1e39` silently becomes infinity.
//! Every number in a scene is a 32-bit float or an integer no larger than one, so after
//! serde has read a scene, [`check`] walks its JSON once more and rejects a number too
//! large for an `f32` at the value that overflowed (`gravity[1]: 1e39 is out of range for
//! a 32-bit float`).

use serde_json::Value;

use crate::error::SceneError;

/// Fails at a number whose magnitude no `f32` reaches, naming its path.
pub(crate) fn check(value: &Value) -> Result<(), SceneError> {
    walk(value).map_err(|mut e| {
        e.path = e.path.trim_start_matches('.').to_string();
        e
    })
}

/// `check`, with paths that start with a `.` at the top level's fields.
fn walk(value: &Value) -> Result<(), SceneError> {
    match value {
        Value::Number(n) => match n.as_f64() {
            Some(x) if (x as f32).is_infinite() => Err(SceneError::new(
                "",
                format!("{x:e} is out of range for a 32-bit float"),
            )),
            _ => Ok(()),
        },
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, item)| walk(item).map_err(|e| at(e, &format!("[{i}]")))),
        Value::Object(fields) => fields
            .iter()
            .try_for_each(|(name, item)| walk(item).map_err(|e| at(e, &format!(".{name}")))),
        Value::Null | Value::Bool(_) | Value::String(_) => Ok(()),
    }
}

/// The error moved one step down the path: `step` is `[i]` or `.name`.
fn at(mut e: SceneError, step: &str) -> SceneError {
    e.path.insert_str(0, step);
    e
}
