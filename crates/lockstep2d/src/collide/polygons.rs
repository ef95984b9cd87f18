//! Two (possibly rounded) convex polygons: boxes, polygons and capsules in any mix.
//!
//! The separating axis test picks a reference face (the face of greatest separation),
//! the most anti-parallel face of the other polygon is the incident face, and the
//! incident face is clipped to the reference face's side planes. That gives up to two
//! points, each named by the reference vertex and incident vertex it came from.
//!
//! When the polygons' cores are apart (only their rounding, or the speculative margin,
//! makes them touch), the nearest features may be two corners: then the face normal is
//! the wrong direction and a single point along the corner-to-corner line is used.

use super::{LocalManifold, LocalPoint, feature_id};
use crate::LINEAR_SLOP;
use crate::math::{Transform, Vec2};
use crate::minmax;
use crate::shape::Polygon;

/// `speculative`: how far apart (m) the shapes may be and still get contact points.
pub(super) fn polygons(a: &Polygon, xf: Transform, b: &Polygon, speculative: f32) -> LocalManifold {
    placed_polygons(a, &transformed(b, xf), speculative)
}

/// `polygons` with `b` already in A's frame (`transformed`).
pub(super) fn placed_polygons(a: &Polygon, b: &Polygon, speculative: f32) -> LocalManifold {
    let radius = a.radius + b.radius;
    let (edge_a, separation_a) = max_separation(a, b);
    if separation_a > radius + speculative {
        return LocalManifold::default();
    }
    let (edge_b, separation_b) = max_separation(b, a);
    if separation_b > radius + speculative {
        return LocalManifold::default();
    }
    // Prefer A's face unless B's is clearly better, so the choice does not flip back and
    // forth between steps (which would change every feature id and lose warm starting).
    let flipped = separation_b > separation_a + 0.1 * LINEAR_SLOP;
    let (reference, incident, ref_edge) = if flipped {
        (b, a, edge_b)
    } else {
        (a, b, edge_a)
    };
    let pair = FacePair::new(reference, incident, ref_edge);

    let core_separation = minmax::max(separation_a, separation_b);
    let manifold = if core_separation > 0.1 * LINEAR_SLOP {
        pair.corner_contact(reference.radius, incident.radius, flipped, speculative)
    } else {
        None
    };
    let mut manifold = manifold
        .unwrap_or_else(|| pair.clip(reference.radius, incident.radius, flipped, speculative));
    if flipped {
        manifold.normal = -manifold.normal;
    }
    manifold
}

/// `polygon` with its vertices and normals mapped through `xf`.
pub(super) fn transformed(polygon: &Polygon, xf: Transform) -> Polygon {
    let mut out = *polygon;
    for i in 0..polygon.count {
        out.vertices[i] = xf.apply(polygon.vertices[i]);
        out.normals[i] = xf.q.rotate(polygon.normals[i]);
    }
    out
}

/// The edge of `p1` whose outward normal separates `p2` the most, and that separation.
fn max_separation(p1: &Polygon, p2: &Polygon) -> (usize, f32) {
    let mut best = (0, f32::MIN);
    for i in 0..p1.count {
        let (n, v) = (p1.normals[i], p1.vertices[i]);
        let deepest = p2
            .vertices()
            .iter()
            .map(|&w| n.dot(w - v))
            .fold(f32::MAX, minmax::min);
        if deepest > best.1 {
            best = (i, deepest);
        }
    }
    best
}

/// The reference edge (from v11 to v12) and the incident edge (from v21 to v22) with
/// their indices.
pub(super) struct FacePair {
    normal: Vec2,
    i11: usize,
    i12: usize,
    i21: usize,
    i22: usize,
    v11: Vec2,
    v12: Vec2,
    v21: Vec2,
    v22: Vec2,
}

impl FacePair {
    pub(super) fn new(reference: &Polygon, incident: &Polygon, ref_edge: usize) -> FacePair {
        let normal = reference.normals[ref_edge];
        let i21 = (0..incident.count)
            .map(|i| (i, incident.normals[i].dot(normal)))
            .fold(
                (0, f32::MAX),
                |best, cur| if cur.1 < best.1 { cur } else { best },
            )
            .0;
        let i12 = (ref_edge + 1) % reference.count;
        let i22 = (i21 + 1) % incident.count;
        FacePair {
            normal,
            i11: ref_edge,
            i12,
            i21,
            i22,
            v11: reference.vertices[ref_edge],
            v12: reference.vertices[i12],
            v21: incident.vertices[i21],
            v22: incident.vertices[i22],
        }
    }

