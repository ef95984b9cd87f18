//! The `ReadInputs` systems: each local player's buttons for the frame about to be
//! played, from the script or from the keyboard, handed to bevy_ggrs.

use bevy_ecs::prelude::*;
use bevy_ggrs::{LocalInputs, LocalPlayers, RollbackFrameCount};

use crate::game::{self, DuelConfig, PLAYERS};

/// The buttons each player holds on the keyboard, by handle, as the window last read
/// them.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct HeldButtons(pub [u8; PLAYERS]);

/// The scripted buttons of every local player for the frame about to be played:
/// `RollbackFrameCount` is the number of frames played before it.
pub fn scripted_inputs(
    mut commands: Commands,
    players: Res<LocalPlayers>,
    frame: Res<RollbackFrameCount>,
) {
    let frame = u32::try_from(frame.0).unwrap_or(0);
    let buttons = players
        .0
        .iter()
        .map(|&handle| (handle, game::scripted_buttons(frame, handle)))
        .collect();
    commands.insert_resource(LocalInputs::<DuelConfig>(buttons));
}

/// The keys held now, for every local player. Two local players each have their own
/// keys; a player alone on this machine (a network game) may use either set.
pub fn keyboard_inputs(mut commands: Commands, players: Res<LocalPlayers>, held: Res<HeldButtons>) {
    let alone = players.0.len() == 1;
    let buttons = players
        .0
        .iter()
        .map(|&handle| {
            let own = held.0.get(handle).copied().unwrap_or(0);
            let either = held.0.iter().fold(0, |all, b| all | b);
            (handle, if alone { either } else { own })
        })
        .collect();
    commands.insert_resource(LocalInputs::<DuelConfig>(buttons));
}
