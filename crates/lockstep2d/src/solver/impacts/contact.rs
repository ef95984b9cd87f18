//! A bouncy contact as a solver hands it to the impact stage, and the two things the
//! stage does with one: read a point's normal velocity and give it an impulse.

use crate::math::{Vec2, cross, cross_sv};
use crate::solver::{BodyState, SolverBody};

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

/// The point's normal velocity: B's relative to A's along the normal, negative when
/// they approach.
pub(super) fn normal_velocity<V: Velocities + ?Sized>(
    velocities: &V,
    contact: &ImpactContact,
    point: &ImpactPoint,
) -> f32 {
    let (va, wa) = velocities.velocity(contact.bodies[0]);
    let (vb, wb) = velocities.velocity(contact.bodies[1]);
    let [ra, rb] = point.arms;
    (vb + cross_sv(wb, rb) - va - cross_sv(wa, ra)).dot(contact.normal)
}

/// Gives the point's bodies a normal impulse `impulse` (pushing B along the normal).
pub(super) fn push<V: Velocities + ?Sized>(
    velocities: &mut V,
    contact: &ImpactContact,
    point: &ImpactPoint,
    impulse: f32,
) {
    if impulse == 0.0 {
        return;
    }
    let p = impulse * contact.normal;
    for (end, sign) in [(0, -1.0f32), (1, 1.0)] {
        if !contact.moves(end) {
            continue;
        }
        let body = contact.bodies[end];
        let (v, w) = velocities.velocity(body);
        let v = v + (sign * contact.inv_mass[end]) * p;
        let w = w + sign * contact.inv_inertia[end] * cross(point.arms[end], p);
        velocities.set_velocity(body, v, w);
    }
}
