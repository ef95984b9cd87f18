//! Whether a placed shape touches a point, a box or another placed shape: the exact
//! tests behind the world's overlap queries and its sensors. Touching counts: shapes
//! whose surfaces meet overlap.

use super::distance::{Core, core_gap};
use crate::math::{Aabb, Transform, Vec2};
use crate::minmax;
use crate::shape::{Collider, Polygon};

/// Whether `collider`, placed by `xf`, touches the world point `point`.
pub(crate) fn touches_point(collider: &Collider, xf: Transform, point: Vec2) -> bool {
    let local = xf.inv_apply(point);
    match collider {
        Collider::Circle(c) => (local - c.center).length_squared() <= c.radius * c.radius,
        // A segment (two vertices, no radius) is thinner than any point test.
        Collider::Polygon(p) if p.radius == 0.0 && p.count > 2 => p
            .vertices()
            .iter()
            .zip(p.normals())
            .all(|(&v, &n)| n.dot(local - v) <= 0.0),
        Collider::Polygon(p) => {
            core_gap(&Core::of(collider), &Core::disc(local, 0.0)).length() <= p.radius
        }
        Collider::ChainSegment(_) => {
            core_gap(&Core::of(collider), &Core::disc(local, 0.0)).length() <= 0.0
        }
    }
}

/// Whether `collider`, placed by `xf`, touches the world box `aabb`.
pub(crate) fn touches_box(collider: &Collider, xf: Transform, aabb: &Aabb) -> bool {
    match collider {
        Collider::Circle(c) => {
            let center = xf.apply(c.center);
            let nearest = minmax::clamp_vec2(center, aabb.min, aabb.max);
            (center - nearest).length_squared() <= c.radius * c.radius
        }
        Collider::Polygon(p) if p.radius == 0.0 => polygon_touches_box(p, xf, aabb),
        Collider::ChainSegment(link) => polygon_touches_box(&link.segment().as_polygon(), xf, aabb),
        Collider::Polygon(p) => {
            let tight = collider.aabb(xf);
            if !tight.overlaps(aabb) {
                return false;
            }
            if aabb.contains(&tight) {
                return true;
            }
            let corners = [
                aabb.min,
                Vec2::new(aabb.max.x, aabb.min.y),
                aabb.max,
                Vec2::new(aabb.min.x, aabb.max.y),
            ];
            let mut box_core = Core::disc(aabb.min, 0.0);
            box_core.points[..4].copy_from_slice(&corners);
            box_core.count = 4;
            core_gap(&box_core, &Core::of(collider).placed(xf)).length() <= p.radius
        }
    }
}

/// Separating axes, tried in the polygon's own frame: the box's centre and two axes are
/// turned into it once, so the polygon's vertices and normals are used as stored. Boxes
/// are asked of many shapes, and turning every vertex into the world for the box's axes
/// and again for each normal costs more than the test itself (docs/decisions.md, "Box
/// overlap tested in the polygon's frame").
fn polygon_touches_box(p: &Polygon, xf: Transform, aabb: &Aabb) -> bool {
    let half = 0.5 * (aabb.max - aabb.min);
    let center = xf.inv_apply(0.5 * (aabb.min + aabb.max));
    let (axis_x, axis_y) = (xf.q.inv_rotate(Vec2::X), xf.q.inv_rotate(Vec2::Y));
    // The box's axes: the polygon's extent along each, from the box's centre.
    // Plain comparisons: no operand is NaN, and the checks `f32::min` makes for one
    // cost as much as the rest of the loop.
    let (mut low, mut high) = ([f32::MAX; 2], [f32::MIN; 2]);
    for &v in p.vertices() {
        let offset = v - center;
        for (axis, along) in [offset.dot(axis_x), offset.dot(axis_y)]
            .into_iter()
            .enumerate()
        {
            if along < low[axis] {
                low[axis] = along;
            }
            if along > high[axis] {
                high[axis] = along;
            }
        }
    }
    if low[0] > half.x || high[0] < -half.x || low[1] > half.y || high[1] < -half.y {
        return false;
    }
    // The polygon's edge normals: the box's nearest reach past each edge's line.
    p.vertices().iter().zip(p.normals()).all(|(&v, &n)| {
        let reach = half.x * n.dot(axis_x).abs() + half.y * n.dot(axis_y).abs();
        n.dot(center - v) <= reach
    })
}

