//! The soft step's stages, split among worker threads that run the same sequence of
//! them in lockstep (the sequence is `soft.rs`'s substep loop).
//!
//! Each stage (integrate velocities, one colour of one pass over the revolute joints or
//! the contacts, integrate positions, the other joints) is split the same way every
//! time: worker w of n takes the w-th of n equal blocks (`share`) of the bodies or of
//! the colour's bundles; the joints that are not revolute and the overflow colours go to
//! worker 0 alone. A spinning barrier ends every stage. Handing each colour to
//! rayon instead cost more than it saved: a sleeping thread takes longer to wake than a
//! colour takes to solve, so a second thread made the step slower.
//!
//! Each worker runs on a pool thread of its own, handed to it by a rayon broadcast: a
//! worker waits at a barrier until every other is running, so each needs its own thread.
//! A job spawned into a rayon scope has no such promise: rayon may leave it in the
//! spawning thread's queue without waking an idle thread, counting on the spawner to
//! run it later; the spawner, spinning at the first barrier, never does, and the step
//! hangs (about once in a few hundred thousand steps on two threads).
//!
//! Which worker does a piece of work never changes its arithmetic, and pieces within a
//! stage never touch the same body, so the results are the same bits for any number of
//! workers. One worker (no pool) runs the same program with no-op barriers.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::BodyState;
use super::bundles::run_bundles;
use super::coloring::COLOR_COUNT;
use super::dense_bodies::DenseBodies;
use super::integrate::{Kick, Part, SpeedLimits};
use super::share::share;
use super::shared_states::{Shared, SharedStates};
use super::softness::Softness;
use super::step_constraints::StepConstraints;
use super::warm_start::WarmStart;
use super::wide_contact::{ContactPass, Relax, WideContact};
use super::wide_drift::drift_bodies;
use super::wide_revolute::{RevolutePass, WideRevolute};
use crate::id::Slots;
use crate::joint::{Joint, SoftPass};

/// What one step's program needs to know.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Program {
    pub substeps: u32,
    pub h: f32,
    pub position_correction: bool,
    pub max_push: f32,
    pub restitution_threshold: f32,
    pub limits: SpeedLimits,
    /// How stiffly joints hold.
    pub joint_softness: Softness,
}

/// How long a worker spins at a barrier (about 30 µs) before it starts yielding its
/// core. Spinning forever made some steps ten times slower on a 2-core virtual machine,
/// whose host deschedules a vCPU that spins too long.
const SPINS_BEFORE_YIELD: u32 = 1 << 10;

/// A barrier that spins: workers reach it every few microseconds, far sooner than a
/// sleeping thread wakes.
struct SpinBarrier {
    workers: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
}

impl SpinBarrier {
    fn new(workers: usize) -> SpinBarrier {
        SpinBarrier {
            workers,
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
        }
    }

    /// Returns once every worker has called it; everything written before the call by
    /// any worker is visible after it to all.
    fn wait(&self) {
        if self.workers == 1 {
            return;
        }
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.workers {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::Release);
            return;
        }
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            spins = spins.saturating_add(1);
            if spins < SPINS_BEFORE_YIELD {
                spin_loop();
            } else {
                // The other worker is descheduled: let the OS run something else.
                std::thread::yield_now();
            }
        }
    }
}

/// Bundles of one kind and where each colour's start (the last entry is the end).
struct Colored<'a, B> {
    bundles: Shared<'a, B>,
    starts: &'a [usize; COLOR_COUNT + 2],
}

/// The step's shared arrays and the barrier.
pub(crate) struct Crew<'a> {
    states: SharedStates<'a>,
    contacts: Colored<'a, WideContact>,
    revolutes: Colored<'a, WideRevolute>,
    scalar_joints: &'a [u32],
    kicks: &'a [Kick],
    movers: &'a [u32],
    workers: usize,
    barrier: SpinBarrier,
    program: Program,
}

