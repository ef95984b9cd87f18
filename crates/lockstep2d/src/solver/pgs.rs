//! Box2D-Lite's step: prestep, warm start, iterations, bounces (`contact/impacts/`), store
//! impulses.

use super::Simulated;
use super::integrate::{integrate_positions, integrate_velocities};
use crate::body::Body;
use crate::constraint::SolverBody;
use crate::constraint::SolverSettings;
use crate::contact::ContactSet;
use crate::contact::impacts::Impacts;
use crate::contact::scalar::ContactConstraint;
use crate::id::Slots;
use crate::joint::{Joint, JointConstraint, JointState};
use crate::math::Vec2;

/// The solver's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pgs {
    bodies: Vec<SolverBody>,
    contacts: Vec<ContactConstraint>,
    joints: Vec<(u32, JointConstraint)>,
    impacts: Impacts,
}

impl Pgs {
    /// Box2D-Lite's whole step: every simulated body kicked over `dt`, the velocities
    /// solved, then every body moved by its new velocity.
    pub fn step(&mut self, world: Simulated, settings: &SolverSettings, gravity: Vec2, dt: f32) {
        let max_speed = settings.max_linear_speed;
        integrate_velocities(world.bodies, gravity, dt, max_speed);
        self.solve(
            world.bodies,
            world.contacts,
            world.joints,
            settings,
            1.0 / dt,
        );
        integrate_positions(world.bodies, dt, max_speed);
    }

    /// Solves velocities: on return every body's `v` and `w` satisfy the constraints as
    /// well as `settings.iterations` passes get them, and impulses are stored for the
    /// next step's warm start.
    fn solve(
        &mut self,
        bodies: &mut Slots<Body>,
        contacts: &mut ContactSet,
        joints: &mut Slots<Joint>,
        settings: &SolverSettings,
        inv_dt: f32,
    ) {
        self.load_bodies(bodies);
        self.prepare(bodies, contacts, joints, settings, inv_dt);

        if settings.accumulate_impulses {
            for c in &mut self.contacts {
                c.warm_start(&mut self.bodies);
            }
        }
        for (_, j) in &self.joints {
            match j {
                JointConstraint::Revolute(r) => r.warm_start(&mut self.bodies),
            }
        }
        for _ in 0..settings.iterations {
            for c in &mut self.contacts {
                c.solve(&mut self.bodies, settings.accumulate_impulses);
            }
            for (_, j) in &mut self.joints {
                match j {
                    JointConstraint::Revolute(r) => r.solve(&mut self.bodies),
                }
            }
        }
        self.bounce(bodies, settings.restitution_threshold);
        self.store(bodies, contacts, joints);
    }

    /// Passes the step's impacts on among the bouncy contacts (`contact/impacts/`).
    fn bounce(&mut self, bodies: &Slots<Body>, threshold: f32) {
        if !self.contacts.iter().any(ContactConstraint::strikes) {
            return;
        }
        let handed = self.impacts.contacts();
        handed.extend(
            self.contacts
                .iter()
                .filter_map(|c| c.impact_contact(&self.bodies)),
        );
        self.impacts.note_joints(bodies);
        self.impacts.resolve(self.bodies.as_mut_slice(), threshold);
    }

    fn load_bodies(&mut self, bodies: &Slots<Body>) {
        self.bodies.clear();
        self.bodies.resize(bodies.capacity(), SolverBody::default());
        for (index, body) in bodies.iter() {
            self.bodies[index as usize] = SolverBody {
                v: body.v,
                w: body.w,
                inv_mass: body.inv_mass,
                inv_inertia: body.inv_inertia,
            };
        }
    }

    fn prepare(
        &mut self,
        bodies: &Slots<Body>,
        contacts: &ContactSet,
        joints: &mut Slots<Joint>,
        settings: &SolverSettings,
        inv_dt: f32,
    ) {
        let body = |i: u32| {
            bodies
                .get(i)
                .expect("contacts and joints refer to live bodies")
        };
        self.contacts.clear();
        for (index, contact) in contacts.contacts.iter().enumerate() {
            let pair = (body(contact.body_a), body(contact.body_b));
            if contact.is_touching()
                && contact.enabled
                && (pair.0.is_simulated() || pair.1.is_simulated())
            {
                self.contacts.push(ContactConstraint::prepare(
                    index, contact, pair, settings, inv_dt,
                ));
            }
        }
        self.joints.clear();
        for (index, joint) in joints.iter_mut() {
            let (a, b) = (joint.body_a, joint.body_b);
            let (body_a, body_b) = (body(a), body(b));
            let simulated = body_a.is_simulated() || body_b.is_simulated();
            if !simulated || !body_a.enabled || !body_b.enabled {
                continue;
            }
            // The world lets only Box2D-Lite's pin into a PGS world.
            if let JointState::Revolute(r) = &mut joint.kind {
                let r = r.prepare((a, body(a)), (b, body(b)), settings, inv_dt);
                self.joints.push((index, JointConstraint::Revolute(r)));
            }
        }
    }

    fn store(
        &mut self,
        bodies: &mut Slots<Body>,
        contacts: &mut ContactSet,
        joints: &mut Slots<Joint>,
    ) {
        for c in &self.contacts {
            c.store(&mut contacts.contacts[c.contact_index()]);
        }
        self.impacts.forget_bounced(contacts);
        for (index, j) in &self.joints {
            let joint = joints.get_mut(*index).expect("prepared joints are live");
            if let (JointState::Revolute(state), JointConstraint::Revolute(r)) =
                (&mut joint.kind, j)
            {
                state.impulse = r.impulse;
            }
        }
        for (index, body) in bodies.iter_mut() {
            let solved = &self.bodies[index as usize];
            body.v = solved.v;
            body.w = solved.w;
        }
    }
}
