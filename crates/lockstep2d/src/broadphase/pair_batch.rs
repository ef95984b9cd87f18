//! `PairBatch`: the pairs the broad phase's walks find, asked about a batch at a time.
//!
//! Most pairs a crowd's walks find already have a contact, and asking the pair set
//! about each as it is found missed the cache once per pair: a tenth of the spinner's
//! step. A batch asks the CPU for all its pairs' slots first, so the misses overlap;
//! the pairs are still asked about, and taken, in the order found.

/// What the pair search asks of each pair it finds.
pub(crate) trait PairCheck {
    /// Starts bringing in what `skip(a, b)` will read. It changes nothing.
    fn prefetch(&self, a: u32, b: u32);

    /// Whether the pair is to be left out: already known, or not allowed to collide.
    fn skip(&self, a: u32, b: u32) -> bool;
}

/// Enough pairs to cover the latency of a miss with the misses of the others, few
/// enough that their slots are still in the cache when they are asked about.
const BATCH: usize = 32;

/// The pairs found and not yet asked about, and the new ones taken so far.
pub(super) struct PairBatch<'a, C> {
    found: [(u32, u32); BATCH],
    count: usize,
    pairs: &'a mut Vec<(u32, u32)>,
    room: usize,
    check: C,
    full: bool,
}

impl<'a, C: PairCheck> PairBatch<'a, C> {
    /// Takes new pairs into `pairs` (cleared first), at most `room` of them.
    pub fn new(pairs: &'a mut Vec<(u32, u32)>, room: usize, check: C) -> Self {
        pairs.clear();
        PairBatch {
            found: [(0, 0); BATCH],
            count: 0,
            pairs,
            room,
            check,
            full: false,
        }
    }

    /// Takes the pair of shapes `s1` and `s2` a walk found (in either order). False once
    /// the new pairs have filled the room: the walks then stop.
    pub fn offer(&mut self, s1: u32, s2: u32) -> bool {
        if s1 != s2 {
            self.found[self.count] = (s1.min(s2), s1.max(s2));
            self.count += 1;
            if self.count == BATCH {
                return self.flush();
            }
        }
        !self.full
    }

    /// Asks about the pairs found since the last flush, in the order found, and takes
    /// the new ones while there is room. False once there is none.
    pub fn flush(&mut self) -> bool {
        let found = &self.found[..self.count];
        for &(a, b) in found {
            self.check.prefetch(a, b);
        }
        for &(a, b) in found {
            if self.check.skip(a, b) {
                continue;
            }
            if self.pairs.len() == self.room {
                self.full = true;
                break;
            }
            self.pairs.push((a, b));
        }
        self.count = 0;
        !self.full
    }
}

/// In the tests a bare closure skips the pairs it returns true for, with nothing to
/// prefetch.
#[cfg(test)]
impl<F: Fn(u32, u32) -> bool> PairCheck for F {
    fn prefetch(&self, _: u32, _: u32) {}

    fn skip(&self, a: u32, b: u32) -> bool {
        self(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_first_new_pairs_in_the_order_found_across_batches() {
        // 100 pairs, every third known, offered with a room for 40: taken one by one,
        // the first 40 unknown ones, whichever batch they fall in.
        let offered: Vec<(u32, u32)> = (0..100).map(|i| (i + 1, i)).collect();
        let known = |a: u32, _: u32| a.is_multiple_of(3);
        let expected: Vec<(u32, u32)> = offered
            .iter()
            .map(|&(a, b)| (b, a))
            .filter(|&(a, b)| !known(a, b))
            .take(40)
            .collect();
        let mut pairs = Vec::new();
        let mut batch = PairBatch::new(&mut pairs, 40, known);
        let mut offered_before_stop = 0;
        for &(s1, s2) in &offered {
            offered_before_stop += 1;
            if !batch.offer(s1, s2) {
                break;
            }
        }
        assert!(!batch.flush(), "the room filled");
        assert!(offered_before_stop < 100, "the walk was not stopped");
        assert_eq!(pairs, expected);
    }

    #[test]
    fn a_shape_paired_with_itself_is_left_out_and_the_last_batch_is_flushed() {
        let mut pairs = Vec::new();
        let mut batch = PairBatch::new(&mut pairs, usize::MAX, |_: u32, _: u32| false);
        for (s1, s2) in [(4, 4), (9, 2), (3, 3), (1, 7)] {
            assert!(batch.offer(s1, s2));
        }
        assert!(batch.flush());
        assert_eq!(pairs, [(2, 9), (1, 7)]);
    }
}
