//! The distance between two convex point sets, by GJK (Gilbert–Johnson–Keerthi).
//!
//! A shape's core is the convex hull of its points: a circle's centre, a capsule's two
//! centres, a polygon's corners; its radius rounds the core. GJK walks a simplex of the
//! Minkowski difference `B − A` towards the origin: the nearest point of that set to the
//! origin is the shortest vector from A's core to B's. The manifold functions need no
//! distance (they clip features); continuous collision does, to advance a sweep.

use crate::math::{Transform, Vec2, cross};
use crate::minmax;
use crate::shape::{Collider, MAX_POLYGON_VERTICES};

/// A shape's core points and rounding radius, in its body's frame or, once placed, in
/// world coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Core {
    pub points: [Vec2; MAX_POLYGON_VERTICES],
    pub count: usize,
    pub radius: f32,
}

impl Core {
    pub fn of(collider: &Collider) -> Core {
        let mut points = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        match collider {
            Collider::Circle(c) => {
                points[0] = c.center;
                Core {
                    points,
                    count: 1,
                    radius: c.radius,
                }
            }
            Collider::Polygon(p) => Core {
                points: p.vertices,
                count: p.count,
                radius: p.radius,
            },
            Collider::ChainSegment(link) => {
                points[0] = link.point1;
                points[1] = link.point2;
                Core {
                    points,
                    count: 2,
                    radius: 0.0,
                }
            }
        }
    }

    /// A single point rounded by `radius`.
    pub fn disc(center: Vec2, radius: f32) -> Core {
        let mut points = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        points[0] = center;
        Core {
            points,
            count: 1,
            radius,
        }
    }

    pub fn points(&self) -> &[Vec2] {
        &self.points[..self.count]
    }

    /// The same core placed by `xf`.
    pub fn placed(&self, xf: Transform) -> Core {
        let mut placed = *self;
        for (out, &p) in placed.points.iter_mut().zip(self.points()) {
            *out = xf.apply(p);
        }
        placed
    }

    /// The index of the point farthest along `dir`; the first of equals.
    fn support(&self, dir: Vec2) -> usize {
        let mut best = 0;
        let mut best_dot = self.points[0].dot(dir);
        for (i, p) in self.points().iter().enumerate().skip(1) {
            let d = p.dot(dir);
            if d > best_dot {
                best = i;
                best_dot = d;
            }
        }
        best
    }
}

/// The shortest vector from core `a` to core `b` (both placed in one frame), radii
/// ignored; zero when the cores overlap.
pub(crate) fn core_gap(a: &Core, b: &Core) -> Vec2 {
    gjk(a, b).0
}

/// The points of cores `a` and `b` nearest each other (both placed in one frame), and
/// the vector from the first to the second; the vector is zero when the cores overlap,
/// and the points are then two of their points, no more.
pub(crate) fn closest_points(a: &Core, b: &Core) -> (Vec2, Vec2, Vec2) {
    let (gap, simplex) = gjk(a, b);
    let (on_a, on_b) = simplex.witnesses(a, b);
    (on_a, on_b, gap)
}

/// GJK's answer, with the simplex that holds the nearest point.
fn gjk(a: &Core, b: &Core) -> (Vec2, Simplex) {
    let mut simplex = Simplex::start(a, b);
    for _ in 0..MAX_ITERATIONS {
        let before = simplex;
        let Some(closest) = simplex.reduce() else {
            // A flat triangle, its new point on the line of the other two to rounding,
            // seems to hold the origin when the line only passes near it: the nearest
            // point of the segment before is the answer then.
            if simplex.is_flat() {
                let mut segment = before;
                segment.count = 2;
                return (segment.closest(), segment);
            }
            return (Vec2::ZERO, simplex);
        };
        if closest.length_squared() < OVERLAP_EPSILON {
            return (Vec2::ZERO, simplex);
        }
        // The next point of B − A: farthest towards the origin.
        let toward = simplex.toward_origin(closest);
        let (ia, ib) = (a.support(-toward), b.support(toward));
        let w = b.points[ib] - a.points[ia];
        let progress = closest.length_squared() - closest.dot(w);
        if simplex.holds(ia, ib) || progress <= PROGRESS_EPSILON * closest.length_squared() {
            return (closest, simplex);
        }
        simplex.push(Vertex { w, ia, ib });
    }
    let closest = simplex.closest();
    (closest, simplex)
}

/// Enough for any pair of eight-point cores: each iteration adds a new support pair.
const MAX_ITERATIONS: usize = 24;
/// Squared length (m²) under which the cores count as touching.
const OVERLAP_EPSILON: f32 = 1.0e-12;
/// A triangle whose area is below this part of its longest side squared is flat.
const FLATNESS: f32 = 1.0e-5;
/// A new point that brings the simplex closer by less than this fraction is no progress.
const PROGRESS_EPSILON: f32 = 1.0e-6;

