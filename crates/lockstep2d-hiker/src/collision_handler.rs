//! The collision handler: after the world's step has found and solved the contacts,
//! the game reads them. A rock hitting the hiker faster than the rules' `hurt_speed`
//! costs health by how much faster (half as much crouching); a slower touch costs
//! nothing. The monster drains health while its sensor holds the hiker. At no health
//! the hiker falls, and gets up again whole.

use crate::game::Game;
use crate::tag::Tag;

/// Runs the stage.
pub fn handle(game: &mut Game) -> lockstep2d::Result<()> {
    let hiker = game.state.hiker;
    let rules = &game.rules;
    let mut damage = 0.0;
    for hit in &game.world.contact_events().hit {
        let other = match (hit.body_a == hiker, hit.body_b == hiker) {
            (true, _) => hit.body_b,
            (_, true) => hit.body_a,
            _ => continue,
        };
        let is_rock = matches!(Tag::of(&game.world, other), Some(Tag::Rock | Tag::Thrown));
        if is_rock && hit.approach_speed > rules.hurt_speed {
            damage += (hit.approach_speed - rules.hurt_speed) * rules.damage_per_speed;
        }
    }
    let state = &mut game.state.hiker_state;
    if state.crouching {
        damage *= 0.5;
    }
    if damage > 0.0 {
        state.health -= damage;
        state.last_hurt = Some((game.state.step, damage));
    }
    let caught = game
        .world
        .sensor_overlaps(game.state.monster_sensor)?
        .iter()
        .any(|o| o.body == hiker);
    if caught {
        state.health -= rules.monster_drain * rules.dt();
    }
    if state.health <= 0.0 {
        state.falls += 1;
        state.health = rules.max_health;
    }
    Ok(())
}