/// Whether two placed colliders touch.
pub(crate) fn touches_collider(
    a: &Collider,
    xf_a: Transform,
    b: &Collider,
    xf_b: Transform,
) -> bool {
    let (core_a, core_b) = (Core::of(a).placed(xf_a), Core::of(b).placed(xf_b));
    core_gap(&core_a, &core_b).length() <= core_a.radius + core_b.radius
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Capsule, Circle, Geometry, Polygon, ShapeDef};

    fn collider(geometry: Geometry) -> Collider {
        ShapeDef::new(geometry).collider()
    }

    fn diamond() -> (Collider, Transform) {
        let square = Polygon::new_box(1.0, 1.0).expect("box");
        let turned = Transform::new(Vec2::ZERO, std::f32::consts::FRAC_PI_4);
        (collider(Geometry::Polygon(square)), turned)
    }

    #[test]
    fn a_turned_square_touches_boxes_by_its_corners_not_its_bounds() {
        let (square, xf) = diamond();
        // Its corners reach √2 along the axes; its bounding box's corner (1.4, 1.4) is
        // far outside it.
        let near_corner = Aabb {
            min: Vec2::new(1.0, 1.0),
            max: Vec2::new(2.0, 2.0),
        };
        assert!(!touches_box(&square, xf, &near_corner));
        let on_tip = Aabb {
            min: Vec2::new(1.4, -0.1),
            max: Vec2::new(2.0, 0.1),
        };
        assert!(touches_box(&square, xf, &on_tip));
        assert!(touches_point(&square, xf, Vec2::new(1.4, 0.0)));
        assert!(!touches_point(&square, xf, Vec2::new(0.9, 0.9)));
    }

    #[test]
    fn rounded_shapes_touch_by_their_rounding() {
        let capsule = collider(Geometry::Capsule(Capsule {
            center1: Vec2::new(-1.0, 0.0),
            center2: Vec2::new(1.0, 0.0),
            radius: 0.5,
        }));
        let xf = Transform::IDENTITY;
        assert!(touches_point(&capsule, xf, Vec2::new(1.3, 0.3)));
        assert!(!touches_point(&capsule, xf, Vec2::new(1.4, 0.4)));
        let corner_box = Aabb {
            min: Vec2::new(1.36, 0.36),
            max: Vec2::new(2.0, 2.0),
        };
        assert!(!touches_box(&capsule, xf, &corner_box), "past the cap");
        let circle = collider(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        }));
        let near = Transform::new(Vec2::new(1.5, 0.8), 0.0);
        assert!(touches_collider(&capsule, xf, &circle, near));
        let far = Transform::new(Vec2::new(1.5, 0.9), 0.0);
        assert!(!touches_collider(&capsule, xf, &circle, far));
    }

    /// A box spanning `min` to `max`, unturned, as a query box is.
    fn long_box(min: Vec2, max: Vec2) -> (Collider, Transform) {
        let half = 0.5 * (max - min);
        let polygon = Polygon::new_box(half.x, half.y).expect("box");
        (
            collider(Geometry::Polygon(polygon)),
            Transform::new(0.5 * (min + max), 0.0),
        )
    }

    fn unit_box() -> Collider {
        collider(Geometry::Polygon(Polygon::new_box(0.5, 0.5).expect("box")))
    }

    /// A unit box turned 0.0019 rad whose top-left corner reaches 1.6 mm into a
    /// 5.8 m × 7.3 m box, as boxes of the settled large pyramid meet a query box: the
    /// Minkowski difference's edge passes sixty micrometres from the origin, where a
    /// search along the closest point (tilted by its rounding) would miss the vertex
    /// inside.
    #[test]
    fn a_corner_a_millimetre_inside_a_long_box_touches_it() {
        let (long, long_xf) = long_box(Vec2::new(-0.74964, 21.45187), Vec2::new(5.04682, 28.73639));
        let corner_inside = Transform::new(Vec2::new(5.546192, 28.077408), 0.0018996);
        assert!(touches_collider(&long, long_xf, &unit_box(), corner_inside));
        // 2.6 mm further right it clears the long box by about 1 mm.
        let clear = Transform::new(Vec2::new(5.548792, 28.077408), 0.0018996);
        assert!(!touches_collider(&long, long_xf, &unit_box(), clear));
    }

    /// The same meeting a few micrometres on: GJK reaches the thin triangle that holds
    /// the origin, whose region tests (dot products of 8 m edges) once named an edge.
    #[test]
    fn a_thin_triangle_round_the_origin_counts_as_touching() {
        let (long, long_xf) = long_box(
            Vec2::new(-0.74964, 21.451877),
            Vec2::new(5.046816, 28.736397),
        );
        let corner_inside = Transform::new(Vec2::new(5.5461907, 28.077408), 0.0018983);
        assert!(touches_collider(&long, long_xf, &unit_box(), corner_inside));
    }
}
