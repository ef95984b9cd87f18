//! Holes joined to their outline by bridges, so that ear clipping sees one ring (Eberly,
//! "Triangulation by Ear Clipping").
//!
//! The holes are taken by their rightmost point, furthest right first, so no hole yet
//! to be joined lies across a bridge, which runs right from that point. A ray cast right
//! from it meets the ring first on some edge; that edge's end furthest right, or else
//! the ring's point inside the triangle between them nearest the ray in angle, sees the
//! hole's point with nothing between. The hole is spliced in there: the ring runs out
//! along the bridge, round the hole, and back along the bridge, so the bridge's two
//! ends are each in the ring twice, as two corners at one position.
//!
//! Nothing here makes a point: the ring is the loops' own points, and the ray's hit only
//! chooses among them.

use super::check::segments_meet;
use crate::error::{Error, Result};
use crate::math::{Vec2, cross};

/// The counter-clockwise `outer` with each clockwise hole of `holes` bridged into it, as
/// one ring whose inside is always on its left.
pub(super) fn bridged(outer: &[Vec2], holes: &[Vec<Vec2>]) -> Result<Vec<Vec2>> {
    let mut order: Vec<(usize, usize)> = holes
        .iter()
        .enumerate()
        .map(|(h, hole)| (h, rightmost(hole)))
        .collect();
    // Stable: holes whose rightmost points share an x keep their order in `holes`.
    order.sort_by(|&(g, i), &(h, j)| holes[h][j].x.total_cmp(&holes[g][i].x));
    let mut ring = outer.to_vec();
    for (h, m) in order {
        let hole = &holes[h];
        let target = visible_corner(&ring, hole[m]).ok_or(Error::Outline {
            index: None,
            reason: "a hole could not be joined to it (edges too close to each other)",
        })?;
        ring = spliced(&ring, target, hole, m);
    }
    Ok(ring)
}

/// The index of the point furthest right, the highest of those.
fn rightmost(points: &[Vec2]) -> usize {
    (0..points.len())
        .max_by(|&a, &b| {
            let (p, q) = (points[a], points[b]);
            p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
        })
        .expect("checked: at least three points")
}

/// The corner of the ring that `m` (inside it, right of no hole still to come) sees
/// with nothing between, chosen among the corners at one position as the one whose
/// angle holds `m`; `None` where rounding leaves none that is clear.
fn visible_corner(ring: &[Vec2], m: Vec2) -> Option<usize> {
    let (hit, end) = first_hit(ring, m)?;
    let p = ring[end];
    let mut best = p;
    for &q in ring {
        if q.x > m.x && in_closed_triangle(q, m, hit, p) && nearer_the_ray(q, best, m) {
            best = q;
        }
    }
    let corner = (0..ring.len()).find(|&i| ring[i] == best && faces(ring, i, m))?;
    clear(ring, m, best).then_some(corner)
}

/// Where a ray from `m` to the right first meets the ring, and the end furthest right
/// of the edge it meets there (the point met, if the ray meets a corner). Only edges
/// running upwards count: a ray leaving the ring's inside, which is on their left,
/// crosses one first.
fn first_hit(ring: &[Vec2], m: Vec2) -> Option<(Vec2, usize)> {
    let n = ring.len();
    let mut first: Option<(f32, usize)> = None;
    for i in 0..n {
        let j = (i + 1) % n;
        let (a, b) = (ring[i], ring[j]);
        if !(a.y <= m.y && m.y <= b.y && a.y < b.y) {
            continue;
        }
        let (x, end) = if a.y == m.y {
            (a.x, i)
        } else if b.y == m.y {
            (b.x, j)
        } else {
            let along = (m.y - a.y) / (b.y - a.y);
            (a.x + along * (b.x - a.x), if b.x > a.x { j } else { i })
        };
        if x > m.x && first.is_none_or(|(nearest, _)| x < nearest) {
            first = Some((x, end));
        }
    }
    first.map(|(x, end)| (Vec2::new(x, m.y), end))
}

/// Whether `q` is in the triangle `a b c` (either way round, or flat) or on its
/// boundary.
fn in_closed_triangle(q: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    use crate::minmax::{max, min};
    let within_box = min(a.x, min(b.x, c.x)) <= q.x
        && q.x <= max(a.x, max(b.x, c.x))
        && min(a.y, min(b.y, c.y)) <= q.y
        && q.y <= max(a.y, max(b.y, c.y));
    let sides = [
        cross(b - a, q - a),
        cross(c - b, q - b),
        cross(a - c, q - c),
    ];
    within_box && (sides.iter().all(|&s| s >= 0.0) || sides.iter().all(|&s| s <= 0.0))
}

/// Whether `q` is nearer than `best` in angle to the ray right from `m` (both right of
/// `m`), or at the same angle and nearer `m`. Tangents are compared by cross-multiplying,
/// without an angle or a division.
fn nearer_the_ray(q: Vec2, best: Vec2, m: Vec2) -> bool {
    let (dq, db) = (q - m, best - m);
    let (steep_q, steep_b) = (dq.y.abs() * db.x, db.y.abs() * dq.x);
    steep_q < steep_b || (steep_q == steep_b && dq.x < db.x)
}

/// Whether the ring's inside at corner `i`, between its edges in and out, holds the
/// direction to `m` (strictly: a bridge along an edge is none).
fn faces(ring: &[Vec2], i: usize, m: Vec2) -> bool {
    let n = ring.len();
    let (a, b, c) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
    let (left_of_in, left_of_out) = (cross(b - a, m - b) > 0.0, cross(c - b, m - b) > 0.0);
    if cross(b - a, c - b) > 0.0 {
        left_of_in && left_of_out
    } else {
        left_of_in || left_of_out
    }
}

/// Whether the bridge from `m` to `target` meets no edge of the ring but those that
/// end at `target`: the choice checked, so rounding never lets a bridge cross an edge.
fn clear(ring: &[Vec2], m: Vec2, target: Vec2) -> bool {
    let n = ring.len();
    (0..n).all(|i| {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        a == target || b == target || !segments_meet((a, b), (m, target))
    })
}

/// The ring with `hole` spliced in at corner `target`: out from it to the hole's point
/// `m`, round the hole back to `m`, and back to a second copy of `target`.
fn spliced(ring: &[Vec2], target: usize, hole: &[Vec2], m: usize) -> Vec<Vec2> {
    let mut joined = Vec::with_capacity(ring.len() + hole.len() + 2);
    joined.extend_from_slice(&ring[..=target]);
    joined.extend(hole[m..].iter().chain(&hole[..=m]));
    joined.extend_from_slice(&ring[target..]);
    joined
}
