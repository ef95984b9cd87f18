//! Concave outlines on bodies: an `Outline`'s convex pieces, attached as polygons.

use super::World;
use crate::error::Result;
use crate::id::{BodyId, ShapeId};
use crate::shape::{Geometry, Outline, ShapeDef};

impl World {
    /// Attaches the convex pieces of `outline` to a body, one `Geometry::Polygon` shape
    /// each, made like `like` (its density, material, filter, flags and user data; its
    /// geometry is each piece's own), and returns their ids in the outline's piece
    /// order. Each piece is a shape like any other. Fails, creating nothing, if any
    /// piece would, or if the body with all of them would have a mass too small or too
    /// large to simulate.
    pub fn create_outline(
        &mut self,
        body: BodyId,
        outline: &Outline,
        like: &ShapeDef,
    ) -> Result<Vec<ShapeId>> {
        let body_index = self.state.bodies.resolve(body)?;
        self.refuse_character_shapes(body_index)?;
        let defs: Vec<ShapeDef> = outline
            .pieces()
            .iter()
            .map(|&piece| ShapeDef {
                geometry: Geometry::Polygon(piece),
                ..*like
            })
            .collect();
        let dynamic = self.body(body_index).is_dynamic();
        for def in &defs {
            def.validate(dynamic)?;
        }
        if dynamic {
            self.check_mass_with(body_index, &defs)?;
        }
        Ok(self.attach_checked_shapes(body_index, &defs))
    }
}
