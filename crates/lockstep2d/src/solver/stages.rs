//! The soft step as a list of stages, and the workers that run it in lockstep.
//!
//! `plan` writes the step's stages once, in order: per substep the velocity kick, the
//! warm start, the solve, the position drift and the relax (the joints that are not
//! revolute, then each colour of the revolute joints, then each colour of the contacts,
//! a stage each), the closing half kick and warm start after the last, then each
//! colour's restitution. Every worker walks the same list (`Crew::work`), and every
//! stage ends at a barrier that all of them reach before any goes on.
//!
//! Each stage is split the same way every time: worker w of n takes the w-th of n
//! equal blocks (`share`) of the bodies or of the colour's bundles; the joints that are
//! not revolute and the overflow colour go to worker 0 alone. Which worker does a piece
//! of work never changes its arithmetic, and pieces within a stage never touch the same
//! body, so the results are the same bits for any number of workers. One worker (no
//! pool) walks the same list with no-op barriers.
//!
//! A worker chooses its instruction set once, as it starts (`work`), and runs each
//! colour's bundles in that form of the lane code (compiled for AVX-512, for AVX2 and
//! portably: all three do the same IEEE operations lane by lane). Each colour's run is
//! a small function of its own: the whole walk compiled per instruction set, every
//! bundle inlined into it, was slower (docs/decisions.md, "The instruction set chosen
//! once per worker, each colour run in its form").
//!
//! Each worker runs on a pool thread of its own, handed to it by a rayon broadcast: a
//! worker waits at a barrier until every other is running, so each needs its own
//! thread. A job spawned into a rayon scope has no such promise: rayon may leave it in
//! the spawning thread's queue, counting on the spawner to run it later, and the
//! spawner, spinning at the first barrier, never would.

use super::barrier::SpinBarrier;
use super::coloring::COLOR_COUNT;
use super::dense_bodies::DenseBodies;
use super::integrate::{Kick, Part, SpeedLimits};
use super::share::share;
use super::step_constraints::StepConstraints;
use super::wide_drift::Drift;
use crate::constraint::dispatch::InstructionSet;
use crate::constraint::shared_states::{Portable, Shared, SharedStates};
use crate::constraint::{BodyState, Bundle, Softness, SolverSettings, WarmStart};
use crate::contact::wide::{ContactPass, ContactSolve, Relax, WideContact};
use crate::id::Slots;
use crate::joint::revolute::wide::{RevolutePass, WideRevolute};
use crate::joint::{Joint, SoftPass};

#[cfg(target_arch = "x86_64")]
use crate::constraint::shared_states::Avx2;

/// What a step's stages are planned from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Program {
    pub substeps: u32,
    /// The substep.
    pub h: f32,
    pub position_correction: bool,
    /// The fastest speed at which overlapping bodies are pushed apart.
    pub max_push: f32,
    pub restitution_threshold: f32,
    pub limits: SpeedLimits,
    /// How stiffly joints hold.
    pub joint_softness: Softness,
    /// How many workers run the stages.
    pub workers: usize,
}

impl Program {
    /// The program of a step of `dt` under `settings`, run by `workers` workers.
    pub fn new(settings: &SolverSettings, dt: f32, workers: usize) -> Program {
        let h = dt / settings.substeps as f32;
        Program {
            substeps: settings.substeps,
            h,
            position_correction: settings.position_correction,
            max_push: settings.max_push_speed,
            restitution_threshold: settings.restitution_threshold,
            limits: SpeedLimits::new(settings.max_linear_speed, dt),
            joint_softness: Softness::new(settings.joint_hertz, settings.joint_damping_ratio, h),
            workers,
        }
    }
}

/// One stage of the soft step: what the workers do between two barriers.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stage {
    /// Gravity, forces and damping kicked into the simulated bodies' velocities.
    Kick(Part),
    /// A pass over the joints that are not revolute, in slot order, on worker 0.
    Joints(JointPass),
    /// A pass over one colour of the revolute joints.
    Revolutes { color: usize, pass: RevolutePass },
    /// A pass over one colour of the contacts.
    Contacts { color: usize, pass: ContactPass },
    /// Poses moved by the velocities over a substep, as deltas from the step's start.
    Drift,
}

