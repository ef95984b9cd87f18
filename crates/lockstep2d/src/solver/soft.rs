//! The soft step (Box2D v3's solver): one step is `substeps` rounds of
//!
//!   integrate velocities → warm start → solve (soft, with bias) →
//!   integrate positions (as deltas) → relax (no bias),
//!
//! then restitution, and the impulses are stored for the next step's warm start.
//!
//! Small substeps with one pass each converge better than many passes over one big
//! step: each substep sees the bodies where the last one left them. Soft contacts (a
//! stiff damped spring, see `softness.rs`) push overlaps apart without the energy that
//! Baumgarte's velocity bias leaves behind, and relaxing removes what the push added.
//! Poses move as deltas from the step's start, so a pyramid far from the origin is
//! solved with the precision of one at the origin.

use super::coloring::{COLOR_COUNT, Coloring};
use super::soft_contact::SoftContact;
use super::softness::Softness;
use crate::body::{Body, BodyType};
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::joint::{Joint, SoftPass};
use crate::math::{Rot, Vec2};
use crate::solver::SolverSettings;

/// What the soft step reads and writes of a body in its inner loops: 28 bytes, so two
/// bodies share a cache line. Masses live in the constraints.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyState {
    pub v: Vec2,
    pub w: f32,
    /// How far the centre of mass has moved since the step began.
    pub dp: Vec2,
    /// How far the body has turned since the step began.
    pub dq: Rot,
}

const _: () = assert!(std::mem::size_of::<BodyState>() == 28);

impl Default for BodyState {
    fn default() -> Self {
        BodyState {
            v: Vec2::ZERO,
            w: 0.0,
            dp: Vec2::ZERO,
            dq: Rot::IDENTITY,
        }
    }
}

/// The soft step's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct SoftStep {
    states: Vec<BodyState>,
    contacts: Vec<SoftContact>,
    /// Indices into `contacts`, colour by colour: the order they are solved in.
    order: Vec<u32>,
    /// Each contact's colour, on the way to `order`.
    colors: Vec<u32>,
    coloring: Coloring,
}

impl SoftStep {
    /// Advances every body by `dt`: velocities, constraints and poses.
    pub fn step(
        &mut self,
        bodies: &mut Slots<Body>,
        contacts: &mut ContactSet,
        joints: &mut Slots<Joint>,
        settings: &SolverSettings,
        gravity: Vec2,
        dt: f32,
    ) {
        let h = dt / settings.substeps as f32;
        let pass = |use_bias| SoftPass {
            h,
            inv_h: 1.0 / h,
            use_bias,
        };
        self.load(bodies);
        self.prepare(bodies, contacts, joints, settings, h);
        let push = settings.max_push_speed;
        for _ in 0..settings.substeps {
            self.integrate_velocities(bodies, gravity, h);
            self.warm_start(joints);
            self.solve(joints, &pass(settings.position_correction), push);
            self.integrate_positions(bodies, h);
            self.solve(joints, &pass(false), push);
        }
        for &i in &self.order {
            let c = &mut self.contacts[i as usize];
            c.apply_restitution(&mut self.states, settings.restitution_threshold);
        }
        self.store(bodies, contacts);
    }

    fn load(&mut self, bodies: &Slots<Body>) {
        self.states.clear();
        self.states.resize(bodies.capacity(), BodyState::default());
        for (index, body) in bodies.iter() {
            let state = &mut self.states[index as usize];
            state.v = body.v;
            state.w = body.w;
        }
    }

    fn prepare(
        &mut self,
        bodies: &Slots<Body>,
        contacts: &ContactSet,
        joints: &mut Slots<Joint>,
        settings: &SolverSettings,
        h: f32,
    ) {
        let body = |i: u32| {
            bodies
                .get(i)
                .expect("contacts and joints refer to live bodies")
        };
        // Stiffer than a quarter of the substep rate and a soft constraint rings.
        let hertz = settings.contact_hertz.min(0.25 / h);
        let zeta = settings.contact_damping_ratio;
        let softness = (
            Softness::new(hertz, zeta, h),
            Softness::new(2.0 * hertz, zeta, h),
        );
        self.contacts.clear();
        for (index, contact) in contacts.contacts.iter().enumerate() {
            let pair = (body(contact.body_a), body(contact.body_b));
            // A contact between sleeping and still bodies has nothing to do.
            if contact.is_touching() && (pair.0.is_simulated() || pair.1.is_simulated()) {
                let c =
                    SoftContact::prepare(index, contact, pair, softness, settings.warm_starting);
                self.contacts.push(c);
            }
        }
        self.order_by_color(bodies.capacity());
        let joint_softness = Softness::new(settings.joint_hertz, settings.joint_damping_ratio, h);
        for joint in joints.values_mut() {
            let (a, b) = (body(joint.body_a), body(joint.body_b));
            joint.active = a.is_simulated() || b.is_simulated();
            if joint.active {
                joint.prepare_soft(a, b, joint_softness, h, settings.warm_starting);
            }
        }
    }

