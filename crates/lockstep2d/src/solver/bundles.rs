//! Constraints of the soft step, coloured and packed eight to a bundle: the contacts
//! (`contact/wide.rs`) and the revolute joints (`joint/revolute/wide.rs`) each fill one
//! `Bundles`.
//!
//! Each colour's constraints fill its bundles in the order they are offered (memory
//! order); the overflow colour (whose constraints may share bodies) gets one constraint
//! per bundle, so its bundles run one after the other like scalar constraints.

use super::coloring::{COLOR_COUNT, Coloring};
#[cfg(feature = "threads")]
use super::share::share;
use crate::constraint::lanes::LANES;

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

/// The constraints of one bundle, one per lane from the first: their indices (in the
/// contact set or the joint slots).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Members {
    index: [u32; LANES],
    len: u8,
}

impl Members {
    pub fn indices(&self) -> &[u32] {
        &self.index[..usize::from(self.len)]
    }

    fn add(&mut self, index: u32) {
        self.index[usize::from(self.len)] = index;
        self.len += 1;
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Bundles<B> {
    /// In colour order.
    bundles: Vec<B>,
    /// Each bundle's constraints.
    members: Vec<Members>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The constraints offered for the layout above, in the order offered.
    offered: Vec<Candidate>,
    /// The body count the layout above was made for.
    layout_for: Option<usize>,
    /// Each offered constraint's colour (the layout's scratch).
    colors: Vec<u8>,
    coloring: Coloring,
}

impl<B> Default for Bundles<B> {
    fn default() -> Self {
        Bundles {
            bundles: Vec::new(),
            members: Vec::new(),
            starts: [0; COLOR_COUNT + 2],
            offered: Vec::new(),
            layout_for: None,
            colors: Vec::new(),
            coloring: Coloring::default(),
        }
    }
}

impl<B: Clone + Send> Bundles<B> {
    /// Colours `candidates` (bodies numbered below `body_count`), packs them into
    /// bundles and fills those: `fill` gets a run of bundles, each new or holding what
    /// it held the step before, and their members, and makes each bundle solve its
    /// members (padding the lanes past them: they read the dummy body and push nothing).
    /// New bundles start as `empty`. With `parallel` (inside the world's pool) the runs
    /// are filled on its threads: each bundle is filled from its members alone, so how
    /// the bundles are cut into runs changes nothing.
    ///
    /// The layout (each constraint's colour, bundle and lane) depends only on the
    /// constraints offered, in order, with their bodies: when those are the step
    /// before's, as in a resting pile, the layout is kept and only the bundles'
    /// contents are filled again.
    pub fn build(
        &mut self,
        candidates: impl Iterator<Item = Candidate>,
        body_count: usize,
        (empty, fill): (&B, impl Fn(&mut [B], &[Members]) + Sync),
        parallel: bool,
    ) {
        let same = self.offer(candidates);
        if !same || self.layout_for != Some(body_count) {
            self.lay_out(body_count);
            self.layout_for = Some(body_count);
        }
        self.bundles.resize(self.members.len(), empty.clone());
        #[cfg(feature = "threads")]
        if parallel && crate::threads::current_threads() > 1 {
            fill_on_threads(&mut self.bundles, &self.members, &fill);
            return;
        }
        let _ = parallel;
        fill(&mut self.bundles, &self.members);
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

    /// Colours the offered constraints, in order, and places each in its colour's next
    /// free lane.
    fn lay_out(&mut self, body_count: usize) {
        self.coloring.reset(body_count);
        self.colors.clear();
        let mut counts = [0usize; COLOR_COUNT + 1];
        for &Candidate { a, b, .. } in &self.offered {
            let color = self.coloring.assign(a, b);
            counts[color] += 1;
            self.colors.push(color as u8);
        }
        self.starts[0] = 0;
        for (color, &count) in counts.iter().enumerate() {
            self.starts[color + 1] = self.starts[color] + count.div_ceil(per_bundle(color));
        }
        self.members.clear();
        self.members
            .resize(self.starts[COLOR_COUNT + 1], Members::default());
        let mut ranks = [0usize; COLOR_COUNT + 1];
        for (candidate, &color) in self.offered.iter().zip(&self.colors) {
            let color = usize::from(color);
            let bundle = self.starts[color] + ranks[color] / per_bundle(color);
            ranks[color] += 1;
            self.members[bundle].add(candidate.index);
        }
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

/// `fill` on equal runs of the bundles, one per thread of the pool the caller is in.
#[cfg(feature = "threads")]
fn fill_on_threads<B: Send>(
    mut bundles: &mut [B],
    mut members: &[Members],
    fill: &(impl Fn(&mut [B], &[Members]) + Sync),
) {
    let (parts, count) = (crate::threads::current_threads(), members.len());
    rayon::scope(|scope| {
        for part in 0..parts {
            let run = share(count, part, parts).len();
            let (mine, rest) = std::mem::take(&mut bundles).split_at_mut(run);
            let (theirs, others) = members.split_at(run);
            (bundles, members) = (rest, others);
            scope.spawn(move |_| fill(mine, theirs));
        }
    });
}
