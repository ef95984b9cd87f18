//! The one error type for everything a caller can get wrong.
//!
//! Every fallible call checks its input before it touches the world, so an `Err` always
//! means the world is exactly as it was before the call.

/// What was wrong with a call. Variants that concern one input name it in `field`, so a
/// scene loader can prefix a path (`bodies[3].shapes[0].density: must be > 0`).
///
/// `Display` gives the message; `Debug`, which `unwrap` and a `main` returning the error
/// print, gives the variant's name and the same message:
/// `StaleId: body 3 (generation 2): no such body in this world; …`.
#[derive(Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A number that must be finite is NaN or infinite.
    #[error("{field}: must be a finite number")]
    NotFinite {
        /// The input at fault.
        field: &'static str,
    },
    /// A number or setting is outside what the call accepts.
    #[error("{field}: {reason}")]
    InvalidValue {
        /// The input at fault.
        field: &'static str,
        /// What it must be, as a phrase (`must be > 0`).
        reason: &'static str,
    },
    /// A polygon was given more vertices than `MAX_POLYGON_VERTICES`.
    #[error("polygon: {count} vertices given, at most {max} are supported")]
    TooManyVertices {
        /// How many were given.
        count: usize,
        /// The most a polygon may have.
        max: usize,
    },
    /// A polygon's points do not outline a convex shape.
    #[error("polygon: not convex (vertex {index} lies inside the hull of the others)")]
    ConcavePolygon {
        /// The index, in the points given, of a point inside the hull of the others.
        index: usize,
    },
    /// A polygon has fewer than three distinct corners or too little area to simulate.
    #[error("polygon: degenerate ({reason})")]
    DegeneratePolygon {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An outline (`Outline::new`, `Outline::with_holes`) is not a simple polygon the
    /// engine can cut, or its holes do not lie inside it apart.
    #[error("outline: {}{reason}", match index { Some(i) => format!("point {i}: "), None => String::new() })]
    Outline {
        /// The point at fault, in the order given, when one is; a hole's points are
        /// counted after the outline's own and the earlier holes'.
        index: Option<usize>,
        /// What is wrong.
        reason: &'static str,
    },
    /// A joint was given the same body at both ends.
    #[error("body_b: is the same body as body_a; a joint needs two bodies")]
    JointToSelf,
    /// A handle names an object that was destroyed, or was made by another world.
    #[error(
        "{kind} {index} (generation {generation}): no such {kind} in this world; it was \
         destroyed, or the id is from another world"
    )]
    StaleId {
        /// What the handle is for: `"body"`, `"shape"`, `"joint"` or `"controller"`.
        kind: &'static str,
        /// The handle's slot index (`BodyId::index`, …).
        index: u32,
        /// The handle's generation: how many times its slot had been freed when it was
        /// made (0 for a controller).
        generation: u32,
    },
    /// A snapshot's bytes end before its header or its payload does.
    #[error("snapshot: truncated ({found} bytes, {expected} needed)")]
    SnapshotTruncated {
        /// How many bytes the header says there are, or the header's length.
        expected: usize,
        /// How many bytes were given.
        found: usize,
    },
    /// A snapshot was written in a format version this build does not read.
    #[error("snapshot: format version {found}, this build reads version {supported}")]
    SnapshotVersion {
        /// The version in the bytes.
        found: u32,
        /// `SNAPSHOT_FORMAT_VERSION`, the version this build reads.
        supported: u32,
    },
    /// A snapshot's bytes are not a lockstep2d snapshot, fail their checksum, or do not
    /// decode to a consistent state.
    #[error("snapshot: corrupted ({reason})")]
    SnapshotCorrupt {
        /// What the check found.
        reason: &'static str,
    },
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
            Error::Outline { .. } => Some("outline"),
            _ => None,
        }
    }
}

impl Error {
    /// The variant's name, for `Debug`.
    fn variant_name(&self) -> &'static str {
        match self {
            Error::NotFinite { .. } => "NotFinite",
            Error::InvalidValue { .. } => "InvalidValue",
            Error::TooManyVertices { .. } => "TooManyVertices",
            Error::ConcavePolygon { .. } => "ConcavePolygon",
            Error::DegeneratePolygon { .. } => "DegeneratePolygon",
            Error::Outline { .. } => "Outline",
            Error::JointToSelf => "JointToSelf",
            Error::StaleId { .. } => "StaleId",
            Error::SnapshotTruncated { .. } => "SnapshotTruncated",
            Error::SnapshotVersion { .. } => "SnapshotVersion",
            Error::SnapshotCorrupt { .. } => "SnapshotCorrupt",
            Error::SnapshotValue(_) => "SnapshotValue",
        }
    }
}

impl std::fmt::Debug for Error {
    /// `StaleId: body 3 (generation 2): no such body in this world; …`: every field is
    /// in the message, so a panic's or `main`'s report reads as a sentence.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {self}", self.variant_name())
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

/// A result whose error is this crate's `Error`.
pub type Result<T> = std::result::Result<T, Error>;

// The checks take `f32` or `f64` (widening an `f32` keeps NaN, infinities and order),
// so crates built on the engine in `f64` (the point-mass integrators) report bad values
// in the same terms: they are public through `lockstep2d::checks`.

/// Fails with `NotFinite { field }` unless `x` is a finite number.
pub fn check_finite(field: &'static str, x: impl Into<f64>) -> Result<()> {
    if x.into().is_finite() {
        Ok(())
    } else {
        Err(Error::NotFinite { field })
    }
}

/// Fails with `NotFinite { field }` unless both components are finite.
pub fn check_finite_vec(field: &'static str, v: impl Into<glam::DVec2>) -> Result<()> {
    let v = v.into();
    check_finite(field, v.x)?;
    check_finite(field, v.y)
}

/// Fails with `InvalidValue` unless `x` is finite and `x >= 0`.
pub fn check_non_negative(field: &'static str, x: impl Into<f64>) -> Result<()> {
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
pub fn check_positive(field: &'static str, x: impl Into<f64>) -> Result<()> {
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
