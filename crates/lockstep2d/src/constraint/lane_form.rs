//! Which compiled form of the lane code a process runs, and the switch that holds it
//! below the best form the CPU takes.
//!
//! Every form gives the same bits, so the switch changes only speed. It exists so that
//! any machine can measure what players' machines run: the AVX2 form on a CPU that
//! also has AVX-512, or the portable form (what aarch64 and wasm32 run) on x86_64.
//!
//! The switch is the environment variable `LOCKSTEP2D_LANES` (`avx512`, `avx2` or
//! `portable`), read when the lane code first runs, or [`LaneForm::limit`] from code.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::error::{Error, Result};

/// The environment variable that holds the lane code below the best form.
pub const LANES_VARIABLE: &str = "LOCKSTEP2D_LANES";

/// A compiled form of the soft step's lane code, fastest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LaneForm {
    /// x86_64 with AVX2 and AVX-512 F and VL: eight lanes to a 256-bit register, with
    /// thirty-two registers.
    Avx512,
    /// x86_64 with AVX2: eight lanes to a 256-bit register, with sixteen registers.
    Avx2,
    /// What the compiler makes of plain arrays for the target's baseline: SSE2 on
    /// x86_64, NEON on aarch64, scalar or simd128 on wasm32.
    Portable,
}

/// The limit set so far: `UNSET` until the environment is read or [`LaneForm::limit`]
/// runs, else a [`LaneForm`]'s code.
static LIMIT: AtomicU8 = AtomicU8::new(UNSET);
const UNSET: u8 = u8::MAX;

impl LaneForm {
    /// Every form, fastest first.
    pub const ALL: [LaneForm; 3] = [LaneForm::Avx512, LaneForm::Avx2, LaneForm::Portable];

    /// The form's name, as `LOCKSTEP2D_LANES` takes it.
    pub fn name(self) -> &'static str {
        match self {
            LaneForm::Avx512 => "avx512",
            LaneForm::Avx2 => "avx2",
            LaneForm::Portable => "portable",
        }
    }

    /// The form named `name` (`avx512`, `avx2` or `portable`).
    pub fn parse(name: &str) -> Result<LaneForm> {
        LaneForm::ALL
            .into_iter()
            .find(|form| form.name() == name)
            .ok_or(Error::InvalidValue {
                field: LANES_VARIABLE,
                reason: "must be avx512, avx2 or portable",
            })
    }

    /// The fastest form this CPU takes.
    pub fn best() -> LaneForm {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            let avx512 = std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vl");
            return if avx512 {
                LaneForm::Avx512
            } else {
                LaneForm::Avx2
            };
        }
        LaneForm::Portable
    }

    /// The form the lane code runs in: the best this CPU takes, held below the limit.
    pub fn in_use() -> LaneForm {
        LaneForm::best().max(LaneForm::limit_set())
    }

    /// Holds the lane code in this process at `self` or slower, from the next step on.
    /// An error, changing nothing, if the CPU cannot run `self`.
    pub fn limit(self) -> Result<()> {
        LIMIT.store(self.runnable()? as u8, Ordering::Relaxed);
        Ok(())
    }

    /// The form `LOCKSTEP2D_LANES` names, `None` if it is not set, or an error if it
    /// names no form or one this CPU cannot run. For a program to report what the lane
    /// code will do with the variable; the lane code reads it by itself.
    pub fn from_environment() -> Result<Option<LaneForm>> {
        let Some(value) = std::env::var_os(LANES_VARIABLE) else {
            return Ok(None);
        };
        let form = LaneForm::parse(value.to_str().unwrap_or_default())?;
        form.runnable().map(Some)
    }

    /// `self`, or an error if this CPU cannot run it.
    fn runnable(self) -> Result<LaneForm> {
        if self < LaneForm::best() {
            return Err(Error::InvalidValue {
                field: LANES_VARIABLE,
                reason: "names a form this CPU cannot run",
            });
        }
        Ok(self)
    }

    /// The limit, read from `LOCKSTEP2D_LANES` the first time: no limit (the fastest
    /// form) if it is unset or names no form this CPU can run.
    fn limit_set() -> LaneForm {
        let code = LIMIT.load(Ordering::Relaxed);
        if code != UNSET {
            return LaneForm::from_code(code);
        }
        let form = LaneForm::from_environment()
            .ok()
            .flatten()
            .unwrap_or(LaneForm::Avx512);
        // Another thread may have read the variable or set a limit meanwhile; theirs
        // stands.
        let _ = LIMIT.compare_exchange(UNSET, form as u8, Ordering::Relaxed, Ordering::Relaxed);
        LaneForm::from_code(LIMIT.load(Ordering::Relaxed))
    }

    fn from_code(code: u8) -> LaneForm {
        LaneForm::ALL
            .into_iter()
            .find(|form| *form as u8 == code)
            .unwrap_or(LaneForm::Portable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for form in LaneForm::ALL {
            assert_eq!(LaneForm::parse(form.name()), Ok(form));
        }
        assert!(LaneForm::parse("avx").is_err());
        assert!(LaneForm::parse("").is_err());
    }

    #[test]
    fn the_form_in_use_is_never_faster_than_the_cpu_takes() {
        assert!(LaneForm::in_use() >= LaneForm::best());
        if LaneForm::best() != LaneForm::Avx512 {
            assert!(LaneForm::Avx512.limit().is_err());
        }
    }
}
