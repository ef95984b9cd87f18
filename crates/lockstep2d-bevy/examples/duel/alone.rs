//! The duel on the engine's world alone, without Bevy: the same pieces, the same
//! scripted buttons and the same rules, applied in the order the plugin applies them,
//! so the Bevy game can be held to its bits.

use lockstep2d::{BodyId, JointDef, JointId, World, WorldDef};

use crate::game::{Piece, Role, Tally};

/// `frames` steps of the duel with the scripted buttons, on the engine's world alone:
/// the world at the end, and what happened.
pub fn play_alone(frames: u32) -> (World, Tally) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let arena = crate::game::arena();
    let ids: Vec<BodyId> = arena.iter().map(|p| make(&mut world, p)).collect();
    for (a, b, pin) in crate::game::pendulum_pins() {
        world
            .create_joint(&JointDef::new(ids[a], ids[b], pin))
            .unwrap();
    }
    let role = |role| ids[arena.iter().position(|p| p.role == role).unwrap()];
    let players = [role(Role::Player(0)), role(Role::Player(1))];
    let furnace = role(Role::Furnace);
    let mut cooldowns = [0u32; crate::game::PLAYERS];
    let mut discs: Vec<(BodyId, u32)> = Vec::new();
    let mut rods: Vec<(JointId, u32)> = Vec::new();
    let mut tally = Tally::default();
    let dt = 1.0 / 60.0;
    for frame in 0..frames {
        let buttons = [0, 1].map(|p| crate::game::scripted_buttons(frame, p));
        for (player, &body) in players.iter().enumerate() {
            crate::game::steer(&mut world, body, buttons[player]).unwrap();
        }
        let mut gone: Vec<BodyId> = Vec::new();
        for event in &world.sensor_events().begin {
            let disc = discs.iter().any(|&(d, _)| d == event.visitor_body);
            if event.sensor_body == furnace && disc {
                gone.push(event.visitor_body);
                tally.burned += 1;
            }
        }
        let mut gone_rods: Vec<JointId> = Vec::new();
        for (disc, age) in &mut discs {
            *age += 1;
            if *age >= crate::game::LIFETIME {
                gone.push(*disc);
                tally.expired += 1;
            }
        }
        for (rod, age) in &mut rods {
            *age += 1;
            if *age >= crate::game::LIFETIME {
                gone_rods.push(*rod);
                tally.expired += 1;
            }
        }
        let mut new_discs: Vec<Piece> = Vec::new();
        let mut new_rods: Vec<lockstep2d::JointKind> = Vec::new();
        for (player, &body) in players.iter().enumerate() {
            cooldowns[player] = cooldowns[player].saturating_sub(1);
            if crate::game::drops(buttons[player], cooldowns[player]) {
                cooldowns[player] = crate::game::COOLDOWN;
                tally.dropped += 1;
                let ([a, b], rod) = crate::game::dumbbell(world.position(body).unwrap());
                new_discs.extend([a, b]);
                new_rods.push(rod);
            }
        }
        // What the plugin does before the step: joints no entity holds destroyed in
        // id order, then bodies, then the new bodies made and the new joints.
        gone_rods.sort_unstable();
        gone.sort_unstable();
        gone.dedup();
        for rod in &gone_rods {
            let _ = world.destroy_joint(*rod);
        }
        for disc in &gone {
            world.destroy_body(*disc).unwrap();
        }
        discs.retain(|(d, _)| !gone.contains(d));
        rods.retain(|(r, _)| !gone_rods.contains(r));
        let made: Vec<BodyId> = new_discs.iter().map(|p| make(&mut world, p)).collect();
        for (pair, rod) in made.chunks(2).zip(new_rods) {
            let joint = world.create_joint(&JointDef::new(pair[0], pair[1], rod));
            rods.push((joint.unwrap(), 0));
        }
        discs.extend(made.into_iter().map(|d| (d, 0)));
        world.step(dt).unwrap();
        world.clear_forces();
    }
    (world, tally)
}

/// A piece made as the plugin makes it: at its place, turned by the angle the plugin
/// reads from an unturned entity.
fn make(world: &mut World, piece: &Piece) -> BodyId {
    let def = lockstep2d::BodyDef {
        position: piece.at,
        angle: 2.0 * lockstep2d::math::atan2(0.0, 1.0),
        ..piece.def
    };
    let body = world.create_body(&def).unwrap();
    for shape in &piece.shapes {
        world.create_shape(body, shape).unwrap();
    }
    body
}