/// A point of `B − A` with the indices of the points that made it.
#[derive(Clone, Copy, Debug)]
struct Vertex {
    w: Vec2,
    ia: usize,
    ib: usize,
}

/// One to three vertices of `B − A`; after `reduce`, the fewest that hold the point
/// nearest the origin.
#[derive(Clone, Copy)]
struct Simplex {
    v: [Vertex; 3],
    count: usize,
}

impl Simplex {
    fn start(a: &Core, b: &Core) -> Simplex {
        let first = Vertex {
            w: b.points[0] - a.points[0],
            ia: 0,
            ib: 0,
        };
        Simplex {
            v: [first; 3],
            count: 1,
        }
    }

    fn holds(&self, ia: usize, ib: usize) -> bool {
        self.v[..self.count]
            .iter()
            .any(|v| v.ia == ia && v.ib == ib)
    }

    /// The direction from the simplex (after `reduce`) towards the origin. From a
    /// segment it is the segment's normal, not the origin's offset from its closest
    /// point: on a long segment that passes near the origin the closest point's
    /// rounding (a unit in the last place of the segment's length) is a large part of
    /// its size and tilts it, and the support found along the tilted direction can miss
    /// the vertex that shows a thin overlap (1.6 mm between a 6 m box and a 1 m box).
    fn toward_origin(&self, closest: Vec2) -> Vec2 {
        if self.count != 2 {
            return -closest;
        }
        let ab = self.v[1].w - self.v[0].w;
        let normal = Vec2::new(-ab.y, ab.x);
        if normal.dot(self.v[0].w) > 0.0 {
            -normal
        } else {
            normal
        }
    }

    /// Whether three vertices lie on one line, to rounding: twice the triangle's area is
    /// a vanishing part of its longest side squared.
    fn is_flat(&self) -> bool {
        let [a, b, c] = self.v.map(|v| v.w);
        let longest = minmax::max(
            minmax::max((b - a).length_squared(), (c - a).length_squared()),
            (c - b).length_squared(),
        );
        self.count == 3 && cross(b - a, c - a).abs() <= FLATNESS * longest
    }

    fn push(&mut self, vertex: Vertex) {
        self.v[self.count] = vertex;
        self.count += 1;
    }

    /// Keeps the vertices of the feature nearest the origin and returns that nearest
    /// point; `None` when the origin lies inside the triangle (the cores overlap).
    fn reduce(&mut self) -> Option<Vec2> {
        match self.count {
            1 => Some(self.v[0].w),
            2 => Some(self.reduce_segment(0, 1)),
            _ => self.reduce_triangle(),
        }
    }

    /// The nearest point of the simplex as it stands (after `reduce`).
    fn closest(&mut self) -> Vec2 {
        self.reduce().unwrap_or(Vec2::ZERO)
    }

    /// The segment between vertices `i` and `j`: keeps an end, or both.
    fn reduce_segment(&mut self, i: usize, j: usize) -> Vec2 {
        let (a, b) = (self.v[i], self.v[j]);
        let ab = b.w - a.w;
        let along = -a.w.dot(ab);
        if along <= 0.0 {
            return self.keep(&[a]);
        }
        let length_squared = ab.length_squared();
        if along >= length_squared {
            return self.keep(&[b]);
        }
        self.keep(&[a, b]);
        a.w + (along / length_squared) * ab
    }