    /// A single point between two corners, when the closest features of the two edges
    /// are both end vertices. `None` when an edge interior is closest (use clipping).
    fn corner_contact(
        &self,
        r1: f32,
        r2: f32,
        flipped: bool,
        speculative: f32,
    ) -> Option<LocalManifold> {
        if parallel_overlap(self.v11, self.v12, self.v21, self.v22) {
            return None;
        }
        let closest = closest_points(self.v11, self.v12, self.v21, self.v22);
        let at_end = |f: f32| f == 0.0 || f == 1.0;
        if !(at_end(closest.fraction1) && at_end(closest.fraction2)) {
            return None;
        }
        let offset = closest.point2 - closest.point1;
        let distance = offset.length();
        if distance - r1 - r2 > speculative {
            return Some(LocalManifold::default());
        }
        let normal = if distance > f32::EPSILON {
            offset / distance
        } else {
            self.normal
        };
        let vertex1 = if closest.fraction1 == 0.0 {
            self.i11
        } else {
            self.i12
        };
        let vertex2 = if closest.fraction2 == 0.0 {
            self.i21
        } else {
            self.i22
        };
        let surface1 = closest.point1 + r1 * normal;
        let surface2 = closest.point2 - r2 * normal;
        let point = LocalPoint {
            point: 0.5 * (surface1 + surface2),
            separation: distance - r1 - r2,
            id: feature_id(vertex1, vertex2, flipped),
        };
        Some(LocalManifold::single(normal, point))
    }

    /// Clips the incident edge to the side planes of the reference edge.
    pub(super) fn clip(&self, r1: f32, r2: f32, flipped: bool, speculative: f32) -> LocalManifold {
        let tangent = (self.v12 - self.v11).normalize_or_zero();
        let upper1 = (self.v12 - self.v11).dot(tangent);
        // The incident edge runs the other way: v22 lies toward v11, v21 toward v12.
        let lower2 = (self.v22 - self.v11).dot(tangent);
        let upper2 = (self.v21 - self.v11).dot(tangent);
        let span = upper2 - lower2;
        let along = |target: f32| {
            let t = ((target - lower2) / span).clamp(0.0, 1.0);
            self.v22.lerp(self.v21, t)
        };
        let lower = if lower2 < 0.0 && span > f32::EPSILON {
            along(0.0)
        } else {
            self.v22
        };
        let upper = if upper2 > upper1 && span > f32::EPSILON {
            along(upper1)
        } else {
            self.v21
        };

        let mut manifold = LocalManifold {
            normal: self.normal,
            points: [None, None],
        };
        let candidates = [
            (lower, feature_id(self.i11, self.i22, flipped)),
            (upper, feature_id(self.i12, self.i21, flipped)),
        ];
        for (slot, (v, id)) in manifold.points.iter_mut().zip(candidates) {
            let core_separation = (v - self.v11).dot(self.normal);
            let separation = core_separation - r1 - r2;
            if separation <= speculative {
                // Midway between the reference surface (r1 off the face) and the incident
                // surface (r2 inside the incident core vertex).
                let point = v + 0.5 * (r1 - r2 - core_separation) * self.normal;
                *slot = Some(LocalPoint {
                    point,
                    separation,
                    id,
                });
            }
        }
        manifold
    }
}

