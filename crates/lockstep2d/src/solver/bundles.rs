//! Constraints of the soft step, coloured and packed eight to a bundle: the contacts
//! (`wide_contact.rs`) and the bare revolute pins (`wide_pin.rs`) each fill one
//! `Bundles`.
//!
//! Each colour's constraints take its bundles' lanes in the order they are offered;
//! the overflow colour (whose constraints may share bodies) gets one constraint per
//! bundle, so its bundles run one after the other like scalar constraints. Each bundle
//! is then filled whole, all eight lanes at once (`Bundle::fill`).

use super::coloring::{COLOR_COUNT, Coloring};
use super::dispatch::{LaneKernel, dispatch};
use super::lanes::LANES;
#[cfg(feature = "threads")]
use super::share::share;
use super::shared_states::{LaneAccess, SharedStates};

/// Constraints per bundle: eight, but one in the overflow colour, whose constraints may
/// share bodies.
fn per_bundle(color: usize) -> usize {
    if color == COLOR_COUNT { 1 } else { LANES }
}

/// Up to eight constraints of one colour, one per lane.
pub(crate) trait Bundle: Clone + Send + Sync {
    /// What one pass over the bundles does (warm start, solve, ...).
    type Pass: Copy;

    /// What filling a bundle reads: the constraints and the bodies.
    type Source<'a>: Sync;

    /// Fills every lane: lane i from constraint `lanes[i]` of `source`, or as padding
    /// (the dummy body, no mass) where it is `NO_LANE`. Must be `#[inline(always)]`,
    /// so that `fill` compiles it with the dispatched instruction set.
    fn fill(&mut self, source: &Self::Source<'_>, lanes: &[u32; LANES], access: impl LaneAccess);

    /// Asks the CPU for what `fill` will read of constraint `index`, a few bundles
    /// before it is filled.
    fn ask_for(source: &Self::Source<'_>, index: u32);

    /// Computes, eight lanes at a time, what the filled lanes need (effective masses).
    /// Must be `#[inline(always)]`, like `fill`.
    fn finish(&mut self);

    /// Runs `pass` on the bundle: gathers its bodies into lanes, solves, writes back the
    /// bodies it moves. Must be `#[inline(always)]`, so that `run_bundles` compiles it
    /// for AVX2.
    fn run(&mut self, states: &SharedStates, pass: Self::Pass, lanes: impl LaneAccess);
}

/// Runs `pass` on `bundles` in order, in the form of the lane code this CPU takes
/// (`dispatch.rs`): every form gives the same bits.
pub(crate) fn run_bundles<B: Bundle>(bundles: &mut [B], states: &SharedStates, pass: B::Pass) {
    dispatch(RunBundles {
        bundles,
        states,
        pass,
    });
}

struct RunBundles<'a, 'b, B: Bundle> {
    bundles: &'a mut [B],
    states: &'a SharedStates<'b>,
    pass: B::Pass,
}

impl<B: Bundle> LaneKernel for RunBundles<'_, '_, B> {
    type Output = ();

    #[inline(always)]
    fn run(self, lanes: impl LaneAccess) {
        run_bundles_with(self.bundles, self.states, self.pass, lanes);
    }
}

/// The portable path, for tests to compare with the dispatched one.
#[inline(always)]
pub(crate) fn run_bundles_with<B: Bundle>(
    bundles: &mut [B],
    states: &SharedStates,
    pass: B::Pass,
    lanes: impl LaneAccess,
) {
    for bundle in bundles {
        bundle.run(states, pass, lanes);
    }
}

/// A constraint offered for colouring: its index (in the contact set or the joint
/// slots) and its bodies, `None` for a body the step does not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub index: u32,
    pub a: Option<u32>,
    pub b: Option<u32>,
}

/// The lane of a bundle that holds no constraint.
pub(crate) const NO_LANE: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(crate) struct Bundles<B> {
    /// In colour order.
    bundles: Vec<B>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The constraints offered for the layout below, in the order offered.
    offered: Vec<Candidate>,
    /// The body count the layout below was made for.
    laid_out_for: Option<usize>,
    /// Each bundle's constraint in each lane, `NO_LANE` past its last.
    lanes: Vec<[u32; LANES]>,
    /// Each offered constraint's colour (scratch of `lay_out`).
    colors: Vec<u8>,
    coloring: Coloring,
}

impl<B> Default for Bundles<B> {
    fn default() -> Self {
        Bundles {
            bundles: Vec::new(),
            starts: [0; COLOR_COUNT + 2],
            offered: Vec::new(),
            laid_out_for: None,
            lanes: Vec::new(),
            colors: Vec::new(),
            coloring: Coloring::default(),
        }
    }
}

impl<B: Bundle + Default> Bundles<B> {
    /// Colours `candidates` (bodies numbered below `body_count`) and fills the bundles
    /// from `source`. With `parallel` (inside the world's pool) the bundles are shared
    /// out among its threads in equal runs: each bundle is filled whole from its own
    /// constraints, so which thread fills it changes nothing.
    ///
    /// The layout (each constraint's colour, bundle and lane) depends only on the
    /// constraints offered, in order, with their bodies: when those are the step
    /// before's, as in a resting pile, the layout is kept and only the bundles'
    /// contents are filled again. Which lane a constraint lands in does not change
    /// what is computed anyway: a colour's constraints share no moving body, and the
    /// overflow colour keeps the order offered.
    pub fn build(
        &mut self,
        candidates: impl Iterator<Item = Candidate>,
        body_count: usize,
        source: &B::Source<'_>,
        parallel: bool,
    ) {
        let same = self.offer(candidates);
        if !same || self.laid_out_for != Some(body_count) {
            self.lay_out(body_count);
            self.laid_out_for = Some(body_count);
        }
        self.bundles.resize_with(self.lanes.len(), B::default);
        let (bundles, lanes) = (&mut self.bundles[..], &self.lanes[..]);
        #[cfg(feature = "threads")]
        if parallel {
            fill_on_threads(bundles, lanes, source);
            return;
        }
        // Without the thread pool there is one filler.
        #[cfg(not(feature = "threads"))]
        let _ = parallel;
        fill_bundles(bundles, lanes, source);
    }

