//! `PairSet`: the shape pairs that have a contact, for the broad phase's question "is
//! this pair new?".
//!
//! An open-addressing table of keys with linear probing, at most half full. In a crowd
//! the pair search asks it tens of thousands of times a step, mostly about pairs it
//! holds, and a set that large does not stay in the cache between steps
//! (docs/decisions.md, "A pair set of our own, asked in prefetched batches"). A key's
//! slot can be asked for before the question is (`prefetch`), so the search brings in a
//! batch of slots at once rather than missing the cache once per pair; and a lookup
//! reads one array, where a general hash set reads a control array and then the keys.

use crate::prefetch::prefetch;

/// No pair's key: a pair's smaller shape index is below `u32::MAX`.
const EMPTY: u64 = u64::MAX;

/// The key of the unordered pair of shape indices `a` and `b`.
pub(crate) fn pair_key(a: u32, b: u32) -> u64 {
    ((a.min(b) as u64) << 32) | a.max(b) as u64
}

/// A set of pair keys (`pair_key`). Never iterated, so the order of its slots cannot
/// leak into a step.
#[derive(Debug, Default)]
pub(crate) struct PairSet {
    /// A power of two in length (or empty), at most half of them keys.
    slots: Vec<u64>,
    len: usize,
}

/// By hand so that `clone_from` reuses the slots (see `SimState`'s `Clone`).
impl Clone for PairSet {
    fn clone(&self) -> Self {
        PairSet {
            slots: self.slots.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.slots.clone_from(&source.slots);
        self.len = source.len;
    }
}

impl PairSet {
    pub fn contains(&self, key: u64) -> bool {
        !self.slots.is_empty() && self.slots[self.find(key)] == key
    }

    /// Asks the CPU to bring in the slot where a lookup of `key` starts.
    pub fn prefetch(&self, key: u64) {
        if !self.slots.is_empty() {
            prefetch(&self.slots[self.home(key)]);
        }
    }

    pub fn insert(&mut self, key: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let slot = self.find(key);
        if self.slots[slot] == EMPTY {
            self.slots[slot] = key;
            self.len += 1;
        }
    }

    /// Removes `key` if it is there. The keys after it in its run move back into the
    /// gap where their probe passes it, so a lookup never needs a marker for a removed
    /// key.
    pub fn remove(&mut self, key: u64) {
        if self.slots.is_empty() {
            return;
        }
        let mut gap = self.find(key);
        if self.slots[gap] == EMPTY {
            return;
        }
        let mask = self.slots.len() - 1;
        let mut next = gap;
        loop {
            next = (next + 1) & mask;
            let moved = self.slots[next];
            if moved == EMPTY {
                break;
            }
            // `moved` may fill the gap unless its home lies after the gap, up to `next`.
            let home = self.home(moved);
            if (next.wrapping_sub(home) & mask) >= (next.wrapping_sub(gap) & mask) {
                self.slots[gap] = moved;
                gap = next;
            }
        }
        self.slots[gap] = EMPTY;
        self.len -= 1;
    }

    /// The slot holding `key`, or the empty slot where its probe ends. The table is
    /// never full, so the probe ends.
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = self.home(key);
        while self.slots[slot] != key && self.slots[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// Where `key`'s probe starts: the top bits of a Fibonacci hash, which every bit
    /// of both shape indices reaches.
    fn home(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (63 - bits) >> 1) as usize
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(64);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        self.len = 0;
        for key in old.into_iter().filter(|&k| k != EMPTY) {
            self.insert(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator of shape indices, crowded into a few hundred
    /// values so that keys collide and runs form.
    fn indices(count: usize) -> Vec<(u32, u32)> {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        (0..count)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                ((state % 300) as u32, ((state >> 20) % 300) as u32)
            })
            .collect()
    }

    #[test]
    fn holds_exactly_what_was_inserted_and_not_removed() {
        let mut set = PairSet::default();
        let mut model = std::collections::BTreeSet::new();
        for (i, &(a, b)) in indices(20_000).iter().enumerate() {
            let key = pair_key(a, b);
            if i % 3 == 2 {
                set.remove(key);
                model.remove(&key);
            } else {
                set.insert(key);
                model.insert(key);
            }
            assert_eq!(set.len, model.len());
        }
        for a in 0..300 {
            for b in a..300 {
                let key = pair_key(a, b);
                assert_eq!(set.contains(key), model.contains(&key), "pair ({a}, {b})");
            }
        }
        assert!(2 * set.len <= set.slots.len(), "more than half full");
    }

    #[test]
    fn a_pair_is_unordered_and_the_largest_indices_are_not_the_empty_mark() {
        assert_eq!(pair_key(7, 3), pair_key(3, 7));
        let key = pair_key(u32::MAX - 1, u32::MAX);
        assert_ne!(key, EMPTY);
        let mut set = PairSet::default();
        assert!(!set.contains(key));
        set.insert(key);
        assert!(set.contains(key));
        set.remove(key);
        assert!(!set.contains(key));
    }
}
