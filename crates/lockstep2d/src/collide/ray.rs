//! A ray against one shape, in the shape's body frame.
//!
//! The ray is `origin + t · translation` for `t` in `[0, max_fraction]`. A ray that
//! starts inside a shape hits it at `t = 0`, at its origin, with a zero normal: there is
//! no surface there to face. A ray that only grazes a shape (touching its boundary
//! without entering) may be reported or not; everything else is exact to rounding.
//! A chain link is met only from its front, as it collides.

use super::distance::{Core, core_gap};
use crate::math::Vec2;
use crate::shape::{Collider, Polygon};

/// Where a ray first meets a shape, in the frame it was cast in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LocalHit {
    pub point: Vec2,
    /// The outward surface normal there (unit), or zero for a ray that starts inside.
    pub normal: Vec2,
    pub fraction: f32,
}

impl LocalHit {
    fn inside(origin: Vec2) -> LocalHit {
        LocalHit {
            point: origin,
            normal: Vec2::ZERO,
            fraction: 0.0,
        }
    }
}

/// The first point of `collider` on the ray, if it is no further than `max_fraction`.
pub(crate) fn ray_cast(
    collider: &Collider,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f32,
) -> Option<LocalHit> {
    match collider {
        Collider::Circle(c) => ray_circle(c.center, c.radius, origin, translation, max_fraction),
        // A segment's two half-planes bound no area: it is met as a rounded polygon of
        // radius zero, by its faces.
        Collider::Polygon(p) if p.radius == 0.0 && p.count > 2 => {
            ray_polygon(p, origin, translation, max_fraction)
        }
        Collider::Polygon(p) => ray_rounded(p, origin, translation, max_fraction),
        Collider::ChainSegment(link) => {
            let normal = link.segment().front_normal();
            ray_face(
                link.point1,
                link.point2,
                normal,
                origin,
                translation,
                max_fraction,
            )
        }
    }
}

/// A disc. Measured along the unit direction from the point of the ray nearest the
/// centre, which keeps the precision of a long ray that passes close to a small disc.
fn ray_circle(
    center: Vec2,
    radius: f32,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f32,
) -> Option<LocalHit> {
    let from_center = origin - center;
    if from_center.length_squared() <= radius * radius {
        return Some(LocalHit::inside(origin));
    }
    let length = translation.length();
    if length == 0.0 {
        return None;
    }
    let direction = translation / length;
    // The ray's point nearest the centre is `along` metres from the origin, `off` from it.
    let along = -from_center.dot(direction);
    let nearest = from_center + along * direction;
    let off_squared = nearest.length_squared();
    if off_squared > radius * radius {
        return None;
    }
    let entry = along - (radius * radius - off_squared).sqrt();
    if entry < 0.0 || entry > max_fraction * length {
        return None;
    }
    let fraction = entry / length;
    let point = origin + fraction * translation;
    let normal = (from_center + entry * direction).normalize_or_zero();
    Some(LocalHit {
        point,
        normal,
        fraction,
    })
}

/// A sharp polygon, by clipping the ray against each edge's half-plane (Cyrus–Beck): the
/// ray is inside from the last edge it enters to the first it leaves.
fn ray_polygon(
    polygon: &Polygon,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f32,
) -> Option<LocalHit> {
    let (mut lower, mut upper) = (0.0f32, max_fraction);
    let mut entered_by = None;
    for (&vertex, &normal) in polygon.vertices().iter().zip(polygon.normals()) {
        // Inside this edge where normal · (point − vertex) <= 0.
        let depth = normal.dot(vertex - origin);
        let rate = normal.dot(translation);
        if rate == 0.0 {
            if depth < 0.0 {
                return None;
            }
        } else if rate < 0.0 && depth < lower * rate {
            lower = depth / rate;
            entered_by = Some(normal);
        } else if rate > 0.0 && depth < upper * rate {
            upper = depth / rate;
        }
        if upper < lower {
            return None;
        }
    }
    match entered_by {
        Some(normal) => Some(LocalHit {
            point: origin + lower * translation,
            normal,
            fraction: lower,
        }),
        None => Some(LocalHit::inside(origin)),
    }
}

/// A rounded polygon (a capsule is one with two vertices): its surface is the edges
/// pushed out by the radius and an arc at each corner, all inside the shape, so the
/// first of them the ray enters is where it enters the shape.
fn ray_rounded(
    polygon: &Polygon,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f32,
) -> Option<LocalHit> {
    let core = Core::of(&Collider::Polygon(*polygon));
    if core_gap(&core, &Core::disc(origin, 0.0)).length() <= polygon.radius {
        return Some(LocalHit::inside(origin));
    }
    let count = polygon.count;
    let mut best: Option<LocalHit> = None;
    let mut limit = max_fraction;
    for i in 0..count {
        let (v1, v2, normal) = (
            polygon.vertices[i],
            polygon.vertices[(i + 1) % count],
            polygon.normals[i],
        );
        let offset = polygon.radius * normal;
        let side = ray_face(v1 + offset, v2 + offset, normal, origin, translation, limit);
        let corner = ray_circle(v1, polygon.radius, origin, translation, limit);
        for hit in [side, corner].into_iter().flatten() {
            limit = hit.fraction;
            best = Some(hit);
        }
    }
    best
}