/// Whether segments p1–q1 and p2–q2 are parallel and face each other over a length:
/// then every point of the overlap is equally close, and the closest points found from
/// the ends (two equal boxes side by side meet end to end) are not the contact's.
fn parallel_overlap(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> bool {
    let (d1, d2) = (q1 - p1, q2 - p2);
    let (dd1, dd2) = (d1.dot(d1), d2.dot(d2));
    let d12 = d1.dot(d2);
    if dd1 * dd2 - d12 * d12 > f32::EPSILON * dd1 * dd2 {
        return false;
    }
    let (a, b) = ((p2 - p1).dot(d1) / dd1, (q2 - p1).dot(d1) / dd1);
    minmax::max(a, b) > 0.0 && minmax::min(a, b) < 1.0
}

struct ClosestPoints {
    fraction1: f32,
    fraction2: f32,
    point1: Vec2,
    point2: Vec2,
}

/// Closest points of segments p1–q1 and p2–q2 (both of non-zero length), with the
/// fractions along each. Minimises |p1 + s·d1 − p2 − t·d2|² over s, t in [0, 1]: solve
/// the unconstrained 2×2 system for s, clamp, then take the best t for that s and, if t
/// had to be clamped, the best s again for the clamped t.
fn closest_points(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> ClosestPoints {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let (dd1, dd2, d12) = (d1.dot(d1), d2.dot(d2), d1.dot(d2));
    let (rd1, rd2) = (r.dot(d1), r.dot(d2));
    let denominator = dd1 * dd2 - d12 * d12;
    let mut s = if denominator > f32::EPSILON * dd1 * dd2 {
        ((d12 * rd2 - rd1 * dd2) / denominator).clamp(0.0, 1.0)
    } else {
        0.0 // parallel: any s works for the distance; the corner test then looks at t
    };
    let mut t = (d12 * s + rd2) / dd2;
    if t < 0.0 {
        t = 0.0;
        s = (-rd1 / dd1).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((d12 - rd1) / dd1).clamp(0.0, 1.0);
    }
    ClosestPoints {
        fraction1: s,
        fraction2: t,
        point1: p1 + s * d1,
        point2: p2 + t * d2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::SPECULATIVE_DISTANCE;
    use crate::math::Rot;

    fn unit_box() -> Polygon {
        Polygon::new_box(0.5, 0.5).unwrap()
    }

    fn at(x: f32, y: f32, angle: f32) -> Transform {
        Transform {
            p: Vec2::new(x, y),
            q: Rot::from_angle(angle),
        }
    }

    #[test]
    fn resting_box_has_two_points_at_its_bottom_corners() {
        let m = polygons(
            &unit_box(),
            at(0.0, 0.99, 0.0),
            &unit_box(),
            SPECULATIVE_DISTANCE,
        );
        let points: Vec<_> = m.points.iter().flatten().collect();
        assert_eq!(points.len(), 2);
        assert!((m.normal - Vec2::Y).length() < 1e-6);
        for p in &points {
            assert!((p.separation + 0.01).abs() < 1e-5);
            assert!((p.point.y - 0.495).abs() < 1e-5);
        }
        let xs: Vec<f32> = points.iter().map(|p| p.point.x).collect();
        assert!(
            xs.iter().any(|x| (x + 0.5).abs() < 1e-5) && xs.iter().any(|x| (x - 0.5).abs() < 1e-5)
        );
    }

    #[test]
    fn feature_ids_survive_a_small_slide() {
        let ids = |dx: f32| {
            let m = polygons(
                &unit_box(),
                at(dx, 0.99, 0.001),
                &unit_box(),
                SPECULATIVE_DISTANCE,
            );
            m.points.iter().flatten().map(|p| p.id).collect::<Vec<_>>()
        };
        assert_eq!(ids(0.0), ids(0.2));
    }

    /// Two equal boxes side by side, a gap apart: every point of their facing sides is
    /// equally close, so they meet along both corners, not at one.
    #[test]
    fn equal_boxes_a_gap_apart_meet_at_two_points() {
        let manifold = polygons(&unit_box(), at(1.05, 0.0, 0.0), &unit_box(), 0.1);
        let points: Vec<_> = manifold.points.iter().flatten().collect();
        assert_eq!(points.len(), 2, "{manifold:?}");
        for point in points {
            assert!((point.separation - 0.05).abs() < 1e-6, "{point:?}");
        }
    }

    #[test]
    fn separated_corners_use_the_corner_to_corner_normal() {
        let capsule = Polygon::rounded_segment(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 0.0), 0.1);
        // B's end sits diagonally off A's end: the nearest features are the two ends.
        let m = polygons(&capsule, at(1.1, 0.1, 0.0), &capsule, SPECULATIVE_DISTANCE);
        let points: Vec<_> = m.points.iter().flatten().collect();
        assert_eq!(points.len(), 1);
        let expected = Vec2::new(0.1, 0.1).normalize();
        assert!((m.normal - expected).length() < 1e-5, "{:?}", m.normal);
        let expected_sep = 0.1f32 * 2f32.sqrt() - 0.2;
        assert!((points[0].separation - expected_sep).abs() < 1e-5);
    }
}
