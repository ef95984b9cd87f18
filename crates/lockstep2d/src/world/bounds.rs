//! World bounds: bodies that leave them are destroyed and reported (the "Physics Loop" article's
//! destructor), so a game never simulates objects that fell off the map forever.

use super::World;
use crate::body::BodyType;
use crate::error::{Error, Result, check_finite_vec};
use crate::math::Aabb;

pub(super) fn validate(bounds: Option<Aabb>) -> Result<()> {
    let Some(b) = bounds else { return Ok(()) };
    check_finite_vec("bounds", b.min)?;
    check_finite_vec("bounds", b.max)?;
    if b.min.x >= b.max.x || b.min.y >= b.max.y {
        return Err(Error::InvalidValue {
            field: "bounds",
            reason: "min must be below and left of max",
        });
    }
    Ok(())
}

impl World {
    /// The box outside which moving bodies are destroyed (`WorldDef::bounds`), if any.
    pub fn bounds(&self) -> Option<Aabb> {
        self.state.bounds
    }

    /// Sets the box outside which moving bodies are destroyed at the end of each step,
    /// or `None` for no limit. Fails with `NotFinite` or `InvalidValue` if a corner is
    /// not finite or `min` is not below and left of `max`.
    pub fn set_bounds(&mut self, bounds: Option<Aabb>) -> Result<()> {
        validate(bounds)?;
        self.state.bounds = bounds;
        Ok(())
    }

    /// Destroys every moving body whose centre of mass is outside the bounds, in slot
    /// order, and records it in `removed`.
    pub(super) fn remove_out_of_bounds(&mut self) {
        let Some(bounds) = self.state.bounds else {
            return;
        };
        let outside: Vec<u32> = self
            .state
            .bodies
            .iter()
            .filter(|(_, b)| b.body_type != BodyType::Static)
            .filter(|(_, b)| {
                let c = b.center;
                c.x < bounds.min.x || c.x > bounds.max.x || c.y < bounds.min.y || c.y > bounds.max.y
            })
            .map(|(index, _)| index)
            .collect();
        for index in outside {
            let id = self.state.bodies.id_of(index);
            self.destroy_body(id).expect("the body is live");
            self.state.removed.push(id);
        }
        // End events of the removed bodies' contacts belong to this step.
        self.state.events.append(&mut self.state.pending_events);
    }
}
