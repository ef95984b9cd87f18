//! A player's buttons on one frame: what a keyboard, a gamepad or the scripted player
//! hands the game, and all that rollback netcode sends over the wire (one byte).
//!
//! A pad is the state of the buttons, not the presses: held buttons (run, down) act on
//! every frame they are down; the jump acts on a frame it is down and the player can
//! jump (standing), so holding it jumps again on landing. The rules that turn pads into
//! actions are `Script::actions_with`.

use serde::{Deserialize, Serialize};

/// The buttons down on one frame, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pad(u8);

impl Pad {
    /// Run (or push) left.
    pub const LEFT: u8 = 1;
    /// Run (or push) right.
    pub const RIGHT: u8 = 1 << 1;
    /// Jump, when standing.
    pub const JUMP: u8 = 1 << 2;
    /// Drop through one-way platforms while held.
    pub const DOWN: u8 = 1 << 3;
    /// Every button there is: bits outside it are ignored.
    const ALL: u8 = Pad::LEFT | Pad::RIGHT | Pad::JUMP | Pad::DOWN;

    /// The pad with exactly the buttons in `bits` down (bits that name no button are
    /// dropped, so any byte off the wire is a valid pad).
    pub const fn from_bits(bits: u8) -> Pad {
        Pad(bits & Pad::ALL)
    }

    /// The buttons down, as the byte sent over the wire.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// This pad with `button` down (`down`) or up.
    pub const fn with(self, button: u8, down: bool) -> Pad {
        if down {
            Pad::from_bits(self.0 | button)
        } else {
            Pad(self.0 & !button)
        }
    }

    /// Whether `button` is down (for several buttons: whether any of them is).
    pub const fn is_down(self, button: u8) -> bool {
        self.0 & button != 0
    }

    /// The run direction: -1 (left), 0 (neither or both) or 1 (right).
    pub fn run(self) -> f32 {
        f32::from(u8::from(self.is_down(Pad::RIGHT))) - f32::from(u8::from(self.is_down(Pad::LEFT)))
    }

    /// The scripted player `player`'s pad on frame `frame`: right for 120 frames, then
    /// left for 120; jump on one frame in 45; down for the first 50 frames of every 150.
    /// Player 1 keeps the same pattern half a period later than player 0, and so on, so
    /// no two players press the same buttons on the same frames.
    pub fn scripted(player: usize, frame: u64) -> Pad {
        let frame = frame + 60 * player as u64;
        Pad::default()
            .with(Pad::RIGHT, (frame / 120).is_multiple_of(2))
            .with(Pad::LEFT, !(frame / 120).is_multiple_of(2))
            .with(Pad::JUMP, frame.is_multiple_of(45))
            .with(Pad::DOWN, frame % 150 < 50)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pad_serializes_as_its_byte_and_any_byte_reads_as_a_pad() {
        let pad = Pad::default().with(Pad::RIGHT, true).with(Pad::JUMP, true);
        assert_eq!(serde_json::to_string(&pad).unwrap(), "6");
        assert_eq!(Pad::from_bits(0xff), Pad::from_bits(Pad::ALL));
        assert_eq!(Pad::from_bits(0xf0), Pad::default());
    }

    #[test]
    fn the_run_is_the_difference_of_the_arrows() {
        let left = Pad::default().with(Pad::LEFT, true);
        assert_eq!(left.run(), -1.0);
        assert_eq!(left.with(Pad::RIGHT, true).run(), 0.0);
        assert_eq!(
            left.with(Pad::LEFT, false).with(Pad::RIGHT, true).run(),
            1.0
        );
    }

    #[test]
    fn scripted_players_press_different_buttons_on_the_same_frame() {
        let differ = (0..600).filter(|&f| Pad::scripted(0, f) != Pad::scripted(1, f));
        assert!(differ.count() > 300);
        assert!(Pad::scripted(0, 0).is_down(Pad::JUMP));
        assert!(Pad::scripted(0, 0).is_down(Pad::RIGHT));
        assert!(Pad::scripted(0, 120).is_down(Pad::LEFT));
    }
}