/// What a pass over the joints that are not revolute does.
#[derive(Clone, Copy, Debug)]
pub(crate) enum JointPass {
    WarmStart(WarmStart),
    Solve(SoftPass),
}

/// Which constraints the step has: where each colour's bundles start, and whether there
/// are joints that are not revolute. Stages with nothing to do are left out of the plan.
struct Present<'a> {
    contact_starts: &'a [usize; COLOR_COUNT + 2],
    revolute_starts: &'a [usize; COLOR_COUNT + 2],
    scalar_joints: bool,
}

impl Present<'_> {
    fn contact_colors(&self) -> impl Iterator<Item = usize> + '_ {
        filled_colors(self.contact_starts)
    }

    fn revolute_colors(&self) -> impl Iterator<Item = usize> + '_ {
        filled_colors(self.revolute_starts)
    }
}

/// Writes the step's stages into `stages`, in the order the workers run them.
pub(crate) fn plan(program: &Program, constraints: &StepConstraints, stages: &mut Vec<Stage>) {
    let present = Present {
        contact_starts: constraints.contacts.starts(),
        revolute_starts: constraints.revolutes.starts(),
        scalar_joints: !constraints.scalar_joints.is_empty(),
    };
    stages.clear();
    for substep in 0..program.substeps {
        let first = substep == 0;
        let last = substep + 1 == program.substeps;
        let kick = if first { Part::FirstHalf } else { Part::Whole };
        stages.push(Stage::Kick(kick));
        let warm = WarmStart::substep(substep);
        plan_warm_start(&present, warm, stages);
        plan_pass(program, &present, warm, PassKind::Solve, stages);
        stages.push(Stage::Drift);
        let relax = if last { Relax::Last } else { Relax::Yes };
        plan_pass(program, &present, warm, PassKind::Relax(relax), stages);
        if last {
            // Every body's last half kick (see `integrate::Part`), then the half of each
            // constraint's impulse that holds it (`WarmStart::closing`): the velocity
            // the step ends with is then the one at its end, in step with the pose.
            stages.push(Stage::Kick(Part::LastHalf));
            plan_warm_start(&present, WarmStart::closing(), stages);
        }
    }
    let inv_h = 1.0 / program.h;
    let threshold = program.restitution_threshold;
    for color in present.contact_colors() {
        let pass = ContactPass::Restitution { threshold, inv_h };
        stages.push(Stage::Contacts { color, pass });
    }
}

/// The colours (overflow included) that hold bundles, given where each starts.
fn filled_colors(starts: &[usize; COLOR_COUNT + 2]) -> impl Iterator<Item = usize> + '_ {
    (0..=COLOR_COUNT).filter(|&color| starts[color] < starts[color + 1])
}

/// The impulses the constraints ended the last substep (or step) with, given again in
/// the share this kick needs (`WarmStart`): the other joints, the revolute joints,
/// contacts.
fn plan_warm_start(present: &Present, warm: WarmStart, stages: &mut Vec<Stage>) {
    if present.scalar_joints {
        stages.push(Stage::Joints(JointPass::WarmStart(warm)));
    }
    for color in present.revolute_colors() {
        let pass = RevolutePass::WarmStart(warm);
        stages.push(Stage::Revolutes { color, pass });
    }
    for color in present.contact_colors() {
        let pass = ContactPass::WarmStart(warm);
        stages.push(Stage::Contacts { color, pass });
    }
}

/// Whether a pass pushes overlaps and joint errors apart (with position correction on)
/// or relaxes: the same pass without the push, only holding the velocities, which
/// takes back the speed the push added.
#[derive(Clone, Copy)]
enum PassKind {
    Solve,
    Relax(Relax),
}

