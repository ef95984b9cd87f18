//! The picture a page shows: a pixmap the testbed's renderer draws into, whose RGBA
//! bytes the page reads straight from the module's memory.

use lockstep2d_testbed::Pixmap;
use wasm_bindgen::JsError;

use crate::error::js_error;

/// A `width` × `height` picture, or why there cannot be one.
pub(crate) fn new_pixmap(width: u32, height: u32) -> Result<Pixmap, JsError> {
    Pixmap::new(width, height).ok_or_else(|| js_error(format!("cannot draw {width} × {height}")))
}
