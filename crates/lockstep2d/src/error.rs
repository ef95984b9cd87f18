//! The one error type for everything a caller can get wrong.
//!
//! Every fallible call checks its input before it touches the world, so an `Err` always
//! means the world is exactly as it was before the call.

/// What was wrong with a call. Variants that concern one input name it in `field`, so a
/// scene loader can prefix a path (`bodies[3].shapes[0].density: must be > 0`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    #[error("{field}: must be a finite number")]
    NotFinite { field: &'static str },
    #[error("{field}: {reason}")]
    InvalidValue {
        field: &'static str,
        reason: &'static str,
    },
    #[error("polygon: {count} vertices given, at most {max} are supported")]
    TooManyVertices { count: usize, max: usize },
    #[error("polygon: not convex (vertex {index} lies inside the hull of the others)")]
    ConcavePolygon { index: usize },
    #[error("polygon: degenerate ({reason})")]
    DegeneratePolygon { reason: &'static str },
    #[error("body_b: is the same body as body_a; a joint needs two bodies")]
    JointToSelf,
    #[error("{kind} id is stale or from another world")]
    StaleId { kind: &'static str },
    #[error("snapshot: truncated ({found} bytes, {expected} needed)")]
    SnapshotTruncated { expected: usize, found: usize },
    #[error("snapshot: format version {found}, this build reads version {supported}")]
    SnapshotVersion { found: u32, supported: u32 },
    #[error("snapshot: corrupted ({reason})")]
    SnapshotCorrupt { reason: &'static str },
    /// A snapshot whose bytes are intact holds a value that the call making it would
    /// have refused (what that call's error says).
    #[error("snapshot: holds a value no world can have ({0})")]
    SnapshotValue(Box<Error>),
}

impl Error {
    /// The name of the offending input, when the error concerns one.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Error::NotFinite { field } | Error::InvalidValue { field, .. } => Some(field),
            Error::JointToSelf => Some("body_b"),
            Error::TooManyVertices { .. }
            | Error::ConcavePolygon { .. }
            | Error::DegeneratePolygon { .. } => Some("polygon"),
            _ => None,
        }
    }
}

impl Error {
    /// The message without the leading field name, for callers that name the input
    /// themselves (a scene loader reporting `bodies[3].shapes[0].density: …`).
    pub fn reason(&self) -> String {
        let full = self.to_string();
        match self.field() {
            Some(field) => full
                .strip_prefix(field)
                .and_then(|rest| rest.strip_prefix(": "))
                .map_or(full.clone(), str::to_string),
            None => full,
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

// The checks take `f32` or `f64` (widening an `f32` keeps NaN, infinities and order),
// so the `f64` integrators share them with the engine.

/// Fails with `NotFinite { field }` unless `x` is a finite number.
pub(crate) fn check_finite(field: &'static str, x: impl Into<f64>) -> Result<()> {
    if x.into().is_finite() {
        Ok(())
    } else {
        Err(Error::NotFinite { field })
    }
}

/// Fails with `NotFinite { field }` unless both components are finite.
pub(crate) fn check_finite_vec(field: &'static str, v: impl Into<glam::DVec2>) -> Result<()> {
    let v = v.into();
    check_finite(field, v.x)?;
    check_finite(field, v.y)
}

/// Fails with `InvalidValue` unless `x` is finite and `x >= 0`.
pub(crate) fn check_non_negative(field: &'static str, x: impl Into<f64>) -> Result<()> {
    let x = x.into();
    check_finite(field, x)?;
    if x < 0.0 {
        return Err(Error::InvalidValue {
            field,
            reason: "must be >= 0",
        });
    }
    Ok(())
}

/// Fails with `InvalidValue` unless `x` is finite and `x > 0`.
pub(crate) fn check_positive(field: &'static str, x: impl Into<f64>) -> Result<()> {
    let x = x.into();
    check_finite(field, x)?;
    if x <= 0.0 {
        return Err(Error::InvalidValue {
            field,
            reason: "must be > 0",
        });
    }
    Ok(())
}
