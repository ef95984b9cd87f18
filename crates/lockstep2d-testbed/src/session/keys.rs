//! The testbed's keys: each one an `Action`, so the session can be driven (and tested)
//! without a window, and every front end (the desktop window, the web page) names its
//! keys in its own terms and gets the same actions.

/// What a key does to the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The next named scene.
    NextScene,
    /// The previous named scene.
    PreviousScene,
    /// Pause, or resume.
    Pause,
    /// One step while paused.
    SingleStep,
    /// The scene from its start, at the rate chosen.
    Restart,
    /// The soft step or Box2D-Lite's solver.
    ToggleSolver,
    /// Warm starting on or off.
    ToggleWarmStarting,
    /// Accumulated impulses on or off.
    ToggleAccumulate,
    /// Position correction on or off.
    TogglePositionCorrection,
    /// Interpolation, extrapolation or none.
    CycleSmoothing,
    /// The next higher physics rate.
    FasterPhysics,
    /// The next lower physics rate.
    SlowerPhysics,
    /// Throw the bomb, or explode at the cursor.
    Bomb,
    /// Bomb or explosion.
    ToggleBombMode,
    /// The ray to the cursor on or off.
    ToggleRayCast,
    /// Frame the scene.
    Fit,
    /// Close the testbed.
    Quit,
}

/// The keys the testbed knows, each named by what is printed on it.
#[allow(missing_docs, reason = "each variant is the key printed with its name")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Left,
    Right,
    Up,
    Down,
    PageUp,
    PageDown,
    Enter,
    Space,
    Escape,
    A,
    C,
    F,
    L,
    O,
    P,
    R,
    S,
    W,
    X,
}

/// The key table (the guide's table in `docs/book/src/testbed.md` says the same).
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

/// The keys a scene's character takes for itself (see `keyboard.rs`).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_scene_keeps_its_keys_for_the_character() {
        assert_eq!(action_for(Key::Right, false), Some(Action::NextScene));
        assert_eq!(action_for(Key::Right, true), None);
        assert_eq!(action_for(Key::PageDown, true), Some(Action::NextScene));
        assert_eq!(action_for(Key::Space, false), Some(Action::Bomb));
    }
}