    /// Takes this step's constraints in place of the last layout's; whether they are
    /// the same, in the same order.
    fn offer(&mut self, candidates: impl Iterator<Item = Candidate>) -> bool {
        let mut same = true;
        let mut count = 0;
        for candidate in candidates {
            match self.offered.get_mut(count) {
                Some(old) if *old == candidate => {}
                Some(old) => {
                    *old = candidate;
                    same = false;
                }
                None => {
                    self.offered.push(candidate);
                    same = false;
                }
            }
            count += 1;
        }
        same &= count == self.offered.len();
        self.offered.truncate(count);
        same
    }

    /// Colours the offered constraints, in order, and gives each the next free lane of
    /// its colour.
    fn lay_out(&mut self, body_count: usize) {
        self.coloring.reset(body_count);
        self.colors.clear();
        let mut counts = [0usize; COLOR_COUNT + 1];
        for &Candidate { a, b, .. } in &self.offered {
            let color = self.coloring.assign(a, b);
            self.colors.push(color as u8);
            counts[color] += 1;
        }
        self.starts[0] = 0;
        for (color, count) in counts.iter().enumerate() {
            let bundles = count.div_ceil(per_bundle(color));
            self.starts[color + 1] = self.starts[color] + bundles;
        }
        self.lanes.clear();
        self.lanes
            .resize(self.starts[COLOR_COUNT + 1], [NO_LANE; LANES]);
        let mut taken = [0usize; COLOR_COUNT + 1];
        for (candidate, &color) in self.offered.iter().zip(&self.colors) {
            let color = usize::from(color);
            let rank = taken[color];
            taken[color] += 1;
            let bundle = self.starts[color] + rank / per_bundle(color);
            self.lanes[bundle][rank % per_bundle(color)] = candidate.index;
        }
    }

    /// The bundles in colour order, and where each colour's start (the last entry is
    /// the end), for the step's workers (`crew.rs`).
    pub fn parts(&mut self) -> (&mut [B], &[usize; COLOR_COUNT + 2]) {
        (&mut self.bundles, &self.starts)
    }

    pub fn iter(&self) -> impl Iterator<Item = &B> {
        self.bundles.iter()
    }

