//! Debug drawing: the world as lines, filled shapes and markers, handed to whatever
//! draws them (`World::debug_draw`). The engine decides what is in the picture (which
//! shapes, where, in which colour, the contacts, joints, bounds and centres of mass); a
//! front end only turns five kinds of primitive into its own pixels, so the testbed, a
//! Bevy app's gizmos, a macroquad window and the web page all show the same picture.
//!
//! Positions are in metres in the world's frame (y up). Marker sizes are in pixels, so
//! a contact point is as visible zoomed out as zoomed in.

mod color;
mod options;

pub use color::{Color, Palette};
pub use options::DrawOptions;

use crate::id::BodyId;
use crate::math::{Transform, Vec2};

/// What a front end implements to be drawn into by `World::debug_draw`. Each method is
/// one primitive; the world calls them in drawing order (shapes, then joints, then
/// bounds, centres of mass and contacts), so a front end that draws as it is called
/// puts the markers on top of the shapes.
pub trait DebugDraw {
    /// A filled convex polygon with its outline, counter-clockwise.
    fn solid_polygon(&mut self, vertices: &[Vec2], color: Color);

    /// A filled circle with its outline and a line from the centre to `rim`, the point
    /// on the circle along its body's x axis, which shows it turning.
    fn solid_circle(&mut self, center: Vec2, radius: f32, rim: Vec2, color: Color);

    /// A filled capsule with its outline: every point within `radius` of the segment
    /// from `center1` to `center2`.
    fn solid_capsule(&mut self, center1: Vec2, center2: Vec2, radius: f32, color: Color);

    /// A line from `a` to `b`.
    fn segment(&mut self, a: Vec2, b: Vec2, color: Color);

    /// A square marker `size` pixels across, centred on `at`.
    fn point(&mut self, at: Vec2, size: f32, color: Color);

    /// Where `body` is drawn, given where the world has it after the last step: by
    /// default there. A front end that smooths poses between steps answers with the
    /// smoothed pose, and the body's shapes, joint anchors and axes are drawn there.
    fn body_pose(&mut self, body: BodyId, step_pose: Transform) -> Transform {
        let _ = body;
        step_pose
    }

    /// The colour `body`'s shapes are drawn in, given the palette's for its type and
    /// sleep: by default that one. A front end marks a player or a grabbed body here.
    fn body_color(&mut self, body: BodyId, palette_color: Color) -> Color {
        let _ = body;
        palette_color
    }
}
