//! Contact recycling: while two bodies have barely moved relative to each other since
//! their manifold was built, keep it — the same normal, the same anchor points on each
//! body, the same feature ids — and only update each point's separation from the bodies'
//! motion, as the soft step does between substeps.
//!
//! Rebuilding the manifold every step re-clips the faces, and a stack that leans by a
//! hair gets points that shift by a hair, every step, in a direction that feeds the
//! lean, until a tall stack built slightly offset topples (docs/decisions.md, "Contact
//! recycling"). Box2D v3.2 showed that keeping the manifold stops it (its own stack
//! topples too with recycling switched off); this is our implementation of the idea. It
//! also skips the narrow phase for most resting pairs.

use crate::collide::Manifold;
use crate::math::{Rot, Transform, Vec2};
use crate::minmax;

/// Beyond this change in the cosine of a body's rotation the manifold is rebuilt
/// (about 11°).
const MIN_COS_TURN: f32 = 0.98;

/// What the manifold was built from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ManifoldCache {
    q_a: Rot,
    q_b: Rot,
    /// B's pose in A's frame.
    relative: Transform,
    /// Each point's separation when built.
    base_separation: [f32; 2],
    /// Each point's anchors on A and B when built: a round surface's anchor moves as
    /// its body rolls (`touching`), so the manifold's own no longer tells.
    anchors: [[Vec2; 2]; 2],
}

impl ManifoldCache {
    pub fn new(manifold: &Manifold, xf_a: Transform, xf_b: Transform) -> ManifoldCache {
        ManifoldCache {
            q_a: xf_a.q,
            q_b: xf_b.q,
            relative: xf_a.inv_mul(xf_b),
            base_separation: [manifold.points[0].separation, manifold.points[1].separation],
            anchors: manifold.points.map(|p| [p.anchor_a, p.anchor_b]),
        }
    }

    /// Updates `manifold`'s separations for bodies now at `xf_a` and
    /// `xf_b`, if they moved less than `tolerance` relative to each other, counting a
    /// turn by how far it swings the farthest reach (`extent`) of either body. Returns
    /// false, changing nothing, when the manifold must be rebuilt. `rounding` is each
    /// shape's rounding radius (`Contact::rounding`).
    pub fn recycle(
        &self,
        manifold: &mut Manifold,
        (xf_a, xf_b): (Transform, Transform),
        (extent, rounding): (f32, [f32; 2]),
        tolerance: f32,
    ) -> bool {
        let cos_turn = |now: Rot, then: Rot| now.c * then.c + now.s * then.s;
        if minmax::min(cos_turn(xf_a.q, self.q_a), cos_turn(xf_b.q, self.q_b)) <= MIN_COS_TURN {
            return false;
        }
        let relative = xf_a.inv_mul(xf_b);
        let turn = relative.q.inv_mul(self.relative.q);
        if relative.p.distance(self.relative.p) + extent * turn.s.abs() >= tolerance {
            return false;
        }
        // Where each body's surface meets the (kept) normal through the manifold's
        // points, now; their gap along it changes the separation. At the cached poses
        // the two coincide, so the change is zero there.
        let (dq_a, dq_b) = (self.q_a.inv_mul(xf_a.q), self.q_b.inv_mul(xf_b.q));
        let offset = xf_b.p - xf_a.p;
        let normal = manifold.normal;
        let count = usize::from(manifold.point_count);
        for ((point, base), [anchor_a, anchor_b]) in (manifold.points[..count].iter_mut())
            .zip(self.base_separation)
            .zip(self.anchors)
        {
            let r_a = touching(dq_a, anchor_a, rounding[0] * normal);
            let r_b = touching(dq_b, anchor_b, -rounding[1] * normal);
            point.separation = base + normal.dot(offset + r_b - r_a);
            // A flat face or a corner keeps its anchor from the build, as the soft step
            // keeps its lever arms through the substeps; a round surface pushes where it
            // touches now.
            if rounding[0] > 0.0 {
                point.anchor_a = r_a;
            }
            if rounding[1] > 0.0 {
                point.anchor_b = r_b;
            }
        }
        true
    }
}

