//! Which compiled form of the soft step's lane code runs on this CPU.
//!
//! The lane code (`lanes.rs`) is plain arrays the compiler vectorises, so how fast it
//! runs depends on what the compiler may use. Each kernel is compiled three times:
//!
//! - with AVX-512 (F and VL) where the CPU has it: still eight lanes to a 256-bit
//!   register, but thirty-two registers instead of sixteen, so a contact bundle's solve
//!   keeps its values in registers instead of spilling them to the stack (about 380
//!   stack accesses in the contact passes with AVX2, 50 with AVX-512);
//! - with AVX2, eight lanes to a register, bodies moved in and out by transposes;
//! - portably (SSE2 on x86_64, two registers per lane vector; NEON on aarch64).
//!
//! All three do the same IEEE operations lane by lane, so they give the same bits
//! (`bundles::testing` checks the dispatched path against the portable one, and the
//! golden hashes check whole scenes).

#[cfg(target_arch = "x86_64")]
use super::shared_states::Avx2;
use super::shared_states::{LaneAccess, Portable};

/// A piece of lane code, run by `dispatch`.
pub(crate) trait LaneKernel {
    type Output;

    /// Runs the kernel, moving bodies in and out of lanes with `lanes`. Must be
    /// `#[inline(always)]`, so that it is compiled into each dispatch function with that
    /// function's instruction set.
    fn run(self, lanes: impl LaneAccess) -> Self::Output;
}

/// Runs `kernel` in the best form this CPU takes.
#[inline]
pub(crate) fn dispatch<K: LaneKernel>(kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        if avx2.has_avx512() {
            // SAFETY: `has_avx512` said the CPU has AVX-512F and VL (and `avx2` exists,
            // so it has AVX2).
            return unsafe { with_avx512(kernel, avx2) };
        }
        // SAFETY: an `Avx2` value exists only when the CPU has AVX2.
        return unsafe { with_avx2(kernel, avx2) };
    }
    kernel.run(Portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn with_avx512<K: LaneKernel>(kernel: K, avx2: Avx2) -> K::Output {
    kernel.run(avx2)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn with_avx2<K: LaneKernel>(kernel: K, avx2: Avx2) -> K::Output {
    kernel.run(avx2)
}
