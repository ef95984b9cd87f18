//! The player's input: the buttons held on a frame (one byte, what a recording or a
//! network peer carries), turned into the game's commands through the engine's
//! `InputQueue`, the rule of the "Physics Loop" article: one-shot actions (jump, pick
//! up, drop, use, switch) apply in the first step after the frame they were pressed in,
//! however many steps that frame runs, and held ones (run, crouch) in every step.

use lockstep2d::InputQueue;

/// A command for one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Command {
    /// Run left, every step while held.
    Left,
    /// Run right, every step while held.
    Right,
    /// Crouch (slower, hurt less, drop through ledges), every step while held.
    Crouch,
    /// Jump, once.
    Jump,
    /// Pick up the nearest item in reach, once.
    PickUp,
    /// Drop the chosen item, once.
    Drop,
    /// Use the chosen item, once.
    Use,
    /// Choose the next item, once.
    Switch,
}

/// The buttons held on one frame, a bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Buttons(pub u8);

/// Each button's bit and the command it gives; the held ones first.
const BUTTONS: [(u8, Command); 8] = [
    (1, Command::Left),
    (1 << 1, Command::Right),
    (1 << 2, Command::Crouch),
    (1 << 3, Command::Jump),
    (1 << 4, Command::PickUp),
    (1 << 5, Command::Drop),
    (1 << 6, Command::Use),
    (1 << 7, Command::Switch),
];

impl Command {
    /// Whether the command applies every step while its button is held.
    pub fn is_held(self) -> bool {
        matches!(self, Command::Left | Command::Right | Command::Crouch)
    }

    /// The command's button.
    pub fn button(self) -> Buttons {
        let bit = BUTTONS
            .iter()
            .find(|(_, c)| *c == self)
            .map_or(0, |(b, _)| *b);
        Buttons(bit)
    }

    /// The command a script names (`left`, `right`, `crouch`, `jump`, `pick`, `drop`,
    /// `use`, `switch`).
    pub fn from_name(name: &str) -> Option<Command> {
        Some(match name {
            "left" => Command::Left,
            "right" => Command::Right,
            "crouch" => Command::Crouch,
            "jump" => Command::Jump,
            "pick" => Command::PickUp,
            "drop" => Command::Drop,
            "use" => Command::Use,
            "switch" => Command::Switch,
            _ => return None,
        })
    }
}

impl Buttons {
    /// These buttons and `command`'s.
    pub fn with(self, command: Command) -> Buttons {
        Buttons(self.0 | command.button().0)
    }

    /// Whether `command`'s button is held.
    pub fn holds(self, command: Command) -> bool {
        self.0 & command.button().0 != 0
    }
}

/// Hands a frame's buttons to `queue`, given the last frame's: a one-shot button
/// pressed since (held now, not then) is queued once; a held button is held or
/// released.
pub fn feed(queue: &mut InputQueue<Command>, before: Buttons, now: Buttons) {
    for (_, command) in BUTTONS {
        let (was, is) = (before.holds(command), now.holds(command));
        match (command.is_held(), was, is) {
            (true, false, true) => queue.hold(command),
            (true, true, false) => queue.release(&command),
            (false, false, true) => queue.press(command),
            _ => {}
        }
    }
}