/// Where a body turned by `turn` since the manifold was built touches, from its origin,
/// for a point built at `anchor`. A sharp corner or a flat face (`to_surface` zero)
/// touches with the material point that was there. A round surface touches where the
/// normal through its curve's centre meets it, `to_surface` (the rounding radius along
/// the normal, toward the other shape) from that centre: the centre turns with the
/// body, the point stays under it. Turning the point with the body would lift a rolling
/// disc's point off the ground by R·(1 − cos θ), and the contact would read a gap.
fn touching(turn: Rot, anchor: Vec2, to_surface: Vec2) -> Vec2 {
    turn.rotate(anchor - to_surface) + to_surface
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::collide;
    use crate::shape::{Capsule, Circle, Geometry, Polygon, ShapeDef};

    /// Where, in body coordinates, the rolling curve of both tests' shapes is centred.
    const CURVE_CENTRE: Vec2 = Vec2 { x: 0.25, y: 0.0 };

    /// A shape on a 200 m ground (A) rolled without slipping through `angle` on its
    /// curve centred at `CURVE_CENTRE`, from lying at `start`: its manifold recycled,
    /// against one built afresh at the new pose. Returns the gap between their deepest
    /// points' separations and between their anchors on the rolling shape (m).
    fn recycled_against_rebuilt(shape: Geometry, start: Transform, angle: f32) -> (f32, f32) {
        let ground = ShapeDef::new(Geometry::Polygon(Polygon::new_box(100.0, 1.0).unwrap()));
        let at = Transform {
            p: Vec2::new(0.0, -1.0),
            q: Rot::IDENTITY,
        };
        let ground = (ground.collider(), at);
        let roller = ShapeDef::new(shape).collider();
        let rounding = shape.rounding();
        let built = collide(&ground.0, ground.1, &roller, start, 0.1);
        let cache = ManifoldCache::new(&built, ground.1, start);
        // Rolling turns the shape clockwise as its curve's centre moves right by
        // R·angle; the centre stays at the height it had.
        let turn = Rot::from_angle(-angle);
        let centre = start.p + start.q.rotate(CURVE_CENTRE);
        let rolled_centre = centre + Vec2::new(rounding * angle, 0.0);
        let q = turn.compose(start.q);
        let now = Transform {
            p: rolled_centre - q.rotate(CURVE_CENTRE),
            q,
        };
        let mut recycled = built;
        assert!(cache.recycle(&mut recycled, (ground.1, now), (2.0, [0.0, rounding]), 1.0));
        let rebuilt = collide(&ground.0, ground.1, &roller, now, 0.1);
        let point = |m: &Manifold| {
            let deepest = m.points[..usize::from(m.point_count)]
                .iter()
                .min_by(|p, q| p.separation.total_cmp(&q.separation));
            *deepest.unwrap()
        };
        let (kept, fresh) = (point(&recycled), point(&rebuilt));
        let anchor_gap = kept.anchor_b.distance(fresh.anchor_b);
        ((kept.separation - fresh.separation).abs(), anchor_gap)
    }

    #[test]
    fn a_rolled_disc_touches_where_a_rebuilt_manifold_says() {
        let disc = Geometry::Circle(Circle {
            center: CURVE_CENTRE,
            radius: 0.5,
        });
        let start = Transform {
            p: Vec2::new(-0.25, 0.5),
            q: Rot::IDENTITY,
        };
        // Turned with the disc, its anchor would rise R·(1 − cos 0.1) = 2.5 mm.
        let (separation, anchor) = recycled_against_rebuilt(disc, start, 0.1);
        assert!(separation < 1e-5, "separation off by {separation} m");
        assert!(anchor < 1e-5, "anchor off by {anchor} m");
    }

    #[test]
    fn a_capsule_rolled_over_its_end_touches_where_a_rebuilt_manifold_says() {
        // Tilted 30° down onto its right end, whose centre is 0.25 m from the centre of
        // mass: the end rolls about a centre that swings round the body's.
        let capsule = Geometry::Capsule(Capsule {
            center1: -CURVE_CENTRE,
            center2: CURVE_CENTRE,
            radius: 0.5,
        });
        let q = Rot::from_angle(-0.5);
        let end = Vec2::new(0.0, 0.5);
        let start = Transform {
            p: end - q.rotate(CURVE_CENTRE),
            q,
        };
        // Kept from the build, the anchor would trail the touching point by R·0.1 = 5 cm.
        let (separation, anchor) = recycled_against_rebuilt(capsule, start, 0.1);
        assert!(separation < 1e-5, "separation off by {separation} m");
        assert!(anchor < 1e-4, "anchor off by {anchor} m");
    }
}
