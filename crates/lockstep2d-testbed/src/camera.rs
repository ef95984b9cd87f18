//! The camera: which part of the world the picture shows, and how world metres map to
//! pixels. World y points up, pixel y points down.

use lockstep2d::{Aabb, BodyType, Vec2, World};

/// Zoom limits, in pixels per metre: beyond them nothing useful is left on screen.
const MIN_SCALE: f32 = 0.05;
const MAX_SCALE: f32 = 5000.0;
/// Room left around the scene by `fit`, as a fraction of its size.
const FIT_MARGIN: f32 = 0.1;

/// Which part of the world the picture shows, and how world metres map to pixels. World
/// y points up, pixel y down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The world point at the middle of the picture.
    pub center: Vec2,
    /// The zoom: pixels per metre.
    pub pixels_per_meter: f32,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
}

impl Camera {
    /// A camera on the origin at 20 px/m.
    pub fn new(width: u32, height: u32) -> Camera {
        Camera {
            center: Vec2::ZERO,
            pixels_per_meter: 20.0,
            width,
            height,
        }
    }

    /// Pixel coordinates of a world point: pixel (i, j) covers [i, i+1) × [j, j+1).
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        let offset = (p - self.center) * self.pixels_per_meter;
        Vec2::new(
            0.5 * self.width as f32 + offset.x,
            0.5 * self.height as f32 - offset.y,
        )
    }

    /// The world point under pixel coordinates `s`.
    pub fn to_world(&self, s: Vec2) -> Vec2 {
        let offset = Vec2::new(
            s.x - 0.5 * self.width as f32,
            0.5 * self.height as f32 - s.y,
        );
        self.center + offset / self.pixels_per_meter
    }

    /// Centres `bounds` and zooms so that it fills the picture with a margin.
    pub fn fit(&mut self, bounds: Aabb) {
        let size = (bounds.max - bounds.min) * (1.0 + 2.0 * FIT_MARGIN);
        let scale_x = self.width as f32 / size.x.max(f32::EPSILON);
        let scale_y = self.height as f32 / size.y.max(f32::EPSILON);
        self.center = 0.5 * (bounds.min + bounds.max);
        self.pixels_per_meter = scale_x.min(scale_y).clamp(MIN_SCALE, MAX_SCALE);
    }

    /// Moves the picture by a drag of `delta` pixels: the world follows the mouse.
    pub fn pan_pixels(&mut self, delta: Vec2) {
        self.center -= Vec2::new(delta.x, -delta.y) / self.pixels_per_meter;
    }

    /// Zooms by `factor` keeping the world point under pixel `s` where it is.
    pub fn zoom_at(&mut self, s: Vec2, factor: f32) {
        let anchor = self.to_world(s);
        self.pixels_per_meter = (self.pixels_per_meter * factor).clamp(MIN_SCALE, MAX_SCALE);
        self.center += anchor - self.to_world(s);
    }
}

/// What a camera should frame: the boxes of every moving body's shapes. Static bodies
/// count only when nothing moves, because grounds are usually far wider than the action
/// (Box2D-Lite's pyramid stands on a 100 m floor).
pub fn scene_bounds(world: &World) -> Option<Aabb> {
    let boxes = |moving: bool| {
        world
            .body_ids()
            .filter(move |&b| (world.body_type(b).ok() != Some(BodyType::Static)) == moving)
            .flat_map(|b| world.body_shapes(b).unwrap_or_default())
            .filter_map(|s| world.shape_aabb(s).ok())
            .reduce(|a, b| a.union(&b))
    };
    boxes(true).or_else(|| boxes(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_and_world_are_inverse() {
        let mut camera = Camera::new(320, 200);
        camera.center = Vec2::new(3.0, -2.0);
        camera.pixels_per_meter = 17.0;
        let p = Vec2::new(4.5, 1.25);
        assert!((camera.to_world(camera.to_screen(p)) - p).length() < 1e-4);
        assert_eq!(camera.to_screen(camera.center), Vec2::new(160.0, 100.0));
        assert!(
            camera.to_screen(Vec2::new(3.0, 0.0)).y < 100.0,
            "y points up"
        );
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut camera = Camera::new(320, 200);
        let cursor = Vec2::new(40.0, 30.0);
        let before = camera.to_world(cursor);
        camera.zoom_at(cursor, 1.7);
        assert!((camera.to_world(cursor) - before).length() < 1e-4);
        assert_eq!(camera.pixels_per_meter, 34.0);
    }

    #[test]
    fn fit_shows_the_whole_box() {
        let mut camera = Camera::new(400, 200);
        let bounds = Aabb {
            min: Vec2::new(-10.0, 0.0),
            max: Vec2::new(10.0, 4.0),
        };
        camera.fit(bounds);
        for corner in [bounds.min, bounds.max] {
            let s = camera.to_screen(corner);
            assert!(
                (0.0..=400.0).contains(&s.x) && (0.0..=200.0).contains(&s.y),
                "{s}"
            );
        }
    }

    #[test]
    fn pan_moves_the_world_with_the_mouse() {
        let mut camera = Camera::new(100, 100);
        let p = Vec2::new(1.0, 1.0);
        let before = camera.to_screen(p);
        camera.pan_pixels(Vec2::new(10.0, 5.0));
        assert!((camera.to_screen(p) - before - Vec2::new(10.0, 5.0)).length() < 1e-4);
    }
}
