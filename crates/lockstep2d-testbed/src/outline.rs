//! A shape's outline in world coordinates, from its geometry and its body's pose.

use lockstep2d::math::{cos, sin};
use lockstep2d::{Geometry, ShapeDef, Transform, Vec2};

/// Segments per round end of a capsule.
const CAP_SEGMENTS: u32 = 10;

pub enum Outline {
    /// `rim` is the point where the body's local x axis leaves the circle: the line to it
    /// shows the circle turning.
    Circle {
        center: Vec2,
        radius: f32,
        rim: Vec2,
    },
    /// A closed convex loop, counter-clockwise; a line (segment, chain link) is a loop
    /// of its two ends.
    Loop(Vec<Vec2>),
}

pub fn outline(geometry: &Geometry, pose: Transform) -> Outline {
    match geometry {
        Geometry::Circle(c) => Outline::Circle {
            center: pose.apply(c.center),
            radius: c.radius,
            rim: pose.apply(c.center + Vec2::new(c.radius, 0.0)),
        },
        Geometry::Polygon(p) => {
            Outline::Loop(p.vertices().iter().map(|&v| pose.apply(v)).collect())
        }
        Geometry::Capsule(c) => Outline::Loop(
            capsule_loop(c.center1, c.center2, c.radius)
                .into_iter()
                .map(|v| pose.apply(v))
                .collect(),
        ),
        Geometry::Segment(s) => Outline::Loop(vec![pose.apply(s.point1), pose.apply(s.point2)]),
        Geometry::ChainSegment(link) => {
            Outline::Loop(vec![pose.apply(link.point1), pose.apply(link.point2)])
        }
    }
}

/// Where a one-way segment or chain link is solid from: the middle of its line and the
/// unit normal on its front, in world coordinates. `None` for a shape that is not one-way.
pub fn one_way_front(def: &ShapeDef, pose: Transform) -> Option<(Vec2, Vec2)> {
    if !def.one_way {
        return None;
    }
    let (a, b) = match def.geometry {
        Geometry::Segment(s) => (s.point1, s.point2),
        Geometry::ChainSegment(link) => (link.point1, link.point2),
        _ => return None,
    };
    let normal = def.geometry.front_normal()?;
    Some((pose.apply(0.5 * (a + b)), pose.q.rotate(normal)))
}

/// A capsule as a loop: a half circle around each centre, joined by the straight sides.
fn capsule_loop(c1: Vec2, c2: Vec2, radius: f32) -> Vec<Vec2> {
    let axis = (c2 - c1).try_normalize().unwrap_or(Vec2::X);
    let side = axis.perp();
    let half_circle = |center: Vec2, forward: Vec2, left: Vec2| {
        (0..=CAP_SEGMENTS).map(move |k| {
            // From −90° to +90° around `forward`.
            let theta = std::f32::consts::PI * (k as f32 / CAP_SEGMENTS as f32 - 0.5);
            center + radius * (cos(theta) * forward + sin(theta) * left)
        })
    };
    half_circle(c2, axis, side)
        .chain(half_circle(c1, -axis, -side))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::Segment;

    #[test]
    fn a_one_way_front_is_the_middle_and_the_right_hand_normal_turned_by_the_pose() {
        let line = Geometry::Segment(Segment {
            point1: Vec2::new(1.0, 0.0),
            point2: Vec2::new(-1.0, 0.0),
        });
        let pose = Transform::new(Vec2::new(3.0, 2.0), 0.5 * std::f32::consts::PI);
        let (middle, normal) = one_way_front(&ShapeDef::new(line).one_way(), pose).unwrap();
        // Right of the way from +x to −x is up; a quarter turn makes it −x.
        assert!((middle - Vec2::new(3.0, 2.0)).length() < 1e-6, "{middle}");
        assert!((normal - Vec2::new(-1.0, 0.0)).length() < 1e-6, "{normal}");
        assert!(
            one_way_front(&ShapeDef::new(line), pose).is_none(),
            "two-sided"
        );
    }

    #[test]
    fn a_capsule_loop_stays_on_the_capsule_surface() {
        let (c1, c2, r) = (Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.5), 0.3);
        let points = capsule_loop(c1, c2, r);
        assert_eq!(points.len() as u32, 2 * (CAP_SEGMENTS + 1));
        for p in points {
            // Distance from p to the segment c1–c2 is the radius.
            let t = ((p - c1).dot(c2 - c1) / (c2 - c1).length_squared()).clamp(0.0, 1.0);
            let d = (p - (c1 + t * (c2 - c1))).length();
            assert!((d - r).abs() < 1e-5, "{p}: {d}");
        }
    }
}
