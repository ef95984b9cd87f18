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

use super::crew::{Crew, Program};
use super::dense_bodies::DenseBodies;
use super::integrate::{clamp_speed, clamp_spin, max_spin};
use super::softness::Softness;
use super::step_constraints::{PrepareSettings, StepConstraints};
use crate::body::{Body, BodyType};
use crate::collide::Sweep;
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::joint::Joint;
use crate::math::{Rot, Vec2};
use crate::solver::SolverSettings;
use crate::world::{Laps, SolveProfile};
use rayon::ThreadPool;
use rayon::prelude::*;

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

/// The largest velocity component (m/s or rad/s) a joint may leave on a body mid-solve:
/// thousands of times what any scene reaches (the step itself moves no body faster
/// than `max_linear_speed` and `integrate::max_spin`), far below where a product of it
/// overflows. A joint between a very light body and a heavy one, pinned far from the
/// light one's centre, is so ill-conditioned that its passes may swing a velocity up
/// by orders of magnitude before the step's limits catch it; the ceiling keeps every
/// such swing finite, so no later product of it can become infinite or NaN.
pub(crate) const VELOCITY_CEILING: f32 = crate::limits::MAX_SPEED;

impl BodyState {
    /// Holds each velocity component within ±`VELOCITY_CEILING`.
    #[inline]
    pub fn keep_below_ceiling(&mut self) {
        self.v = crate::limits::clamp_velocity(self.v);
        self.w = self.w.clamp(-VELOCITY_CEILING, VELOCITY_CEILING);
    }
}

/// The soft step's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct SoftStep {
    /// One per body slot, then a dummy (always at rest) for padding lanes to read.
    states: Vec<BodyState>,
    dense: DenseBodies,
    constraints: StepConstraints,
    /// The bodies that moved fast in the last step, in slot order, with their sweeps.
    fast: Vec<(u32, Sweep)>,
}

impl SoftStep {
    /// Advances every body by `dt`: velocities, constraints and poses. Returns how long
    /// each part took.
    pub fn step(
        &mut self,
        bodies: &mut Slots<Body>,
        contacts: &mut ContactSet,
        joints: &mut Slots<Joint>,
        settings: &SolverSettings,
        (gravity, dt): (Vec2, f32),
        pool: Option<&ThreadPool>,
    ) -> SolveProfile {
        let mut laps = Laps::start();
        let h = dt / settings.substeps as f32;
        self.load(bodies, gravity, h);
        let joint_softness = Softness::new(settings.joint_hertz, settings.joint_damping_ratio, h);
        self.prepare(bodies, contacts, joints, settings, (h, pool.is_some()));
        let prepare = laps.lap();
        let program = Program {
            substeps: settings.substeps,
            h,
            position_correction: settings.position_correction,
            max_push: settings.max_push_speed,
            restitution_threshold: settings.restitution_threshold,
            max_speed: settings.max_linear_speed,
            max_spin: max_spin(dt),
            joint_softness,
        };
        let workers = pool.map_or(1, ThreadPool::current_num_threads);
        let crew = Crew::new(
            &mut self.states,
            &mut self.constraints,
            &self.dense,
            program,
            workers,
        );
        match pool {
            // One hand-over to the pool for the whole step; see `crew.rs`.
            Some(pool) => pool.scope(|scope| {
                for worker in 1..workers {
                    let crew = &crew;
                    scope.spawn(move |_| crew.run(worker, None));
                }
                crew.run(0, Some(joints));
            }),
            None => crew.run(0, Some(joints)),
        }
        let constraints = laps.lap();
        self.fast.clear();
        if settings.continuous {
            self.find_fast(bodies, dt);
        }
        let limits = (settings.max_linear_speed, max_spin(dt));
        self.store(bodies, (contacts, joints), limits, pool.is_some());
        SolveProfile {
            prepare,
            constraints,
            store: laps.lap(),
        }
    }

    /// The bodies that moved fast in the last step, with where they went from and to.
    pub fn fast_bodies(&self) -> &[(u32, Sweep)] {
        &self.fast
    }

    /// Finds the bodies this step moves by more than half their smallest extent (what
    /// could carry one through a thin wall), before `store` moves them, and records
    /// their sweeps for continuous collision. The test reads only the dense arrays.
    fn find_fast(&mut self, bodies: &Slots<Body>, dt: f32) {
        for extents in &self.dense.extents {
            let state = &self.states[extents.index as usize];
            let motion = state.dp.length() + dt * state.w.abs() * extents.max;
            if motion <= FAST_FRACTION * extents.min {
                continue;
            }
            let body = bodies.get(extents.index).expect("dense bodies are live");
            let sweep = Sweep {
                local_center: body.local_center,
                c1: body.center,
                c2: body.center + state.dp,
                q1: body.xf.q,
                q2: state.dq.compose(body.xf.q).normalized(),
            };
            self.fast.push((extents.index, sweep));
        }
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
        (h, parallel): (f32, bool),
    ) {
        // Stiffer than a quarter of the substep rate and a soft constraint rings.
        let hertz = settings.contact_hertz.min(0.25 / h);
        let zeta = settings.contact_damping_ratio;
        let prepare = PrepareSettings {
            contact_softness: (
                Softness::new(hertz, zeta, h),
                Softness::new(2.0 * hertz, zeta, h),
            ),
            joint_softness: Softness::new(settings.joint_hertz, settings.joint_damping_ratio, h),
            h,
            warm_starting: settings.warm_starting,
        };
        let bodies = (bodies, self.dense.info.as_slice());
        self.constraints
            .build(bodies, contacts, joints, &prepare, parallel);
    }

    /// Impulses back to the contact cache and the pins; velocities and poses back to
    /// the bodies; controller forces spent. Velocities are held to the step's limits
    /// (`max_speed`, `max_spin`) once more: relaxing and restitution come after the last
    /// substep's hold, and a very light body can leave them spinning far past it. Each
    /// body's write is its own, so with `parallel` (inside the world's pool) the bodies
    /// are shared out among the threads.
    fn store(
        &self,
        bodies: &mut Slots<Body>,
        (contacts, joints): (&mut ContactSet, &mut Slots<Joint>),
        (max_speed, max_spin): (f32, f32),
        parallel: bool,
    ) {
        self.constraints.store(contacts, joints, parallel);
        let store_body = |(index, body): (u32, &mut Body)| {
            body.step_force = Vec2::ZERO;
            body.step_torque = 0.0;
            // A sleeping (or disabled) body was not in the step: it keeps what it has.
            if body.is_dynamic() && !body.awake {
                return;
            }
            let state = &self.states[index as usize];
            body.v = clamp_speed(state.v, max_speed);
            body.w = clamp_spin(state.w, max_spin);
            if body.body_type != BodyType::Static && body.awake {
                body.center += state.dp;
                body.xf.q = state.dq.compose(body.xf.q).normalized();
                body.xf.p = body.center - body.xf.q.rotate(body.local_center);
            }
        };
        if parallel {
            bodies.par_iter_mut(BODIES_PER_TASK).for_each(store_body);
        } else {
            bodies.iter_mut().for_each(store_body);
        }
    }
}

/// A body moving more than this fraction of its smallest extent in a step is fast
/// (Box2D v3's safety factor).
const FAST_FRACTION: f32 = 0.5;

/// Bodies per task when they are stored on threads: a task costs about as much as
/// storing a few hundred bodies.
const BODIES_PER_TASK: usize = 512;
