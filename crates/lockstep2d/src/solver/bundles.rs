//! Constraints of the soft step, coloured and packed eight to a bundle: the contacts
//! (`wide_contact.rs`) and the bare revolute pins (`wide_pin.rs`) each fill one
//! `Bundles`.
//!
//! Each colour's constraints fill bundles in the order they are offered (memory order);
//! the overflow colour (whose constraints may share bodies) gets one constraint per
//! bundle, so its bundles run one after the other like scalar constraints.

use super::coloring::{COLOR_COUNT, Coloring};
use super::lanes::LANES;
#[cfg(target_arch = "x86_64")]
use super::shared_states::Avx2;
use super::shared_states::{LaneAccess, Portable, SharedStates};

/// Constraints per bundle: eight, but one in the overflow colour, whose constraints may
/// share bodies.
fn per_bundle(color: usize) -> usize {
    if color == COLOR_COUNT { 1 } else { LANES }
}

/// Up to eight constraints of one colour, one per lane.
pub(crate) trait Bundle: Clone + Send + Sync {
    /// What one pass over the bundles does (warm start, solve, ...).
    type Pass: Copy;

    /// Makes the bundle take its lanes from the first again, keeping the old lanes' data:
    /// for a bundle whose every lane is about to be filled, which overwrites them all.
    fn restart(&mut self);

    /// Computes, eight lanes at a time, what the filled lanes need (effective masses).
    /// Must be `#[inline(always)]`, so that `finish_bundles` compiles it for AVX2.
    fn finish(&mut self);

    /// Runs `pass` on the bundle: gathers its bodies into lanes, solves, writes back the
    /// bodies it moves. Must be `#[inline(always)]`, so that `run_bundles` compiles it
    /// for AVX2.
    fn run(&mut self, states: &SharedStates, pass: Self::Pass, lanes: impl LaneAccess);
}

/// Runs `pass` on `bundles` in order: with AVX2 (eight lanes in one register, bodies
/// moved in and out by transposes) where the CPU has it, with the portable build (SSE2
/// on x86_64: two registers per lane vector) elsewhere. Both compile the same arithmetic
/// with the same IEEE operations, so they give the same bits.
pub(crate) fn run_bundles<B: Bundle>(bundles: &mut [B], states: &SharedStates, pass: B::Pass) {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: an `Avx2` value exists only when the CPU has AVX2.
        unsafe { run_bundles_avx2(bundles, states, pass, avx2) };
        return;
    }
    run_bundles_with(bundles, states, pass, Portable);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_bundles_avx2<B: Bundle>(
    bundles: &mut [B],
    states: &SharedStates,
    pass: B::Pass,
    avx2: Avx2,
) {
    run_bundles_with(bundles, states, pass, avx2);
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
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub index: u32,
    pub a: Option<u32>,
    pub b: Option<u32>,
}

#[derive(Clone, Debug)]
pub(crate) struct Bundles<B> {
    /// In colour order.
    bundles: Vec<B>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The constraints to solve with their colours, in the order offered.
    colored: Vec<(u32, u32)>,
    coloring: Coloring,
}

impl<B> Default for Bundles<B> {
    fn default() -> Self {
        Bundles {
            bundles: Vec::new(),
            starts: [0; COLOR_COUNT + 2],
            colored: Vec::new(),
            coloring: Coloring::default(),
        }
    }
}

