//! How work is split among threads: in equal contiguous blocks, the same way at every
//! stage, so which thread does a piece never depends on timing.

use std::ops::Range;

/// Part `part`'s block of `len` items split into `parts` nearly equal blocks, in order.
pub(crate) fn share(len: usize, part: usize, parts: usize) -> Range<usize> {
    len * part / parts..len * (part + 1) / parts
}
