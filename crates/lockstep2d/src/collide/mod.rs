//! The narrow phase: one manifold function per pair of collider kinds.
//!
//! Each function works in the frame of shape A's body, so that two bodies far from the
//! world origin collide with the precision of their small relative offset, and returns
//! points in that frame. `collide` turns them into a world-oriented [`Manifold`].
//!
//! Every point carries a feature id built from the vertex and edge indices that made it.
//! The id stays the same while the same features touch, which is what lets the contact
//! cache hand last step's impulses to this step's points (warm starting).

mod cast;
mod chain;
mod circles;
mod distance;
mod motion_cast;
mod overlap;
mod polygons;
mod ray;
mod toi;

pub(crate) use cast::{CAST_TOLERANCE, cast_core};
pub(crate) use distance::{Core, closest_points, core_gap};
pub(crate) use motion_cast::{Motion, cast_motion};
pub(crate) use overlap::{touches_box, touches_collider, touches_point};
pub(crate) use ray::{LocalHit, ray_cast};
pub(crate) use toi::{Impact, Sweep, time_of_impact};

use crate::math::{Transform, Vec2};
use crate::shape::Collider;

/// Contacts are kept at least this far before touching, so that a resting contact does
/// not flicker in and out of existence as the bodies jiggle by a fraction of the slop.
/// Moving bodies get more: see `World::update_contacts`.
pub(crate) const SPECULATIVE_DISTANCE: f32 = 4.0 * crate::LINEAR_SLOP;

/// A contact point between two shapes.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[repr(C)]
pub struct ManifoldPoint {
    /// The point, midway between the two surfaces, relative to body A's origin, in world
    /// orientation: body A's position plus this is where it is in the world
    /// (`ContactView::world_points`). Not stored as a world position too, which would
    /// make every contact 16 bytes larger in memory and in snapshots.
    pub anchor_a: Vec2,
    /// The point relative to body B's origin, in world orientation.
    pub anchor_b: Vec2,
    /// Distance between the surfaces along the normal; negative when they overlap.
    pub separation: f32,
    /// Which features (vertices and edges) of the two shapes made this point. It stays
    /// the same while the same features touch, which is how a point takes last step's
    /// impulses (warm starting).
    pub id: u32,
    /// Accumulated normal impulse of the last solve (N·s).
    pub normal_impulse: f32,
    /// Accumulated friction impulse of the last solve (N·s).
    pub tangent_impulse: f32,
}

/// Up to two contact points sharing one normal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Manifold {
    /// Unit normal pointing from shape A to shape B.
    pub normal: Vec2,
    /// The contact points; only the first `point_count` are meaningful.
    pub points: [ManifoldPoint; 2],
    /// 0, 1 or 2 (a byte: a contact is stored, copied and saved for every touching pair).
    pub point_count: u8,
    /// Accumulated rolling-resistance torque impulse of the last solve (N·m·s), on B.
    pub rolling_impulse: f32,
}

impl Manifold {
    /// The manifold's contact points: the first `point_count` of `points`.
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..usize::from(self.point_count)]
    }
}

/// A contact point in the frame of body A, as the pair functions produce it.
#[derive(Clone, Copy, Debug)]
struct LocalPoint {
    point: Vec2,
    separation: f32,
    id: u32,
}

/// What a pair function returns: a normal and points, all in body A's frame.
#[derive(Clone, Copy, Debug, Default)]
struct LocalManifold {
    normal: Vec2,
    points: [Option<LocalPoint>; 2],
}

impl LocalManifold {
    fn single(normal: Vec2, point: LocalPoint) -> LocalManifold {
        LocalManifold {
            normal,
            points: [Some(point), None],
        }
    }
}

/// Packs the features that produced a point: the vertex or edge index on the reference
/// shape and on the incident one, stored as shape A's index then shape B's.
///
/// Naming by shape rather than by role keeps a point's id when the reference face moves
/// from one shape to the other: the same corner against the same face gives the same
/// pair either way. In a pyramid a box tilting by a milliradian makes that move often,
/// and a role-based id (with a flag for which shape is the reference) then lost the warm
/// start of those contacts every time, so the pyramid crept sideways.
fn feature_id(reference: usize, incident: usize, flipped: bool) -> u32 {
    let (a, b) = if flipped {
        (incident, reference)
    } else {
        (reference, incident)
    };
    (a as u32) | ((b as u32) << 8)
}

/// The contact manifold between collider `a` on a body at `xf_a` and `b` at `xf_b`, with
/// points for features up to `speculative` metres apart. The caller orders the pair by
/// `goes_first`.
pub(crate) fn collide(
    a: &Collider,
    xf_a: Transform,
    b: &Collider,
    xf_b: Transform,
    speculative: f32,
) -> Manifold {
    let xf = xf_a.inv_mul(xf_b);
    let s = speculative;
    let local = match (a, b) {
        (Collider::Circle(ca), Collider::Circle(cb)) => circles::circles(ca, xf, cb, s),
        (Collider::Polygon(pa), Collider::Circle(cb)) => circles::polygon_circle(pa, xf, cb, s),
        (Collider::Polygon(pa), Collider::Polygon(pb)) => polygons::polygons(pa, xf, pb, s),
        (Collider::ChainSegment(l), Collider::Circle(cb)) => chain::chain_circle(l, xf, cb, s),
        (Collider::ChainSegment(l), Collider::Polygon(pb)) => chain::chain_polygon(l, xf, pb, s),
        // Lines never touch lines (`may_collide`).
        (Collider::ChainSegment(_), Collider::ChainSegment(_)) => LocalManifold::default(),
        (Collider::Circle(_) | Collider::Polygon(_), Collider::ChainSegment(_))
        | (Collider::Circle(_), Collider::Polygon(_)) => {
            unreachable!("contact pairs are ordered chain link, then polygon, first")
        }
    };
    to_world(&local, xf_a, xf_b)
}

fn to_world(local: &LocalManifold, xf_a: Transform, xf_b: Transform) -> Manifold {
    let mut manifold = Manifold {
        normal: xf_a.q.rotate(local.normal),
        ..Manifold::default()
    };
    for lp in local.points.iter().flatten() {
        let anchor_a = xf_a.q.rotate(lp.point);
        manifold.points[usize::from(manifold.point_count)] = ManifoldPoint {
            anchor_a,
            anchor_b: anchor_a + (xf_a.p - xf_b.p),
            separation: lp.separation,
            id: lp.id,
            normal_impulse: 0.0,
            tangent_impulse: 0.0,
        };
        manifold.point_count += 1;
    }
    manifold
}

/// `true` if a collider of this kind must be shape A of a pair against `other`: a chain
/// link comes first, then a polygon.
pub(crate) fn goes_first(this: &Collider, other: &Collider) -> bool {
    let rank = |c: &Collider| match c {
        Collider::ChainSegment(_) => 0,
        Collider::Polygon(_) => 1,
        Collider::Circle(_) => 2,
    };
    rank(this) < rank(other)
}
