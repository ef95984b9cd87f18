//! What makes an outline one the engine can cut: simple polygons of distinct corners,
//! the outline's own loop and each of its holes'.

use super::{MAX_OUTLINE_POINTS, WELD_DISTANCE};
use crate::error::{Error, Result};
use crate::limits::MAX_COORDINATE;
use crate::math::{Vec2, cross};

/// Three points whose turn has a sine no larger than this are in line.
const IN_LINE: f32 = 1.0e-6;

/// Fails with `Error::Outline`, naming the first point at fault in the order given,
/// unless `points` outline a simple polygon (see `Outline::new`).
pub(super) fn check_points(points: &[Vec2]) -> Result<()> {
    check_loops(points, &[])
}

/// Fails with `Error::Outline` unless `outer` and each of `holes` outline a simple
/// polygon and all of them together hold at most `MAX_OUTLINE_POINTS` points. The
/// point at fault is named by its index across the loops: `outer`'s points first,
/// then each hole's in turn. Where the holes lie is `holes.rs`'s to check.
pub(super) fn check_loops(outer: &[Vec2], holes: &[Vec<Vec2>]) -> Result<()> {
    if outer.len() < 3 {
        return Err(refused(None, "needs at least three points"));
    }
    let total = outer.len() + holes.iter().map(Vec::len).sum::<usize>();
    if total > MAX_OUTLINE_POINTS {
        return Err(refused(None, "has more than MAX_OUTLINE_POINTS points"));
    }
    check_loop(outer, 0)?;
    let mut offset = outer.len();
    for hole in holes {
        if hole.is_empty() {
            return Err(refused(None, "has a hole of fewer than three points"));
        }
        if hole.len() < 3 {
            return Err(refused(
                Some(offset),
                "is in a hole of fewer than three points",
            ));
        }
        check_loop(hole, offset)?;
        offset += hole.len();
    }
    Ok(())
}

/// Fails unless the loop through `points` (at least three) is a simple polygon of
/// distinct corners within the world's coordinates; the point at fault is named by its
/// index plus `offset`, where the loop's first point stands among all the loops.
fn check_loop(points: &[Vec2], offset: usize) -> Result<()> {
    let n = points.len();
    let at = |i: usize| Some(offset + i);
    for (i, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(refused(at(i), "must be finite"));
        }
        if p.x.abs() > MAX_COORDINATE || p.y.abs() > MAX_COORDINATE {
            return Err(refused(at(i), "must be within ±10⁶ m (MAX_COORDINATE)"));
        }
    }
    for i in 0..n {
        let (prev, next) = (points[(i + n - 1) % n], points[(i + 1) % n]);
        if points[i].distance(next) <= WELD_DISTANCE {
            return Err(refused(at(i), "repeats the next point"));
        }
        let (before, after) = (points[i] - prev, next - points[i]);
        if cross(before, after).abs() <= IN_LINE * before.length() * after.length() {
            return Err(refused(
                at(i),
                "lies on the line through its neighbours (leave it out)",
            ));
        }
    }
    if let Some(i) = first_crossing(points) {
        return Err(refused(
            at(i),
            "its edge to the next point crosses or touches another edge",
        ));
    }
    Ok(())
}

fn refused(index: Option<usize>, reason: &'static str) -> Error {
    Error::Outline { index, reason }
}

/// The first edge (from point i to point i + 1) that crosses or touches an edge it does
/// not share a point with.
pub(super) fn first_crossing(points: &[Vec2]) -> Option<usize> {
    let n = points.len();
    let edge = |i: usize| (points[i], points[(i + 1) % n]);
    (0..n).find(|&i| {
        (i + 2..n)
            .filter(|&j| (j + 1) % n != i)
            .any(|j| segments_meet(edge(i), edge(j)))
    })
}

/// Whether two segments have a point in common, ends included.
pub(super) fn segments_meet((a, b): (Vec2, Vec2), (c, d): (Vec2, Vec2)) -> bool {
    let side = |p: Vec2, q: Vec2, r: Vec2| cross(q - p, r - p);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let within = |p: Vec2, q: Vec2, r: Vec2| {
        crate::minmax::min(p.x, q.x) <= r.x
            && r.x <= crate::minmax::max(p.x, q.x)
            && crate::minmax::min(p.y, q.y) <= r.y
            && r.y <= crate::minmax::max(p.y, q.y)
    };
    (d1 == 0.0 && within(c, d, a))
        || (d2 == 0.0 && within(c, d, b))
        || (d3 == 0.0 && within(a, b, c))
        || (d4 == 0.0 && within(a, b, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_of(points: &[Vec2]) -> Option<usize> {
        match check_points(points) {
            Err(Error::Outline { index, .. }) => index,
            other => panic!("refused as an outline, not {other:?}"),
        }
    }

    #[test]
    fn a_bow_tie_a_repeat_and_a_point_in_line_are_refused_by_index() {
        let v = Vec2::new;
        let bow_tie = [v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(index_of(&bow_tie), Some(0));
        let repeat = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(index_of(&repeat), Some(1));
        let in_line = [v(0.0, 0.0), v(0.5, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(index_of(&in_line), Some(1));
        let touching = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 1.0),
            v(1.0, 0.0),
            v(0.0, 2.0),
        ];
        assert!(index_of(&touching).is_some());
        assert!(check_points(&[v(0.0, 0.0), v(1.0, 0.0)]).is_err());
        assert_eq!(
            index_of(&[v(0.0, 0.0), v(f32::NAN, 0.0), v(0.0, 1.0)]),
            Some(1)
        );
        let square = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        assert_eq!(check_points(&square), Ok(()));
    }
}
