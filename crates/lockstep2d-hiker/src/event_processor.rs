//! The event processor: a step's commands turned into the hiker's intent (run, jump,
//! crouch) and into the one-shot actions on the inventory, which change the world at
//! once (an item picked up leaves it, one dropped or thrown enters it).

use lockstep2d::{ShapeDef, Vec2, minmax};

use crate::game::Game;
use crate::input::Command;
use crate::items::{ItemKind, reach_sensor};
use crate::spawner::spawn_rock;
use crate::tag::Tag;

/// What the hiker's body is asked to do this step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Intent {
    /// -1, 0 or +1: the running direction.
    pub run: f32,
    /// Jump in this step, if standing.
    pub jump: bool,
    /// Crouch in this step.
    pub crouch: bool,
}

/// Runs the stage on the step's commands, one-shots first.
pub fn process(game: &mut Game, commands: &[Command]) -> lockstep2d::Result<Intent> {
    let mut intent = Intent::default();
    for &command in commands {
        match command {
            Command::Left => intent.run -= 1.0,
            Command::Right => intent.run += 1.0,
            Command::Crouch => intent.crouch = true,
            Command::Jump => intent.jump = true,
            Command::PickUp => pick_up(game)?,
            Command::Drop => drop_chosen(game)?,
            Command::Use => use_chosen(game)?,
            Command::Switch => switch(game),
        }
    }
    let hiker = &mut game.state.hiker_state;
    if intent.run != 0.0 {
        hiker.facing = intent.run;
    }
    hiker.crouching = intent.crouch;
    // Crouching on a ledge drops through it.
    game.world
        .set_drop_through(game.state.hiker, intent.crouch)?;
    Ok(intent)
}

/// Picks up the item in reach nearest the hiker, unless the hands are full. The item's
/// body leaves the world, so it cannot be picked up twice.
fn pick_up(game: &mut Game) -> lockstep2d::Result<()> {
    if game.state.hiker_state.inventory.len() >= game.rules.inventory_size {
        return Ok(());
    }
    let at = game.world.position(game.state.hiker)?;
    let mut nearest: Option<(f32, usize)> = None;
    for (place, &item) in game.state.items.iter().enumerate() {
        let Some(sensor) = reach_sensor(&game.world, item)? else {
            continue;
        };
        let in_reach = game
            .world
            .sensor_overlaps(sensor)?
            .iter()
            .any(|o| o.body == game.state.hiker);
        let distance = game.world.position(item)?.distance(at);
        if in_reach && nearest.is_none_or(|(d, _)| distance < d) {
            nearest = Some((distance, place));
        }
    }
    let Some((_, place)) = nearest else {
        return Ok(());
    };
    let item = game.state.items.remove(place);
    let Some(Tag::Item(kind)) = Tag::of(&game.world, item) else {
        return Ok(());
    };
    game.world.destroy_body(item)?;
    let hiker = &mut game.state.hiker_state;
    hiker.inventory.push(kind);
    hiker.picked += 1;
    Ok(())
}

/// Puts the chosen item down in front of the hiker.
fn drop_chosen(game: &mut Game) -> lockstep2d::Result<()> {
    let Some(kind) = game.state.hiker_state.take_chosen() else {
        return Ok(());
    };
    let facing = game.state.hiker_state.facing;
    let at = game.world.position(game.state.hiker)? + Vec2::new(0.6 * facing, 0.3);
    game.add_item(kind, at)?;
    Ok(())
}

/// Uses the chosen item: an apple heals, boots give higher jumps, a stone is thrown.
fn use_chosen(game: &mut Game) -> lockstep2d::Result<()> {
    let Some(kind) = game.state.hiker_state.take_chosen() else {
        return Ok(());
    };
    let rules = &game.rules;
    let hiker = &mut game.state.hiker_state;
    match kind {
        ItemKind::Apple => {
            hiker.health = minmax::min(hiker.health + rules.apple_health, rules.max_health);
        }
        ItemKind::Boots => hiker.boots_jumps += rules.boots_jumps,
        ItemKind::Stone => throw_stone(game)?,
    }
    Ok(())
}

/// A stone thrown forward and up from the hiker's shoulder.
fn throw_stone(game: &mut Game) -> lockstep2d::Result<()> {
    let facing = game.state.hiker_state.facing;
    let at = game.world.position(game.state.hiker)? + Vec2::new(0.5 * facing, 0.5);
    let speed = game.rules.throw_speed;
    let velocity = Vec2::new(0.8 * speed * facing, 0.6 * speed);
    spawn_rock(game, Tag::Thrown, at, velocity, ShapeDef::circle(0.15))?;
    Ok(())
}

/// Chooses the next item carried.
fn switch(game: &mut Game) {
    let hiker = &mut game.state.hiker_state;
    if !hiker.inventory.is_empty() {
        hiker.selected = (hiker.selected + 1) % hiker.inventory.len();
    }
}
