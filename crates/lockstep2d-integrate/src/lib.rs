//! Point-mass integrators, and particles for visual effects.
//!
//! The rigid-body world of the `lockstep2d` crate steps with semi-implicit Euler inside
//! its solver; this crate is the rest of the family, for systems of point masses a game integrates itself (a
//! rope, a cloth, a projectile, an orbit) and for comparing methods: explicit and
//! semi-implicit Euler, the ballistic update, velocity Verlet, RK2 and RK4
//! ([`Integrator`]). A [`PointMasses`] system holds positions, velocities and masses
//! with [`Force`]s that are functions of position, velocity and time (gravity, springs,
//! dampers, drag, a central pull, your own), and steps all its points together, every
//! force evaluated again at every stage of a step: RK4 with forces frozen over the step
//! would be Euler in disguise.
//!
//! It works in `f64` (`glam::DVec2`): measuring a fourth-order method's error needs
//! more digits than `f32` has. Only `+`, `−`, `×`, `÷` and `sqrt` are used, each
//! correctly rounded, so results are the same bits on every machine.
//!
//! [`problems`] holds the standard test problems and [`accuracy`] measures an
//! integrator's order of convergence and energy drift on them (`lockstep2d
//! integrators` prints and plots both). [`particles`] is separate: visual-only particles
//! on the frame time, in `f32`, outside the world's state.

pub mod accuracy;
mod force;
mod integrator;
pub mod particles;
pub mod problems;
mod system;

pub use force::{CustomForce, Force};
pub use glam::DVec2;
pub use integrator::Integrator;
pub use system::PointMasses;