    /// Fills `order` with the contacts grouped by colour (a counting sort, so contacts
    /// keep their relative order within a colour).
    fn order_by_color(&mut self, body_count: usize) {
        self.coloring.reset(body_count);
        let mut starts = [0u32; COLOR_COUNT + 3];
        self.colors.clear();
        for c in &self.contacts {
            let (a, b) = c.moving_bodies();
            let color = self.coloring.assign(a, b);
            starts[color + 2] += 1;
            self.colors.push(color as u32);
        }
        for color in 2..starts.len() {
            starts[color] += starts[color - 1];
        }
        // starts[color + 1] is now where `color` begins; each placement moves it on.
        self.order.clear();
        self.order.resize(self.colors.len(), 0);
        for (index, &color) in self.colors.iter().enumerate() {
            let slot = &mut starts[color as usize + 1];
            self.order[*slot as usize] = index as u32;
            *slot += 1;
        }
    }

    /// v += h·(g·scale + F/m), w += h·τ/I, then damping, for dynamic bodies. User and
    /// controller forces act through every substep of the step.
    fn integrate_velocities(&mut self, bodies: &Slots<Body>, gravity: Vec2, h: f32) {
        for (index, body) in bodies.iter() {
            if !body.is_simulated() {
                continue;
            }
            let state = &mut self.states[index as usize];
            let force = body.force + body.step_force;
            let torque = body.torque + body.step_torque;
            let acceleration = body.gravity_scale * gravity + body.inv_mass * force;
            state.v = (state.v + h * acceleration) * (1.0 / (1.0 + h * body.linear_damping));
            state.w = (state.w + h * body.inv_inertia * torque)
                * (1.0 / (1.0 + h * body.angular_damping));
        }
    }

    fn warm_start(&mut self, joints: &Slots<Joint>) {
        for joint in joints.values().filter(|j| j.active) {
            joint.warm_start(&mut self.states);
        }
        for &i in &self.order {
            self.contacts[i as usize].warm_start(&mut self.states);
        }
    }

    /// One pass over joints then contacts; with `use_bias` false this is the relax pass.
    fn solve(&mut self, joints: &mut Slots<Joint>, pass: &SoftPass, max_push: f32) {
        for joint in joints.values_mut().filter(|j| j.active) {
            joint.solve(&mut self.states, pass);
        }
        for &i in &self.order {
            let c = &mut self.contacts[i as usize];
            c.solve(&mut self.states, pass.inv_h, max_push, pass.use_bias);
        }
    }

    fn integrate_positions(&mut self, bodies: &Slots<Body>, h: f32) {
        for (index, body) in bodies.iter() {
            if body.body_type == BodyType::Static || !body.awake {
                continue;
            }
            let state = &mut self.states[index as usize];
            state.dp += h * state.v;
            state.dq = state.dq.integrate(h * state.w);
        }
    }

    /// Impulses back to the contact cache (joints keep theirs in place); velocities and
    /// poses back to the bodies; controller forces spent.
    fn store(&self, bodies: &mut Slots<Body>, contacts: &mut ContactSet) {
        for c in &self.contacts {
            c.store(&mut contacts.contacts[c.contact_index()]);
        }
        for (index, body) in bodies.iter_mut() {
            let state = &self.states[index as usize];
            body.v = state.v;
            body.w = state.w;
            body.step_force = Vec2::ZERO;
            body.step_torque = 0.0;
            if body.body_type != BodyType::Static && body.awake {
                body.center += state.dp;
                body.xf.q = state.dq.compose(body.xf.q).normalized();
                body.xf.p = body.center - body.xf.q.rotate(body.local_center);
            }
        }
    }
}
