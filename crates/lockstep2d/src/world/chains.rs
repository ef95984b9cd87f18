//! Making a chain: a shape for each of its links; and a heightfield, which is one.

use super::World;
use crate::error::Result;
use crate::id::{BodyId, ShapeId};
use crate::shape::{ChainDef, HeightfieldDef};

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
        Ok(self.attach_checked_shapes(body_index, &links))
    }

    /// Attaches a heightfield to a body: the chain of its points (`HeightfieldDef::
    /// chain`), one link shape per cell, left to right. Fails, creating nothing, if the
    /// heightfield or any cell would.
    pub fn create_heightfield(
        &mut self,
        body: BodyId,
        def: &HeightfieldDef,
    ) -> Result<Vec<ShapeId>> {
        self.create_chain(body, &def.chain()?)
    }
}
