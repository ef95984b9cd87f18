//! Items: what lies on the mountain to be picked up, and what each does when used.
//!
//! An item in the world is a small dynamic box (it falls, rests and is knocked about by
//! rocks) with a sensor ring around it that only the hiker's shape sets off: standing in
//! the ring is what lets the hiker pick it up.

use lockstep2d::{BodyDef, BodyId, ShapeDef, ShapeId, Vec2, World};

use crate::tag::{self, Tag};

/// What an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ItemKind {
    /// Gives health back.
    Apple = 0,
    /// Makes the next jumps higher.
    Boots = 1,
    /// Thrown ahead, it knocks rocks away.
    Stone = 2,
}

/// Every kind, by index.
const KINDS: [ItemKind; 3] = [ItemKind::Apple, ItemKind::Boots, ItemKind::Stone];

/// The reach ring's radius (m): how close the hiker must stand to pick an item up.
pub const REACH: f32 = 0.8;
/// Half the side of an item's box (m).
const HALF_SIZE: f32 = 0.2;

impl ItemKind {
    /// The kind numbered `index`, if there is one.
    pub fn from_index(index: u32) -> Option<ItemKind> {
        KINDS.get(index as usize).copied()
    }

    /// The kind a uniform draw in [0, 1) picks: apples most often.
    pub fn from_draw(u: f32) -> ItemKind {
        match u {
            u if u < 0.45 => ItemKind::Apple,
            u if u < 0.7 => ItemKind::Boots,
            _ => ItemKind::Stone,
        }
    }

    /// The name the picture shows.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Apple => "apple",
            ItemKind::Boots => "boots",
            ItemKind::Stone => "stone",
        }
    }
}

/// Puts an item of `kind` at `position`, moving at `velocity`.
pub fn spawn_item(
    world: &mut World,
    kind: ItemKind,
    position: Vec2,
    velocity: Vec2,
) -> lockstep2d::Result<BodyId> {
    let def = BodyDef::dynamic(position)
        .with_velocity(velocity, 0.0)
        .with_user_data(Tag::Item(kind).to_bits());
    let body = world.create_body(&def)?;
    let solid = ShapeDef::new_box(HALF_SIZE, HALF_SIZE)?
        .with_density(0.5)
        .with_filter(tag::filter(tag::ITEM, tag::TERRAIN | tag::ROCK | tag::ITEM));
    world.create_shape(body, &solid)?;
    let reach = ShapeDef::circle(REACH)
        .sensor()
        .with_filter(tag::filter(tag::SENSOR, tag::HIKER));
    world.create_shape(body, &reach)?;
    Ok(body)
}

/// The reach ring of an item's body.
pub fn reach_sensor(world: &World, item: BodyId) -> lockstep2d::Result<Option<ShapeId>> {
    for shape in world.body_shapes(item)? {
        if world.shape_def(shape)?.is_sensor {
            return Ok(Some(shape));
        }
    }
    Ok(None)
}
