//! Constraints of the soft step, coloured and packed eight to a bundle: the contacts
//! (`contact/wide.rs`) and the revolute joints (`joint/revolute/wide.rs`) each fill one
//! `Bundles`.
//!
//! Each colour's constraints fill bundles in the order they are offered (memory order);
//! the overflow colour (whose constraints may share bodies) gets one constraint per
//! bundle, so its bundles run one after the other like scalar constraints.

use super::coloring::{COLOR_COUNT, Coloring};
use super::share::share;
use crate::constraint::Bundle;
use crate::constraint::dispatch::{LaneKernel, dispatch};
use crate::constraint::lanes::LANES;
use crate::constraint::shared_states::LaneAccess;
use crate::prefetch::prefetch;

/// Constraints per bundle: eight, but one in the overflow colour, whose constraints may
/// share bodies.
fn per_bundle(color: usize) -> usize {
    if color == COLOR_COUNT { 1 } else { LANES }
}

/// A constraint offered for colouring: its index (in the contact set or the joint
/// slots) and its bodies, `None` for a body the step does not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub index: u32,
    pub a: Option<u32>,
    pub b: Option<u32>,
}

/// Where a coloured constraint goes: its colour, its bundle among its part's bundles of
/// that colour, and whether it takes that bundle's first lane.
#[derive(Clone, Copy, Debug)]
struct Placed {
    index: u32,
    color: u8,
    first: bool,
    slot: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Bundles<B> {
    /// In colour order.
    bundles: Vec<B>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The constraints offered for the layout below, in the order offered.
    offered: Vec<Candidate>,
    /// The parts and body count the layout below was made for.
    layout_for: Option<(usize, usize)>,
    /// Each constraint to solve, in the order offered, and where it goes.
    placed: Vec<Placed>,
    /// How many constraints of each colour each fill part holds (see `build`).
    part_counts: Vec<[usize; COLOR_COUNT + 1]>,
    coloring: Coloring,
}

impl<B> Default for Bundles<B> {
    fn default() -> Self {
        Bundles {
            bundles: Vec::new(),
            starts: [0; COLOR_COUNT + 2],
            offered: Vec::new(),
            layout_for: None,
            placed: Vec::new(),
            part_counts: Vec::new(),
            coloring: Coloring::default(),
        }
    }
}

impl<B: Bundle> Bundles<B> {
    /// Colours `candidates` (bodies numbered below `body_count`) and fills the bundles:
    /// `push` adds constraint `index` to a bundle's next lane, every bundle starts as
    /// `empty`, and `ahead` is told each constraint a few pushes before its own, to ask
    /// the CPU for what `push` will read of it. With `parallel` (inside the world's
    /// pool) the bundles are filled on its threads.
    ///
    /// The coloured constraints are cut into as many equal runs (parts) as there are
    /// threads, and each part fills bundles of its own in every colour: a colour's
    /// bundles are its parts' bundles one after the other, each part's last one padded.
    /// So each thread reads its run of constraints in memory order and writes bundles
    /// no other thread writes. Which lane a constraint lands in does not change what is
    /// computed (a colour's constraints share no moving body, and the overflow colour
    /// keeps the order offered), so the results are the same on any number of threads.
    ///
    /// The layout (each constraint's colour, bundle and lane) depends only on the
    /// constraints offered, in order, with their bodies, and on the parts: when those
    /// are the step before's, as in a resting pile, the layout is kept and only the
    /// bundles' contents are filled again.
    pub fn build(
        &mut self,
        candidates: impl Iterator<Item = Candidate>,
        body_count: usize,
        (empty, push, ahead): (&B, impl Fn(&mut B, u32) + Sync, impl Fn(u32) + Sync),
        parallel: bool,
    ) {
        let parts = if parallel {
            crate::threads::current_threads().clamp(1, MAX_PARTS)
        } else {
            1
        };
        let same = self.offer(candidates);
        if !same || self.layout_for != Some((parts, body_count)) {
            self.lay_out(body_count, parts);
            self.layout_for = Some((parts, body_count));
        }
        // Each part resets its own bundles: no serial pass over them all.
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], empty.clone());
        let mut chunks = split_parts(&mut self.bundles, &self.part_counts);
        let placed = self.placed.as_slice();
        let (push, empty, ahead) = (&push, empty, &ahead);
        let run = |part: usize| share(placed.len(), part, parts);
        #[cfg(feature = "threads")]
        if parts > 1 {
            rayon::scope(|scope| {
                for (part, mine) in chunks.iter_mut().take(parts).enumerate() {
                    let constraints = &placed[run(part)];
                    scope.spawn(move |_| fill_part(mine, constraints, empty, (push, ahead)));
                }
            });
            return;
        }
        fill_part(&mut chunks[0], &placed[run(0)], empty, (push, ahead));
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