/// A segment from `v1` to `v2` with outward normal `normal`, entered from its outer
/// side only.
fn ray_face(
    v1: Vec2,
    v2: Vec2,
    normal: Vec2,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f32,
) -> Option<LocalHit> {
    let rate = normal.dot(translation);
    if rate >= 0.0 {
        return None;
    }
    let fraction = normal.dot(v1 - origin) / rate;
    if !(0.0..=max_fraction).contains(&fraction) {
        return None;
    }
    let point = origin + fraction * translation;
    let edge = v2 - v1;
    let along = (point - v1).dot(edge);
    if along < 0.0 || along > edge.length_squared() {
        return None;
    }
    Some(LocalHit {
        point,
        normal,
        fraction,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Capsule, Circle, Geometry, ShapeDef};

    fn collider(geometry: Geometry) -> Collider {
        ShapeDef::new(geometry).collider()
    }

    fn unit_box() -> Collider {
        collider(Geometry::Polygon(Polygon::new_box(1.0, 1.0).expect("box")))
    }

    #[test]
    fn a_ray_meets_a_box_face_at_the_exact_fraction() {
        let hit = ray_cast(&unit_box(), Vec2::new(-5.0, 0.5), Vec2::new(10.0, 0.0), 1.0)
            .expect("hits the box");
        assert!((hit.fraction - 0.4).abs() < 1e-6, "{hit:?}");
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
        assert!((hit.point - Vec2::new(-1.0, 0.5)).length() < 1e-6);
        let short = ray_cast(&unit_box(), Vec2::new(-5.0, 0.5), Vec2::new(10.0, 0.0), 0.3);
        assert_eq!(short, None, "the box lies beyond the ray's end");
        let past = ray_cast(&unit_box(), Vec2::new(-5.0, 1.5), Vec2::new(10.0, 0.0), 1.0);
        assert_eq!(past, None, "the ray passes above the box");
    }

    #[test]
    fn a_ray_meets_a_circle_where_the_geometry_says() {
        let circle = collider(Geometry::Circle(Circle {
            center: Vec2::new(3.0, 0.0),
            radius: 1.0,
        }));
        // Off the centre line by 0.6: enters at x = 3 − 0.8.
        let hit = ray_cast(&circle, Vec2::new(0.0, 0.6), Vec2::new(4.0, 0.0), 1.0)
            .expect("hits the circle");
        assert!((hit.point.x - 2.2).abs() < 1e-6, "{hit:?}");
        assert!((hit.normal - Vec2::new(-0.8, 0.6)).length() < 1e-6);
        assert!((hit.fraction - 0.55).abs() < 1e-6);
    }

    #[test]
    fn a_ray_meets_a_capsule_on_its_side_and_on_its_cap() {
        let capsule = collider(Geometry::Capsule(Capsule {
            center1: Vec2::new(-1.0, 0.0),
            center2: Vec2::new(1.0, 0.0),
            radius: 0.5,
        }));
        let down = ray_cast(&capsule, Vec2::new(0.3, 3.0), Vec2::new(0.0, -4.0), 1.0)
            .expect("hits the side");
        assert!(
            (down.point - Vec2::new(0.3, 0.5)).length() < 1e-6,
            "{down:?}"
        );
        assert!((down.normal - Vec2::Y).length() < 1e-6);
        let across = ray_cast(&capsule, Vec2::new(5.0, 0.3), Vec2::new(-4.0, 0.0), 1.0)
            .expect("hits the cap");
        assert!((across.point.x - 1.4).abs() < 1e-5, "{across:?}");
        assert!((across.normal - Vec2::new(0.8, 0.6)).length() < 1e-5);
    }

    #[test]
    fn a_ray_from_inside_hits_at_its_origin_with_no_normal() {
        for shape in [
            unit_box(),
            collider(Geometry::Circle(Circle {
                center: Vec2::ZERO,
                radius: 1.0,
            })),
            collider(Geometry::Capsule(Capsule {
                center1: Vec2::new(-1.0, 0.0),
                center2: Vec2::new(1.0, 0.0),
                radius: 0.5,
            })),
        ] {
            let hit = ray_cast(&shape, Vec2::new(0.2, 0.1), Vec2::new(3.0, 1.0), 1.0);
            let expected = LocalHit {
                point: Vec2::new(0.2, 0.1),
                normal: Vec2::ZERO,
                fraction: 0.0,
            };
            assert_eq!(hit, Some(expected), "{shape:?}");
        }
    }
}
