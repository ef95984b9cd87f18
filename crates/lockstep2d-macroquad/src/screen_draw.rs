//! The engine's debug drawing in a macroquad window.

use lockstep2d::{BodyId, Color, DebugDraw, Transform, Vec2};
use macroquad::prelude as mq;

/// Fills are the outline colour at this opacity, so what is behind a shape shows.
const FILL_ALPHA: u8 = 128;
/// Outline width in pixels.
const LINE_WIDTH: f32 = 1.5;

/// Where each body is drawn: normally `FixedStepper::smoothed_pose`.
pub type PoseFn<'a> = dyn Fn(BodyId) -> lockstep2d::Result<Transform> + 'a;

/// Where the world goes on the screen: `World::debug_draw` into it draws with
/// macroquad's shapes, y up in the world and down on the screen.
#[derive(Clone, Copy)]
pub struct ScreenDraw<'a> {
    /// Pixels per metre.
    pub pixels_per_meter: f32,
    /// The screen pixel the world's origin is drawn at.
    pub origin: (f32, f32),
    /// Where bodies are drawn; `None` (or a body it has no pose for) at the last
    /// step's pose.
    pub poses: Option<&'a PoseFn<'a>>,
}

impl<'a> ScreenDraw<'a> {
    /// The world at `pixels_per_meter`, its origin at screen pixel `origin`, bodies at
    /// the last step's poses.
    pub fn new(pixels_per_meter: f32, origin: (f32, f32)) -> ScreenDraw<'a> {
        ScreenDraw {
            pixels_per_meter,
            origin,
            poses: None,
        }
    }

    /// Bodies drawn where `poses` says.
    pub fn with_poses(self, poses: &'a PoseFn<'a>) -> ScreenDraw<'a> {
        ScreenDraw {
            poses: Some(poses),
            ..self
        }
    }

    /// The screen pixel of world point `p`.
    pub fn to_screen(&self, p: Vec2) -> (f32, f32) {
        let (x, y) = self.origin;
        (
            x + p.x * self.pixels_per_meter,
            y - p.y * self.pixels_per_meter,
        )
    }

    /// The world point at screen pixel `(x, y)`.
    pub fn to_world(&self, (x, y): (f32, f32)) -> Vec2 {
        let (ox, oy) = self.origin;
        Vec2::new(x - ox, oy - y) / self.pixels_per_meter
    }

    fn screen(&self, p: Vec2) -> mq::Vec2 {
        let (x, y) = self.to_screen(p);
        mq::vec2(x, y)
    }

    fn outline(&self, points: &[Vec2], color: mq::Color) {
        for (i, &a) in points.iter().enumerate() {
            let b = points[(i + 1) % points.len()];
            let (a, b) = (self.screen(a), self.screen(b));
            mq::draw_line(a.x, a.y, b.x, b.y, LINE_WIDTH, color);
        }
    }
}

fn solid(c: Color) -> mq::Color {
    mq::Color::from_rgba(c.r, c.g, c.b, 255)
}

fn fill(c: Color) -> mq::Color {
    mq::Color::from_rgba(c.r, c.g, c.b, FILL_ALPHA)
}

impl DebugDraw for ScreenDraw<'_> {
    fn solid_polygon(&mut self, vertices: &[Vec2], color: Color) {
        let Some((&first, rest)) = vertices.split_first() else {
            return;
        };
        for pair in rest.windows(2) {
            let [a, b] = [pair[0], pair[1]].map(|p| self.screen(p));
            mq::draw_triangle(self.screen(first), a, b, fill(color));
        }
        self.outline(vertices, solid(color));
    }

    fn solid_circle(&mut self, center: Vec2, radius: f32, rim: Vec2, color: Color) {
        let (c, r) = (self.screen(center), radius * self.pixels_per_meter);
        mq::draw_circle(c.x, c.y, r, fill(color));
        mq::draw_circle_lines(c.x, c.y, r, LINE_WIDTH, solid(color));
        let rim = self.screen(rim);
        mq::draw_line(c.x, c.y, rim.x, rim.y, LINE_WIDTH, solid(color));
    }

    fn solid_capsule(&mut self, center1: Vec2, center2: Vec2, radius: f32, color: Color) {
        let side = (center2 - center1)
            .try_normalize()
            .unwrap_or(Vec2::X)
            .perp()
            * radius;
        let body = [
            center1 - side,
            center2 - side,
            center2 + side,
            center1 + side,
        ];
        self.solid_polygon(&body, color);
        for end in [center1, center2] {
            let (c, r) = (self.screen(end), radius * self.pixels_per_meter);
            mq::draw_circle(c.x, c.y, r, fill(color));
            mq::draw_circle_lines(c.x, c.y, r, LINE_WIDTH, solid(color));
        }
    }

    fn segment(&mut self, a: Vec2, b: Vec2, color: Color) {
        let (a, b) = (self.screen(a), self.screen(b));
        mq::draw_line(a.x, a.y, b.x, b.y, LINE_WIDTH, solid(color));
    }

    fn point(&mut self, at: Vec2, size: f32, color: Color) {
        let at = self.screen(at);
        let half = 0.5 * size;
        mq::draw_rectangle(at.x - half, at.y - half, size, size, solid(color));
    }

    fn body_pose(&mut self, body: BodyId, step_pose: Transform) -> Transform {
        self.poses
            .and_then(|pose| pose(body).ok())
            .unwrap_or(step_pose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn world_points_and_screen_pixels_map_to_each_other_with_y_flipped() {
        let screen = ScreenDraw::new(20.0, (400.0, 300.0));
        assert_eq!(screen.to_screen(Vec2::new(1.0, 2.0)), (420.0, 260.0));
        let back = screen.to_world((420.0, 260.0));
        assert!((back - Vec2::new(1.0, 2.0)).length() < 1e-6, "{back}");
    }
}
