//! Making a chain: a shape for each of its links.

use super::World;
use crate::error::Result;
use crate::id::{BodyId, ShapeId};
use crate::shape::ChainDef;

impl World {
    /// Attaches the links of a chain to a body, one `Geometry::ChainSegment` shape each,
    /// and returns their ids in the order of the points. Each link is a shape like any
    /// other: it has its own material and user data, queries name it, and
    /// `destroy_shape` removes it (its neighbours keep their ghost vertices, so they
    /// stay smooth where it was). Fails, creating nothing, if any link would.
    pub fn create_chain(&mut self, body: BodyId, def: &ChainDef) -> Result<Vec<ShapeId>> {
        let body_index = self.state.bodies.resolve(body)?;
        self.refuse_character_shapes(body_index)?;
        // Each link is checked as `create_shape` checks a shape; lines add no mass, so
        // the body's mass stays usable whatever it is.
        let links = def.links()?;
        let ids = links
            .iter()
            .map(|link| self.attach_shape(body_index, link))
            .collect();
        self.update_mass(body_index);
        self.wake_island(body_index);
        Ok(ids)
    }
}
