//! `prefetch`: a hint that brings a value's cache lines in before it is read.
//!
//! Where the next read is known ahead but lands far from the last, the hardware
//! prefetcher cannot follow: a colour's next bundle while its current one fills (the
//! colours' bundles are filled side by side, and the first touch of each misses the
//! cache, a large part of the filling's time; docs/decisions.md, "Next bundle
//! prefetched while one fills"), a contact a few pushes before it is read, and the pair
//! set's slots for a batch of pairs the broad phase found.

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
