//! A piece of game state a test leaves out of the rollback on purpose.

use bevy_ecs::prelude::*;
use lockstep2d::Vec2;
use lockstep2d_bevy::{Physics, PhysicsBody};

use crate::game::Player;

/// A gust counter the game forgot to register: a rollback does not put it back, so a
/// frame played again pushes at other steps than the first time.
#[derive(Resource, Default)]
pub struct Gusts(u32);

/// Every fifth run, pushes player 0's box up.
pub fn gust(
    mut gusts: ResMut<Gusts>,
    mut physics: ResMut<Physics>,
    boxes: Query<(&Player, &PhysicsBody)>,
) {
    gusts.0 += 1;
    if !gusts.0.is_multiple_of(5) {
        return;
    }
    for (player, body) in &boxes {
        if player.0 == 0 {
            let push = Vec2::new(0.0, 30.0);
            physics
                .world_mut()
                .apply_force_to_center(body.0, push)
                .expect("the box is in the world");
        }
    }
}
