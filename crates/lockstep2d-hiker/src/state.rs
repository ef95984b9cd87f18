//! `GameState`: everything of the game that is not in the world. It is saved beside
//! the world's snapshot and hashed with it, so a rollback puts both back together.

use std::collections::VecDeque;

use lockstep2d::{BodyId, InputQueue, ShapeId};

use crate::input::{Buttons, Command};
use crate::items::ItemKind;

/// The game's own state (see the module docs).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameState {
    /// Steps played.
    pub step: u64,
    /// The commands waiting for the coming steps: one-shots pressed and not yet acted
    /// on, and what is held.
    pub input: InputQueue<Command>,
    /// The buttons of the last frame, against which the next frame's presses are found.
    pub buttons: Buttons,
    /// The hiker's body (a character) and the monster's (kinematic), and its sensor.
    pub hiker: BodyId,
    /// The monster's body.
    pub monster: BodyId,
    /// The monster's sensor, which finds the hiker.
    pub monster_sensor: ShapeId,
    /// The live chunks of mountain, oldest first: index and body.
    pub chunks: VecDeque<(u32, BodyId)>,
    /// The next chunk to make.
    pub next_chunk: u32,
    /// Live rocks and thrown stones, in the order made.
    pub rocks: Vec<BodyId>,
    /// Rocks sent so far (each rock's draw from the seed is numbered by it).
    pub rocks_sent: u32,
    /// Live items lying in the world, in the order made.
    pub items: Vec<BodyId>,
    /// The world border: nothing lives left of it, and the view starts there (m).
    pub border: f32,
    /// Where the monster has got to along x.
    pub monster_x: f32,
    /// The hiker: health, items, jumps.
    pub hiker_state: HikerState,
}

/// The hiker's own state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HikerState {
    /// Health left; at 0 the hiker falls and gets up with full health.
    pub health: f32,
    /// Times the hiker fell.
    pub falls: u32,
    /// Items carried, in the order picked up.
    pub inventory: Vec<ItemKind>,
    /// The chosen item's place in `inventory`.
    pub selected: usize,
    /// Higher jumps left from boots.
    pub boots_jumps: u32,
    /// Jumps made.
    pub jumps: u32,
    /// Items picked up.
    pub picked: u32,
    /// +1 facing right, -1 facing left.
    pub facing: f32,
    /// Whether the hiker crouched in the last step.
    pub crouching: bool,
    /// The step of the last hit that hurt, and the health it cost.
    pub last_hurt: Option<(u64, f32)>,
}

impl HikerState {
    /// A hiker with `health`, facing up the mountain, carrying nothing.
    pub fn new(health: f32) -> HikerState {
        HikerState {
            health,
            falls: 0,
            inventory: Vec::new(),
            selected: 0,
            boots_jumps: 0,
            jumps: 0,
            picked: 0,
            facing: 1.0,
            crouching: false,
            last_hurt: None,
        }
    }

    /// The chosen item, if any is carried.
    pub fn chosen(&self) -> Option<ItemKind> {
        self.inventory.get(self.selected).copied()
    }

    /// Takes the chosen item out of the inventory.
    pub fn take_chosen(&mut self) -> Option<ItemKind> {
        if self.selected >= self.inventory.len() {
            return None;
        }
        let kind = self.inventory.remove(self.selected);
        if self.selected >= self.inventory.len() {
            self.selected = 0;
        }
        Some(kind)
    }
}
