//! Convex polygons: hull construction, validation and mass.
//!
//! A polygon may carry a `radius` that rounds it (a capsule is a two-vertex polygon with a
//! radius), so one collision routine serves boxes, polygons and capsules alike.

use crate::error::{Error, Result, check_finite, check_finite_vec};
use crate::math::{Rot, Vec2, cross};
use crate::shape::MassData;

/// The most vertices a polygon may have. Eight keeps a polygon in two cache lines and
/// covers what games build from convex pieces.
pub const MAX_POLYGON_VERTICES: usize = 8;

/// Points closer than this are welded into one vertex when a hull is built.
const WELD_DISTANCE: f32 = 0.5 * crate::LINEAR_SLOP;

/// A convex polygon in counter-clockwise order, in its body's local coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon {
    pub(crate) vertices: [Vec2; MAX_POLYGON_VERTICES],
    pub(crate) normals: [Vec2; MAX_POLYGON_VERTICES],
    pub(crate) count: usize,
    pub(crate) radius: f32,
    pub(crate) centroid: Vec2,
}

impl Polygon {
    /// Builds the convex hull of `points` (any order, at most eight).
    ///
    /// Points closer than half the linear slop are welded and points on an edge are
    /// dropped. Fails if a point lies inside the hull of the others (the outline is
    /// concave), if fewer than three distinct corners remain, or if the area is too small
    /// to simulate.
    pub fn new(points: &[Vec2]) -> Result<Polygon> {
        if points.len() > MAX_POLYGON_VERTICES {
            return Err(Error::TooManyVertices {
                count: points.len(),
                max: MAX_POLYGON_VERTICES,
            });
        }
        for &p in points {
            check_finite_vec("polygon", p)?;
        }
        let hull = convex_hull(points);
        if hull.len() < 3 {
            return Err(Error::DegeneratePolygon {
                reason: "fewer than three distinct, non-collinear vertices",
            });
        }
        if let Some(index) = points.iter().position(|&p| is_strictly_inside(&hull, p)) {
            return Err(Error::ConcavePolygon { index });
        }
        Polygon::from_hull(&hull, 0.0)
    }

    /// An axis-aligned box centred on the body origin, `2·half_width` by `2·half_height`.
    pub fn new_box(half_width: f32, half_height: f32) -> Result<Polygon> {
        Polygon::new_offset_box(half_width, half_height, Vec2::ZERO, 0.0)
    }

    /// A box centred at `center` and turned by `angle` in the body's frame.
    pub fn new_offset_box(
        half_width: f32,
        half_height: f32,
        center: Vec2,
        angle: f32,
    ) -> Result<Polygon> {
        for (field, x) in [("half_width", half_width), ("half_height", half_height)] {
            check_finite(field, x)?;
            if x <= 0.0 {
                return Err(Error::InvalidValue {
                    field,
                    reason: "must be > 0",
                });
            }
        }
        check_finite_vec("center", center)?;
        check_finite("angle", angle)?;
        let q = Rot::from_angle(angle);
        let corners = [
            Vec2::new(-half_width, -half_height),
            Vec2::new(half_width, -half_height),
            Vec2::new(half_width, half_height),
            Vec2::new(-half_width, half_height),
        ]
        .map(|v| q.rotate(v) + center);
        Polygon::from_hull(&corners, 0.0)
    }

    /// A rounded segment: the internal form of a capsule.
    pub(crate) fn rounded_segment(p1: Vec2, p2: Vec2, radius: f32) -> Polygon {
        let n = (p2 - p1).perp().normalize_or_zero();
        // perp() turns left; the outward normal of the edge from p1 to p2 in CCW order
        // points right.
        let mut polygon = Polygon::empty();
        polygon.vertices[0] = p1;
        polygon.vertices[1] = p2;
        polygon.normals[0] = -n;
        polygon.normals[1] = n;
        polygon.count = 2;
        polygon.radius = radius;
        polygon.centroid = 0.5 * (p1 + p2);
        polygon
    }

    fn empty() -> Polygon {
        Polygon {
            vertices: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            normals: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count: 0,
            radius: 0.0,
            centroid: Vec2::ZERO,
        }
    }

    /// Builds a polygon from a counter-clockwise hull of at least three points (and
    /// rebuilds a saved one: `snapshot/compact.rs`).
    pub(crate) fn from_hull(hull: &[Vec2], radius: f32) -> Result<Polygon> {
        let mut polygon = Polygon::empty();
        polygon.count = hull.len();
        polygon.radius = radius;
        polygon.vertices[..hull.len()].copy_from_slice(hull);
        for i in 0..hull.len() {
            let edge = hull[(i + 1) % hull.len()] - hull[i];
            polygon.normals[i] = Vec2::new(edge.y, -edge.x).normalize_or_zero();
        }
        let (area, centroid) = area_and_centroid(hull);
        let perimeter: f32 = (0..hull.len())
            .map(|i| (hull[(i + 1) % hull.len()] - hull[i]).length())
            .sum();
        // A sliver has area far below its perimeter squared; its normals are unreliable.
        let thick_enough = area > 1e-5 * perimeter * perimeter;
        if !thick_enough {
            return Err(Error::DegeneratePolygon {
                reason: "area too small for its size",
            });
        }
        polygon.centroid = centroid;
        Ok(polygon)
    }

