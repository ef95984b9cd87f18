//! Controllers: force givers that run at the start of every step (buoyancy, wind, drag,
//! or the user's own; the built-in ones are in `controller/`). Their forces last for
//! that step only, unlike user forces, which last until cleared. What a controller is,
//! and adding, removing and running them.

use super::World;
use crate::body::Body;
use crate::error::{Error, Result};
use crate::id::Slots;
use crate::shape::Shape;

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

impl std::fmt::Display for ControllerId {
    /// `controller 3`: controllers are numbered as they are added, never reused.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "controller {}", self.0)
    }
}

impl ControllerId {
    /// The error for a controller that is not in the world.
    fn stale(self) -> Error {
        Error::StaleId {
            kind: "controller",
            index: self.0,
            generation: 0,
        }
    }
}

impl World {
    /// Adds a controller; it runs at the start of every step, after those added before.
    pub fn add_controller(&mut self, controller: Box<dyn Controller>) -> ControllerId {
        let id = ControllerId(self.next_controller);
        self.next_controller += 1;
        self.controllers.push((id, controller));
        id
    }

    /// Removes a controller and hands it back.
    pub fn remove_controller(&mut self, id: ControllerId) -> Result<Box<dyn Controller>> {
        let index = self
            .controllers
            .iter()
            .position(|(c, _)| *c == id)
            .ok_or(id.stale())?;
        Ok(self.controllers.remove(index).1)
    }

    /// The controller with this id, to read or retune it.
    pub fn controller_mut(&mut self, id: ControllerId) -> Result<&mut Box<dyn Controller>> {
        self.controllers
            .iter_mut()
            .find(|(c, _)| *c == id)
            .map(|(_, controller)| controller)
            .ok_or(id.stale())
    }

    /// Visits every enabled dynamic body in slot order, with the shape store to read its
    /// colliders: what controllers that turn geometry into forces need.
    pub(crate) fn for_each_dynamic_body(
        &mut self,
        mut visit: impl FnMut(&mut Body, &Slots<Shape>),
    ) {
        for body in self.state.bodies.values_mut() {
            if body.is_dynamic() && body.enabled {
                visit(body, &self.state.shapes);
            }
        }
    }

    /// Runs every controller once. They are taken out while they run, so each can be
    /// handed the whole world.
    pub(super) fn run_controllers(&mut self, dt: f32) {
        let mut controllers = std::mem::take(&mut self.controllers);
        for (_, controller) in &mut controllers {
            controller.apply(self, dt);
        }
        // A controller may have added others; they run from the next step on.
        controllers.append(&mut self.controllers);
        self.controllers = controllers;
    }
}
