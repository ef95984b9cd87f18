//! What each body is in the game, kept in the body's user data so the world itself
//! says what everything is (and a snapshot carries it); and the collision categories
//! the game's shapes are filtered by.

use lockstep2d::{BodyId, Filter, World};

use crate::items::ItemKind;

/// A body's role, stored as its user data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// The mountain chunk with this index.
    Chunk(u32),
    /// A rock rolling down.
    Rock,
    /// An item lying in the world.
    Item(ItemKind),
    /// A stone the hiker threw.
    Thrown,
    /// The hiker.
    Hiker,
    /// The monster.
    Monster,
}

impl Tag {
    /// The tag as user data: the role in the high half, its number in the low.
    pub fn to_bits(self) -> u64 {
        let (role, number) = match self {
            Tag::Chunk(index) => (1, index),
            Tag::Rock => (2, 0),
            Tag::Item(kind) => (3, kind as u32),
            Tag::Thrown => (4, 0),
            Tag::Hiker => (5, 0),
            Tag::Monster => (6, 0),
        };
        (role << 32) | u64::from(number)
    }

    /// The tag user data holds, if it is one.
    pub fn from_bits(bits: u64) -> Option<Tag> {
        let number = bits as u32;
        Some(match bits >> 32 {
            1 => Tag::Chunk(number),
            2 => Tag::Rock,
            3 => Tag::Item(ItemKind::from_index(number)?),
            4 => Tag::Thrown,
            5 => Tag::Hiker,
            6 => Tag::Monster,
            _ => return None,
        })
    }

    /// The tag of `body`, if it is live and tagged.
    pub fn of(world: &World, body: BodyId) -> Option<Tag> {
        world.body_user_data(body).ok().and_then(Tag::from_bits)
    }
}

/// The mountain and its ledges.
pub const TERRAIN: u64 = 1;
/// Rocks and thrown stones.
pub const ROCK: u64 = 1 << 1;
/// Items' solid boxes.
pub const ITEM: u64 = 1 << 2;
/// The hiker.
pub const HIKER: u64 = 1 << 3;
/// Sensors: an item's reach and the monster's.
pub const SENSOR: u64 = 1 << 4;
/// The monster's body, which touches nothing.
pub const MONSTER: u64 = 1 << 5;

/// A shape in `category` that touches the `mask` categories.
pub fn filter(category: u64, mask: u64) -> Filter {
    Filter {
        category_bits: category,
        mask_bits: mask,
        group_index: 0,
    }
}
