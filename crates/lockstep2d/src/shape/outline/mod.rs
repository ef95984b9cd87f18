//! Concave outlines: a simple polygon, as a level's artist draws it or a sprite's traced
//! silhouette gives it, with or without holes, cut into the convex pieces a body is
//! made of.
//!
//! 1. Checked: each loop (the outline's own and each hole's) has enough points, finite
//!    and within the world's coordinates, no point repeated or on the line through its
//!    neighbours, no two edges crossing or touching (`check.rs`); and each hole lies
//!    inside the outline, apart from its edges and from every other hole (`holes.rs`).
//! 2. Put in a canonical form: the outline counter-clockwise and each hole clockwise,
//!    each from its lowest-leftmost point, the holes in the order of those points; so
//!    loops given from any start point, either way round, and holes in any order are
//!    cut the same way. Corners that stand out of their neighbours' chord by no more
//!    than the weld distance are left out, as a polygon's hull leaves them out: detail
//!    finer than the engine resolves, which the points of a smooth curve have.
//! 3. The holes bridged into the outline, one ring of the loops' own points
//!    (`bridge.rs`).
//! 4. Triangulated by ear clipping (`triangulate.rs`), the best-shaped ear first.
//! 5. The triangles merged across their diagonals into convex pieces of at most
//!    `MAX_POLYGON_VERTICES` (`merge.rs`, Hertel and Mehlhorn's rule). A bridge is an
//!    edge of the ring, not a diagonal, so no piece spans one.
//!
//! The cut adds no point: every piece's vertices are the outline's own, bit for bit, and
//! the arithmetic that chooses the cut is IEEE's alone, so the pieces are the same on
//! every machine.

mod bridge;
mod check;
mod holes;
mod merge;
mod triangulate;

use crate::error::{Error, Result};
use crate::math::{Vec2, cross};
use crate::shape::{ChainDef, Polygon, SolidSide};

/// The most points an outline may have, its holes' included: the checks compare every
/// edge with every other.
pub const MAX_OUTLINE_POINTS: usize = 4096;

/// Closer than this, a point is on the line through its neighbours, and two points are
/// one: the weld distance of a polygon's hull, so that no piece loses a vertex to it.
const WELD_DISTANCE: f32 = 0.5 * crate::LINEAR_SLOP;

/// A simple polygon of any shape, with or without holes, cut into convex pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    pieces: Vec<Polygon>,
    area: f32,
}

impl Outline {
    /// Cuts the simple polygon through `points` (either way round, at most
    /// `MAX_OUTLINE_POINTS`) into convex pieces. A corner standing out of the chord
    /// between its neighbours by no more than half the linear slop is left out first,
    /// as a polygon's hull leaves it out. Fails with `Error::Outline`, naming the point
    /// at fault, for fewer than three points, a point not finite or past
    /// `MAX_COORDINATE`, a point within half the linear slop of the next (repeated) or
    /// exactly in line with its neighbours, or edges that cross or touch; and, naming
    /// none, if what is left is too small or too thin to simulate. The same as
    /// `with_holes(points, &[])`.
    pub fn new(points: &[Vec2]) -> Result<Outline> {
        Outline::with_holes(points, &[])
    }

    /// Cuts the simple polygon through `outer` with the holes through each of `holes`
    /// into convex pieces, none of which covers a hole. Each loop is given in order,
    /// either way round, from any point, and is checked and simplified as `new` checks
    /// and simplifies `points`; the pieces do not depend on which way round or from
    /// where each loop is given, nor on the order of the holes. All the loops together
    /// hold at most `MAX_OUTLINE_POINTS` points.
    ///
    /// Each hole must lie strictly inside `outer`: no edge of it may cross or touch an
    /// edge of `outer` or of another hole, and no hole may be inside another.
    ///
    /// Fails with `Error::Outline` as `new` does for any loop, for a hole of fewer than
    /// three points, and for a hole out of place. Its `index` counts points across the
    /// loops in the order given: `outer`'s points first, then hole 0's, then hole 1's,
    /// and so on. A hole out of place is named by one of its own points: the first of
    /// an edge that meets another loop's edge, else its first point (for a hole inside
    /// another, the inner one's).
    pub fn with_holes(outer: &[Vec2], holes: &[Vec<Vec2>]) -> Result<Outline> {
        check::check_loops(outer, holes)?;
        holes::check_holes(outer, holes)?;
        let outer = simplified(&canonical_form(outer))?;
        let mut inner = holes
            .iter()
            .map(|hole| canonical_hole(hole))
            .collect::<Result<Vec<_>>>()?;
        inner.sort_by(|a, b| lowest_leftmost_order(a[0], b[0]));
        // Leaving out detail may have moved a loop onto another.
        if holes::first_fault(&outer, &inner).is_some() {
            return Err(too_thin("is too thin in places to simulate"));
        }
        let ring = bridge::bridged(&outer, &inner)?;
        let triangles = triangulate::triangulate(&ring)?;
        let pieces = merge::merge(&ring, &triangles)
            .iter()
            .map(|piece| {
                let corners: Vec<Vec2> = piece.iter().map(|&i| ring[i]).collect();
                Polygon::new(&corners)
                    .map_err(|_| too_thin("a piece of it is too thin to simulate"))
            })
            .collect::<Result<Vec<Polygon>>>()?;
        // Each hole is clockwise: its signed area is less than nothing.
        let area = inner
            .iter()
            .fold(signed_area(&outer), |area, hole| area + signed_area(hole));
        Ok(Outline { pieces, area })
    }

