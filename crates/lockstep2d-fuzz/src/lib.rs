//! Seeded fuzzers for lockstep2d, each reproducible from its seed:
//!
//! - `api`: random operations on the public API, checking that nothing panics, no pose
//!   or velocity leaves the finite numbers, a refused call changes nothing, and a
//!   restore followed by the same operations gives the same state;
//! - `bytes`: damaged and forged snapshots and scene files, checking that loading them
//!   is an error or a world that steps to finite poses, never a panic, hang or
//!   unbounded allocation.
//!
//! `cargo test -p lockstep2d-fuzz` runs a bounded set of seeds; the `long_run` example
//! runs new seeds for as long as it is given. (An example, not a binary, so that the
//! workspace's `cargo run` has one binary to run: the `lockstep2d` command.)

pub mod api;
pub mod bytes;
mod values;
