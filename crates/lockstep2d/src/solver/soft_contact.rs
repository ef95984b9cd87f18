//! The contact constraint of the soft step (Box2D v3's solver).
//!
//! Per point, with lever arms r_a, r_b fixed at the start of the step and the normal n:
//!
//! - the separation is tracked through the substeps from the bodies' delta poses:
//!   s = s₀ + n·[(Δp_b + Δq_b·r_b − r_b) − (Δp_a + Δq_a·r_a − r_a)], so it stays precise
//!   far from the origin (only small deltas are added);
//! - s > 0 (speculative, not touching yet): the bodies may close the gap this substep,
//!   vn ≥ −s/h, and no more — this is what stops fast bodies passing through;
//! - s ≤ 0 while solving: a soft spring pushes out at bias_rate·s, at most
//!   `max_push_speed`; while relaxing: no push, only vn ≥ 0;
//! - friction: vt → 0 with |Pt| ≤ μ·Pn.
//!
//! Restitution runs once after the substeps, against the approach speed the point had
//! before the step.

use super::soft::BodyState;
use super::softness::Softness;
use super::{InverseMasses, tangent_of};
use crate::body::Body;
use crate::contact::Contact;
use crate::math::{Vec2, cross, cross_sv};

#[derive(Clone, Copy, Debug, Default)]
struct Point {
    r_a: Vec2,
    r_b: Vec2,
    /// Separation at the start of the step.
    base_separation: f32,
    normal_mass: f32,
    tangent_mass: f32,
    normal_impulse: f32,
    tangent_impulse: f32,
    /// The largest normal impulse of the step: restitution only acts on points that
    /// actually pushed.
    max_normal_impulse: f32,
    /// Normal velocity before the step; negative when approaching.
    approach: f32,
}

/// What a point's normal impulse aims for in one pass: the normal velocity after the
/// impulse x should satisfy vn' + bias + compliance·x = 0 (or separate, with x = 0).
///
/// This is the soft constraint of `softness.rs` rewritten: its update
/// Δ = −mass_scale·m·(vn + bias) − impulse_scale·x_old is exactly this condition with
/// compliance = (impulse_scale / mass_scale) / m, since mass_scale + impulse_scale = 1.
/// A rigid or speculative point has no compliance.
#[derive(Clone, Copy, Debug, Default)]
struct Target {
    bias: f32,
    compliance: f32,
}

/// The coupled effective-mass matrix K of a two-point manifold, for solving both normal
/// impulses at once (Box2D v2.4's block solver, here with soft targets).
#[derive(Clone, Copy, Debug)]
struct Block {
    k11: f32,
    k12: f32,
    k22: f32,
}

/// Above this condition number the two points act as one and the block is skipped.
const MAX_CONDITION: f32 = 1000.0;

impl Block {
    fn new(k11: f32, k12: f32, k22: f32) -> Option<Block> {
        let det = k11 * k22 - k12 * k12;
        (k11 * k11 < MAX_CONDITION * det).then_some(Block { k11, k12, k22 })
    }

    /// The new accumulated impulses x ≥ 0 with w = A·x + b ≥ 0 and x·w = 0, where
    /// A = K + diag(compliance) and b = vn + bias − K·x_old, by trying each set of
    /// active points in turn. `None` if no set fits (rounding); the caller then solves
    /// the points one by one.
    fn solve(&self, x_old: [f32; 2], vn: [f32; 2], t: &[Target; 2]) -> Option<[f32; 2]> {
        let (a11, a12, a22) = (
            self.k11 + t[0].compliance,
            self.k12,
            self.k22 + t[1].compliance,
        );
        let b1 = vn[0] + t[0].bias - (self.k11 * x_old[0] + self.k12 * x_old[1]);
        let b2 = vn[1] + t[1].bias - (self.k12 * x_old[0] + self.k22 * x_old[1]);
        // Both pushing: A·x = −b.
        let det = a11 * a22 - a12 * a12;
        let x1 = (a12 * b2 - a22 * b1) / det;
        let x2 = (a12 * b1 - a11 * b2) / det;
        if x1 >= 0.0 && x2 >= 0.0 {
            return Some([x1, x2]);
        }
        // Only the first pushing; the second must then separate.
        let x1 = -b1 / a11;
        if x1 >= 0.0 && a12 * x1 + b2 >= 0.0 {
            return Some([x1, 0.0]);
        }
        let x2 = -b2 / a22;
        if x2 >= 0.0 && a12 * x2 + b1 >= 0.0 {
            return Some([0.0, x2]);
        }
        (b1 >= 0.0 && b2 >= 0.0).then_some([0.0, 0.0])
    }
}

