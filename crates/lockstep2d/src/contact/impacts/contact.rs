//! A bouncy contact as a solver hands it to the impact stage, and the two things the
//! stage does with one (`Pair`): read a point's normal velocity and give it an impulse.

use crate::constraint::{BodyState, SolverBody};
use crate::math::{Vec2, cross, cross_sv};

/// A bouncy contact whose points pushed this step, as a solver hands it over.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ImpactContact {
    /// The contact's index in the contact set: the order contacts are taken in.
    pub index: u32,
    /// Bodies A and B, as indices into the solver's velocities.
    pub bodies: [u32; 2],
    pub inv_mass: [f32; 2],
    pub inv_inertia: [f32; 2],
    /// Whether body A (B) has joints.
    pub jointed: [bool; 2],
    pub normal: Vec2,
    pub restitution: f32,
    /// The points that pushed: one or two.
    pub points: [ImpactPoint; 2],
    pub count: usize,
    /// For two points, their coupled effective-mass matrix's inverse (`Coupled`), set
    /// by the stage; `None` where it is ill-conditioned.
    pub coupled: Option<Coupled>,
}

/// K⁻¹ for a contact's two points, K their coupled effective-mass matrix, kept as
/// K' = K / k11 (a unit first entry, so its determinant cannot leave `f32`) and
/// 1 / (k11·det K'): K⁻¹ = adj(K') / (k11·det K').
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coupled {
    k12: f32,
    k22: f32,
    scale: f32,
}

/// Above this condition number a contact's two points act as one and are taken one
/// after the other.
const MAX_CONDITION: f32 = 1000.0;

impl Coupled {
    /// The contact's K⁻¹, where its two points are well apart.
    pub(super) fn of(contact: &ImpactContact) -> Option<Coupled> {
        let [p1, p2] = &contact.points;
        let n = contact.normal;
        let [ra1, rb1] = p1.arms.map(|r| cross(r, n));
        let [ra2, rb2] = p2.arms.map(|r| cross(r, n));
        let [inv_ia, inv_ib] = contact.inv_inertia;
        let sum = contact.inv_mass[0] + contact.inv_mass[1];
        let k11 = sum + inv_ia * ra1 * ra1 + inv_ib * rb1 * rb1;
        let k22 = sum + inv_ia * ra2 * ra2 + inv_ib * rb2 * rb2;
        let k12 = sum + inv_ia * ra1 * ra2 + inv_ib * rb1 * rb2;
        if k11.is_nan() || k11 <= 0.0 {
            return None;
        }
        let (k12, k22) = (k12 / k11, k22 / k11);
        let det = k22 - k12 * k12;
        if det.is_nan() || MAX_CONDITION * det <= 1.0 {
            return None;
        }
        let scale = 1.0 / (k11 * det);
        Some(Coupled { k12, k22, scale })
    }

    /// The impulses that change the two points' normal velocities by `dv`: K⁻¹·dv.
    pub(super) fn solve(&self, dv: [f32; 2]) -> [f32; 2] {
        let Coupled { k12, k22, scale } = *self;
        [
            scale * (k22 * dv[0] - k12 * dv[1]),
            scale * (dv[1] - k12 * dv[0]),
        ]
    }
}

/// The velocities of a contact's two bodies while a visit works on them: read once,
/// written back once.
pub(super) struct Pair {
    v: [Vec2; 2],
    w: [f32; 2],
}

impl Pair {
    pub fn load<V: Velocities + ?Sized>(velocities: &V, contact: &ImpactContact) -> Pair {
        let [(va, wa), (vb, wb)] = contact.bodies.map(|body| velocities.velocity(body));
        Pair {
            v: [va, vb],
            w: [wa, wb],
        }
    }

    /// Writes the velocities of the bodies the contact moves back.
    pub fn store<V: Velocities + ?Sized>(&self, velocities: &mut V, contact: &ImpactContact) {
        for end in 0..2 {
            if contact.moves(end) {
                velocities.set_velocity(contact.bodies[end], self.v[end], self.w[end]);
            }
        }
    }

    /// The point's normal velocity: B's relative to A's along the normal, negative
    /// when they approach.
    pub fn normal_velocity(&self, contact: &ImpactContact, point: &ImpactPoint) -> f32 {
        let [ra, rb] = point.arms;
        let relative = self.v[1] + cross_sv(self.w[1], rb) - self.v[0] - cross_sv(self.w[0], ra);
        relative.dot(contact.normal)
    }

    /// Gives the point's bodies a normal impulse `impulse` (pushing B along the
    /// normal); a body the contact does not move has zero inverse masses.
    pub fn push(&mut self, contact: &ImpactContact, point: &ImpactPoint, impulse: f32) {
        let p = impulse * contact.normal;
        for (end, sign) in [(0, -1.0f32), (1, 1.0)] {
            self.v[end] += (sign * contact.inv_mass[end]) * p;
            self.w[end] += sign * contact.inv_inertia[end] * cross(point.arms[end], p);
        }
    }
}

/// One point of an `ImpactContact`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ImpactPoint {
    /// Which of the manifold's points it is.
    pub slot: u8,
    /// Lever arms from the bodies' centres of mass.
    pub arms: [Vec2; 2],
    pub normal_mass: f32,
    /// The normal impulse the point gave its bodies over the step.
    pub applied: f32,
    /// The part of `applied` that held the load the point carried into the step.
    pub load: f32,
    /// The speed the point leaves at if it struck by its own motion (the solver's
    /// restitution law for one point); `None` where it approached slower than the
    /// threshold all step.
    pub rebound: Option<f32>,
}

impl ImpactContact {
    pub(super) fn moves(&self, end: usize) -> bool {
        self.inv_mass[end] > 0.0 || self.inv_inertia[end] > 0.0
    }

    /// Whether a body it moves has joints, whose impulses this stage does not solve:
    /// taking the contact's impulses back and solving them again without the joints
    /// would undo what the joints did (a motor would lose its speed to what it turns).
    pub(super) fn jointed(&self) -> bool {
        (0..2).any(|end| self.moves(end) && self.jointed[end])
    }

    pub(super) fn points(&self) -> &[ImpactPoint] {
        &self.points[..self.count]
    }

    pub(super) fn struck(&self) -> bool {
        self.points().iter().any(|p| p.rebound.is_some())
    }
}

/// Where the solver keeps the bodies' velocities.
pub(crate) trait Velocities {
    fn velocity(&self, body: u32) -> (Vec2, f32);
    fn set_velocity(&mut self, body: u32, v: Vec2, w: f32);
}

impl Velocities for [BodyState] {
    fn velocity(&self, body: u32) -> (Vec2, f32) {
        let state = &self[body as usize];
        (state.v, state.w)
    }

    fn set_velocity(&mut self, body: u32, v: Vec2, w: f32) {
        let state = &mut self[body as usize];
        (state.v, state.w) = (v, w);
    }
}

impl Velocities for [SolverBody] {
    fn velocity(&self, body: u32) -> (Vec2, f32) {
        let solver_body = &self[body as usize];
        (solver_body.v, solver_body.w)
    }

    fn set_velocity(&mut self, body: u32, v: Vec2, w: f32) {
        let solver_body = &mut self[body as usize];
        (solver_body.v, solver_body.w) = (v, w);
    }
}