    /// The vertices in counter-clockwise order.
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices[..self.count]
    }

    /// The outward unit normal of each edge, from `vertices[i]` to `vertices[i+1]`.
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.count]
    }

    /// The centre of the polygon's area, in body coordinates.
    pub fn centroid(&self) -> Vec2 {
        self.centroid
    }

    /// Mass, centroid and rotational inertia about the centroid, at `density`.
    pub(crate) fn mass(&self, density: f32) -> MassData {
        let (area, centroid) = area_and_centroid(self.vertices());
        // Inertia of the triangle fan about `centroid`: for a triangle (0, e1, e2) with
        // vertices relative to the reference point, ∫r² dA = (|e1|² + e1·e2 + |e2|²)·A/6.
        let origin = centroid;
        let mut inertia = 0.0;
        let n = self.count;
        for i in 0..n {
            let e1 = self.vertices[i] - origin;
            let e2 = self.vertices[(i + 1) % n] - origin;
            let twice_area = cross(e1, e2);
            inertia += twice_area * (e1.dot(e1) + e1.dot(e2) + e2.dot(e2)) / 12.0;
        }
        MassData {
            mass: density * area,
            center: centroid,
            inertia: density * inertia,
        }
    }
}

/// Area and centroid of a counter-clockwise polygon, by a fan from its first vertex
/// (which keeps the cross products small for polygons far from the body origin). The
/// area is negative for a clockwise outline, whose winding a chain's loop reads.
pub(super) fn area_and_centroid(vertices: &[Vec2]) -> (f32, Vec2) {
    let origin = vertices[0];
    let mut area = 0.0;
    let mut weighted = Vec2::ZERO;
    for i in 1..vertices.len().saturating_sub(1) {
        let e1 = vertices[i] - origin;
        let e2 = vertices[i + 1] - origin;
        let a = 0.5 * cross(e1, e2);
        area += a;
        weighted += a * (e1 + e2) / 3.0;
    }
    if area > 0.0 {
        (area, origin + weighted / area)
    } else {
        (area, origin)
    }
}

/// Andrew's monotone chain, after welding near-duplicate points. Returns the hull in
/// counter-clockwise order without collinear points. The sort is total (by bits where
/// coordinates tie), so the result does not depend on the input order.
fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut sorted: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if sorted.iter().all(|q| q.distance(p) > WELD_DISTANCE) {
            sorted.push(p);
        }
    }
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(2 * sorted.len());
    let turns_left = |o: Vec2, a: Vec2, b: Vec2| cross(a - o, b - o) > 0.0;
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(sorted.iter())
        } else {
            Box::new(sorted.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2
                && !turns_left(hull[hull.len() - 2], hull[hull.len() - 1], p)
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop(); // the last point of each chain starts the other
    }
    remove_collinear(hull)
}

/// Drops vertices that lie within the weld distance of the line through their neighbours.
fn remove_collinear(mut hull: Vec<Vec2>) -> Vec<Vec2> {
    let mut i = 0;
    while hull.len() >= 3 && i < hull.len() {
        let n = hull.len();
        let prev = hull[(i + n - 1) % n];
        let next = hull[(i + 1) % n];
        let edge = next - prev;
        let len = edge.length();
        let offset = if len > 0.0 {
            // Positive when the vertex bulges outward (right of the chord, in CCW order).
            cross(hull[i] - prev, edge) / len
        } else {
            0.0
        };
        if offset <= WELD_DISTANCE {
            hull.remove(i);
            i = 0;
        } else {
            i += 1;
        }
    }
    hull
}

/// `true` when `p` is inside the hull by more than the weld distance: such a point was a
/// reflex vertex of the outline the caller gave.
fn is_strictly_inside(hull: &[Vec2], p: Vec2) -> bool {
    let n = hull.len();
    (0..n).all(|i| {
        let a = hull[i];
        let edge = hull[(i + 1) % n] - a;
        cross(edge, p - a) / edge.length() > WELD_DISTANCE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_ignores_input_order_and_collinear_points() {
        let points = [
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, -1.0),
            Vec2::new(0.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(-1.0, 1.0),
        ];
        let polygon = Polygon::new(&points).unwrap();
        assert_eq!(polygon.count, 4);
        let area = polygon.mass(1.0).mass;
        assert!((area - 4.0).abs() < 1e-6);
    }

    #[test]
    fn box_inertia_matches_formula() {
        let mass = Polygon::new_box(1.0, 0.5).unwrap().mass(2.0);
        // m (w² + h²) / 12 with w = 2, h = 1, m = 4
        assert!((mass.mass - 4.0).abs() < 1e-6);
        assert!((mass.inertia - 4.0 * 5.0 / 12.0).abs() < 1e-5);
    }

    #[test]
    fn offset_box_centroid_is_its_centre() {
        let polygon = Polygon::new_offset_box(0.5, 0.5, Vec2::new(10.0, -3.0), 0.3).unwrap();
        assert!((polygon.centroid - Vec2::new(10.0, -3.0)).length() < 1e-5);
    }
}