impl<B: Bundle> Bundles<B> {
    /// Colours `candidates` (bodies numbered below `body_count`) and fills the bundles:
    /// `push` adds constraint `index` to a bundle's next lane, and every bundle starts
    /// as `empty`. With `parallel` (inside the world's pool) the bundles are filled on
    /// its threads.
    pub fn build(
        &mut self,
        candidates: impl Iterator<Item = Candidate>,
        body_count: usize,
        (empty, push): (&B, impl Fn(&mut B, u32) + Sync),
        parallel: bool,
    ) {
        let counts = self.color(candidates, body_count);
        self.starts[0] = 0;
        for (color, &count) in counts.iter().enumerate() {
            let bundles = count.div_ceil(per_bundle(color));
            self.starts[color + 1] = self.starts[color] + bundles;
        }
        // Each filler resets its own bundles: no serial pass over them all.
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], empty.clone());
        if parallel {
            self.fill_in_parallel(empty, push);
        } else {
            let all = (&self.starts, self.colored.as_slice());
            fill_colors(&mut self.bundles, 0..COLOR_COUNT + 1, all, empty, push);
        }
    }

    /// Several threads: the colours are split into as many runs of whole colours as the
    /// pool has threads, about equal in bundles, and each thread fills its run's bundles
    /// as one thread fills them all (`fill_colors`), taking only the constraints of its
    /// colours. So every thread reads memory in order (handing out bundles instead made
    /// each thread read the contacts at random, and two threads were hardly faster than
    /// one), and the bundles are the same on any number of threads.
    fn fill_in_parallel(&mut self, empty: &B, push: impl Fn(&mut B, u32) + Sync) {
        let (starts, colored) = (&self.starts, &self.colored);
        let threads = rayon::current_num_threads();
        let total = starts[COLOR_COUNT + 1];
        let (push, empty) = (&push, empty);
        rayon::scope(|scope| {
            let mut rest = self.bundles.as_mut_slice();
            let mut first_color = 0;
            for thread in 1..=threads {
                // The first colour boundary at or past this thread's share.
                let target = total * thread / threads;
                let end_color = (first_color..=COLOR_COUNT + 1)
                    .find(|&c| starts[c] >= target)
                    .unwrap_or(COLOR_COUNT + 1);
                let colors = first_color..end_color;
                let (mine, others) = rest.split_at_mut(starts[end_color] - starts[first_color]);
                rest = others;
                first_color = end_color;
                scope.spawn(move |_| {
                    fill_colors(mine, colors, (starts, colored), empty, push);
                });
            }
        });
    }

    /// Colours the candidates, in order, into `colored`; returns how many each colour
    /// got.
    fn color(
        &mut self,
        candidates: impl Iterator<Item = Candidate>,
        body_count: usize,
    ) -> [usize; COLOR_COUNT + 1] {
        self.coloring.reset(body_count);
        self.colored.clear();
        let mut counts = [0usize; COLOR_COUNT + 1];
        for Candidate { index, a, b } in candidates {
            let color = self.coloring.assign(a, b);
            counts[color] += 1;
            self.colored.push((index, color as u32));
        }
        counts
    }

    /// The bundles in colour order, and where each colour's start (the last entry is
    /// the end), for the step's workers (`crew.rs`).
    pub fn parts(&mut self) -> (&mut [B], &[usize; COLOR_COUNT + 2]) {
        (&mut self.bundles, &self.starts)
    }

    pub fn iter(&self) -> impl Iterator<Item = &B> {
        self.bundles.iter()
    }
}

/// Fills `bundles`, the bundles of `colors` (which start at `starts[colors.start]`):
/// each constraint of those colours, in the order offered, goes to its colour's next
/// free lane. The constraints are visited in memory order: reading 15,000 contacts in
/// colour order instead would miss the cache on most of them.
fn fill_colors<B: Bundle>(
    bundles: &mut [B],
    colors: std::ops::Range<usize>,
    (starts, colored): (&[usize; COLOR_COUNT + 2], &[(u32, u32)]),
    empty: &B,
    push: impl Fn(&mut B, u32),
) {
    let base = starts[colors.start];
    restart(bundles, colors.clone(), starts, empty);
    let mut filled = [0usize; COLOR_COUNT + 1];
    for &(index, color) in colored {
        let color = color as usize;
        if !colors.contains(&color) {
            continue;
        }
        let rank = filled[color];
        filled[color] += 1;
        let slot = starts[color] - base + rank / per_bundle(color);
        if rank % per_bundle(color) == 0
            && let Some(next) = bundles.get(slot + 1)
        {
            prefetch(next);
        }
        push(&mut bundles[slot], index);
    }
    finish_bundles(bundles);
}

/// `Bundle::finish` on every bundle, with AVX2 where the CPU has it (as `run_bundles`;
/// the same IEEE operations either way).
fn finish_bundles<B: Bundle>(bundles: &mut [B]) {
    #[cfg(target_arch = "x86_64")]
    if Avx2::detect().is_some() {
        // SAFETY: the CPU has AVX2.
        unsafe { finish_bundles_avx2(bundles) };
        return;
    }
    bundles.iter_mut().for_each(B::finish);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn finish_bundles_avx2<B: Bundle>(bundles: &mut [B]) {
    bundles.iter_mut().for_each(B::finish);
}

/// Asks the CPU to bring `value`'s cache lines in: a colour's next bundle, while its
/// current one fills. The colours' bundles are filled side by side, each a stream the
/// hardware prefetcher does not follow, and the first touch of each bundle missed the
/// cache: a quarter of the filling's time.
#[inline(always)]
fn prefetch<T>(value: &T) {
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
}

/// Readies `bundles` (the bundles of `colors`) for filling without rewriting them all: a
/// colour's bundles are full but for its last, so only that one, whose padding lanes
/// must read the dummy body with zero masses, becomes `empty`; the others restart. An
/// overflow bundle has one lane, so every one becomes `empty`.
fn restart<B: Bundle>(
    bundles: &mut [B],
    colors: std::ops::Range<usize>,
    starts: &[usize; COLOR_COUNT + 2],
    empty: &B,
) {
    let base = starts[colors.start];
    for color in colors {
        let mine = &mut bundles[starts[color] - base..starts[color + 1] - base];
        let full = if color == COLOR_COUNT {
            0
        } else {
            mine.len().saturating_sub(1)
        };
        let (full, partial) = mine.split_at_mut(full);
        full.iter_mut().for_each(B::restart);
        partial
            .iter_mut()
            .for_each(|bundle| bundle.clone_from(empty));
    }
}

/// What the SIMD bundles' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Bundle, Portable, SharedStates, run_bundles, run_bundles_with};
    use crate::solver::BodyState;

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
