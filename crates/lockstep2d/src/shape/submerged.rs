//! The part of a shape below a fluid surface: its area and centroid, for buoyancy.
//!
//! Everything is computed in the shape's body frame (the surface is moved there, not the
//! shape out), so a raft far from the origin floats with the precision of one near it.

use crate::math::{Transform, Vec2, atan2, cos, cross, sin};
use crate::shape::{Circle, Collider, Polygon};

/// A fluid's surface: the fluid fills the half-plane `dot(normal, x) < offset`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Surface {
    /// Unit normal pointing out of the fluid (up, for water under gravity).
    pub normal: Vec2,
    pub offset: f32,
}

impl Surface {
    /// How far below the surface a point is (negative above it).
    fn depth(self, p: Vec2) -> f32 {
        self.offset - self.normal.dot(p)
    }

    /// The same surface seen from a body whose pose is `xf`.
    fn in_frame(self, xf: Transform) -> Surface {
        Surface {
            normal: xf.q.inv_rotate(self.normal),
            offset: self.offset - self.normal.dot(xf.p),
        }
    }
}

/// Area below the surface and its centroid (world frame). The area is 0 when dry.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Submerged {
    pub area: f32,
    pub centroid: Vec2,
}

/// Line segments per half turn of a capsule's round end in its outline.
const CAP_SEGMENTS: usize = 8;

/// Room for a capsule's outline (two ends of `CAP_SEGMENTS + 1` points) or a polygon's,
/// plus the one point a single clip can add.
const OUTLINE_CAPACITY: usize = 2 * (CAP_SEGMENTS + 1) + 1;

impl Collider {
    /// The part of this shape (on a body at `xf`) below `surface`.
    pub fn submerged(&self, xf: Transform, surface: Surface) -> Submerged {
        let local_surface = surface.in_frame(xf);
        let local = match self {
            Collider::Circle(c) => submerged_circle(c, local_surface),
            Collider::Polygon(p) if p.count == 2 && p.radius == 0.0 => Submerged::default(),
            Collider::Polygon(p) => submerged_outline(&outline(p), local_surface),
            Collider::ChainSegment(_) => Submerged::default(),
        };
        Submerged {
            area: local.area,
            centroid: xf.apply(local.centroid),
        }
    }
}

/// The circular segment below the surface, exactly. With `d` the depth of the centre and
/// `y` measured along the normal from the centre, the wet part is `y < d`:
///   A = ∫₋ᵣᵈ 2√(r²−y²) dy = r²·acos(−d/r) + d·√(r²−d²)
///   M = ∫₋ᵣᵈ y·2√(r²−y²) dy = −⅔(r²−d²)^{3/2}, centroid = centre + normal·M/A.
fn submerged_circle(circle: &Circle, surface: Surface) -> Submerged {
    let (r, d) = (circle.radius, surface.depth(circle.center));
    if d <= -r {
        return Submerged::default();
    }
    let full_area = std::f32::consts::PI * r * r;
    if d >= r {
        return Submerged {
            area: full_area,
            centroid: circle.center,
        };
    }
    let chord_half = (r * r - d * d).sqrt();
    // acos(−d/r) without a platform acos: the angle of the point (−d, √(r²−d²)).
    let angle = atan2(chord_half, -d);
    let area = (r * r * angle + d * chord_half).clamp(0.0, full_area);
    if area <= 0.0 {
        return Submerged::default();
    }
    let moment = -2.0 / 3.0 * chord_half * chord_half * chord_half;
    Submerged {
        area,
        centroid: circle.center + (moment / area) * surface.normal,
    }
}

/// A polygon's outline with a fixed capacity, so buoyancy allocates nothing.
struct Outline {
    points: [Vec2; OUTLINE_CAPACITY],
    len: usize,
}

impl Outline {
    fn new() -> Outline {
        Outline {
            points: [Vec2::ZERO; OUTLINE_CAPACITY],
            len: 0,
        }
    }

    fn push(&mut self, p: Vec2) {
        self.points[self.len] = p;
        self.len += 1;
    }

    fn points(&self) -> &[Vec2] {
        &self.points[..self.len]
    }
}

/// The outline of a polygon; a capsule (a two-point polygon with a radius) gets its round
/// ends as arcs of `CAP_SEGMENTS` chords. Chords cut corners, so the arcs' inner points
/// sit a little outside the radius (`cap_stretch`): a whole capsule's outline then holds
/// exactly its area, and a partly wet one is within a fraction of a percent.
fn outline(polygon: &Polygon) -> Outline {
    let mut out = Outline::new();
    if polygon.count != 2 {
        polygon.vertices().iter().for_each(|&v| out.push(v));
        return out;
    }
    let (p1, p2) = (polygon.vertices[0], polygon.vertices[1]);
    let along = (p2 - p1).normalize_or_zero();
    let right = polygon.normals[0];
    let step = std::f32::consts::PI / CAP_SEGMENTS as f32;
    let inner = polygon.radius * cap_stretch(step);
    // Counter-clockwise: around p2 from the right side to the left, then around p1 back.
    // The arcs' end points stay on the straight sides, at the true radius.
    for (center, start, sweep) in [(p2, right, along), (p1, -right, -along)] {
        for k in 0..=CAP_SEGMENTS {
            let angle = step * k as f32;
            let radius = if k == 0 || k == CAP_SEGMENTS {
                polygon.radius
            } else {
                inner
            };
            out.push(center + radius * (cos(angle) * start + sin(angle) * sweep));
        }
    }
    out
}

