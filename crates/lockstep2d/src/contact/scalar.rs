//! The contact constraint of Box2D-Lite's solver.
//!
//! Per point, with lever arms r_a, r_b from the centres of mass and relative velocity
//! dv = v_b + w_b × r_b − v_a − w_a × r_a:
//!
//! - normal: vn = dv·n ≥ bias, impulse Pn ≥ 0, effective mass
//!   1 / (m_a⁻¹ + m_b⁻¹ + i_a⁻¹ (r_a × n)² + i_b⁻¹ (r_b × n)²);
//! - friction: vt = dv·t is driven to the surfaces' tangent speed (a conveyor's, else 0) with
//!   |Pt| ≤ μ·Pn (the friction cone), same mass form with t;
//! - rolling resistance: w_b − w_a is driven to 0 with a torque impulse of at most c·(Pn₁ + Pn₂),
//!   mass 1 / (i_a⁻¹ + i_b⁻¹) (Box2D v3's model, here for the same materials).
//!
//! The bias is the velocity the normal constraint aims for: Baumgarte position
//! correction for overlaps deeper than the allowed penetration, an allowed approach
//! speed of separation/h for speculative points not yet touching, and −e·vn for a point
//! that bounces (it approached at least at the threshold and meets within the step)
//! where e is below `impacts::IN_TURN`. From it, bounces come after the iterations
//! (`solver/impacts/`), which pass strikes on from body to body.

use super::Contact;
use super::impacts::{IN_TURN, ImpactContact, ImpactPoint};
use super::tangent_of;
use crate::LINEAR_SLOP;
use crate::body::Body;
use crate::constraint::{InverseMasses, SolverBody, SolverSettings};
use crate::math::{Vec2, cross, cross_sv};
use crate::minmax;

#[derive(Clone, Copy, Debug, Default)]
struct PointConstraint {
    r_a: Vec2,
    r_b: Vec2,
    normal_mass: f32,
    tangent_mass: f32,
    bias: f32,
    normal_impulse: f32,
    tangent_impulse: f32,
    /// The normal impulse the point has given its bodies over the step, warm start
    /// included.
    applied: f32,
    /// The normal impulse the step began with: the load it carried in.
    load: f32,
    separation: f32,
    /// The speed it leaves at, where it struck (see module docs).
    rebound: Option<f32>,
}

#[derive(Clone, Debug)]
pub(crate) struct ContactConstraint {
    a: u32,
    b: u32,
    /// Index of the contact in the contact set, to store impulses back.
    contact: u32,
    normal: Vec2,
    friction: f32,
    restitution: f32,
    tangent_speed: f32,
    rolling_resistance: f32,
    rolling_mass: f32,
    rolling_impulse: f32,
    points: [PointConstraint; 2],
    count: usize,
}

fn relative_velocity(a: &SolverBody, b: &SolverBody, r_a: Vec2, r_b: Vec2) -> Vec2 {
    b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a)
}

impl ContactConstraint {
    /// The prestep: lever arms, effective masses and biases for this step.
    pub fn prepare(
        index: usize,
        contact: &Contact,
        (a, b): (&Body, &Body),
        settings: &SolverSettings,
        inv_dt: f32,
    ) -> ContactConstraint {
        let manifold = &contact.manifold;
        let normal = manifold.normal;
        let tangent = tangent_of(normal);
        let masses = InverseMasses {
            inv_mass_a: a.inv_mass,
            inv_i_a: a.inv_inertia,
            inv_mass_b: b.inv_mass,
            inv_i_b: b.inv_inertia,
        };
        let mut points = [PointConstraint::default(); 2];
        for (pc, mp) in points.iter_mut().zip(manifold.points()) {
            // Anchors are relative to the body origins; the solver wants the centres.
            let r_a = mp.anchor_a - a.xf.q.rotate(a.local_center);
            let r_b = mp.anchor_b - b.xf.q.rotate(b.local_center);
            let approach = {
                let dv = b.v + cross_sv(b.w, r_b) - a.v - cross_sv(a.w, r_a);
                dv.dot(normal)
            };
            let (normal_impulse, tangent_impulse) = if settings.warm_starting {
                (mp.normal_impulse, mp.tangent_impulse)
            } else {
                (0.0, 0.0)
            };
            *pc = PointConstraint {
                r_a,
                r_b,
                normal_mass: masses.mass_along(r_a, r_b, normal),
                tangent_mass: masses.mass_along(r_a, r_b, tangent),
                bias: bias(
                    mp.separation,
                    settings,
                    inv_dt,
                    restitution_alone(contact.restitution, approach),
                ),
                normal_impulse,
                tangent_impulse,
                applied: 0.0,
                load: normal_impulse,
                separation: mp.separation,
                rebound: rebound(
                    mp.separation,
                    approach,
                    contact.restitution,
                    settings,
                    inv_dt,
                ),
            };
        }
        let spin_k = masses.inv_i_a + masses.inv_i_b;
        ContactConstraint {
            a: contact.body_a,
            b: contact.body_b,
            contact: index as u32,
            normal,
            friction: contact.friction,
            restitution: contact.restitution,
            tangent_speed: contact.tangent_speed,
            rolling_resistance: contact.rolling_resistance,
            rolling_mass: if spin_k > 0.0 { 1.0 / spin_k } else { 0.0 },
            rolling_impulse: if settings.warm_starting {
                manifold.rolling_impulse
            } else {
                0.0
            },
            points,
            count: usize::from(manifold.point_count),
        }
    }

