//! The duel on the engine's world alone, without Bevy: the same pieces, the same
//! scripted buttons and the same rules, applied in the order the plugin applies them,
//! so the Bevy game can be held to its bits.

use lockstep2d::{BodyId, JointDef, JointId, JointKind, World, WorldDef};

use crate::game::{PLAYERS, Piece, Role, Tally};

/// `frames` frames of the duel with the scripted buttons: the world at the end, and
/// what happened.
pub fn play_alone(frames: u32) -> (World, Tally) {
    let mut duel = Duel::new();
    for frame in 0..frames {
        duel.play(frame);
    }
    (duel.world, duel.rules.tally)
}

/// The duel's rule state beside the world, a value a rollback can save and put back.
#[derive(Clone, Debug)]
pub struct Rules {
    players: [BodyId; crate::game::PLAYERS],
    furnace: BodyId,
    cooldowns: [u32; crate::game::PLAYERS],
    discs: Vec<(BodyId, u32)>,
    rods: Vec<(JointId, u32)>,
    tally: Tally,
}

/// What a frame's rules decided before the step: what to destroy and what to make.
#[derive(Default)]
struct Changes {
    gone: Vec<BodyId>,
    gone_rods: Vec<JointId>,
    new_discs: Vec<Piece>,
    new_rods: Vec<JointKind>,
}

/// The duel on the engine's world alone, a frame at a time, so that a rollback can
/// save, put back and play single frames.
#[derive(Clone, Debug)]
pub struct Duel {
    /// The engine's world.
    pub world: World,
    /// The rules' state.
    pub rules: Rules,
}

impl Duel {
    /// The arena and the pendulum, made in the order the plugin makes them.
    pub fn new() -> Duel {
        let mut world = World::new(&WorldDef::default()).expect("the default world");
        let arena = crate::game::arena();
        let ids: Vec<BodyId> = arena.iter().map(|p| make(&mut world, p)).collect();
        for (a, b, pin) in crate::game::pendulum_pins() {
            let def = JointDef::new(ids[a], ids[b], pin);
            world.create_joint(&def).expect("a pendulum pin");
        }
        let role = |role| ids[arena.iter().position(|p| p.role == role).expect("a piece")];
        let rules = Rules {
            players: [role(Role::Player(0)), role(Role::Player(1))],
            furnace: role(Role::Furnace),
            cooldowns: [0; crate::game::PLAYERS],
            discs: Vec::new(),
            rods: Vec::new(),
            tally: Tally::default(),
        };
        Duel { world, rules }
    }

    /// Frame `frame` with the scripted buttons: the rules in the order the plugin
    /// applies them, then the step.
    pub fn play(&mut self, frame: u32) {
        let buttons = [0, 1].map(|p| crate::game::scripted_buttons(frame, p));
        for (&body, &pressed) in self.rules.players.iter().zip(&buttons) {
            crate::game::steer(&mut self.world, body, pressed).expect("a player's box");
        }
        let mut changes = Changes::default();
        self.rules.burn(&self.world, &mut changes);
        self.rules.age(&mut changes);
        self.rules
            .drop_dumbbells(&self.world, buttons, &mut changes);
        self.destroy(&mut changes);
        self.make_dumbbells(changes);
        self.world.step(1.0 / 60.0).expect("a valid step");
        self.world.clear_forces();
    }

    /// What the plugin does first before the step: joints no entity holds destroyed in
    /// id order, then bodies.
    fn destroy(&mut self, changes: &mut Changes) {
        changes.gone_rods.sort_unstable();
        changes.gone.sort_unstable();
        changes.gone.dedup();
        for rod in &changes.gone_rods {
            // The rod of a burned disc went with the disc: nothing left to destroy.
            let _ = self.world.destroy_joint(*rod);
        }
        for disc in &changes.gone {
            self.world.destroy_body(*disc).expect("a live disc");
        }
        self.rules.discs.retain(|(d, _)| !changes.gone.contains(d));
        self.rules
            .rods
            .retain(|(r, _)| !changes.gone_rods.contains(r));
    }

    /// Then the new discs made, and their rods.
    fn make_dumbbells(&mut self, changes: Changes) {
        let made: Vec<BodyId> = changes
            .new_discs
            .iter()
            .map(|p| make(&mut self.world, p))
            .collect();
        for (pair, rod) in made.chunks(2).zip(changes.new_rods) {
            let def = JointDef::new(pair[0], pair[1], rod);
            let joint = self.world.create_joint(&def).expect("a rod");
            self.rules.rods.push((joint, 0));
        }
        self.rules.discs.extend(made.into_iter().map(|d| (d, 0)));
    }
}

impl Rules {
    /// Discs that entered the furnace in the last step burn.
    fn burn(&mut self, world: &World, changes: &mut Changes) {
        for event in &world.sensor_events().begin {
            let disc = self.discs.iter().any(|&(d, _)| d == event.visitor_body);
            if event.sensor_body == self.furnace && disc {
                changes.gone.push(event.visitor_body);
                self.tally.burned += 1;
            }
        }
    }

    /// Discs and rods age, and expire when old.
    fn age(&mut self, changes: &mut Changes) {
        for (disc, age) in &mut self.discs {
            *age += 1;
            if *age >= crate::game::LIFETIME {
                changes.gone.push(*disc);
                self.tally.expired += 1;
            }
        }
        for (rod, age) in &mut self.rods {
            *age += 1;
            if *age >= crate::game::LIFETIME {
                changes.gone_rods.push(*rod);
                self.tally.expired += 1;
            }
        }
    }

    /// Players whose cooldown is over and who press DROP drop a dumbbell.
    fn drop_dumbbells(&mut self, world: &World, buttons: [u8; PLAYERS], changes: &mut Changes) {
        for (player, &body) in self.players.iter().enumerate() {
            self.cooldowns[player] = self.cooldowns[player].saturating_sub(1);
            if !crate::game::drops(buttons[player], self.cooldowns[player]) {
                continue;
            }
            self.cooldowns[player] = crate::game::COOLDOWN;
            self.tally.dropped += 1;
            let above = world.position(body).expect("a player's box");
            let ([a, b], rod) = crate::game::dumbbell(above);
            changes.new_discs.extend([a, b]);
            changes.new_rods.push(rod);
        }
    }
}

/// A piece made as the plugin makes it: at its place, turned by the angle the plugin
/// reads from an unturned entity.
fn make(world: &mut World, piece: &Piece) -> BodyId {
    let def = lockstep2d::BodyDef {
        position: piece.at,
        angle: 2.0 * lockstep2d::math::atan2(0.0, 1.0),
        ..piece.def
    };
    let body = world.create_body(&def).expect("a valid body");
    for shape in &piece.shapes {
        world.create_shape(body, shape).expect("a valid shape");
    }
    body
}
