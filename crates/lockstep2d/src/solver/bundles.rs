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

#[derive(Clone, Debug, Default)]
pub(crate) struct ContactBundles {
    /// In colour order.
    bundles: Vec<WideContact>,
    /// Where each colour's bundles start in `bundles`, and where the last ends.
    starts: [usize; COLOR_COUNT + 2],
    /// The contacts to solve (their indices in the set) with their colours, in set order.
    colored: Vec<(u32, u32)>,
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
    /// lanes read.
    pub fn build(&mut self, contacts: &ContactSet, info: &[BodyInfo], settings: &PrepareSettings) {
        let counts = self.color(contacts, info);
        self.starts[0] = 0;
        for (color, count) in counts.into_iter().enumerate() {
            let bundles = if color == COLOR_COUNT {
                count
            } else {
                count.div_ceil(LANES)
            };
            self.starts[color + 1] = self.starts[color] + bundles;
        }
        self.bundles.clear();
        let dummy = info.len() as u32;
        self.bundles
            .resize(self.starts[COLOR_COUNT + 1], WideContact::empty(dummy));
        // Contacts are visited in set order (memory order) and land in their colour's
        // next free lane: reading 15,000 contacts in colour order instead would miss the
        // cache on most of them.
        let mut filled = [0usize; COLOR_COUNT + 1];
        for &(index, color) in &self.colored {
            let color = color as usize;
            let rank = filled[color];
            filled[color] += 1;
            let per_bundle = if color == COLOR_COUNT { 1 } else { LANES };
            let bundle = &mut self.bundles[self.starts[color] + rank / per_bundle];
            let contact = &contacts.contacts[index as usize];
            bundle.push(&LaneSource {
                index: index as usize,
                contact,
                bodies: (
                    &info[contact.body_a as usize],
                    &info[contact.body_b as usize],
                ),
                softness: settings.softness,
                warm_starting: settings.warm_starting,
            });
        }
        for bundle in &mut self.bundles {
            bundle.finish();
        }
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
