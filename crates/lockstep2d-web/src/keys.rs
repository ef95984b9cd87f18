//! The browser's keys (`KeyboardEvent.code`, which names a key by its place, so WASD
//! stays WASD on any layout) in the testbed's and the hiker game's terms: the same
//! keys as on the desktop.

use lockstep2d_hiker::Command;
use lockstep2d_testbed::session::Key;

/// The testbed's key at `code`, if it knows one there.
pub(crate) fn testbed_key(code: &str) -> Option<Key> {
    Some(match code {
        "ArrowLeft" => Key::Left,
        "ArrowRight" => Key::Right,
        "ArrowUp" => Key::Up,
        "ArrowDown" => Key::Down,
        "PageUp" => Key::PageUp,
        "PageDown" => Key::PageDown,
        "Enter" | "NumpadEnter" => Key::Enter,
        "Space" => Key::Space,
        "Escape" => Key::Escape,
        "KeyA" => Key::A,
        "KeyC" => Key::C,
        "KeyF" => Key::F,
        "KeyL" => Key::L,
        "KeyO" => Key::O,
        "KeyP" => Key::P,
        "KeyR" => Key::R,
        "KeyS" => Key::S,
        "KeyW" => Key::W,
        "KeyX" => Key::X,
        _ => return None,
    })
}

/// The hiker's button at `code`: arrows or WASD to run, crouch and jump; E picks up,
/// Q drops, F uses, Tab switches (the desktop's keys).
pub(crate) fn hiker_command(code: &str) -> Option<Command> {
    Some(match code {
        "ArrowLeft" | "KeyA" => Command::Left,
        "ArrowRight" | "KeyD" => Command::Right,
        "ArrowDown" | "KeyS" => Command::Crouch,
        "Space" | "ArrowUp" | "KeyW" => Command::Jump,
        "KeyE" => Command::PickUp,
        "KeyQ" => Command::Drop,
        "KeyF" => Command::Use,
        "Tab" => Command::Switch,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_knows_the_desktop_keys() {
        assert_eq!(testbed_key("ArrowRight"), Some(Key::Right));
        assert_eq!(testbed_key("KeyO"), Some(Key::O));
        assert_eq!(testbed_key("KeyZ"), None);
        assert_eq!(hiker_command("KeyW"), Some(Command::Jump));
        assert_eq!(hiker_command("ArrowDown"), Some(Command::Crouch));
        assert_eq!(hiker_command("Enter"), None);
    }
}
