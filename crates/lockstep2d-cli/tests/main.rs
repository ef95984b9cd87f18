//! The command line's integration tests, each running the built `lockstep2d` binary, as
//! modules of one test binary, so the engine is linked once for all of them. A new file
//! here is a new `mod` below (the architecture test checks that none is left out).

mod cli;
mod diff;
mod frames;
mod hiker;
mod netplay;
mod query;
mod render;
mod view;
mod webrtc;
