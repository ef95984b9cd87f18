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
use super::dense_bodies::DenseBodies;
use super::shared_states::SharedStates;
use super::softness::Softness;
use super::wide_contact::{ContactPass, LaneSource, WideContact, run_bundles};
use crate::body::{Body, BodyType};
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::joint::{Joint, SoftPass};
use crate::math::{Rot, Vec2};
use crate::solver::SolverSettings;
use rayon::ThreadPool;
use rayon::prelude::*;

/// A colour's bundles (of eight contacts) are shared out among threads only when there
/// are at least this many: below it the hand-off costs more than it saves.
const PARALLEL_MIN: usize = 32;
/// Bundles per task.
const CHUNK: usize = 32;

/// What the soft step reads and writes of a body in its inner loops: eight `f32`s, one
/// 256-bit row, so eight bodies load into lanes with eight loads and a transpose
/// (`shared_states.rs`). Masses live in the constraints.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct BodyState {
    pub v: Vec2,
    pub w: f32,
    /// Unused: fills the row.
    pub spare: f32,
    /// How far the centre of mass has moved since the step began.
    pub dp: Vec2,
    /// How far the body has turned since the step began.
    pub dq: Rot,
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<BodyState>() == 32);
    assert!(offset_of!(BodyState, w) == 8 && offset_of!(BodyState, dp) == 16);
    assert!(offset_of!(BodyState, dq) == 24 && offset_of!(Rot, s) == 4);
    assert!(offset_of!(Vec2, y) == 4);
};

impl Default for BodyState {
    fn default() -> Self {
        BodyState {
            v: Vec2::ZERO,
            w: 0.0,
            spare: 0.0,
            dp: Vec2::ZERO,
            dq: Rot::IDENTITY,
        }
    }
}

