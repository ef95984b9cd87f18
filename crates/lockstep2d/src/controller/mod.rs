//! The built-in controllers (see `world/controllers.rs` for what a controller is):
//! buoyancy and wind.

mod buoyancy;
mod wind;

pub use buoyancy::{Buoyancy, BuoyancyDef};
pub use wind::{Wind, WindDef};