    /// The triangle's nearest feature to the origin, by its Voronoi regions (Ericson,
    /// Real-Time Collision Detection, 5.1.5, with the origin as the query point).
    fn reduce_triangle(&mut self) -> Option<Vec2> {
        let [a, b, c] = self.v;
        // The origin inside: on one side of all three edges. Asked first by the edges'
        // cross products, which keep their sign on a thin triangle metres long, where
        // the regions' dot products below cancel to rounding and can name an edge.
        let sides = [
            cross(b.w - a.w, -a.w),
            cross(c.w - b.w, -b.w),
            cross(a.w - c.w, -c.w),
        ];
        if sides.iter().all(|&s| s > 0.0) || sides.iter().all(|&s| s < 0.0) {
            return None;
        }
        let (ab, ac) = (b.w - a.w, c.w - a.w);
        let (d1, d2) = (-ab.dot(a.w), -ac.dot(a.w));
        if d1 <= 0.0 && d2 <= 0.0 {
            return Some(self.keep(&[a]));
        }
        let (d3, d4) = (-ab.dot(b.w), -ac.dot(b.w));
        if d3 >= 0.0 && d4 <= d3 {
            return Some(self.keep(&[b]));
        }
        if d1 * d4 - d3 * d2 <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
            return Some(self.reduce_pair(a, b));
        }
        let (d5, d6) = (-ab.dot(c.w), -ac.dot(c.w));
        if d6 >= 0.0 && d5 <= d6 {
            return Some(self.keep(&[c]));
        }
        if d5 * d2 - d1 * d6 <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
            return Some(self.reduce_pair(a, c));
        }
        if d3 * d6 - d5 * d4 <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
            return Some(self.reduce_pair(b, c));
        }
        None
    }

    fn reduce_pair(&mut self, a: Vertex, b: Vertex) -> Vec2 {
        self.keep(&[a, b]);
        self.reduce_segment(0, 1)
    }

    /// The points of `a` and `b` whose difference is the simplex's nearest point to the
    /// origin (after `reduce`): the vertex's own, or along the kept segment.
    fn witnesses(&self, a: &Core, b: &Core) -> (Vec2, Vec2) {
        let first = self.v[0];
        let (a1, b1) = (a.points[first.ia], b.points[first.ib]);
        if self.count != 2 {
            return (a1, b1);
        }
        let second = self.v[1];
        let ab = second.w - first.w;
        let s = (-first.w.dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
        let (a2, b2) = (a.points[second.ia], b.points[second.ib]);
        (a1 + s * (a2 - a1), b1 + s * (b2 - b1))
    }

    /// Makes `kept` the simplex; returns the first vertex's point.
    fn keep(&mut self, kept: &[Vertex]) -> Vec2 {
        self.v[..kept.len()].copy_from_slice(kept);
        self.count = kept.len();
        kept[0].w
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Polygon;

    fn box_core(half: f32, center: Vec2, angle: f32) -> Core {
        let polygon = Polygon::new_box(half, half).expect("valid box");
        Core::of(&Collider::Polygon(polygon)).placed(Transform::new(center, angle))
    }

    #[test]
    fn gap_between_boxes_face_to_face_is_their_clearance() {
        let a = box_core(1.0, Vec2::ZERO, 0.0);
        let b = box_core(0.5, Vec2::new(3.0, 0.25), 0.0);
        let gap = core_gap(&a, &b);
        assert!((gap - Vec2::new(1.5, 0.0)).length() < 1e-5, "{gap}");
    }

    #[test]
    fn gap_between_corners_points_from_corner_to_corner() {
        let a = box_core(1.0, Vec2::ZERO, 0.0);
        let b = box_core(1.0, Vec2::new(4.0, 4.0), 0.0);
        assert!((core_gap(&a, &b) - Vec2::new(2.0, 2.0)).length() < 1e-5);
        let diamond = box_core(1.0, Vec2::new(4.0, 0.0), std::f32::consts::FRAC_PI_4);
        let expected = 3.0 - std::f32::consts::SQRT_2;
        assert!((core_gap(&a, &diamond).length() - expected).abs() < 1e-5);
    }

    #[test]
    fn overlapping_cores_have_no_gap() {
        let a = box_core(1.0, Vec2::ZERO, 0.0);
        let b = box_core(1.0, Vec2::new(1.5, 0.5), 0.3);
        assert_eq!(core_gap(&a, &b), Vec2::ZERO);
        let inside = box_core(0.1, Vec2::new(0.2, -0.3), 1.0);
        assert_eq!(core_gap(&a, &inside), Vec2::ZERO);
    }

    /// A capsule resting just above a wide box, far from the origin: GJK's third point
    /// fell on the line of the other two and the flat triangle seemed to hold the
    /// origin, so the shapes were reported as overlapping.
    #[test]
    fn a_capsule_above_a_box_far_from_the_origin_is_apart() {
        let mut a = Core::disc(Vec2::ZERO, 0.0);
        a.points[..4].copy_from_slice(&[
            Vec2::new(-104.09816, 163.3251),
            Vec2::new(-96.81584, 163.3251),
            Vec2::new(-96.81584, 166.31107),
            Vec2::new(-104.09816, 166.31107),
        ]);
        a.count = 4;
        let mut b = Core::disc(Vec2::new(-102.895004, 166.39919), 0.05);
        b.points[1] = Vec2::new(-102.655, 166.39919);
        b.count = 2;
        let gap = core_gap(&a, &b);
        assert!((gap.y - 0.088).abs() < 1e-3 && gap.x.abs() < 1e-3, "{gap}");
    }

    #[test]
    fn gap_from_a_point_to_a_segment_is_perpendicular() {
        let segment = Polygon::rounded_segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.1);
        let a = Core::of(&Collider::Polygon(segment));
        let b = Core::disc(Vec2::new(0.3, 2.0), 0.5);
        assert!((core_gap(&a, &b) - Vec2::new(0.0, 2.0)).length() < 1e-6);
        let beyond = Core::disc(Vec2::new(4.0, 4.0), 0.5);
        assert!((core_gap(&a, &beyond) - Vec2::new(3.0, 4.0)).length() < 1e-6);
    }
}
