//! The contact constraint of Box2D-Lite's solver.
//!
//! Per point, with lever arms r_a, r_b from the centres of mass and relative velocity
//! dv = v_b + w_b × r_b − v_a − w_a × r_a:
//!
//! - normal: vn = dv·n ≥ bias, impulse Pn ≥ 0, effective mass
//!   1 / (m_a⁻¹ + m_b⁻¹ + i_a⁻¹ (r_a × n)² + i_b⁻¹ (r_b × n)²);
//! - friction: vt = dv·t → the surfaces' tangent speed (a conveyor's, else 0) with
//!   |Pt| ≤ μ·Pn (the friction cone), same mass form with t;
//! - rolling resistance: w_b − w_a → 0 with a torque impulse of at most c·(Pn₁ + Pn₂),
//!   mass 1 / (i_a⁻¹ + i_b⁻¹) (Box2D v3's model, here for the same materials).
//!
//! The bias is the velocity the normal constraint aims for: Baumgarte position
//! correction for overlaps deeper than the allowed penetration, an allowed approach
//! speed of separation/h for speculative points not yet touching, and −e·vn for bounces.

use crate::body::Body;
use crate::contact::Contact;
use crate::math::{Vec2, cross, cross_sv};
use crate::minmax;
use crate::solver::{InverseMasses, SolverBody, SolverSettings, tangent_of};

#[derive(Clone, Copy, Debug, Default)]
struct PointConstraint {
    r_a: Vec2,
    r_b: Vec2,
    normal_mass: f32,
    tangent_mass: f32,
    bias: f32,
    normal_impulse: f32,
    tangent_impulse: f32,
}

#[derive(Clone, Debug)]
pub(crate) struct ContactConstraint {
    a: u32,
    b: u32,
    /// Index of the contact in the contact set, to store impulses back.
    contact: u32,
    normal: Vec2,
    friction: f32,
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
                    approach,
                    contact.restitution,
                    settings,
                    inv_dt,
                ),
                normal_impulse,
                tangent_impulse,
            };
        }
        let spin_k = masses.inv_i_a + masses.inv_i_b;
        ContactConstraint {
            a: contact.body_a,
            b: contact.body_b,
            contact: index as u32,
            normal,
            friction: contact.friction,
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

    pub fn warm_start(&self, bodies: &mut [SolverBody]) {
        let tangent = tangent_of(self.normal);
        for p in &self.points[..self.count] {
            let impulse = p.normal_impulse * self.normal + p.tangent_impulse * tangent;
            self.apply(bodies, p, impulse);
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

    fn apply(&self, bodies: &mut [SolverBody], p: &PointConstraint, impulse: Vec2) {
        let a = &mut bodies[self.a as usize];
        a.v -= a.inv_mass * impulse;
        a.w -= a.inv_inertia * cross(p.r_a, impulse);
        let b = &mut bodies[self.b as usize];
        b.v += b.inv_mass * impulse;
        b.w += b.inv_inertia * cross(p.r_b, impulse);
    }
}

/// The normal velocity a point aims for (see module docs).
fn bias(
    separation: f32,
    approach: f32,
    restitution: f32,
    settings: &SolverSettings,
    inv_dt: f32,
) -> f32 {
    let mut bias = if separation > 0.0 {
        // Not touching yet: allow closing the gap this step, and no more.
        -separation * inv_dt
    } else if settings.position_correction {
        -settings.bias_factor * inv_dt * minmax::min(separation + settings.allowed_penetration, 0.0)
    } else {
        0.0
    };
    // Bounce only if the bodies would meet within this step.
    let arrives = -approach > separation * inv_dt;
    if restitution > 0.0 && approach < -settings.restitution_threshold && arrives {
        bias = minmax::max(bias, -restitution * approach);
    }
    bias
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