    /// Colours the offered constraints, in order, counts each part's constraints of
    /// each colour, and places each constraint in its part's next free lane of its
    /// colour.
    fn lay_out(&mut self, body_count: usize, parts: usize) {
        self.coloring.reset(body_count);
        self.placed.clear();
        for &Candidate { index, a, b } in &self.offered {
            let color = self.coloring.assign(a, b);
            self.placed.push(Placed {
                index,
                color: color as u8,
                first: false,
                slot: 0,
            });
        }
        self.part_counts.clear();
        self.part_counts.resize(parts, [0; COLOR_COUNT + 1]);
        for part in 0..parts {
            let counts = &mut self.part_counts[part];
            for placed in &mut self.placed[share(self.offered.len(), part, parts)] {
                let color = usize::from(placed.color);
                let rank = counts[color];
                counts[color] += 1;
                placed.slot = (rank / per_bundle(color)) as u32;
                placed.first = rank.is_multiple_of(per_bundle(color));
            }
        }
        self.starts[0] = 0;
        for color in 0..=COLOR_COUNT {
            let bundles: usize = self.part_bundles(color).sum();
            self.starts[color + 1] = self.starts[color] + bundles;
        }
    }

    /// How many bundles each part fills in `color`.
    fn part_bundles(&self, color: usize) -> impl Iterator<Item = usize> + '_ {
        self.part_counts
            .iter()
            .map(move |counts| counts[color].div_ceil(per_bundle(color)))
    }

    /// The bundles in colour order, and where each colour's start (the last entry is
    /// the end), for the step's workers (`stages.rs`).
    pub fn parts(&mut self) -> (&mut [B], &[usize; COLOR_COUNT + 2]) {
        (&mut self.bundles, &self.starts)
    }

    /// Where each colour's bundles start (the last entry is the end).
    pub fn starts(&self) -> &[usize; COLOR_COUNT + 2] {
        &self.starts
    }

    pub fn as_slice(&self) -> &[B] {
        &self.bundles
    }
}

/// The most parts the bundles are filled in: more threads than this share them.
const MAX_PARTS: usize = 8;

/// One part's bundles, colour by colour.
type PartBundles<'a, B> = [&'a mut [B]; COLOR_COUNT + 1];

/// Cuts `bundles` (colour by colour, each colour part by part) into each part's bundles
/// of each colour; `part_counts` has each part's constraints per colour.
fn split_parts<'a, B>(
    bundles: &'a mut [B],
    part_counts: &[[usize; COLOR_COUNT + 1]],
) -> [PartBundles<'a, B>; MAX_PARTS] {
    let mut chunks: [PartBundles<'a, B>; MAX_PARTS] =
        std::array::from_fn(|_| std::array::from_fn(|_| Default::default()));
    let mut rest = bundles;
    for color in 0..=COLOR_COUNT {
        for (part, counts) in part_counts.iter().enumerate() {
            let count = counts[color].div_ceil(per_bundle(color));
            let (mine, others) = std::mem::take(&mut rest).split_at_mut(count);
            chunks[part][color] = mine;
            rest = others;
        }
    }
    chunks
}

/// Fills one part's bundles: each of `constraints` (in memory order: reading 15,000
/// contacts in colour order instead would miss the cache on most of them) goes to the
/// next lane of the bundle it was placed in.
fn fill_part<B: Bundle>(
    bundles: &mut PartBundles<'_, B>,
    constraints: &[Placed],
    empty: &B,
    (push, ahead): (impl Fn(&mut B, u32), impl Fn(u32)),
) {
    for (color, mine) in bundles.iter_mut().enumerate() {
        restart(mine, color, empty);
    }
    for (i, placed) in constraints.iter().enumerate() {
        if let Some(later) = constraints.get(i + SOURCE_AHEAD) {
            ahead(later.index);
        }
        let mine = &mut bundles[usize::from(placed.color)];
        let slot = placed.slot as usize;
        if placed.first
            && let Some(next) = mine.get(slot + 1)
        {
            prefetch(next);
        }
        push(&mut mine[slot], placed.index);
    }
    for mine in bundles.iter_mut() {
        finish_bundles(mine);
    }
}

/// How many pushes before its own a constraint's source is asked for. Read in memory
/// order, 15,000 contacts still missed the cache on most reads (the hardware prefetcher
/// loses the read stream among the colours' write streams); asking ahead takes back
/// most of the misses (docs/decisions.md, "Contacts asked for eight pushes ahead").
const SOURCE_AHEAD: usize = 8;

/// `Bundle::finish` on every bundle, in the best form of the lane code this CPU takes.
fn finish_bundles<B: Bundle>(bundles: &mut [B]) {
    dispatch(FinishBundles(bundles));
}

struct FinishBundles<'a, B>(&'a mut [B]);

impl<B: Bundle> LaneKernel for FinishBundles<'_, B> {
    type Output = ();

    #[inline(always)]
    fn run(self, _: impl LaneAccess) {
        self.0.iter_mut().for_each(B::finish);
    }
}

/// Readies one part's `bundles` of `color` for filling without rewriting them all:
/// they are full but for the last, so only that one, whose padding lanes must read the
/// dummy body with zero masses, becomes `empty`; the others restart. An overflow bundle
/// has one lane, so every one becomes `empty`.
fn restart<B: Bundle>(bundles: &mut [B], color: usize, empty: &B) {
    let full = if color == COLOR_COUNT {
        0
    } else {
        bundles.len().saturating_sub(1)
    };
    let (full, partial) = bundles.split_at_mut(full);
    full.iter_mut().for_each(B::restart);
    partial
        .iter_mut()
        .for_each(|bundle| bundle.clone_from(empty));
}
