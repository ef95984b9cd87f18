//! A capsule's outline as a loop of points, for filling and outlining.

use lockstep2d::Vec2;
use lockstep2d::math::{cos, sin};

/// Segments per round end.
const CAP_SEGMENTS: u32 = 10;

/// The capsule around the segment from `c1` to `c2` as a counter-clockwise loop: a half
/// circle around each centre, joined by the straight sides.
pub fn capsule_loop(c1: Vec2, c2: Vec2, radius: f32) -> impl Iterator<Item = Vec2> {
    let axis = (c2 - c1).try_normalize().unwrap_or(Vec2::X);
    let side = axis.perp();
    let half_circle = move |center: Vec2, forward: Vec2, left: Vec2| {
        (0..=CAP_SEGMENTS).map(move |k| {
            // From −90° to +90° around `forward`.
            let theta = std::f32::consts::PI * (k as f32 / CAP_SEGMENTS as f32 - 0.5);
            center + radius * (cos(theta) * forward + sin(theta) * left)
        })
    };
    half_circle(c2, axis, side).chain(half_circle(c1, -axis, -side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capsule_loop_stays_on_the_capsule_surface() {
        let (c1, c2, r) = (Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.5), 0.3);
        let points: Vec<Vec2> = capsule_loop(c1, c2, r).collect();
        assert_eq!(points.len() as u32, 2 * (CAP_SEGMENTS + 1));
        for p in points {
            // Distance from p to the segment c1–c2 is the radius.
            let t = ((p - c1).dot(c2 - c1) / (c2 - c1).length_squared()).clamp(0.0, 1.0);
            let d = (p - (c1 + t * (c2 - c1))).length();
            assert!((d - r).abs() < 1e-5, "{p}: {d}");
        }
    }
}
