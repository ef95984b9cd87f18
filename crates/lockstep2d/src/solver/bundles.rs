//! Constraints of the soft step, coloured and packed eight to a bundle: the contacts
//! (`wide_contact.rs`) and the bare revolute pins (`wide_pin.rs`) each fill one
//! `Bundles`.
//!
//! Each colour's constraints fill bundles in the order they are offered (memory order);
//! the overflow colour (whose constraints may share bodies) gets one constraint per
//! bundle, so its bundles run one after the other like scalar constraints.

use super::coloring::{COLOR_COUNT, Coloring};
use super::lanes::LANES;
use rayon::prelude::*;

/// Bundles per task when they are filled on threads.
const FILL_CHUNK: usize = 64;

/// Constraints per bundle: eight, but one in the overflow colour, whose constraints may
/// share bodies.
fn per_bundle(color: usize) -> usize {
    if color == COLOR_COUNT { 1 } else { LANES }
}

/// Up to eight constraints of one colour, one per lane.
pub(crate) trait Bundle: Clone + Send + Sync {
    /// Computes, eight lanes at a time, what the filled lanes need (effective masses).
    fn finish(&mut self);
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
    /// The same constraints in bundle order (filled only when bundles are built on
    /// threads).
    order: Vec<u32>,
    coloring: Coloring,
}

impl<B> Default for Bundles<B> {
    fn default() -> Self {
        Bundles {
            bundles: Vec::new(),
            starts: [0; COLOR_COUNT + 2],
            colored: Vec::new(),
            order: Vec::new(),
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
        let mut first = [0usize; COLOR_COUNT + 1];
        self.starts[0] = 0;
        for (color, &count) in counts.iter().enumerate() {
            let bundles = count.div_ceil(per_bundle(color));
            self.starts[color + 1] = self.starts[color] + bundles;
            first[color] = if color == 0 {
                0
            } else {
                first[color - 1] + counts[color - 1]
            };
        }
        if parallel {
            self.fill_in_parallel(first, empty, push);
        } else {
            self.fill_in_offered_order(empty, push);
        }
    }

    /// One thread: constraints are visited in the order offered (memory order) and land
    /// in their colour's next free lane: reading 15,000 contacts in colour order instead
    /// would miss the cache on most of them.
    fn fill_in_offered_order(&mut self, empty: &B, push: impl Fn(&mut B, u32)) {
        self.bundles.clear();
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], empty.clone());
        let mut filled = [0usize; COLOR_COUNT + 1];
        for &(index, color) in &self.colored {
            let color = color as usize;
            let rank = filled[color];
            filled[color] += 1;
            push(
                &mut self.bundles[self.starts[color] + rank / per_bundle(color)],
                index,
            );
        }
        for bundle in &mut self.bundles {
            bundle.finish();
        }
    }

    /// Several threads: the constraints are first sorted into bundle order (`first` is
    /// where each colour's begin), then each bundle is filled by one thread. The bundles
    /// are the same as `fill_in_offered_order`'s.
    fn fill_in_parallel(
        &mut self,
        first: [usize; COLOR_COUNT + 1],
        empty: &B,
        push: impl Fn(&mut B, u32) + Sync,
    ) {
        let mut next = first;
        self.order.clear();
        self.order.resize(self.colored.len(), 0);
        for &(index, color) in &self.colored {
            self.order[next[color as usize]] = index;
            next[color as usize] += 1;
        }
        // Each task resets its own bundles: no serial pass over them all.
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], empty.clone());
        let (starts, order) = (&self.starts, &self.order);
        self.bundles
            .par_iter_mut()
            .enumerate()
            .with_min_len(FILL_CHUNK)
            .for_each(|(bundle_index, bundle)| {
                let color = starts[1..].partition_point(|&end| end <= bundle_index);
                let per = per_bundle(color);
                let begin = first[color] + (bundle_index - starts[color]) * per;
                let end = (begin + per).min(next[color]);
                *bundle = empty.clone();
                for &index in &order[begin..end] {
                    push(bundle, index);
                }
                bundle.finish();
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