#[derive(Clone, Debug)]
pub(crate) struct SoftContact {
    a: u32,
    b: u32,
    contact: u32,
    normal: Vec2,
    friction: f32,
    restitution: f32,
    softness: Softness,
    /// Kept in the constraint so the body state stays small.
    masses: InverseMasses,
    points: [Point; 2],
    count: usize,
    /// Set for two well-separated points.
    block: Option<Block>,
}

/// The two bodies of a constraint, copied out of the state array for one pass and
/// written back after it (only the bodies that move: see `SoftContact::moves`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyPair {
    pub a: BodyState,
    pub b: BodyState,
}

fn relative_velocity(a: &BodyState, b: &BodyState, r_a: Vec2, r_b: Vec2) -> Vec2 {
    b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a)
}

impl SoftContact {
    /// Lever arms, effective masses and softness for the step. `softness` is for contacts
    /// between two moving bodies; `static_softness` (stiffer) when one cannot move.
    pub fn prepare(
        index: usize,
        contact: &Contact,
        (a, b): (&Body, &Body),
        (softness, static_softness): (Softness, Softness),
        warm_starting: bool,
    ) -> SoftContact {
        // A body the step does not simulate (static, kinematic, asleep) is immovable here:
        // the constraint never writes it, which colouring relies on.
        let inverse = |body: &Body| {
            if body.is_simulated() {
                (body.inv_mass, body.inv_inertia)
            } else {
                (0.0, 0.0)
            }
        };
        let ((inv_mass_a, inv_i_a), (inv_mass_b, inv_i_b)) = (inverse(a), inverse(b));
        let masses = InverseMasses {
            inv_mass_a,
            inv_i_a,
            inv_mass_b,
            inv_i_b,
        };
        let manifold = &contact.manifold;
        let normal = manifold.normal;
        let tangent = tangent_of(normal);
        let mut points = [Point::default(); 2];
        for (point, mp) in points.iter_mut().zip(manifold.points()) {
            let r_a = mp.anchor_a - a.xf.q.rotate(a.local_center);
            let r_b = mp.anchor_b - b.xf.q.rotate(b.local_center);
            let dv = b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a);
            let (normal_impulse, tangent_impulse) = if warm_starting {
                (mp.normal_impulse, mp.tangent_impulse)
            } else {
                (0.0, 0.0)
            };
            *point = Point {
                r_a,
                r_b,
                base_separation: mp.separation,
                normal_mass: masses.mass_along(r_a, r_b, normal),
                tangent_mass: masses.mass_along(r_a, r_b, tangent),
                normal_impulse,
                tangent_impulse,
                max_normal_impulse: 0.0,
                approach: dv.dot(normal),
            };
        }
        let block = (manifold.point_count == 2).then(|| {
            let (p1, p2) = (&points[0], &points[1]);
            let (ra1, rb1) = (cross(p1.r_a, normal), cross(p1.r_b, normal));
            let (ra2, rb2) = (cross(p2.r_a, normal), cross(p2.r_b, normal));
            let m = masses.inv_mass_a + masses.inv_mass_b;
            let k11 = m + masses.inv_i_a * ra1 * ra1 + masses.inv_i_b * rb1 * rb1;
            let k22 = m + masses.inv_i_a * ra2 * ra2 + masses.inv_i_b * rb2 * rb2;
            let k12 = m + masses.inv_i_a * ra1 * ra2 + masses.inv_i_b * rb1 * rb2;
            Block::new(k11, k12, k22)
        });
        let one_moves = inv_mass_a == 0.0 || inv_mass_b == 0.0;
        SoftContact {
            a: contact.body_a,
            b: contact.body_b,
            contact: index as u32,
            normal,
            friction: contact.friction,
            restitution: contact.restitution,
            softness: if one_moves { static_softness } else { softness },
            masses,
            points,
            count: manifold.point_count,
            block: block.flatten(),
        }
    }

    pub fn contact_index(&self) -> usize {
        self.contact as usize
    }

    /// The slots of the two bodies.
    pub fn bodies(&self) -> (u32, u32) {
        (self.a, self.b)
    }

    /// Whether the constraint changes body A's and body B's velocities. Only those are
    /// written back, so constraints sharing a static or kinematic body never write it.
    pub fn moves(&self) -> (bool, bool) {
        let m = &self.masses;
        (
            m.inv_mass_a > 0.0 || m.inv_i_a > 0.0,
            m.inv_mass_b > 0.0 || m.inv_i_b > 0.0,
        )
    }

    pub fn warm_start(&self, pair: &mut BodyPair) {
        let tangent = tangent_of(self.normal);
        for p in &self.points[..self.count] {
            let impulse = p.normal_impulse * self.normal + p.tangent_impulse * tangent;
            self.apply(pair, p, impulse);
        }
    }

    /// One pass over the points: normal impulses (soft when `use_bias`), then friction.
    pub fn solve(&mut self, pair: &mut BodyPair, inv_h: f32, max_push: f32, use_bias: bool) {
        let mut targets = [Target::default(); 2];
        for (target, p) in targets.iter_mut().zip(&self.points[..self.count]) {
            *target = self.target(p, pair, inv_h, max_push, use_bias);
        }
        let solved = self.block.is_some_and(|block| {
            let x_old = [self.points[0].normal_impulse, self.points[1].normal_impulse];
            let vn = [0, 1].map(|i| self.normal_velocity(pair, &self.points[i]));
            match block.solve(x_old, vn, &targets) {
                Some(x) => {
                    for (i, total) in x.into_iter().enumerate() {
                        self.set_normal_impulse(pair, i, total);
                    }
                    true
                }
                None => false,
            }
        });
        if !solved {
            for (i, t) in targets.into_iter().enumerate().take(self.count) {
                let p = &self.points[i];
                let vn = self.normal_velocity(pair, p);
                let k = 1.0 / p.normal_mass;
                let total = ((k * p.normal_impulse - vn - t.bias) / (k + t.compliance)).max(0.0);
                self.set_normal_impulse(pair, i, total);
            }
        }
        self.solve_friction(pair);
    }

    /// What point `p` aims for this pass (see `Target`).
    fn target(
        &self,
        p: &Point,
        pair: &BodyPair,
        inv_h: f32,
        max_push: f32,
        use_bias: bool,
    ) -> Target {
        let (a, b) = (&pair.a, &pair.b);
        let moved = (b.dp + b.dq.rotate(p.r_b) - p.r_b) - (a.dp + a.dq.rotate(p.r_a) - p.r_a);
        let separation = p.base_separation + self.normal.dot(moved);
        if separation > 0.0 {
            Target {
                bias: separation * inv_h,
                compliance: 0.0,
            }
        } else if use_bias {
            let s = &self.softness;
            Target {
                bias: (s.bias_rate * separation).max(-max_push),
                compliance: s.impulse_scale / (s.mass_scale * p.normal_mass),
            }
        } else {
            Target::default()
        }
    }

    fn normal_velocity(&self, pair: &BodyPair, p: &Point) -> f32 {
        relative_velocity(&pair.a, &pair.b, p.r_a, p.r_b).dot(self.normal)
    }

    /// Sets point `i`'s accumulated normal impulse and applies the change.
    fn set_normal_impulse(&mut self, pair: &mut BodyPair, i: usize, total: f32) {
        let mut p = self.points[i];
        let applied = total - p.normal_impulse;
        p.normal_impulse = total;
        p.max_normal_impulse = p.max_normal_impulse.max(total);
        self.apply(pair, &p, applied * self.normal);
        self.points[i] = p;
    }

    fn solve_friction(&mut self, pair: &mut BodyPair) {
        let tangent = tangent_of(self.normal);
        for i in 0..self.count {
            let mut p = self.points[i];
            let (a, b) = (&pair.a, &pair.b);
            let vt = relative_velocity(a, b, p.r_a, p.r_b).dot(tangent);
            let limit = self.friction * p.normal_impulse;
            let total = (p.tangent_impulse - p.tangent_mass * vt).clamp(-limit, limit);
            let applied = total - p.tangent_impulse;
            p.tangent_impulse = total;
            self.apply(pair, &p, applied * tangent);
            self.points[i] = p;
        }
    }

    /// Bounces points that approached faster than `threshold` and pushed: the normal
    /// velocity is driven to −restitution × the approach speed before the step.
    pub fn apply_restitution(&mut self, pair: &mut BodyPair, threshold: f32) {
        if self.restitution == 0.0 {
            return;
        }
        let normal = self.normal;
        for i in 0..self.count {
            let mut p = self.points[i];
            if p.approach > -threshold || p.max_normal_impulse == 0.0 {
                continue;
            }
            let (a, b) = (&pair.a, &pair.b);
            let vn = relative_velocity(a, b, p.r_a, p.r_b).dot(normal);
            let impulse = -p.normal_mass * (vn + self.restitution * p.approach);
            let total = (p.normal_impulse + impulse).max(0.0);
            let applied = total - p.normal_impulse;
            p.normal_impulse = total;
            self.apply(pair, &p, applied * normal);
            self.points[i] = p;
        }
    }

    /// Writes the accumulated impulses back to the manifold, for the next warm start.
    pub fn store(&self, contact: &mut Contact) {
        let impulses = self.points[..self.count]
            .iter()
            .map(|p| (p.normal_impulse, p.tangent_impulse));
        contact.store_impulses(impulses);
    }

    fn apply(&self, pair: &mut BodyPair, p: &Point, impulse: Vec2) {
        let m = &self.masses;
        pair.a.v -= m.inv_mass_a * impulse;
        pair.a.w -= m.inv_i_a * cross(p.r_a, impulse);
        pair.b.v += m.inv_mass_b * impulse;
        pair.b.w += m.inv_i_b * cross(p.r_b, impulse);
    }
}