impl<'a> Crew<'a> {
    pub fn new(
        states: &'a mut [BodyState],
        constraints: &'a mut StepConstraints,
        dense: &'a DenseBodies,
        program: Program,
        workers: usize,
    ) -> Crew<'a> {
        let (contacts, contact_starts) = constraints.contacts.parts();
        let (revolutes, revolute_starts) = constraints.revolutes.parts();
        Crew {
            states: Shared::new(states),
            contacts: Colored {
                bundles: Shared::new(contacts),
                starts: contact_starts,
            },
            revolutes: Colored {
                bundles: Shared::new(revolutes),
                starts: revolute_starts,
            },
            scalar_joints: &constraints.scalar_joints,
            kicks: &dense.kicks,
            movers: &dense.movers,
            workers,
            barrier: SpinBarrier::new(workers),
            program,
        }
    }

    /// Velocities kicked by gravity, forces and damping (see `Kick`), for simulated
    /// bodies.
    pub fn integrate_velocities(&self, worker: usize, first: bool) {
        let limits = self.program.limits;
        for kick in &self.kicks[share(self.kicks.len(), worker, self.workers)] {
            // SAFETY: each body has one kick and each kick one worker; nobody else
            // touches the states until the barrier.
            let state = unsafe { self.state(kick.index) };
            let part = if first { Part::FirstHalf } else { Part::Whole };
            kick.apply_part(&mut state.v, &mut state.w, limits, part);
        }
        self.barrier.wait();
    }

    /// Every body's last half kick (see `integrate::Part`), after the last relax, and
    /// the half of each constraint's impulse that holds it (`WarmStart::closing`). The
    /// velocity the step ends with is then the one at its end, in step with the pose.
    pub fn close(&self, worker: usize, joints: &mut Option<&mut Slots<Joint>>) {
        let limits = self.program.limits;
        for kick in &self.kicks[share(self.kicks.len(), worker, self.workers)] {
            // SAFETY: as in `integrate_velocities`; no other worker has this body.
            let state = unsafe { self.state(kick.index) };
            kick.apply_part(&mut state.v, &mut state.w, limits, Part::LastHalf);
        }
        self.barrier.wait();
        self.warm_start(worker, joints, WarmStart::closing());
    }

    /// The impulses the constraints ended the last substep (or step) with, given again
    /// in the share this kick needs (`WarmStart`): the other joints, the revolute
    /// joints, contacts. Worker 0 holds the other joints.
    pub fn warm_start(
        &self,
        worker: usize,
        joints: &mut Option<&mut Slots<Joint>>,
        warm: WarmStart,
    ) {
        self.scalar_joints(joints, |j, s| j.warm_start(s, warm.share));
        self.revolutes(worker, RevolutePass::WarmStart(warm));
        self.contacts(worker, ContactPass::WarmStart(warm));
    }

    /// The substep's solve: the joints and contacts push overlaps and joint errors
    /// apart (softly, with position correction on). `warm` is the substep's warm start
    /// (`WarmStart::bounded`).
    pub fn solve(&self, worker: usize, joints: &mut Option<&mut Slots<Joint>>, warm: WarmStart) {
        let push = self.program.position_correction;
        self.pass(worker, joints, warm, (push, Relax::No));
    }

    /// The substep's relax: the same pass without the push, only holding the
    /// velocities, which takes back the speed the push added. The step's last relax
    /// (`closes`) readies the closing warm start.
    pub fn relax(
        &self,
        worker: usize,
        joints: &mut Option<&mut Slots<Joint>>,
        (warm, closes): (WarmStart, bool),
    ) {
        let relax = if closes { Relax::Last } else { Relax::Yes };
        self.pass(worker, joints, warm, (false, relax));
    }

    /// One pass over the joints and contacts, pushing with `use_bias`.
    fn pass(
        &self,
        worker: usize,
        joints: &mut Option<&mut Slots<Joint>>,
        warm: WarmStart,
        (use_bias, relax): (bool, Relax),
    ) {
        let p = self.program;
        let pass = SoftPass {
            h: p.h,
            inv_h: 1.0 / p.h,
            use_bias,
            warm,
        };
        self.scalar_joints(joints, |j, s| j.solve(s, &pass));
        let revolute_pass = RevolutePass::Solve {
            softness: use_bias.then_some(p.joint_softness),
            inv_h: pass.inv_h,
            warm,
        };
        self.revolutes(worker, revolute_pass);
        let contact_pass = ContactPass::Solve {
            inv_h: 1.0 / p.h,
            max_push: p.max_push,
            use_bias,
            threshold: p.restitution_threshold,
            share: warm.share,
            relax,
        };
        self.contacts(worker, contact_pass);
    }

    /// Poses moved by the velocities over a substep (see `drift`), as deltas from the
    /// step's start.
    pub fn integrate_positions(&self, worker: usize) {
        let (h, limits) = (self.program.h, self.program.limits);
        let mine = &self.movers[share(self.movers.len(), worker, self.workers)];
        // As in `integrate_velocities`: one worker per moving body.
        drift_bodies(&self.states, mine, h, limits);
        self.barrier.wait();
    }

    /// Bounces the contacts whose restitution is below `impacts::IN_TURN`, each point
    /// on its own (`WideContact::apply_restitution`).
    pub fn restitution(&self, worker: usize) {
        let threshold = self.program.restitution_threshold;
        let inv_h = 1.0 / self.program.h;
        self.contacts(worker, ContactPass::Restitution { threshold, inv_h });
    }

    /// # Safety
    /// The caller must be the only worker touching body `index` until the next barrier.
    #[allow(clippy::mut_from_ref)]
    unsafe fn state(&self, index: u32) -> &mut BodyState {
        let i = index as usize;
        // SAFETY: exclusive by the caller's contract; `slice_mut` checks the bounds.
        unsafe { &mut self.states.slice_mut(i..i + 1)[0] }
    }

    /// Runs `f` on every joint that is not revolute, in slot order, on worker 0 (the
    /// one holding them).
    fn scalar_joints(
        &self,
        joints: &mut Option<&mut Slots<Joint>>,
        f: impl Fn(&mut Joint, &mut [BodyState]),
    ) {
        if self.scalar_joints.is_empty() {
            return;
        }
        if let Some(joints) = joints {
            // SAFETY: the other workers are waiting at the barrier below and touch no
            // state until worker 0 reaches it.
            let states = unsafe { self.states.slice_mut(0..self.states.len()) };
            for &slot in self.scalar_joints {
                if let Some(joint) = joints.get_mut(slot) {
                    f(joint, states);
                }
            }
        }
        self.barrier.wait();
    }

    fn revolutes(&self, worker: usize, pass: RevolutePass) {
        self.colors(worker, &self.revolutes, |bundles| {
            run_bundles(bundles, &self.states, pass)
        });
    }

    fn contacts(&self, worker: usize, pass: ContactPass) {
        self.colors(worker, &self.contacts, |bundles| {
            run_bundles(bundles, &self.states, pass)
        });
    }

    /// One pass over bundles of one kind: each colour split among the workers, the
    /// overflow colour on worker 0, a barrier after each colour.
    fn colors<B>(&self, worker: usize, colored: &Colored<B>, run: impl Fn(&mut [B])) {
        for color in 0..=COLOR_COUNT {
            let (start, end) = (colored.starts[color], colored.starts[color + 1]);
            if start == end {
                continue;
            }
            let range = if color == COLOR_COUNT {
                if worker == 0 {
                    start..end
                } else {
                    start..start
                }
            } else {
                let mine = share(end - start, worker, self.workers);
                start + mine.start..start + mine.end
            };
            // SAFETY: the blocks of one colour are disjoint; within a colour no two
            // bundles move the same body (colouring), so `run` writes states no other
            // worker reads or writes before the barrier.
            run(unsafe { colored.bundles.slice_mut(range) });
            self.barrier.wait();
        }
    }
}