/// One pass over the joints and contacts; `warm` is the substep's warm start
/// (`WarmStart::bounded`).
fn plan_pass(
    program: &Program,
    present: &Present,
    warm: WarmStart,
    kind: PassKind,
    stages: &mut Vec<Stage>,
) {
    let (use_bias, relax) = match kind {
        PassKind::Solve => (program.position_correction, Relax::No),
        PassKind::Relax(relax) => (false, relax),
    };
    let inv_h = 1.0 / program.h;
    if present.scalar_joints {
        let pass = SoftPass {
            h: program.h,
            inv_h,
            use_bias,
            warm,
        };
        stages.push(Stage::Joints(JointPass::Solve(pass)));
    }
    for color in present.revolute_colors() {
        let pass = RevolutePass::Solve {
            softness: use_bias.then_some(program.joint_softness),
            inv_h,
            warm,
        };
        stages.push(Stage::Revolutes { color, pass });
    }
    let solve = ContactSolve {
        inv_h,
        max_push: program.max_push,
        use_bias,
        threshold: program.restitution_threshold,
        share: warm.share,
        relax,
    };
    for color in present.contact_colors() {
        let pass = ContactPass::Solve(solve);
        stages.push(Stage::Contacts { color, pass });
    }
}

/// Bundles of one kind and where each colour's start (the last entry is the end).
struct Colored<'a, B> {
    bundles: Shared<'a, B>,
    starts: &'a [usize; COLOR_COUNT + 2],
}

impl<B> Colored<'_, B> {
    /// Worker `worker`'s block of `color`'s bundles: its share of an ordinary colour, all
    /// of the overflow colour for worker 0, whose constraints may share bodies.
    ///
    /// # Safety
    /// No other worker may take the same colour's block for the same `worker` until the
    /// next barrier.
    #[allow(clippy::mut_from_ref)]
    unsafe fn block(&self, color: usize, worker: usize, workers: usize) -> &mut [B] {
        let (start, end) = (self.starts[color], self.starts[color + 1]);
        let range = match (color == COLOR_COUNT, worker) {
            (true, 0) => start..end,
            (true, _) => start..start,
            (false, _) => {
                let mine = share(end - start, worker, workers);
                start + mine.start..start + mine.end
            }
        };
        // SAFETY: the blocks of one colour are disjoint, and the caller takes each once.
        unsafe { self.bundles.slice_mut(range) }
    }
}

/// The step's shared arrays, its stages and the barrier.
pub(crate) struct Crew<'a> {
    states: SharedStates<'a>,
    contacts: Colored<'a, WideContact>,
    revolutes: Colored<'a, WideRevolute>,
    scalar_joints: &'a [u32],
    kicks: &'a [Kick],
    movers: &'a [u32],
    stages: &'a [Stage],
    barrier: SpinBarrier,
    program: Program,
}

