//! A chain link against a circle or a (rounded) polygon: one-sided, and smooth across
//! the joints between links.
//!
//! Taken alone, a link ends in two sharp corners, and a box sliding over the joint to
//! the next link can be caught by the corner there (a "ghost collision"): a contact
//! normal along the ground that stops the box dead. Each link knows its neighbours'
//! far ends (ghost vertices), and so whether each of its ends is a convex corner (a
//! hilltop) or a flat or concave one (a valley). A normal that leans off the link's
//! own normal toward an end is then:
//!
//! - at a convex end, within the corner's fan (between the two links' normals): the
//!   corner's, kept; beyond the fan: the neighbour's to make, dropped here;
//! - at a flat or concave end: never right, since no corner sticks out there, so the
//!   contact is rebuilt with the link's own normal ("snapped").
//!
//! This is the Gauss-map rule Box2D v3 uses (box2d.org/posts/2020/06/ghost-collisions);
//! here it sorts the result of the ordinary polygon test rather than steering its own.

use super::LocalManifold;
use super::circles::between_surfaces;
use super::polygons::{FacePair, placed_polygons, transformed};
use crate::math::{Transform, Vec2, cross};
use crate::shape::{ChainLink, Circle, Polygon};

/// A circle against a link: the nearest point of the link, unless the circle's centre
/// is behind it or nearer a neighbour (which then makes the contact).
pub(super) fn chain_circle(
    link: &ChainLink,
    xf: Transform,
    circle: &Circle,
    speculative: f32,
) -> LocalManifold {
    let center = xf.apply(circle.center);
    let (p1, p2) = (link.point1, link.point2);
    let edge = p2 - p1;
    let front = link.normal;
    if front.dot(center - p1) < 0.0 {
        return LocalManifold::default();
    }
    let before = edge.dot(center - p1);
    let after = edge.dot(p2 - center);
    let nearest = if before <= 0.0 {
        // Before point1: the previous link's, if the centre lies along it.
        if (p1 - link.ghost1).dot(center - p1) <= 0.0 {
            return LocalManifold::default();
        }
        p1
    } else if after <= 0.0 {
        if (link.ghost2 - p2).dot(center - p2) > 0.0 {
            return LocalManifold::default();
        }
        p2
    } else {
        p1 + (before / edge.length_squared()) * edge
    };
    let offset = center - nearest;
    let distance = offset.length();
    let separation = distance - circle.radius;
    if separation > speculative {
        return LocalManifold::default();
    }
    let normal = if distance > f32::EPSILON {
        offset / distance
    } else {
        front
    };
    let point = between_surfaces(nearest, 0.0, center, circle.radius, normal, separation);
    LocalManifold::single(normal, point)
}

/// A (rounded) polygon against a link: the two-sided segment–polygon manifold, then its
/// normal judged by the link's corners (see the module docs).
pub(super) fn chain_polygon(
    link: &ChainLink,
    xf: Transform,
    polygon: &Polygon,
    speculative: f32,
) -> LocalManifold {
    if link.is_behind(xf.apply(polygon.centroid)) {
        return LocalManifold::default();
    }
    let segment = link.segment().as_polygon();
    let incident = transformed(polygon, xf);
    let manifold = placed_polygons(&segment, &incident, speculative);
    if manifold.points.iter().all(Option::is_none) || manifold.normal == link.normal {
        return manifold;
    }
    match link.owner(manifold.normal) {
        Owner::This => manifold,
        Owner::Neighbour => LocalManifold::default(),
        Owner::Snap => {
            FacePair::new(&segment, &incident, 0).clip(0.0, incident.radius, false, speculative)
        }
    }
}

/// Who makes a contact with a given normal.
enum Owner {
    This,
    Neighbour,
    /// This link, with its own normal.
    Snap,
}

impl ChainLink {
    /// Whether `point` lies behind the link and behind each convex neighbour: inside
    /// the solid, where nothing collides with the link.
    fn is_behind(&self, point: Vec2) -> bool {
        let behind = |normal: Vec2, at: Vec2| normal.dot(point - at) < 0.0;
        behind(self.normal, self.point1)
            && (!self.convex1 || behind(self.normal0, self.point1))
            && (!self.convex2 || behind(self.normal2, self.point2))
    }

    /// Who makes a contact whose normal (from the link outward, unit) is `normal`.
    fn owner(&self, normal: Vec2) -> Owner {
        /// A normal this far (sine) past a corner's fan still belongs to the corner.
        const FAN_TOLERANCE: f32 = 0.01;
        let (convex, past_fan) = if normal.dot(self.edge) <= 0.0 {
            (self.convex1, cross(normal, self.normal0))
        } else {
            (self.convex2, cross(self.normal2, normal))
        };
        match (convex, past_fan > FAN_TOLERANCE) {
            (false, _) => Owner::Snap,
            (true, false) => Owner::This,
            (true, true) => Owner::Neighbour,
        }
    }
}
