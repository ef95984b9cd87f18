//! A frame's time as JavaScript gives it (seconds, a `number`), checked and turned into
//! the `Duration` the fixed-step driver takes.

use std::time::Duration;

use wasm_bindgen::JsError;

use crate::error::js_error;

/// The longest frame taken as it is; the driver clamps long frames much shorter anyway,
/// and this keeps `Duration` from overflowing.
const LONGEST_FRAME_SECONDS: f64 = 3600.0;

/// `seconds` as a frame time, or an error for a negative or non-finite number.
pub(crate) fn frame_time(seconds: f64) -> Result<Duration, JsError> {
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(js_error(format!(
            "seconds: must be finite and ≥ 0, not {seconds}"
        )));
    }
    Ok(Duration::from_secs_f64(seconds.min(LONGEST_FRAME_SECONDS)))
}
