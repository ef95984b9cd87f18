//! Controllers: force givers that run at the start of every step (buoyancy, wind, drag,
//! or the user's own). Their forces last for that step only, unlike user forces, which
//! last until cleared.

mod buoyancy;
mod wind;

pub use buoyancy::{Buoyancy, BuoyancyDef};
pub use wind::{Wind, WindDef};

use crate::world::World;

/// A force giver run at the start of every step, in the order controllers were added.
///
/// It reads the world and adds forces with `World::apply_step_force` and friends. It
/// must be deterministic: the same world in gives the same forces out.
pub trait Controller: std::fmt::Debug + ControllerClone + Send + Sync {
    /// Adds this step's forces to `world`, for a step of `dt` seconds.
    fn apply(&mut self, world: &mut World, dt: f32);
}

/// Lets a `World` holding controllers be cloned; implemented for every `Clone` controller.
pub trait ControllerClone {
    /// A boxed copy of this controller.
    fn clone_box(&self) -> Box<dyn Controller>;
}

impl<T: Controller + Clone + 'static> ControllerClone for T {
    fn clone_box(&self) -> Box<dyn Controller> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Controller> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A handle to a controller added to a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ControllerId(pub(crate) u32);