/// The soft step's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct SoftStep {
    /// One per body slot, then a dummy (always at rest) for padding lanes to read.
    states: Vec<BodyState>,
    dense: DenseBodies,
    /// Contact bundles in colour order.
    bundles: Vec<WideContact>,
    /// Where each colour's bundles start in `bundles`, and where the last ends; the last
    /// colour is the overflow, one contact per bundle as its contacts may share bodies.
    bundle_starts: [usize; COLOR_COUNT + 2],
    /// Where each colour's contacts start in `order`.
    color_starts: [usize; COLOR_COUNT + 2],
    /// The active contacts' indices in the contact set with their colours, in set order.
    colored: Vec<(u32, u32)>,
    /// The same indices in colour order.
    order: Vec<u32>,
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
        (gravity, dt): (Vec2, f32),
        pool: Option<&ThreadPool>,
    ) {
        let h = dt / settings.substeps as f32;
        let pass = |use_bias| SoftPass {
            h,
            inv_h: 1.0 / h,
            use_bias,
        };
        self.load(bodies, gravity, h);
        self.prepare(bodies, contacts, joints, settings, h);
        let push = settings.max_push_speed;
        // One hand-over to the pool for the whole step: its threads stay awake between
        // colours instead of being woken for each (which cost more than the solve saved).
        let mut substeps = |parallel: bool| {
            for _ in 0..settings.substeps {
                self.integrate_velocities();
                self.warm_start(joints, parallel);
                self.solve(joints, &pass(settings.position_correction), push, parallel);
                self.integrate_positions(h);
                self.solve(joints, &pass(false), push, parallel);
            }
            let threshold = settings.restitution_threshold;
            self.contact_pass(parallel, ContactPass::Restitution { threshold });
        };
        match pool {
            Some(pool) => pool.install(|| substeps(true)),
            None => substeps(false),
        }
        self.store(bodies, contacts);
    }

    fn load(&mut self, bodies: &Slots<Body>, gravity: Vec2, h: f32) {
        self.dense.load(bodies, gravity, h);
        self.states.clear();
        self.states
            .resize(bodies.capacity() + 1, BodyState::default());
        for (state, info) in self.states.iter_mut().zip(&self.dense.info) {
            state.v = info.v;
            state.w = info.w;
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
        self.color_contacts(contacts);
        let info = |i: u32| &self.dense.info[i as usize];
        self.bundles.clear();
        let dummy = bodies.capacity() as u32;
        for color in 0..=COLOR_COUNT {
            self.bundle_starts[color] = self.bundles.len();
            let overflow = color == COLOR_COUNT;
            for &index in &self.order[self.color_starts[color]..self.color_starts[color + 1]] {
                let full = self.bundles.last().is_none_or(WideContact::is_full);
                if overflow || full || self.bundles.len() == self.bundle_starts[color] {
                    self.bundles.push(WideContact::empty(dummy));
                }
                let contact = &contacts.contacts[index as usize];
                let lane = self.bundles.last_mut().expect("a bundle was just pushed");
                lane.push(&LaneSource {
                    index: index as usize,
                    contact,
                    bodies: (info(contact.body_a), info(contact.body_b)),
                    softness,
                    warm_starting: settings.warm_starting,
                });
            }
        }
        self.bundle_starts[COLOR_COUNT + 1] = self.bundles.len();
        let joint_softness = Softness::new(settings.joint_hertz, settings.joint_damping_ratio, h);
        for joint in joints.values_mut() {
            let (a, b) = (body(joint.body_a), body(joint.body_b));
            joint.active = a.is_simulated() || b.is_simulated();
            if joint.active {
                joint.prepare_soft(a, b, joint_softness, h, settings.warm_starting);
            }
        }
    }

    /// Colours the contacts to solve (touching, with a simulated body) in set order and
    /// sorts them by colour (counting sort: set order is kept within a colour), filling
    /// `order` and `color_starts`.
    fn color_contacts(&mut self, contacts: &ContactSet) {
        let info = &self.dense.info;
        self.coloring.reset(info.len());
        self.colored.clear();
        let mut counts = [0usize; COLOR_COUNT + 1];
        for (index, contact) in contacts.contacts.iter().enumerate() {
            let moving = |i: u32| info[i as usize].simulated.then_some(i);
            let (a, b) = (moving(contact.body_a), moving(contact.body_b));
            if !contact.is_touching() || (a.is_none() && b.is_none()) {
                continue;
            }
            let color = self.coloring.assign(a, b);
            counts[color] += 1;
            self.colored.push((index as u32, color as u32));
        }
        self.color_starts[0] = 0;
        for (color, count) in counts.into_iter().enumerate() {
            self.color_starts[color + 1] = self.color_starts[color] + count;
        }
        let mut next = self.color_starts;
        self.order.clear();
        self.order.resize(self.colored.len(), 0);
        for &(index, color) in &self.colored {
            let slot = &mut next[color as usize];
            self.order[*slot] = index;
            *slot += 1;
        }
    }

    /// v += h·(g·scale + F/m), w += h·τ/I, then damping, for simulated bodies (see
    /// `Kick`).
    fn integrate_velocities(&mut self) {
        for kick in &self.dense.kicks {
            let state = &mut self.states[kick.index as usize];
            state.v = (state.v + kick.dv) * kick.keep_linear;
            state.w = (state.w + kick.dw) * kick.keep_angular;
        }
    }

    /// Runs `pass` on every contact bundle, colour by colour. Within a colour no two
    /// contacts move the same body, so when `parallel` (inside the world's pool) a
    /// colour's bundles are shared out among its threads — and the result is the same
    /// bits whatever the number of threads, as no contact sees another's writes. The
    /// overflow colour runs on one.
    fn contact_pass(&mut self, parallel: bool, pass: ContactPass) {
        let states = SharedStates::new(&mut self.states);
        for color in 0..=COLOR_COUNT {
            let range = self.bundle_starts[color]..self.bundle_starts[color + 1];
            let bundles = &mut self.bundles[range];
            if parallel && color < COLOR_COUNT && bundles.len() >= PARALLEL_MIN {
                bundles
                    .par_chunks_mut(CHUNK)
                    .for_each(|chunk| run_bundles(chunk, &states, pass));
            } else {
                run_bundles(bundles, &states, pass);
            }
        }
    }

    fn warm_start(&mut self, joints: &Slots<Joint>, parallel: bool) {
        for joint in joints.values().filter(|j| j.active) {
            joint.warm_start(&mut self.states);
        }
        self.contact_pass(parallel, ContactPass::WarmStart);
    }

    /// One pass over joints then contacts; with `use_bias` false this is the relax pass.
    fn solve(&mut self, joints: &mut Slots<Joint>, pass: &SoftPass, max_push: f32, parallel: bool) {
        for joint in joints.values_mut().filter(|j| j.active) {
            joint.solve(&mut self.states, pass);
        }
        let pass = ContactPass::Solve {
            inv_h: pass.inv_h,
            max_push,
            use_bias: pass.use_bias,
        };
        self.contact_pass(parallel, pass);
    }

    fn integrate_positions(&mut self, h: f32) {
        for &index in &self.dense.movers {
            let state = &mut self.states[index as usize];
            state.dp += h * state.v;
            state.dq = state.dq.integrate(h * state.w);
        }
    }

    /// Impulses back to the contact cache (joints keep theirs in place); velocities and
    /// poses back to the bodies; controller forces spent.
    fn store(&self, bodies: &mut Slots<Body>, contacts: &mut ContactSet) {
        for bundle in &self.bundles {
            for (index, impulses) in bundle.impulses() {
                contacts.contacts[index].store_impulses(impulses);
            }
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