    pub fn as_slice(&self) -> &[B] {
        &self.bundles
    }
}

/// `fill_bundles` on equal runs of the bundles, one per thread of the current pool.
#[cfg(feature = "threads")]
fn fill_on_threads<B: Bundle>(bundles: &mut [B], lanes: &[[u32; LANES]], source: &B::Source<'_>) {
    let parts = crate::threads::current_threads();
    let count = bundles.len();
    let mut rest = bundles;
    rayon::scope(|scope| {
        for part in 0..parts {
            let run = share(count, part, parts);
            let (mine, others) = std::mem::take(&mut rest).split_at_mut(run.len());
            rest = others;
            let lanes = &lanes[run];
            scope.spawn(move |_| fill_bundles(mine, lanes, source));
        }
    });
}

/// Fills and finishes `bundles` from their `lanes`, in the dispatched form of the lane
/// code (`dispatch.rs`), asking for each bundle's constraints a few bundles ahead.
fn fill_bundles<B: Bundle>(bundles: &mut [B], lanes: &[[u32; LANES]], source: &B::Source<'_>) {
    dispatch(FillBundles {
        bundles,
        lanes,
        source,
    });
}

struct FillBundles<'a, 'b, 's, B: Bundle> {
    bundles: &'a mut [B],
    lanes: &'a [[u32; LANES]],
    source: &'b B::Source<'s>,
}

impl<B: Bundle> LaneKernel for FillBundles<'_, '_, '_, B> {
    type Output = ();

    #[inline(always)]
    fn run(self, access: impl LaneAccess) {
        for (i, (bundle, lanes)) in self.bundles.iter_mut().zip(self.lanes).enumerate() {
            for &later in self.lanes.get(i + BUNDLES_AHEAD).into_iter().flatten() {
                if later != NO_LANE {
                    B::ask_for(self.source, later);
                }
            }
            bundle.fill(self.source, lanes, access);
            bundle.finish();
        }
    }
}

/// How many bundles before its own a bundle's constraints are asked for. Read in
/// colour order, the contacts are scattered through memory, and a contact read without
/// asking missed the cache.
const BUNDLES_AHEAD: usize = 2;

/// Asks the CPU to bring `value`'s cache lines in: a contact a few bundles before the
/// fill reads it.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let start = (value as *const T).cast::<i8>();
        for offset in (0..size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch is a hint that cannot fault; the address is inside
            // `value`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.add(offset)) };
        }
    }
    // Elsewhere a no-op: the hint is an x86-64 instruction.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// What the SIMD bundles' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Bundle, SharedStates, run_bundles, run_bundles_with};
    use crate::solver::BodyState;
    use crate::solver::shared_states::Portable;

    /// A deterministic spread of values in [-1, 1).
    pub fn noise(seed: &mut u32) -> f32 {
        *seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (*seed >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }

    /// Runs `passes` on two copies of `scene()`, one by the portable path and one by the
    /// dispatched path (AVX2 on a CPU that has it: transposes against element copies,
    /// and in release builds AVX2 against SSE2 arithmetic). Asserts that the passes
    /// changed something (`bits` lists what to compare) and that both paths agree bit
    /// for bit. The golden hashes, equal in debug and release, check the same across
    /// whole scenes.
    pub fn assert_dispatch_matches_portable<B: Bundle>(
        scene: impl Fn() -> (Vec<B>, Vec<BodyState>),
        passes: &[B::Pass],
        bits: impl Fn(&[B], &[BodyState]) -> Vec<u32>,
    ) {
        let (mut portable, mut portable_states) = scene();
        let (mut dispatched, mut dispatched_states) = scene();
        for &pass in passes {
            let states = SharedStates::new(&mut portable_states);
            run_bundles_with(&mut portable, &states, pass, Portable);
            let states = SharedStates::new(&mut dispatched_states);
            run_bundles(&mut dispatched, &states, pass);
        }
        let (before, before_states) = scene();
        let after = bits(&portable, &portable_states);
        assert_ne!(
            bits(&before, &before_states),
            after,
            "the passes must change something"
        );
        assert_eq!(after, bits(&dispatched, &dispatched_states));
    }
}
