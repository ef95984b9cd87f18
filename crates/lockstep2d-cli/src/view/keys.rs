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
    ToggleWarmStarting,
    ToggleAccumulate,
    TogglePositionCorrection,
    CycleSmoothing,
    FasterPhysics,
    SlowerPhysics,
    Bomb,
    Fit,
    Quit,
}

/// The key table: key, action, and what the README and the help line call it.
pub const KEYS: &[(Key, Action, &str)] = &[
    (Key::Right, Action::NextScene, "next scene"),
    (Key::Left, Action::PreviousScene, "previous scene"),
    (Key::Enter, Action::Pause, "pause / resume"),
    (Key::O, Action::SingleStep, "single step (pauses)"),
    (Key::R, Action::Restart, "restart the scene"),
    (Key::W, Action::ToggleWarmStarting, "warm starting on/off"),
    (
        Key::A,
        Action::ToggleAccumulate,
        "accumulated impulses on/off",
    ),
    (
        Key::P,
        Action::TogglePositionCorrection,
        "position correction on/off",
    ),
    (
        Key::S,
        Action::CycleSmoothing,
        "smoothing: interpolate, extrapolate, none",
    ),
    (Key::Up, Action::FasterPhysics, "physics rate up"),
    (Key::Down, Action::SlowerPhysics, "physics rate down"),
    (Key::Space, Action::Bomb, "launch the bomb"),
    (Key::F, Action::Fit, "fit the camera to the scene"),
    (Key::Escape, Action::Quit, "quit"),
];

pub fn action_for(key: Key) -> Option<Action> {
    KEYS.iter()
        .find(|(k, ..)| *k == key)
        .map(|&(_, action, _)| action)
}
