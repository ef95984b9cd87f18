//! Ear clipping: a simple counter-clockwise polygon cut into triangles of its own
//! vertices.
//!
//! An ear is a convex corner whose triangle with its two neighbours holds no other
//! corner: cutting it off leaves a simple polygon one corner smaller. Of all the ears,
//! the best-shaped is cut first (the largest area for the sum of its squared sides,
//! ties to the lowest index), which keeps slivers for last, where merging takes them in.
//! Only the two neighbours of a cut corner change, so each cut re-examines those two.

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
    /// whose triangle holds or touches another corner.
    fn ear_shape(&self, i: usize) -> Option<f32> {
        let (p, q) = (self.prev[i], self.next[i]);
        let (a, b, c) = (self.points[p], self.points[i], self.points[q]);
        if bulge(a, b, c) <= WELD_DISTANCE {
            return None;
        }
        let mut other = self.next[q];
        while other != p {
            if in_triangle(self.points[other], a, b, c) {
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
