//! Ear clipping: a simple counter-clockwise polygon cut into triangles of its own
//! vertices; or a ring whose holes are bridged in (`bridge.rs`), where a bridge's ends
//! are each two corners at one position.
//!
//! An ear is a convex corner whose triangle with its two neighbours holds no other
//! corner and whose chord passes no other within the weld distance: cutting it off
//! leaves a simple polygon one corner smaller. A corner at the position of one of the
//! triangle's own is not held by it: that is the other copy of a bridge's end, which
//! the triangle only touches. Of all the ears, the best-shaped is cut first (the
//! largest area for the sum of its squared sides, ties to the lowest index), which
//! keeps slivers for last, where merging takes them in. Only the two neighbours of a
//! cut corner change, so each cut re-examines those two.

use super::{WELD_DISTANCE, bulge};
use crate::error::{Error, Result};
use crate::math::{Vec2, cross};

/// Three corners of the polygon, by index, counter-clockwise.
pub(super) type Triangle = [usize; 3];

/// The polygon's triangles, in the order they were cut; the last is what remained.
pub(super) fn triangulate(points: &[Vec2]) -> Result<Vec<Triangle>> {
    let n = points.len();
    let mut ring = Ring {
        points,
        prev: (0..n).map(|i| (i + n - 1) % n).collect(),
        next: (0..n).map(|i| (i + 1) % n).collect(),
        left: n,
        shape: vec![None; n],
    };
    for i in 0..n {
        ring.shape[i] = ring.ear_shape(i);
    }
    let mut triangles = Vec::with_capacity(n - 2);
    let mut corner = 0;
    while ring.left > 3 {
        let ear = ring.best_ear().ok_or(Error::Outline {
            index: None,
            reason: "could not be cut into triangles (edges too close to each other)",
        })?;
        triangles.push([ring.prev[ear], ear, ring.next[ear]]);
        corner = ring.cut(ear);
    }
    triangles.push([ring.prev[corner], corner, ring.next[corner]]);
    Ok(triangles)
}

struct Ring<'a> {
    points: &'a [Vec2],
    prev: Vec<usize>,
    next: Vec<usize>,
    /// How many corners remain.
    left: usize,
    /// Each remaining corner's shape as an ear, if it is one; `None` for cut corners.
    shape: Vec<Option<f32>>,
}

impl Ring<'_> {
    /// The remaining corner whose ear is best shaped, if any is an ear.
    fn best_ear(&self) -> Option<usize> {
        let mut best: Option<(usize, f32)> = None;
        for (i, shape) in self.shape.iter().enumerate() {
            if let Some(s) = *shape
                && best.is_none_or(|(_, b)| s > b)
            {
                best = Some((i, s));
            }
        }
        best.map(|(i, _)| i)
    }

    /// Cuts corner `i` off; returns one of the corners left.
    fn cut(&mut self, i: usize) -> usize {
        let (p, q) = (self.prev[i], self.next[i]);
        self.next[p] = q;
        self.prev[q] = p;
        self.left -= 1;
        self.shape[i] = None;
        self.shape[p] = self.ear_shape(p);
        self.shape[q] = self.ear_shape(q);
        q
    }

    /// Corner `i`'s shape as an ear (`area / Σ side²`), or `None` if it is no ear: a
    /// corner that does not stand out of its chord by more than the weld distance, or
    /// whose triangle holds or touches another corner at a position not its own, or
    /// whose chord, the new edge the cut makes, passes within the weld distance of one.
    /// Such a chord would leave that corner on an edge, and a sliver no later ear
    /// could cut.
    fn ear_shape(&self, i: usize) -> Option<f32> {
        let (p, q) = (self.prev[i], self.next[i]);
        let (a, b, c) = (self.points[p], self.points[i], self.points[q]);
        if bulge(a, b, c) <= WELD_DISTANCE {
            return None;
        }
        let mut other = self.next[q];
        while other != p {
            let point = self.points[other];
            let a_corner = point == a || point == b || point == c;
            if !a_corner && (in_triangle(point, a, b, c) || near_segment(point, a, c)) {
                return None;
            }
            other = self.next[other];
        }
        let sides = (b - a).length_squared() + (c - b).length_squared() + (a - c).length_squared();
        Some(cross(b - a, c - a) / sides)
    }
}

/// Whether `p` lies in the counter-clockwise triangle `a b c` or on its boundary.
fn in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    cross(b - a, p - a) >= 0.0 && cross(c - b, p - b) >= 0.0 && cross(a - c, p - c) >= 0.0
}

/// Whether `p` is within the weld distance of the segment from `a` to `c`: two points
/// that close are one.
fn near_segment(p: Vec2, a: Vec2, c: Vec2) -> bool {
    let d = c - a;
    let along = (p - a).dot(d);
    let distance = if along <= 0.0 {
        (p - a).length()
    } else if along >= d.length_squared() {
        (p - c).length()
    } else {
        cross(d, p - a).abs() / d.length()
    };
    distance <= WELD_DISTANCE
}
