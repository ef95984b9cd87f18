//! Errors as JavaScript sees them: an `Error` whose message is the engine's.

use std::fmt::Display;

use wasm_bindgen::JsError;

/// `error` as a JavaScript `Error` carrying its message.
pub(crate) fn js_error(error: impl Display) -> JsError {
    JsError::new(&error.to_string())
}
