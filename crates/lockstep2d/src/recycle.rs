//! Contact recycling: while two bodies have barely moved relative to each other since
//! their manifold was built, keep it — the same normal, the same anchor points on each
//! body, the same feature ids — and only update each point's separation from the bodies'
//! motion, as the soft step does between substeps.
//!
//! Rebuilding the manifold every step re-clips the faces, and a stack that leans by a
//! hair gets points that shift by a hair, every step, in a direction that feeds the lean:
//! a 15-box stack with 1 cm offsets topples in ten seconds. Box2D v3.2 showed that keeping
//! the manifold stops it (its own stack topples too with recycling switched off); this is
//! our implementation of the idea. It also skips the narrow phase for most resting pairs.

use crate::collide::Manifold;
use crate::math::{Rot, Transform};

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
}

impl ManifoldCache {
    pub fn new(manifold: &Manifold, xf_a: Transform, xf_b: Transform) -> ManifoldCache {
        ManifoldCache {
            q_a: xf_a.q,
            q_b: xf_b.q,
            relative: xf_a.inv_mul(xf_b),
            base_separation: [manifold.points[0].separation, manifold.points[1].separation],
        }
    }

    /// Updates `manifold`'s separations for bodies now at `xf_a` and
    /// `xf_b`, if they moved less than `tolerance` relative to each other, counting a
    /// turn by how far it swings the farthest reach (`extent`) of either body. Returns
    /// false, changing nothing, when the manifold must be rebuilt.
    pub fn recycle(
        &self,
        manifold: &mut Manifold,
        (xf_a, xf_b): (Transform, Transform),
        extent: f32,
        tolerance: f32,
    ) -> bool {
        let cos_turn = |now: Rot, then: Rot| now.c * then.c + now.s * then.s;
        if cos_turn(xf_a.q, self.q_a).min(cos_turn(xf_b.q, self.q_b)) <= MIN_COS_TURN {
            return false;
        }
        let relative = xf_a.inv_mul(xf_b);
        let turn = relative.q.inv_mul(self.relative.q);
        if relative.p.distance(self.relative.p) + extent * turn.s.abs() >= tolerance {
            return false;
        }
        // The material points of each body where the manifold's points were, now; their
        // gap along the (kept) normal changes the separation. At the cached poses the two
        // coincide, so the change is zero there.
        let (dq_a, dq_b) = (self.q_a.inv_mul(xf_a.q), self.q_b.inv_mul(xf_b.q));
        let offset = xf_b.p - xf_a.p;
        let normal = manifold.normal;
        for (point, base) in manifold.points[..usize::from(manifold.point_count)]
            .iter_mut()
            .zip(self.base_separation)
        {
            let (r_a, r_b) = (dq_a.rotate(point.anchor_a), dq_b.rotate(point.anchor_b));
            point.separation = base + normal.dot(offset + r_b - r_a);
        }
        true
    }
}
