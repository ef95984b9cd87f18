//! The picture a page shows: a pixmap the testbed's renderer draws into, whose RGBA
//! bytes the page reads straight from the module's memory.

use lockstep2d_testbed::Pixmap;
use wasm_bindgen::prelude::*;

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

/// Where a drawn frame is: `width × height × 4` bytes of opaque RGBA at `ptr` in the
/// module's memory, valid until the next draw or resize.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct Pixels {
    /// The first byte's address in the module's memory.
    pub ptr: u32,
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
}

impl Pixels {
    /// Where `pixmap`'s bytes are. Addresses are 32 bits in a wasm32 module.
    pub(crate) fn of(pixmap: &Pixmap) -> Pixels {
        Pixels {
            ptr: pixmap.data().as_ptr() as usize as u32,
            width: pixmap.width(),
            height: pixmap.height(),
        }
    }
}
