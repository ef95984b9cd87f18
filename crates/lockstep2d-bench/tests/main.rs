//! The bench crate's integration tests as modules of one test binary, so the engine is
//! linked once for all of them. A new file here is a new `mod` below (the architecture
//! test checks that none is left out).

mod equivalence;
mod queries;