    /// The outline through `points`, hollow: a loop chain that keeps things out
    /// (`SolidSide::Outside`), its surface alone, smooth where its links meet. For
    /// static ground that needs no inside; what gets within it is not pushed out.
    /// Checked as `new` checks it.
    pub fn hollow(points: &[Vec2]) -> Result<ChainDef> {
        check::check_points(points)?;
        Ok(ChainDef::closed(points.to_vec(), SolidSide::Outside))
    }

    /// The convex pieces, each within `MAX_POLYGON_VERTICES`, in a fixed order.
    pub fn pieces(&self) -> &[Polygon] {
        &self.pieces
    }

    /// The area the outline encloses less its holes' (m²), without its finest detail
    /// (see `new`), which its pieces share out.
    pub fn area(&self) -> f32 {
        self.area
    }
}

/// `points` counter-clockwise, starting from the lowest of the leftmost.
fn canonical_form(points: &[Vec2]) -> Vec<Vec2> {
    let mut canonical = points.to_vec();
    if signed_area(points) < 0.0 {
        canonical.reverse();
    }
    let first = (0..canonical.len())
        .min_by(|&a, &b| lowest_leftmost_order(canonical[a], canonical[b]))
        .expect("checked: at least three points");
    canonical.rotate_left(first);
    canonical
}

/// A total order of points: by x, then by y. Its least point is the lowest of the
/// leftmost.
fn lowest_leftmost_order(p: Vec2, q: Vec2) -> std::cmp::Ordering {
    p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
}

/// A hole in canonical form: simplified as an outline is, then clockwise, still from
/// its lowest-leftmost point, so that the ring it is bridged into keeps its inside on
/// the left.
fn canonical_hole(points: &[Vec2]) -> Result<Vec<Vec2>> {
    let mut hole = simplified(&canonical_form(points))
        .map_err(|_| too_thin("has a hole too small or too thin to simulate"))?;
    hole[1..].reverse();
    Ok(hole)
}

/// The error for an outline the engine cannot simulate as a whole, naming no point.
fn too_thin(reason: &'static str) -> Error {
    Error::Outline {
        index: None,
        reason,
    }
}

/// The canonical `points` without the corners that stand out of their neighbours'
/// chord by no more than the weld distance, taken out one at a time in order until
/// none is left; then started again from the lowest-leftmost. Fails if what is left is no simple polygon.
fn simplified(points: &[Vec2]) -> Result<Vec<Vec2>> {
    let mut kept = points.to_vec();
    loop {
        let before = kept.len();
        let mut i = 0;
        while kept.len() > 3 && i < kept.len() {
            let n = kept.len();
            if bulge(kept[(i + n - 1) % n], kept[i], kept[(i + 1) % n]).abs() <= WELD_DISTANCE {
                kept.remove(i);
                i = i.saturating_sub(1);
            } else {
                i += 1;
            }
        }
        if kept.len() == before {
            break;
        }
    }
    if signed_area(&kept) <= 0.0 || bulge(kept[0], kept[1], kept[2]).abs() <= WELD_DISTANCE {
        return Err(too_thin("is too small to simulate"));
    }
    if check::first_crossing(&kept).is_some() {
        return Err(too_thin("is too thin in places to simulate"));
    }
    Ok(canonical_form(&kept))
}

/// The shoelace area, positive counter-clockwise, from the first point (which keeps the
/// cross products small for an outline far from the origin).
fn signed_area(points: &[Vec2]) -> f32 {
    let origin = points[0];
    let twice: f32 = points
        .windows(2)
        .skip(1)
        .map(|w| cross(w[0] - origin, w[1] - origin))
        .sum();
    0.5 * twice
}

/// How far (m) `vertex` stands out from the chord between its neighbours `prev` and
/// `next` on a counter-clockwise outline: positive where the outline turns left there
/// (a convex corner), negative where it turns right, near 0 where the three are in line.
fn bulge(prev: Vec2, vertex: Vec2, next: Vec2) -> f32 {
    let chord = next - prev;
    let length = chord.length();
    if length > 0.0 {
        cross(vertex - prev, chord) / length
    } else {
        (vertex - prev).length()
    }
}