impl<'a> Crew<'a> {
    pub fn new(
        states: &'a mut [BodyState],
        constraints: &'a mut StepConstraints,
        dense: &'a DenseBodies,
        stages: &'a [Stage],
        program: Program,
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
            stages,
            barrier: SpinBarrier::new(program.workers),
            program,
        }
    }

    /// Runs the step's stages as worker `worker`, each followed by the barrier, the lane
    /// code in the form in use (`LaneForm`); worker 0 holds the joints that
    /// are not revolute.
    pub fn work(&self, worker: usize, mut joints: Option<&mut Slots<Joint>>) {
        let isa = InstructionSet::detect();
        let workers = self.program.workers;
        for &stage in self.stages {
            match stage {
                Stage::Kick(part) => self.kick(worker, part),
                Stage::Joints(pass) => self.scalar_joints(&mut joints, pass),
                // SAFETY (both colours): this worker's block of the colour, taken once;
                // within a colour no two bundles move the same body (colouring), so the
                // states it writes no other worker reads or writes before the barrier.
                Stage::Revolutes { color, pass } => {
                    let block = unsafe { self.revolutes.block(color, worker, workers) };
                    run_block(isa, block, &self.states, pass);
                }
                Stage::Contacts { color, pass } => {
                    let block = unsafe { self.contacts.block(color, worker, workers) };
                    run_block(isa, block, &self.states, pass);
                }
                Stage::Drift => self.drift(isa, worker),
            }
            self.barrier.wait();
        }
    }

    /// This worker's share of the moving bodies drifted over the substep, in `isa`'s form
    /// of the lane code. One worker per moving body: no other touches these rows.
    fn drift(&self, isa: InstructionSet, worker: usize) {
        let mine = &self.movers[share(self.movers.len(), worker, self.program.workers)];
        isa.run(Drift {
            states: &self.states,
            movers: mine,
            h: self.program.h,
            limits: self.program.limits,
        });
    }

    /// `part` of each simulated body's kick (see `Kick`), for this worker's share.
    fn kick(&self, worker: usize, part: Part) {
        // A loop per part, so that each compiles with its part's factors folded in
        // rather than choosing them body by body.
        match part {
            Part::Whole => self.kick_each(worker, Part::Whole),
            Part::FirstHalf => self.kick_each(worker, Part::FirstHalf),
            Part::LastHalf => self.kick_each(worker, Part::LastHalf),
        }
    }

    #[inline(always)]
    fn kick_each(&self, worker: usize, part: Part) {
        let limits = self.program.limits;
        for kick in &self.kicks[share(self.kicks.len(), worker, self.program.workers)] {
            let i = kick.index as usize;
            // SAFETY: each body has one kick and each kick one worker; nobody else
            // touches the states until the barrier. `slice_mut` checks the bounds.
            let state = unsafe { &mut self.states.slice_mut(i..i + 1)[0] };
            kick.apply_part(&mut state.v, &mut state.w, limits, part);
        }
    }

    /// `pass` on every joint that is not revolute, in slot order, on worker 0 (the one
    /// holding them).
    fn scalar_joints(&self, joints: &mut Option<&mut Slots<Joint>>, pass: JointPass) {
        let Some(joints) = joints else { return };
        // SAFETY: the other workers are waiting at the barrier after this stage and
        // touch no state until worker 0 reaches it.
        let states = unsafe { self.states.slice_mut(0..self.states.len()) };
        for &slot in self.scalar_joints {
            if let Some(joint) = joints.get_mut(slot) {
                match pass {
                    JointPass::WarmStart(warm) => joint.warm_start(states, warm.share),
                    JointPass::Solve(pass) => joint.solve(states, &pass),
                }
            }
        }
    }
}

/// Runs `pass` on every bundle of `block`, in order, in `isa`'s form of the lane code
/// (every form gives the same bits).
#[inline(always)]
fn run_block<B: Bundle>(
    isa: InstructionSet,
    block: &mut [B],
    states: &SharedStates,
    pass: B::Pass,
) {
    match isa {
        // SAFETY: an `Avx512` value exists only on a CPU with AVX-512F and VL, and AVX2.
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx512(avx2) => unsafe { block_avx512(block, states, pass, avx2) },
        // SAFETY: an `Avx2` value exists only on a CPU with AVX2.
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx2(avx2) => unsafe { block_avx2(block, states, pass, avx2) },
        InstructionSet::Portable => {
            for bundle in block {
                bundle.run(states, pass, Portable);
            }
        }
    }
}

/// Still eight lanes to a 256-bit register, but thirty-two registers instead of
/// sixteen: a contact bundle's solve keeps its values in registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn block_avx512<B: Bundle>(block: &mut [B], states: &SharedStates, pass: B::Pass, avx2: Avx2) {
    for bundle in block {
        bundle.run(states, pass, avx2);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn block_avx2<B: Bundle>(block: &mut [B], states: &SharedStates, pass: B::Pass, avx2: Avx2) {
    for bundle in block {
        bundle.run(states, pass, avx2);
    }
}
