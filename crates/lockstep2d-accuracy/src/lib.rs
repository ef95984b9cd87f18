//! Closed-form mechanics as an accuracy suite: cases where physics has an answer (a
//! fall, a bounce, a disc and a capsule rolling, a block on a slope, pendulums' energy
//! and period, collisions, a spin, Newton's cradle's velocities and energy, a bouncy
//! pile's energy), each reduced to one figure of error against that answer.
//!
//! A case builds its scene as a `SceneDef`, so any engine that can build one can be
//! measured: lockstep2d here ([`Lockstep`]), Box2D v3 and rapier2d in the bench crate.
//! Each case runs at a [`Rate`]: the default (60 Hz, the solver's default substeps) or
//! a sweep over rates and substeps.
//!
//! ```
//! use lockstep2d_accuracy::{Case, Lockstep, Rate};
//!
//! let error = Case::FreeFall.error(&Lockstep, Rate::default_rate())?;
//! assert!(error < 1.0, "{error} %");
//! # Ok::<(), String>(())
//! ```

mod case;
mod cases;
mod rate;
mod setup;
mod simulation;

pub use case::{Case, Unit, three_figures};
pub use cases::collision::{Collision, Law};
pub use rate::Rate;
pub use simulation::{Engine, Lockstep, Sample, Simulation};
