//! Triangles merged into convex pieces (Hertel and Mehlhorn): each diagonal the ear
//! clipping cut, in the order it was cut, is taken out when the piece either side of it
//! would still be convex there and hold at most `MAX_POLYGON_VERTICES` corners.
//!
//! Convex means every corner stands out of its neighbours' chord by more than the weld
//! distance: a polygon's hull drops a corner that stands out less, which would leave a
//! gap between pieces.

use std::collections::BTreeMap;

use super::triangulate::Triangle;
use super::{WELD_DISTANCE, bulge};
use crate::math::Vec2;
use crate::shape::MAX_POLYGON_VERTICES;

/// The convex pieces, as counter-clockwise corner indices, in the order of the first
/// triangle each holds.
pub(super) fn merge(points: &[Vec2], triangles: &[Triangle]) -> Vec<Vec<usize>> {
    let mut pieces: Vec<Option<Vec<usize>>> = triangles.iter().map(|t| Some(t.to_vec())).collect();
    // Which piece each triangle now belongs to, by the index of the piece's first.
    let mut owner: Vec<usize> = (0..triangles.len()).collect();
    for (cut, other) in diagonals(triangles) {
        let (a, b) = (find(&mut owner, cut), find(&mut owner, other));
        if a == b {
            continue;
        }
        let (first, second) = (a.min(b), a.max(b));
        let joined = join(
            pieces[first].as_deref().expect("a live piece"),
            pieces[second].as_deref().expect("a live piece"),
        );
        if let Some(joined) = joined.filter(|piece| is_convex(points, piece)) {
            pieces[first] = Some(joined);
            pieces[second] = None;
            owner[second] = first;
        }
    }
    pieces.into_iter().flatten().collect()
}

/// For each triangle but the last, the diagonal its cut made, as the pair of triangles
/// either side: the cut triangle and the later one with the same two corners.
fn diagonals(triangles: &[Triangle]) -> Vec<(usize, usize)> {
    let mut by_edge: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (t, corners) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (p, q) = (corners[k], corners[(k + 1) % 3]);
            by_edge.entry((p.min(q), p.max(q))).or_default().push(t);
        }
    }
    let mut pairs = Vec::with_capacity(triangles.len());
    for (t, &[p, _, q]) in triangles.iter().enumerate() {
        let sharing = &by_edge[&(p.min(q), p.max(q))];
        if let Some(&other) = sharing.iter().find(|&&other| other > t) {
            pairs.push((t, other));
        }
    }
    pairs
}

/// The piece triangle `t` now belongs to.
fn find(owner: &mut [usize], t: usize) -> usize {
    let mut root = t;
    while owner[root] != root {
        root = owner[root];
    }
    owner[t] = root;
    root
}

/// Two counter-clockwise pieces that share one edge, as one piece without it; `None` if
/// they share none or it would have too many corners.
fn join(p: &[usize], q: &[usize]) -> Option<Vec<usize>> {
    if p.len() + q.len() - 2 > MAX_POLYGON_VERTICES {
        return None;
    }
    // The shared edge runs from x to y in p, and back from y to x in q.
    let (start, x) = (0..p.len()).find_map(|k| {
        let (x, y) = (p[k], p[(k + 1) % p.len()]);
        let in_q = (0..q.len()).any(|m| q[m] == y && q[(m + 1) % q.len()] == x);
        in_q.then_some(((k + 1) % p.len(), x))
    })?;
    let mut joined: Vec<usize> = (0..p.len()).map(|k| p[(start + k) % p.len()]).collect();
    let after_x = q.iter().position(|&c| c == x).expect("x is in q") + 1;
    joined.extend((0..q.len() - 2).map(|k| q[(after_x + k) % q.len()]));
    Some(joined)
}

fn is_convex(points: &[Vec2], piece: &[usize]) -> bool {
    let n = piece.len();
    (0..n).all(|k| {
        let corner = |j: usize| points[piece[(k + j) % n]];
        bulge(corner(n - 1), corner(0), corner(1)) > WELD_DISTANCE
    })
}
