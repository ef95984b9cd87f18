//! The lockstep2d testbed: one renderer that draws a `World` with `tiny-skia`, the
//! camera it draws through, and the interactive pieces a testbed needs (picking and
//! dragging bodies, the bomb, a ray cast to the cursor). The window, the web page and
//! the image files all take their pixels from [`draw_world`], so a saved frame is
//! exactly what the window showed.
//!
//! The renderer steps nothing: callers drive the world with `FixedStepper` and hand it
//! the driver's smoothed poses. [`session::Session`] is such a caller, the testbed's
//! whole state without a window, shared by the desktop window and the web page.

mod bomb;
mod camera;
mod capsule;
mod chart;
pub mod colors;
mod drag;
mod font;
mod gif_writer;
mod overlay;
mod palette;
mod pick;
mod raster;
mod ray_view;
mod renderer;
pub mod session;
mod sparks;

pub use bomb::Bomb;
pub use camera::{Camera, scene_bounds};
pub use chart::{LineChart, Series, draw_line_chart};
pub use drag::Drag;
pub use gif_writer::GifWriter;
pub use overlay::draw_overlay;
pub use pick::body_at;
pub use ray_view::draw_ray_cast;
pub use renderer::{
    WorldStyle, draw_spring, draw_world, draw_world_styled, draw_world_with, testbed_options,
    to_0rgb,
};
pub use sparks::Sparks;
pub use tiny_skia::Pixmap;

/// A `width`×`height` test picture filled with `color`.
#[cfg(test)]
pub(crate) fn filled_pixmap(width: u32, height: u32, color: tiny_skia::Color) -> Pixmap {
    let mut pixmap = Pixmap::new(width, height).expect("a test picture has a size");
    pixmap.fill(color);
    pixmap
}

/// Where the renderer gets each body's pose: usually `stepper.smoothed_pose(&world, id)`,
/// or `world.transform(id)` for the raw step state.
pub type PoseFn<'a> = dyn Fn(lockstep2d::BodyId) -> lockstep2d::Result<lockstep2d::Transform> + 'a;
