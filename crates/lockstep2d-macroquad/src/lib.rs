//! lockstep2d in a [macroquad] window. The crate is its example, `examples/pyramid.rs`,
//! Box2D's pyramid in a window, boxes dragged with the mouse, the bomb thrown with the
//! space bar, all through the fixed-step loop with interpolated poses,
//!
//! ```text
//! cargo run --release -p lockstep2d-macroquad --example pyramid
//! ```
//!
//! and [`ScreenDraw`], which draws the engine's debug drawing (`World::debug_draw`) with
//! macroquad's shapes: the same picture as the testbed's.
//!
//! [macroquad]: https://docs.rs/macroquad

mod screen_draw;

pub use screen_draw::ScreenDraw;
