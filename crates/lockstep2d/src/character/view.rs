//! A character as a game reads it between steps (`World::character`).

use super::{Character, CharacterHit, CharacterReport, CharacterSettings, Ground};
use crate::math::Vec2;

/// A read-only view of one character: where it is, its velocity, its settings and what
/// its last move did.
#[derive(Clone, Copy, Debug)]
pub struct CharacterView<'a> {
    character: &'a Character,
    position: Vec2,
}

impl<'a> CharacterView<'a> {
    pub(crate) fn new(character: &'a Character, position: Vec2) -> CharacterView<'a> {
        CharacterView {
            character,
            position,
        }
    }

    /// Its body's origin in the world (m).
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// Its own velocity (m/s), which the world keeps from step to step: what the game
    /// last set (`World::set_character_velocity`), bent by gravity while it is off the
    /// ground, less what the surfaces its last move ended against stopped. A landing
    /// leaves no fall in it, a wall no run into the wall, a ceiling no rise.
    pub fn velocity(&self) -> Vec2 {
        self.character.velocity
    }

    /// How it moves.
    pub fn settings(&self) -> &'a CharacterSettings {
        &self.character.settings
    }

    /// Everything its last move did.
    pub fn report(&self) -> &'a CharacterReport {
        &self.character.report
    }

    /// Whether it stands on ground no steeper than `min_slide_slope`.
    pub fn grounded(&self) -> bool {
        self.character.report.grounded
    }

    /// What it stands on, when grounded.
    pub fn ground(&self) -> Option<Ground> {
        self.character.report.ground
    }

    /// On a slope too steep to stand on, and moving down it.
    pub fn sliding(&self) -> bool {
        self.character.report.sliding
    }

    /// How far its last step moved it (m).
    pub fn moved(&self) -> Vec2 {
        self.character.report.moved
    }

    /// The surfaces its last move met, each shape once, in the order met.
    pub fn hits(&self) -> &'a [CharacterHit] {
        &self.character.report.hits
    }
}