    pub fn contact_index(&self) -> usize {
        self.contact as usize
    }

    pub fn warm_start(&mut self, bodies: &mut [SolverBody]) {
        let tangent = tangent_of(self.normal);
        for i in 0..self.count {
            let p = &self.points[i];
            let impulse = p.normal_impulse * self.normal + p.tangent_impulse * tangent;
            self.apply(bodies, p, impulse);
            self.points[i].applied += self.points[i].normal_impulse;
        }
        self.turn(bodies, self.rolling_impulse);
    }

    pub fn solve(&mut self, bodies: &mut [SolverBody], accumulate: bool) {
        let normal = self.normal;
        let tangent = tangent_of(normal);
        for i in 0..self.count {
            let mut p = self.points[i];
            let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
            let vn = relative_velocity(a, b, p.r_a, p.r_b).dot(normal);
            let mut d_pn = p.normal_mass * (p.bias - vn);
            if accumulate {
                let total = minmax::max(p.normal_impulse + d_pn, 0.0);
                d_pn = total - p.normal_impulse;
                p.normal_impulse = total;
            } else {
                d_pn = minmax::max(d_pn, 0.0);
            }
            self.apply(bodies, &p, d_pn * normal);
            p.applied += d_pn;

            let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
            let vt = relative_velocity(a, b, p.r_a, p.r_b).dot(tangent) - self.tangent_speed;
            let mut d_pt = -p.tangent_mass * vt;
            if accumulate {
                let limit = self.friction * p.normal_impulse;
                let total = within(p.tangent_impulse + d_pt, limit);
                d_pt = total - p.tangent_impulse;
                p.tangent_impulse = total;
            } else {
                let limit = self.friction * d_pn;
                d_pt = within(d_pt, limit);
            }
            self.apply(bodies, &p, d_pt * tangent);
            self.points[i] = p;
        }
        if self.rolling_resistance > 0.0 {
            self.solve_rolling(bodies);
        }
    }

    /// A torque against the relative spin, bounded by the points' normal impulses.
    fn solve_rolling(&mut self, bodies: &mut [SolverBody]) {
        let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
        let pushed: f32 = self.points[..self.count]
            .iter()
            .map(|p| p.normal_impulse)
            .sum();
        let limit = self.rolling_resistance * pushed;
        let total = within(
            self.rolling_impulse - self.rolling_mass * (b.w - a.w),
            limit,
        );
        let change = total - self.rolling_impulse;
        self.rolling_impulse = total;
        self.turn(bodies, change);
    }

    /// Applies the torque impulse `impulse` to B and its opposite to A.
    fn turn(&self, bodies: &mut [SolverBody], impulse: f32) {
        let a = &mut bodies[self.a as usize];
        a.w -= a.inv_inertia * impulse;
        let b = &mut bodies[self.b as usize];
        b.w += b.inv_inertia * impulse;
    }

    /// Writes the accumulated impulses back to the manifold, for the next warm start.
    pub fn store(&self, contact: &mut Contact) {
        let impulses = self.points[..self.count]
            .iter()
            .map(|p| (p.normal_impulse, p.tangent_impulse));
        contact.store_impulses(impulses, self.rolling_impulse);
    }

