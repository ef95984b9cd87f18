//! The window's keys in the testbed's terms: minifb's key codes named as the session's
//! key table names them.

use lockstep2d_testbed::session::Key;

/// minifb's key and the testbed's, for every key the testbed knows.
const NAMES: &[(minifb::Key, Key)] = &[
    (minifb::Key::Left, Key::Left),
    (minifb::Key::Right, Key::Right),
    (minifb::Key::Up, Key::Up),
    (minifb::Key::Down, Key::Down),
    (minifb::Key::PageUp, Key::PageUp),
    (minifb::Key::PageDown, Key::PageDown),
    (minifb::Key::Enter, Key::Enter),
    (minifb::Key::Space, Key::Space),
    (minifb::Key::Escape, Key::Escape),
    (minifb::Key::A, Key::A),
    (minifb::Key::C, Key::C),
    (minifb::Key::F, Key::F),
    (minifb::Key::L, Key::L),
    (minifb::Key::O, Key::O),
    (minifb::Key::P, Key::P),
    (minifb::Key::R, Key::R),
    (minifb::Key::S, Key::S),
    (minifb::Key::W, Key::W),
    (minifb::Key::X, Key::X),
];

/// The testbed's name for `key`, if it knows the key.
pub fn testbed_key(key: minifb::Key) -> Option<Key> {
    NAMES.iter().find(|(k, _)| *k == key).map(|&(_, t)| t)
}
