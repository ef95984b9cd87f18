//! The testbed's ray cast: a ray from a fixed origin to the cursor, every shape it hits
//! marked with a dot and its normal, the closest in its own colour.

use lockstep2d::{RayHit, Vec2};
use tiny_skia::Pixmap;

use crate::camera::Camera;
use crate::colors;
use crate::raster::Raster;

/// Pixels: the ray's half width, a hit dot's radius, a normal's length.
const HALF_WIDTH: f32 = 0.75;
const DOT_RADIUS: f32 = 3.5;
const NORMAL_LENGTH: f32 = 18.0;

/// Draws the ray from `from` to `to` and its hits, nearest first (as
/// `World::cast_ray_all` gives them).
pub fn draw_ray_cast(
    pixmap: &mut Pixmap,
    camera: &Camera,
    (from, to): (Vec2, Vec2),
    hits: &[RayHit],
) {
    let mut raster = Raster::new(pixmap);
    let (a, b) = (camera.to_screen(from), camera.to_screen(to));
    raster.line(a, b, HALF_WIDTH, colors::RAY);
    for (i, hit) in hits.iter().enumerate().rev() {
        let at = camera.to_screen(hit.point);
        let color = if i == 0 {
            colors::RAY_CLOSEST
        } else {
            colors::RAY_HIT
        };
        // Screen y grows downwards.
        let normal = Vec2::new(hit.normal.x, -hit.normal.y) * NORMAL_LENGTH;
        raster.line(at, at + normal, HALF_WIDTH, colors::RAY_CLOSEST);
        raster.dot(at, DOT_RADIUS, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, QueryFilter, ShapeDef, World, WorldDef};

    #[test]
    fn the_closest_hit_is_drawn_where_the_ray_meets_the_box() {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let body = world
            .create_body(&BodyDef::static_at(Vec2::new(0.0, 0.0)))
            .unwrap();
        world
            .create_shape(body, &ShapeDef::new_box(1.0, 1.0).unwrap())
            .unwrap();
        let (from, to) = (Vec2::new(-4.0, 0.5), Vec2::new(4.0, 0.5));
        let hits = (world.cast_ray_all(from, to - from, &QueryFilter::default())).unwrap();
        assert_eq!(hits.len(), 1);
        assert!((hits[0].point - Vec2::new(-1.0, 0.5)).length() < 1e-5);
        let mut pixmap = crate::filled_pixmap(100, 100, colors::BACKGROUND.color());
        let camera = Camera {
            pixels_per_meter: 10.0,
            ..Camera::new(100, 100)
        };
        draw_ray_cast(&mut pixmap, &camera, (from, to), &hits);
        let at = camera.to_screen(hits[0].point);
        let pixel = pixmap.pixel(at.x as u32, at.y as u32).unwrap();
        let yellow = colors::RAY_CLOSEST;
        assert_eq!(
            (pixel.red(), pixel.green(), pixel.blue()),
            (yellow.0, yellow.1, yellow.2)
        );
    }
}
