//! The testbed's keys: each one an `Action`, so the session can be driven (and tested)
//! without a window.

use minifb::Key;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NextScene,
    PreviousScene,
    Pause,
    SingleStep,
    Restart,
    ToggleSolver,
    ToggleWarmStarting,
    ToggleAccumulate,
    TogglePositionCorrection,
    CycleSmoothing,
    FasterPhysics,
    SlowerPhysics,
    Bomb,
    ToggleBombMode,
    ToggleRayCast,
    Fit,
    Quit,
}

/// The key table (the README's table says the same).
const KEYS: &[(Key, Action)] = &[
    (Key::Right, Action::NextScene),
    (Key::Left, Action::PreviousScene),
    (Key::PageDown, Action::NextScene),
    (Key::PageUp, Action::PreviousScene),
    (Key::Enter, Action::Pause),
    (Key::O, Action::SingleStep),
    (Key::R, Action::Restart),
    (Key::L, Action::ToggleSolver),
    (Key::W, Action::ToggleWarmStarting),
    (Key::A, Action::ToggleAccumulate),
    (Key::P, Action::TogglePositionCorrection),
    (Key::S, Action::CycleSmoothing),
    (Key::Up, Action::FasterPhysics),
    (Key::Down, Action::SlowerPhysics),
    (Key::Space, Action::Bomb),
    (Key::X, Action::ToggleBombMode),
    (Key::C, Action::ToggleRayCast),
    (Key::F, Action::Fit),
    (Key::Escape, Action::Quit),
];

/// The keys a scene's character takes for itself (see `pad.rs`).
const PLAYER_KEYS: [Key; 4] = [Key::Left, Key::Right, Key::Space, Key::Down];

/// What `key` does; in a scene with a character (`playing`), its keys drive it instead.
pub fn action_for(key: Key, playing: bool) -> Option<Action> {
    if playing && PLAYER_KEYS.contains(&key) {
        return None;
    }
    KEYS.iter()
        .find(|(k, _)| *k == key)
        .map(|&(_, action)| action)
}
