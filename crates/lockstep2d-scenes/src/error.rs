//! The one error type of the crate: what is wrong, and where in the scene.

use std::fmt;

/// A scene that cannot be read or built. `path` names the offending input the way it
/// is written in JSON (`bodies[3].shapes[0].density`), or is empty when the problem is
/// not in one field (an unreadable file, a syntax error before any field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneError {
    /// Where the problem is, as JSON names it (`bodies[3].shapes[0].density`); empty
    /// when it is in no one field.
    pub path: String,
    /// What is wrong (`must be > 0 on a dynamic body`).
    pub message: String,
}

impl SceneError {
    pub(crate) fn new(path: impl Into<String>, message: impl Into<String>) -> SceneError {
        SceneError {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl SceneError {
    /// The same error inside `prefix`: `density` under `bodies[3].shapes[0]` is
    /// `bodies[3].shapes[0].density`.
    pub(crate) fn under(self, prefix: &str) -> SceneError {
        let path = match self.path.is_empty() {
            true => prefix.to_string(),
            false => format!("{prefix}.{}", self.path),
        };
        SceneError { path, ..self }
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for SceneError {}
