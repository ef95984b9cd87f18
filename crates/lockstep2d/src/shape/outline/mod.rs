//! Concave outlines: a simple polygon, as a level's artist draws it or a sprite's traced
//! silhouette gives it, cut into the convex pieces a body is made of.
//!
//! 1. Checked (`check.rs`): enough points, finite and within the world's coordinates, no
//!    point repeated or on the line through its neighbours, no two edges crossing or
//!    touching.
//! 2. Put in a canonical form: counter-clockwise, from its lowest-leftmost point, so an
//!    outline given from any start point, either way round, is cut the same way.
//!    Corners that stand out of their neighbours' chord by no more than the weld
//!    distance are left out, as a polygon's hull leaves them out: detail finer than the
//!    engine resolves, which the points of a smooth curve have.
//! 3. Triangulated by ear clipping (`triangulate.rs`), the best-shaped ear first.
//! 4. The triangles merged across their diagonals into convex pieces of at most
//!    `MAX_POLYGON_VERTICES` (`merge.rs`, Hertel and Mehlhorn's rule).
//!
//! The cut adds no point: every piece's vertices are the outline's own, bit for bit, and
//! the arithmetic that chooses the cut is IEEE's alone, so the pieces are the same on
//! every machine.

mod check;
mod merge;
mod triangulate;

use crate::error::{Error, Result};
use crate::math::{Vec2, cross};
use crate::shape::{ChainDef, Polygon, SolidSide};

/// The most points an outline may have: the checks compare every edge with every other.
pub const MAX_OUTLINE_POINTS: usize = 4096;

/// Closer than this, a point is on the line through its neighbours, and two points are
/// one: the weld distance of a polygon's hull, so that no piece loses a vertex to it.
const WELD_DISTANCE: f32 = 0.5 * crate::LINEAR_SLOP;

/// A simple polygon of any shape, cut into convex pieces.
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
    /// none, if what is left is too small or too thin to simulate.
    pub fn new(points: &[Vec2]) -> Result<Outline> {
        check::check_points(points)?;
        let canonical = simplified(&canonical_form(points))?;
        let triangles = triangulate::triangulate(&canonical)?;
        let pieces = merge::merge(&canonical, &triangles);
        let pieces = pieces
            .iter()
            .map(|piece| {
                let corners: Vec<Vec2> = piece.iter().map(|&i| canonical[i]).collect();
                Polygon::new(&corners).map_err(|_| Error::Outline {
                    index: None,
                    reason: "a piece of it is too thin to simulate",
                })
            })
            .collect::<Result<Vec<Polygon>>>()?;
        Ok(Outline {
            pieces,
            area: signed_area(&canonical),
        })
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

    /// The area the outline encloses (m²) without its finest detail (see `new`), which
    /// its pieces share out.
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
        .min_by(|&a, &b| {
            let (p, q) = (canonical[a], canonical[b]);
            p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
        })
        .expect("checked: at least three points");
    canonical.rotate_left(first);
    canonical
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
    let too_thin = |reason| Error::Outline {
        index: None,
        reason,
    };
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
