//! The soft step's contacts, coloured and packed eight to a bundle, and the passes over
//! them.
//!
//! Each colour's contacts fill bundles in contact-set order; the overflow colour (whose
//! contacts may share bodies) gets one contact per bundle, so its bundles run one after
//! the other like scalar constraints.

use super::coloring::{COLOR_COUNT, Coloring};
use super::dense_bodies::BodyInfo;
use super::lanes::LANES;
use super::softness::Softness;
use super::wide_contact::{LaneSource, WideContact};
use crate::contact::ContactSet;
use rayon::prelude::*;

/// Bundles per task when they are filled on threads.
const FILL_CHUNK: usize = 64;

/// Contacts per bundle: eight, but one in the overflow colour, whose contacts may share
/// bodies.
fn per_bundle(color: usize) -> usize {
    if color == COLOR_COUNT { 1 } else { LANES }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct ContactBundles {
    /// In colour order.
    bundles: Vec<WideContact>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The contacts to solve (their indices in the set) with their colours, in set order.
    colored: Vec<(u32, u32)>,
    /// The same contacts in bundle order (filled only when bundles are built on threads).
    order: Vec<u32>,
    coloring: Coloring,
}

/// What every contact's preparation shares.
pub(crate) struct PrepareSettings {
    /// For contacts between two moving bodies, and (stiffer) when one cannot move.
    pub softness: (Softness, Softness),
    pub warm_starting: bool,
}

impl ContactBundles {
    /// Colours the touching contacts with a simulated body and prepares them in bundles.
    /// `info` has one entry per body slot; slot `info.len()` is the dummy state padding
    /// lanes read. With `parallel` (inside the world's pool) the bundles are filled on
    /// its threads.
    pub fn build(
        &mut self,
        contacts: &ContactSet,
        info: &[BodyInfo],
        settings: &PrepareSettings,
        parallel: bool,
    ) {
        let counts = self.color(contacts, info);
        let mut first = [0usize; COLOR_COUNT + 1];
        self.starts[0] = 0;
        for (color, &count) in counts.iter().enumerate() {
            let bundles = if color == COLOR_COUNT {
                count
            } else {
                count.div_ceil(LANES)
            };
            self.starts[color + 1] = self.starts[color] + bundles;
            first[color] = if color == 0 {
                0
            } else {
                first[color - 1] + counts[color - 1]
            };
        }
        let source = |index: u32| {
            let contact = &contacts.contacts[index as usize];
            LaneSource {
                index: index as usize,
                contact,
                bodies: (
                    &info[contact.body_a as usize],
                    &info[contact.body_b as usize],
                ),
                softness: settings.softness,
                warm_starting: settings.warm_starting,
            }
        };
        let empty = WideContact::empty(info.len() as u32);
        if parallel {
            self.fill_in_parallel(first, &empty, source);
        } else {
            self.fill_in_set_order(&empty, source);
        }
    }

    /// One thread: contacts are visited in set order (memory order) and land in their
    /// colour's next free lane: reading 15,000 contacts in colour order instead would
    /// miss the cache on most of them.
    fn fill_in_set_order<'a>(
        &mut self,
        empty: &WideContact,
        source: impl Fn(u32) -> LaneSource<'a>,
    ) {
        self.bundles.clear();
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], empty.clone());
        let mut filled = [0usize; COLOR_COUNT + 1];
        for &(index, color) in &self.colored {
            let color = color as usize;
            let rank = filled[color];
            filled[color] += 1;
            self.bundles[self.starts[color] + rank / per_bundle(color)].push(&source(index));
        }
        for bundle in &mut self.bundles {
            bundle.finish();
        }
    }

    /// Several threads: the contacts are first sorted into bundle order (`first` is
    /// where each colour's contacts begin), then each bundle is filled by one thread.
    /// The bundles are the same as `fill_in_set_order`'s.
    fn fill_in_parallel<'a>(
        &mut self,
        first: [usize; COLOR_COUNT + 1],
        empty: &WideContact,
        source: impl Fn(u32) -> LaneSource<'a> + Sync,
    ) {
        let mut next = first;
        self.order.clear();
        self.order.resize(self.colored.len(), 0);
        for &(index, color) in &self.colored {
            self.order[next[color as usize]] = index;
            next[color as usize] += 1;
        }
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
                    bundle.push(&source(index));
                }
                bundle.finish();
            });
    }

    /// Colours the contacts to solve, in set order, into `colored`; returns how many
    /// each colour got.
    fn color(&mut self, contacts: &ContactSet, info: &[BodyInfo]) -> [usize; COLOR_COUNT + 1] {
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
        counts
    }

    /// The bundles in colour order, and where each colour's start (the last entry is
    /// the end), for the step's workers (`crew.rs`).
    pub fn parts(&mut self) -> (&mut [WideContact], &[usize; COLOR_COUNT + 2]) {
        (&mut self.bundles, &self.starts)
    }

    /// Impulses back to the contact cache, for the next step's warm start.
    pub fn store(&self, contacts: &mut ContactSet) {
        for bundle in &self.bundles {
            for (index, impulses) in bundle.impulses() {
                contacts.contacts[index].store_impulses(impulses);
            }
        }
    }
}
