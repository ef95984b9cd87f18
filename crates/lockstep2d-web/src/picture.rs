//! The picture a page shows: a pixmap the testbed's renderer draws into, whose RGBA
//! bytes the page reads straight from the module's memory.

use lockstep2d_testbed::Pixmap;
use wasm_bindgen::JsError;

use crate::error::js_error;

/// The widest and tallest picture drawn, as on the desktop: a larger one could ask for
/// more memory than a wasm32 module has, and running out traps.
const MAX_SIDE: u32 = 8192;

/// A `width` × `height` picture, or why there cannot be one.
pub(crate) fn new_pixmap(width: u32, height: u32) -> Result<Pixmap, JsError> {
    let fits = (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height);
    let pixmap = fits.then(|| Pixmap::new(width, height)).flatten();
    pixmap.ok_or_else(|| {
        js_error(format!(
            "cannot draw {width} × {height} pixels: each side 1 to {MAX_SIDE}"
        ))
    })
}