    /// Whether a point struck and pushed (see `impact_contact`).
    pub fn strikes(&self) -> bool {
        let points = &self.points[..self.count];
        points
            .iter()
            .any(|p| p.rebound.is_some() && p.applied > 0.0)
    }

    /// The contact for `impacts/`, where it bounces: its points that pushed this
    /// step, or touch.
    pub fn impact_contact(&self, bodies: &[SolverBody]) -> Option<ImpactContact> {
        if self.restitution < IN_TURN {
            return None;
        }
        let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
        let mut contact = ImpactContact {
            index: self.contact,
            bodies: [self.a, self.b],
            inv_mass: [a.inv_mass, b.inv_mass],
            inv_inertia: [a.inv_inertia, b.inv_inertia],
            jointed: [false; 2],
            normal: self.normal,
            restitution: self.restitution,
            points: Default::default(),
            count: 0,
            coupled: None,
        };
        for (slot, p) in self.points[..self.count].iter().enumerate() {
            if !(p.applied > 0.0 || p.separation <= LINEAR_SLOP) {
                continue;
            }
            contact.points[contact.count] = ImpactPoint {
                slot: slot as u8,
                arms: [p.r_a, p.r_b],
                normal_mass: p.normal_mass,
                applied: p.applied,
                load: p.load,
                rebound: p.rebound,
            };
            contact.count += 1;
        }
        (contact.count > 0).then_some(contact)
    }

    fn apply(&self, bodies: &mut [SolverBody], p: &PointConstraint, impulse: Vec2) {
        let a = &mut bodies[self.a as usize];
        a.v -= a.inv_mass * impulse;
        a.w -= a.inv_inertia * cross(p.r_a, impulse);
        let b = &mut bodies[self.b as usize];
        b.v += b.inv_mass * impulse;
        b.w += b.inv_inertia * cross(p.r_b, impulse);
    }
}

/// The normal velocity a point aims for (see module docs), `bounce` the speed it
/// leaves at where it bounces on its own (`restitution_alone`).
fn bias(
    separation: f32,
    settings: &SolverSettings,
    inv_dt: f32,
    bounce: Option<(f32, f32)>,
) -> f32 {
    let bias = if separation > 0.0 {
        // Not touching yet: allow closing the gap this step, and no more.
        -separation * inv_dt
    } else if settings.position_correction {
        -settings.bias_factor * inv_dt * minmax::min(separation + settings.allowed_penetration, 0.0)
    } else {
        0.0
    };
    match bounce {
        Some((leaving, approach)) if bounces(separation, approach, settings, inv_dt) => {
            minmax::max(bias, leaving)
        }
        _ => bias,
    }
}

/// For a restitution below `IN_TURN`, which bounces in the iterations (Box2D-Lite's
/// way): the speed the point leaves at, and the approach it would leave from.
fn restitution_alone(restitution: f32, approach: f32) -> Option<(f32, f32)> {
    (restitution > 0.0 && restitution < IN_TURN).then_some((-restitution * approach, approach))
}

/// Whether a point approaching at `approach` bounces: at least at the threshold, and
/// the bodies meet within the step.
fn bounces(separation: f32, approach: f32, settings: &SolverSettings, inv_dt: f32) -> bool {
    let arrives = -approach > separation * inv_dt;
    approach <= -settings.restitution_threshold && arrives
}

/// The speed a point leaves at after approaching at `approach` (negative), where it
/// bounces: it approaches at least at the threshold and the bodies meet within the
/// step.
fn rebound(
    separation: f32,
    approach: f32,
    restitution: f32,
    settings: &SolverSettings,
    inv_dt: f32,
) -> Option<f32> {
    let in_turn = restitution >= IN_TURN;
    (in_turn && bounces(separation, approach, settings, inv_dt)).then_some(-restitution * approach)
}

/// `x` held to [−limit, limit], as `f32::clamp` would, but never panicking: a limit
/// that is NaN (a normal impulse gone NaN) is no reason to abort the caller's program.
/// (Compares, not `min`/`max`, which may return either zero for ±0.)
fn within(x: f32, limit: f32) -> f32 {
    if x < -limit {
        -limit
    } else if x > limit {
        limit
    } else {
        x
    }
}
