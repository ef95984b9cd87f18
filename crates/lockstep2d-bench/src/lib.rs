//! lockstep2d side by side with rapier2d and Box2D v3.
//!
//! Every engine builds its world from the same [`lockstep2d_scenes::SceneDef`]: lockstep2d
//! through `SceneDef::build`, the others through one converter each
//! ([`convert_rapier`], [`convert_box2d`]). The harness ([`timing`]) steps each world
//! the same number of times at the scene's rate and substeps, and [`report`] prints
//! ms/step, a quality figure ([`quality`]) and heap bytes per body (through `lockstep2d-alloc-counter`).
//!
//! The same scenes also run in lockstep2d and rapier2d compiled to wasm32, timed side by
//! side under Node ([`wasm_harness`]; `wasm/run.sh` builds and runs it, `wasm/README.md`
//! says how). Box2D is native only.
//!
//! This crate is a workspace member but not a default member, so `cargo build` and
//! `cargo test` at the root never build rapier2d or Box2D.

pub mod accuracy;
pub mod character_move;
#[cfg(not(target_arch = "wasm32"))]
pub mod convert_box2d;
pub mod convert_rapier;
pub mod engine;
pub mod example_args;
pub mod frames;
pub mod geometry;
pub mod lockstep;
pub mod machine;
pub mod outline_cut;
pub mod quality;
pub mod queries;
pub mod report;
pub mod settings;
pub mod timing;
pub mod wasm_harness;
