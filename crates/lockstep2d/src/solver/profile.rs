//! Where the soft step's time goes, part by part.

/// The soft step's solve in three parts (ms): building the step's constraints
/// (colouring, filling bundles), the substeps themselves, and writing impulses and
/// poses back.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[non_exhaustive]
pub struct SolveProfile {
    /// Building the step's constraints: colouring, filling bundles.
    pub prepare: f64,
    /// The substeps themselves.
    pub constraints: f64,
    /// Writing impulses and poses back.
    pub store: f64,
}
