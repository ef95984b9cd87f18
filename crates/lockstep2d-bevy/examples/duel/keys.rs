//! The keyboard: two players on one keyboard, each with four keys.

use minifb::{Key, Window};

use crate::game::{DROP, JUMP, LEFT, PLAYERS, RIGHT};
use crate::inputs::HeldButtons;

/// Each player's keys and the button each one holds down.
const KEYS: [[(Key, u8); 4]; PLAYERS] = [
    [
        (Key::A, LEFT),
        (Key::D, RIGHT),
        (Key::W, JUMP),
        (Key::S, DROP),
    ],
    [
        (Key::Left, LEFT),
        (Key::Right, RIGHT),
        (Key::Up, JUMP),
        (Key::Down, DROP),
    ],
];

/// What each player's keys say, as the overlay shows it.
pub const HELP: [&str; PLAYERS] = [
    "player 0: A/D move, W jumps, S drops a dumbbell",
    "player 1: Left/Right move, Up jumps, Down drops a dumbbell",
];

/// The keys of a player alone on this machine: either player's.
pub const HELP_EITHER: &str = "A/D or Left/Right move, W/Up jumps, S/Down drops";

/// The buttons each player holds down now.
pub fn held_buttons(window: &Window) -> HeldButtons {
    HeldButtons(KEYS.map(|keys| {
        keys.iter()
            .filter(|(key, _)| window.is_key_down(*key))
            .fold(0, |buttons, (_, button)| buttons | button)
    }))
}
