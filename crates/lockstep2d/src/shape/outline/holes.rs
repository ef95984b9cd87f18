//! Where an outline's holes may lie: each strictly inside the outline, apart from its
//! edges and from every other hole, none inside another. Each loop is a simple polygon
//! already (`check.rs`), so two loops whose edges do not meet are either one inside the
//! other or each outside the other, and one point of a loop tells which.

use super::check::segments_meet;
use crate::error::{Error, Result};
use crate::math::{Vec2, cross};

/// Fails with `Error::Outline`, naming a point of the first hole at fault (by its
/// index across the loops, `outer`'s points first), unless every hole lies as it must.
pub(super) fn check_holes(outer: &[Vec2], holes: &[Vec<Vec2>]) -> Result<()> {
    match first_fault(outer, holes) {
        Some((index, reason)) => Err(Error::Outline {
            index: Some(index),
            reason,
        }),
        None => Ok(()),
    }
}

/// The first hole out of place, in the order given: the index across the loops of its
/// point at fault, and why. A hole inside another is named by the inner one's first
/// point; one whose edge meets another loop's, by that edge's first point.
pub(super) fn first_fault(outer: &[Vec2], holes: &[Vec<Vec2>]) -> Option<(usize, &'static str)> {
    let mut offset = outer.len();
    for (h, hole) in holes.iter().enumerate() {
        if let Some(i) = first_meeting(hole, outer) {
            return Some((
                offset + i,
                "its edge to the next point crosses or touches the outline's edge",
            ));
        }
        if !inside(outer, hole[0]) {
            return Some((offset, "is in a hole outside the outline"));
        }
        let mut other_offset = outer.len();
        for other in &holes[..h] {
            if let Some(i) = first_meeting(hole, other) {
                return Some((
                    offset + i,
                    "its edge to the next point crosses or touches another hole's edge",
                ));
            }
            if inside(other, hole[0]) {
                return Some((offset, "is in a hole inside another hole"));
            }
            if inside(hole, other[0]) {
                return Some((other_offset, "is in a hole inside another hole"));
            }
            other_offset += other.len();
        }
        offset += hole.len();
    }
    None
}

/// The first edge of the loop `a` (from point i to point i + 1) that crosses or touches
/// an edge of the loop `b`.
fn first_meeting(a: &[Vec2], b: &[Vec2]) -> Option<usize> {
    let edge = |points: &[Vec2], i: usize| (points[i], points[(i + 1) % points.len()]);
    (0..a.len()).find(|&i| (0..b.len()).any(|j| segments_meet(edge(a, i), edge(b, j))))
}

/// Whether `p`, on none of its edges, is inside the polygon through `points` (either
/// way round): whether a ray from `p` to the right crosses its edges an odd number of
/// times. Each crossing is told by the sign of one cross product, with no division.
fn inside(points: &[Vec2], p: Vec2) -> bool {
    let n = points.len();
    let mut odd = false;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let (low, high) = if a.y < b.y { (a, b) } else { (b, a) };
            // The edge, taken upwards, passes to the right of p.
            if cross(high - low, p - low) > 0.0 {
                odd = !odd;
            }
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f32, y: f32, size: f32) -> Vec<Vec2> {
        let v = Vec2::new;
        vec![
            v(x, y),
            v(x + size, y),
            v(x + size, y + size),
            v(x, y + size),
        ]
    }

    #[test]
    fn a_hole_out_of_place_is_named_by_a_point_of_its_own() {
        let outer = square(0.0, 0.0, 10.0);
        let fine = [square(1.0, 1.0, 2.0), square(5.0, 5.0, 2.0)];
        assert_eq!(first_fault(&outer, &fine), None);
        let outside = [square(1.0, 1.0, 2.0), square(20.0, 5.0, 2.0)];
        assert_eq!(first_fault(&outer, &outside).map(|(i, _)| i), Some(8));
        let crossing = [square(9.0, 5.0, 2.0)];
        assert_eq!(first_fault(&outer, &crossing).map(|(i, _)| i), Some(4));
        let nested = [square(2.0, 2.0, 1.0), square(1.0, 1.0, 5.0)];
        assert_eq!(first_fault(&outer, &nested).map(|(i, _)| i), Some(4));
        let overlapping = [square(1.0, 1.0, 3.0), square(2.0, 2.0, 3.0)];
        let (index, _) = first_fault(&outer, &overlapping).unwrap();
        assert!((8..12).contains(&index), "{index}");
        assert!(inside(&outer, Vec2::new(5.0, 5.0)));
        assert!(!inside(&outer, Vec2::new(-5.0, 5.0)));
    }
}
