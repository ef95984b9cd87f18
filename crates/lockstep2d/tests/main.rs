//! The engine's integration tests as modules of one test binary, so the engine is
//! linked once for all of them. A new file here is a new `mod` below (the architecture
//! test checks that none is left out).
//!
//! The modules that save states as bytes need the engine's `snapshot-bytes` feature (on
//! by default): without it the others build, as CI's check of the pinned hash of the
//! engine without its optional parts does.

mod allocations;
mod architecture;
mod bodies;
#[cfg(feature = "snapshot-bytes")]
mod body_options;
mod breakable;
mod chains;
#[cfg(feature = "snapshot-bytes")]
mod character;
mod comment_figures;
#[cfg(feature = "snapshot-bytes")]
mod contact_budget;
mod contact_physics;
mod continuous;
mod controllers;
mod debug_draw;
mod determinism;
mod errors;
mod events;
mod explosion;
mod filters;
mod heightfields;
#[cfg(feature = "snapshot-bytes")]
mod hooks;
mod impacts;
mod imports;
mod joint_angles;
mod joint_kinds;
mod joints;
mod motion_cast;
mod narrow_phase;
#[cfg(feature = "snapshot-bytes")]
mod one_way;
mod outlines;
#[cfg(feature = "snapshot-bytes")]
mod overflow;
mod query_freshness;
mod sensors;
mod shortcuts;
mod sleep;
#[cfg(feature = "snapshot-bytes")]
mod snapshot;
#[cfg(feature = "snapshot-bytes")]
mod snapshot_diff;
mod source_files;
mod stepper;
mod support;
#[cfg(feature = "snapshot-bytes")]
mod surfaces;