/// The factor x by which an arc's inner points move out so that its fan of chords has
/// the half disc's area. With n = `CAP_SEGMENTS` chords of angle δ, the two end
/// triangles have sides r and x·r, the n − 2 others x·r twice:
///   r²·x·sin δ + (n − 2)·½·x²·r²·sin δ = ½·π·r²,
/// a quadratic in x whose positive root is taken.
fn cap_stretch(step: f32) -> f32 {
    let s = sin(step);
    let middle = (CAP_SEGMENTS - 2) as f32 * s;
    (-s + (s * s + middle * std::f32::consts::PI).sqrt()) / middle
}

/// Clips a convex outline to the wet side of the surface, then sums the area and first
/// moment of the triangles fanned from the first wet point.
fn submerged_outline(outline: &Outline, surface: Surface) -> Submerged {
    let wet = clip(outline.points(), surface);
    let points = wet.points();
    if points.len() < 3 {
        return Submerged::default();
    }
    let origin = points[0];
    let (mut area, mut moment) = (0.0, Vec2::ZERO);
    for pair in points[1..].windows(2) {
        let (e1, e2) = (pair[0] - origin, pair[1] - origin);
        let triangle = 0.5 * cross(e1, e2);
        area += triangle;
        moment += triangle * (e1 + e2) / 3.0;
    }
    if area <= 0.0 {
        return Submerged::default();
    }
    Submerged {
        area,
        centroid: origin + moment / area,
    }
}

/// Sutherland–Hodgman against one half-plane: keeps the points below the surface and
/// adds one where each edge crosses it. A convex outline stays convex and gains at most
/// one point.
fn clip(points: &[Vec2], surface: Surface) -> Outline {
    let mut out = Outline::new();
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        let (da, db) = (surface.depth(a), surface.depth(b));
        if da >= 0.0 {
            out.push(a);
        }
        if (da >= 0.0) != (db >= 0.0) && out.len < OUTLINE_CAPACITY {
            out.push(a + (da / (da - db)) * (b - a));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Capsule, Geometry, ShapeDef};

    const WATER_AT_ZERO: Surface = Surface {
        normal: Vec2::Y,
        offset: 0.0,
    };

    fn at(x: f32, y: f32, angle: f32) -> Transform {
        Transform::new(Vec2::new(x, y), angle)
    }

    #[test]
    fn a_box_half_under_water_has_half_its_area_wet_and_the_centroid_a_quarter_down() {
        let square = Collider::Polygon(Polygon::new_box(0.5, 0.5).unwrap());
        let wet = square.submerged(at(3.0, 0.0, 0.0), WATER_AT_ZERO);
        assert!((wet.area - 0.5).abs() < 1e-6, "{wet:?}");
        assert!(
            (wet.centroid - Vec2::new(3.0, -0.25)).length() < 1e-6,
            "{wet:?}"
        );
        // Turned a quarter turn, far from the origin: the same answer.
        let far = square.submerged(at(1.0e5, 0.0, std::f32::consts::FRAC_PI_2), WATER_AT_ZERO);
        assert!((far.area - 0.5).abs() < 1e-4, "{far:?}");
        assert!((far.centroid.y + 0.25).abs() < 1e-4, "{far:?}");
    }

    #[test]
    fn a_tilted_square_cut_at_its_centre_has_half_its_area_wet() {
        let square = Collider::Polygon(Polygon::new_box(0.5, 0.5).unwrap());
        for angle in [0.3f32, 0.7, 1.2, 2.5] {
            let wet = square.submerged(at(0.0, 0.0, angle), WATER_AT_ZERO);
            assert!((wet.area - 0.5).abs() < 1e-5, "angle {angle}: {wet:?}");
        }
    }

    #[test]
    fn circle_segments_match_the_disc_at_the_ends_and_half_at_the_middle() {
        let disc = Collider::Circle(Circle {
            center: Vec2::ZERO,
            radius: 2.0,
        });
        let full = std::f32::consts::PI * 4.0;
        assert_eq!(disc.submerged(at(0.0, 2.5, 0.0), WATER_AT_ZERO).area, 0.0);
        assert_eq!(disc.submerged(at(0.0, -2.5, 0.0), WATER_AT_ZERO).area, full);
        let half = disc.submerged(at(0.0, 0.0, 0.0), WATER_AT_ZERO);
        assert!((half.area - 0.5 * full).abs() < 1e-5);
        // A half disc's centroid lies 4r/3π below the cut.
        let expected = -4.0 * 2.0 / (3.0 * std::f32::consts::PI);
        assert!((half.centroid.y - expected).abs() < 1e-5, "{half:?}");
    }

    #[test]
    fn a_capsule_outline_holds_the_capsule_area() {
        let capsule = ShapeDef::new(Geometry::Capsule(Capsule {
            center1: Vec2::new(-1.0, 0.0),
            center2: Vec2::new(1.0, 0.0),
            radius: 0.5,
        }));
        let exact = 2.0 * 1.0 + std::f32::consts::PI * 0.25;
        let collider = capsule.collider();
        let whole = collider.submerged(at(0.0, -5.0, 0.4), WATER_AT_ZERO);
        assert!((whole.area - exact).abs() / exact < 1e-5, "{whole:?}");
        let half = collider.submerged(at(0.0, 0.0, 0.0), WATER_AT_ZERO);
        assert!((half.area - 0.5 * exact).abs() / exact < 1e-5, "{half:?}");
        // Standing on end and dipped to the middle of its lower cap: a half disc.
        let cap = collider.submerged(at(0.0, 1.0, std::f32::consts::FRAC_PI_2), WATER_AT_ZERO);
        let half_disc = 0.5 * std::f32::consts::PI * 0.25;
        assert!((cap.area - half_disc).abs() / half_disc < 0.01, "{cap:?}");
    }
}
