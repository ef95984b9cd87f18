//! Lines with no thickness: the two-sided segment and the one-sided link of a chain.
//!
//! Neither has area, so neither has mass: on a dynamic body they add nothing to it.
//! Both are solid up to the contact margin, as every shape's surface is.

use crate::LINEAR_SLOP;
use crate::error::{Error, Result};
use crate::limits::check_point;
use crate::math::{Vec2, cross};
use crate::shape::Polygon;

/// A line from `point1` to `point2`, solid from both sides.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Segment {
    /// One end, in body coordinates (m).
    pub point1: Vec2,
    /// The other end (m); more than `LINEAR_SLOP` from `point1`.
    pub point2: Vec2,
}

impl Segment {
    /// The unit normal on the right of the way from `point1` to `point2`: the front of
    /// a one-way segment, the side a chain link collides on.
    pub fn front_normal(&self) -> Vec2 {
        right_normal(self.point1, self.point2)
    }

    /// The two-vertex polygon of no radius the narrow phase and the queries use.
    pub(crate) fn as_polygon(&self) -> Polygon {
        Polygon::rounded_segment(self.point1, self.point2, 0.0)
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("point1", self.point1)?;
        check_point("point2", self.point2)?;
        check_apart("point2", self.point1, self.point2)
    }
}

/// One link of a chain: the segment from `point1` to `point2`, which collides only on
/// its right (the side `front_normal` points to), and the far ends of the links before
/// and after it (`ghost1`, `ghost2`, its ghost vertices). From them the link knows
/// whether each end is a convex or a concave corner, and so which contact normals
/// belong to it and which to its neighbour: a shape sliding over the joint between two
/// links meets one smooth surface, never the end of a link. `World::create_chain` makes
/// the links of a polyline; a link made alone gives its own ghosts.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChainSegment {
    /// The previous link's start: the point before `point1` (m, body coordinates).
    pub ghost1: Vec2,
    /// The link's start.
    pub point1: Vec2,
    /// The link's end.
    pub point2: Vec2,
    /// The next link's end: the point after `point2`.
    pub ghost2: Vec2,
}

impl ChainSegment {
    /// The link as a two-sided segment, without its ghosts.
    pub fn segment(&self) -> Segment {
        Segment {
            point1: self.point1,
            point2: self.point2,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        self.segment().validate()?;
        check_point("ghost1", self.ghost1)?;
        check_point("ghost2", self.ghost2)?;
        check_apart("ghost1", self.point1, self.ghost1)?;
        check_apart("ghost2", self.point2, self.ghost2)
    }
}

/// A chain link as the narrow phase uses it: its points, and its direction, its
/// normals and its corners, worked out once when the shape is made rather than for
/// every contact every step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ChainLink {
    pub ghost1: Vec2,
    pub point1: Vec2,
    pub point2: Vec2,
    pub ghost2: Vec2,
    /// Unit, from `point1` towards `point2`.
    pub edge: Vec2,
    /// The link's front normal, and its neighbours' (before and after it).
    pub normal: Vec2,
    pub normal0: Vec2,
    pub normal2: Vec2,
    /// Whether the corner at `point1` (`point2`) is convex (`is_convex`).
    pub convex1: bool,
    pub convex2: bool,
}

impl ChainLink {
    pub fn new(link: ChainSegment) -> ChainLink {
        let (g1, p1, p2, g2) = (link.ghost1, link.point1, link.point2, link.ghost2);
        ChainLink {
            ghost1: g1,
            point1: p1,
            point2: p2,
            ghost2: g2,
            edge: (p2 - p1).normalize_or_zero(),
            normal: right_normal(p1, p2),
            normal0: right_normal(g1, p1),
            normal2: right_normal(p2, g2),
            convex1: is_convex(g1, p1, p2),
            convex2: is_convex(p1, p2, g2),
        }
    }

    pub fn segment(&self) -> Segment {
        Segment {
            point1: self.point1,
            point2: self.point2,
        }
    }
}

/// The unit normal on the right of the direction from `from` to `to`.
pub(crate) fn right_normal(from: Vec2, to: Vec2) -> Vec2 {
    let edge = to - from;
    Vec2::new(edge.y, -edge.x).normalize_or_zero()
}

/// Whether the turn from `a` through `b` to `c` bends away from the right-hand side:
/// the corner at `b` sticks out of the solid behind the links (a hilltop for a ground
/// seen from above). Bends under about half a degree count as flat.
fn is_convex(a: Vec2, b: Vec2, c: Vec2) -> bool {
    const MIN_SIN: f32 = 0.01;
    let (e1, e2) = ((b - a).normalize_or_zero(), (c - b).normalize_or_zero());
    cross(e1, e2) >= MIN_SIN
}

fn check_apart(field: &'static str, a: Vec2, b: Vec2) -> Result<()> {
    if a.distance(b) <= LINEAR_SLOP {
        return Err(Error::InvalidValue {
            field,
            reason: "must be more than LINEAR_SLOP (5 mm) from its neighbouring point",
        });
    }
    Ok(())
}
