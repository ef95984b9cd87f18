//! `prefetch`: a hint that brings a value's cache lines in before it is read.
//!
//! Where the next read is known ahead but lands far from the last, the hardware
//! prefetcher cannot follow: the contacts of a bundle a few bundles before it is filled
//! (a colour's contacts lie all over the contact set), and the pair set's slots for a
//! batch of pairs the broad phase found.

/// Asks the CPU to bring in the cache lines of `value`'s first `bytes` bytes, where a
/// reader needs only those: the lines past them would take memory bandwidth for
/// nothing. It changes no value, so it changes no result.
#[inline(always)]
pub(crate) fn prefetch_head<T>(value: &T, bytes: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let start = (value as *const T).cast::<i8>();
        let end = bytes.min(size_of::<T>());
        // Every 64 bytes and the last byte: each line the head touches, however the
        // value lies across lines.
        for offset in (0..end).step_by(64).chain(end.checked_sub(1)) {
            // SAFETY: a prefetch is a hint that cannot fault; the address is inside
            // `value`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (value, bytes);
}

/// Asks the CPU to bring `value`'s cache lines in. It changes no value, so it changes
/// no result: on targets without the hint it does nothing.
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
