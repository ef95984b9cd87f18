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
use super::lane_form::LaneForm;
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

/// The form of the lane code a CPU takes: the instruction set the kernels are compiled
/// for, with what proves the CPU has it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum InstructionSet {
    /// AVX2 with AVX-512 F and VL.
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    Portable,
}

impl InstructionSet {
    /// The form this CPU takes, held below `LOCKSTEP2D_LANES` (`lane_form.rs`).
    #[inline]
    pub fn detect() -> InstructionSet {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = Avx2::detect() {
            match LaneForm::in_use() {
                LaneForm::Avx512 => return InstructionSet::Avx512(avx2),
                LaneForm::Avx2 => return InstructionSet::Avx2(avx2),
                LaneForm::Portable => {}
            }
        }
        InstructionSet::Portable
    }

    /// Runs `kernel` in this form.
    #[inline]
    pub fn run<K: LaneKernel>(self, kernel: K) -> K::Output {
        match self {
            // SAFETY: an `Avx512` value exists only when the CPU has AVX-512F and VL
            // (`detect`), and its `Avx2` proves AVX2.
            #[cfg(target_arch = "x86_64")]
            InstructionSet::Avx512(avx2) => unsafe { with_avx512(kernel, avx2) },
            // SAFETY: an `Avx2` value exists only when the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            InstructionSet::Avx2(avx2) => unsafe { with_avx2(kernel, avx2) },
            InstructionSet::Portable => kernel.run(Portable),
        }
    }
}

/// Runs `kernel` in the form in use.
#[inline]
pub(crate) fn dispatch<K: LaneKernel>(kernel: K) -> K::Output {
    InstructionSet::detect().run(kernel)
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
