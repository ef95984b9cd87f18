//! The soft step (Box2D v3's solver): one step is `substeps` rounds of integrating
//! velocities, warm starting, solving (soft, with bias), integrating positions (as
//! deltas) and relaxing (no bias), the first kick and warm start in halves, then every
//! body's closing half kick and the closing warm start (`constraint/warm_start.rs`);
//! then restitution, point by point below `impacts::IN_TURN` and from it passed on from
//! body to body (`contact/impacts/`), and the impulses are stored for the next step's
//! warm start. `stages.rs` lays the rounds out as the stages the workers run.
//!
//! Small substeps with one pass each converge better than many passes over one big
//! step: each substep sees the bodies where the last one left them. Soft contacts (a
//! stiff damped spring, see `softness.rs`) push overlaps apart without the energy that
//! Baumgarte's velocity bias leaves behind, and relaxing removes what the push added.
//! Poses move as deltas from the step's start, so a pyramid far from the origin is
//! solved with the precision of one at the origin.

use super::Simulated;
use super::SolveProfile;
use super::dense_bodies::DenseBodies;
use super::integrate::SpeedLimits;
use super::stages::{Crew, Program, Stage, plan};
use super::step_constraints::{PrepareSettings, StepConstraints};
use crate::body::{Body, BodyType};
use crate::collide::Sweep;
use crate::constraint::{BodyState, Softness, SolverSettings};
use crate::contact::ContactSet;
use crate::contact::impacts::Impacts;
use crate::contact::wide::HandOverStep;
use crate::id::Slots;
use crate::joint::Joint;
use crate::laps::Laps;
use crate::math::Vec2;
use crate::minmax;
use crate::threads::ThreadPool;
#[cfg(feature = "threads")]
use rayon::prelude::*;
#[cfg(feature = "threads")]
use std::sync::{Mutex, PoisonError};

/// The soft step's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct SoftStep {
    /// One per body slot, then a dummy (always at rest) for padding lanes to read.
    states: Vec<BodyState>,
    dense: DenseBodies,
    constraints: StepConstraints,
    /// The step's stages, in the order every worker runs them (`stages.rs`).
    stages: Vec<Stage>,
    impacts: Impacts,
}

impl SoftStep {
    /// Advances every body by `dt` under `gravity`: velocities, constraints and poses.
    /// With `settings.continuous`, the bodies it moves fast go into `fast` (see
    /// `find_fast`). Returns how long each part took.
    pub fn step(
        &mut self,
        world: Simulated,
        settings: &SolverSettings,
        gravity: Vec2,
        dt: f32,
        pool: Option<&ThreadPool>,
        fast: &mut Vec<(u32, Sweep)>,
    ) -> SolveProfile {
        let Simulated {
            bodies,
            contacts,
            joints,
        } = world;
        let mut laps = Laps::start();
        let h = dt / settings.substeps as f32;
        self.load(bodies, gravity, h);
        self.prepare(bodies, contacts, joints, settings, h, pool.is_some());
        let workers = pool.map_or(1, ThreadPool::current_num_threads);
        let program = Program::new(settings, dt, workers);
        plan(&program, &self.constraints, &mut self.stages);
        let prepare = laps.lap();
        let crew = Crew::new(
            &mut self.states,
            &mut self.constraints,
            &self.dense,
            &self.stages,
            program,
        );
        match pool {
            // One hand-over to the pool for the whole step: every worker runs the
            // stages on a pool thread of its own (`stages.rs`).
            #[cfg(feature = "threads")]
            Some(pool) => {
                let joints = Mutex::new(Some(&mut *joints));
                // The thread that prepared the step is worker 0, whose blocks it has
                // just written and may still hold in its cache.
                let caller = pool.current_thread_index().unwrap_or(0);
                pool.broadcast(|context| {
                    let worker = (context.index() + workers - caller) % workers;
                    // Worker 0 holds the joints that are not revolute.
                    let mine = match worker {
                        0 => joints.lock().unwrap_or_else(PoisonError::into_inner).take(),
                        _ => None,
                    };
                    crew.work(worker, mine);
                });
            }
            _ => crew.work(0, Some(joints)),
        }
        self.bounce(bodies, settings, h);
        let constraints = laps.lap();
        if settings.continuous {
            self.find_fast(bodies, dt, fast);
        }
        self.store(bodies, contacts, joints, program.limits, pool.is_some());
        SolveProfile {
            prepare,
            constraints,
            store: laps.lap(),
        }
    }

    /// Finds the bodies this step moves by more than half their smallest extent (what
    /// could carry one through a thin wall), before `store` moves them, and records
    /// their sweeps for continuous collision. The test reads only the dense arrays.
    fn find_fast(&self, bodies: &Slots<Body>, dt: f32, fast: &mut Vec<(u32, Sweep)>) {
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
            fast.push((extents.index, sweep));
        }
    }

    /// Passes the step's impacts on among the bouncy contacts (`contact/impacts/`).
    fn bounce(&mut self, bodies: &Slots<Body>, settings: &SolverSettings, h: f32) {
        let threshold = settings.restitution_threshold;
        let bundles = self.constraints.contacts.as_slice();
        if !bundles.iter().any(|bundle| bundle.strikes(threshold)) {
            return;
        }
        let step = HandOverStep {
            threshold,
            inv_h: 1.0 / h,
            substeps: settings.substeps as f32,
        };
        let contacts = self.impacts.contacts();
        for bundle in bundles {
            bundle.impact_contacts(&self.states, &step, contacts);
        }
        self.impacts.note_joints(bodies);
        self.impacts.resolve(self.states.as_mut_slice(), threshold);
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
        parallel: bool,
    ) {
        // Stiffer than a quarter of the substep rate and a soft constraint rings.
        let hertz = minmax::min(settings.contact_hertz, 0.25 / h);
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
        let bodies = (bodies, &self.dense);
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
        &mut self,
        bodies: &mut Slots<Body>,
        contacts: &mut ContactSet,
        joints: &mut Slots<Joint>,
        limits: SpeedLimits,
        parallel: bool,
    ) {
        self.constraints.store(contacts, joints, parallel);
        self.impacts.forget_bounced(contacts);
        let store_body = |(index, body): (u32, &mut Body)| {
            body.step_force = Vec2::ZERO;
            body.step_torque = 0.0;
            // A sleeping (or disabled) body was not in the step: it keeps what it has.
            if body.is_dynamic() && !body.awake {
                return;
            }
            let state = &self.states[index as usize];
            (body.v, body.w) = (state.v, state.w);
            limits.hold(&mut body.v, &mut body.w);
            if body.body_type != BodyType::Static && body.awake {
                body.center += state.dp;
                body.xf.q = state.dq.compose(body.xf.q).normalized();
                body.xf.p = body.center - body.xf.q.rotate(body.local_center);
            }
        };
        #[cfg(feature = "threads")]
        if parallel {
            bodies.par_iter_mut(BODIES_PER_TASK).for_each(store_body);
            return;
        }
        bodies.iter_mut().for_each(store_body);
    }
}

/// A body moving more than this fraction of its smallest extent in a step is fast
/// (Box2D v3's safety factor).
const FAST_FRACTION: f32 = 0.5;

/// Bodies per task when they are stored on threads: a task costs about as much as
/// storing a few hundred bodies.
#[cfg(feature = "threads")]
const BODIES_PER_TASK: usize = 512;
