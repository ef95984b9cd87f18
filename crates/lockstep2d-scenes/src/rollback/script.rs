//! A game for any scene: the rules that turn each player's pad into actions, the
//! crowd's kicks and pushes, spawns and removals, and a scripted pad for each player.
//! What it does on a frame depends only on the frame number, the pads and the world, so
//! a frame played again after a rollback with the same pads does exactly what it did
//! the first time — as a game's inputs must for rollback netcode.

use lockstep2d::{BodyDef, BodyId, BodyType, Geometry, Polygon, ShapeDef, Vec2, World, minmax};

use super::pad::Pad;
use super::walker::{WalkInput, walk};

/// Frames between spawns; each spawned box is removed half a period later (if it is
/// still the last body).
const SPAWN_PERIOD: u64 = 40;
/// Frames between one-shot kicks.
const KICK_PERIOD: u64 = 3;
/// A held push on the crowd lasts this many frames, then rests as long.
const HOLD_FRAMES: u64 = 60;
/// The jump speed (m/s) of a player, body or character.
const JUMP_SPEED: f32 = 8.0;
/// A body player's vertical speed (m/s) under which it counts as standing and can jump.
const STANDING_SPEED: f32 = 0.05;
/// A body player held left or right is pushed at this acceleration (m/s²).
const PUSH_ACCELERATION: f32 = 8.0;
/// A character player's running speed (m/s).
const RUN_SPEED: f32 = 4.0;
/// Moving kinematic bodies turn back halfway through every period this long, so a
/// platform goes back and forth over the same stretch.
const PLATFORM_PERIOD: u64 = 180;

/// Plays the script on one scene, for one player or more.
#[derive(Clone, Debug)]
pub struct Script {
    /// Where boxes are dropped: above the scene's bodies at the start.
    spawn_at: Vec2,
    /// Each player's body, in player order.
    players: Vec<BodyId>,
}

impl Script {
    /// A script for one player on `world` as the scene built it.
    pub fn new(world: &World) -> Script {
        Script::for_players(world, 1)
    }

    /// A script for `count` players on `world` as the scene built it. The players take
    /// the characters in id order, then the dynamic bodies in id order; a world with
    /// fewer such bodies has fewer players.
    pub fn for_players(world: &World, count: usize) -> Script {
        let positions = world.body_ids().filter_map(|id| world.position(id).ok());
        let (mut low_x, mut high_x, mut top) = (f32::MAX, f32::MIN, f32::MIN);
        for p in positions {
            (low_x, high_x, top) = (
                minmax::min(low_x, p.x),
                minmax::max(high_x, p.x),
                minmax::max(top, p.y),
            );
        }
        let spawn_at = if top == f32::MIN {
            Vec2::new(0.0, 5.0)
        } else {
            Vec2::new(0.5 * (low_x + high_x), top + 3.0)
        };
        let players = world
            .character_ids()
            .chain(dynamic_bodies(world))
            .take(count)
            .collect();
        Script { spawn_at, players }
    }

    /// Each player's body, in player order.
    pub fn players(&self) -> &[BodyId] {
        &self.players
    }

    /// Frame `frame`'s inputs and edits, to apply before the step, with every player on
    /// its scripted pad (`Pad::scripted`): see `actions_with`.
    pub fn actions(&self, frame: u64, world: &World) -> lockstep2d::Result<Vec<Action>> {
        let pads: Vec<Pad> = (0..self.players.len())
            .map(|player| Pad::scripted(player, frame))
            .collect();
        self.actions_with(frame, world, &pads)
    }

    /// Frame `frame`'s inputs and edits, with player `i` on
    /// `pads[i]` (a player without a pad, or whose body is gone, does nothing). The
    /// dynamic bodies that are not players are the crowd.
    /// - every third frame a one-shot upward kick to one of the crowd (a different one
    ///   each time);
    /// - for 60 frames out of every 120, a held sideways push on the first of the crowd
    ///   (a force, which the frame's end clears: see `play_frame`);
    /// - every 40 frames a box dropped from above the scene, and 20 frames later the
    ///   last of the crowd removed;
    /// - each player as its pad says: a character runs at 4 m/s while left or right is
    ///   held (moved by the walker, `walk`) and jumps at 8 m/s on jump if grounded; a
    ///   body is pushed at 8 m/s² while left or right is held and jumps (a one-shot
    ///   8 m/s up) on jump if standing (its vertical speed under 5 cm/s); either drops
    ///   through one-way platforms while down is held;
    /// - in a world with characters, every kinematic body that is not a character and
    ///   moves has its velocity reversed on frame 90 of every 180, so moving platforms
    ///   go back and forth.
    pub fn actions_with(
        &self,
        frame: u64,
        world: &World,
        pads: &[Pad],
    ) -> lockstep2d::Result<Vec<Action>> {
        let crowd: Vec<BodyId> = dynamic_bodies(world)
            .filter(|id| !self.players.contains(id))
            .collect();
        let mut actions = crowd_actions(frame, world, &crowd)?;
        match frame % SPAWN_PERIOD {
            0 => {
                let offset = ((frame / SPAWN_PERIOD) % 5) as f32 - 2.0;
                actions.push(Action::SpawnBox {
                    at: self.spawn_at + Vec2::new(offset, 0.0),
                    angle: 0.1 * offset,
                    half: 0.25,
                });
            }
            20 => actions.extend(crowd.last().map(|&body| Action::Destroy { body })),
            _ => {}
        }
        for (&player, &pad) in self.players.iter().zip(pads) {
            if world.body_type(player).is_ok() {
                actions.extend(pad_actions(world, player, pad)?);
            }
        }
        if world.character_ids().next().is_some() {
            actions.extend(platform_actions(frame, world));
        }
        Ok(actions)
    }

    /// Plays frame `frame` on `world` with the scripted pads: its actions (see
    /// `actions`), then a step of `dt` (see `play_frame`).
    pub fn play(&self, frame: u64, world: &mut World, dt: f32) -> lockstep2d::Result<()> {
        let actions = self.actions(frame, world)?;
        play_frame(world, &actions, dt)
    }

    /// Plays frame `frame` on `world` with player `i` on `pads[i]` (see
    /// `actions_with`), then a step of `dt`.
    pub fn play_with(
        &self,
        frame: u64,
        world: &mut World,
        dt: f32,
        pads: &[Pad],
    ) -> lockstep2d::Result<()> {
        let actions = self.actions_with(frame, world, pads)?;
        play_frame(world, &actions, dt)
    }
}

/// The world's dynamic bodies, in id order.
fn dynamic_bodies(world: &World) -> impl Iterator<Item = BodyId> + '_ {
    world
        .body_ids()
        .filter(|&id| world.body_type(id) == Ok(BodyType::Dynamic))
}

/// The kick and the held push on the crowd on frame `frame`.
fn crowd_actions(frame: u64, world: &World, crowd: &[BodyId]) -> lockstep2d::Result<Vec<Action>> {
    let mut actions = Vec::new();
    if frame.is_multiple_of(KICK_PERIOD) && !crowd.is_empty() {
        let body = crowd[(frame as usize).wrapping_mul(7919) % crowd.len()];
        let side = if frame.is_multiple_of(2) { 0.5 } else { -0.5 };
        let impulse = world.mass(body)? * Vec2::new(side, 2.0);
        let point = world.center_of_mass(body)?;
        actions.push(Action::Impulse {
            body,
            impulse,
            point,
        });
    }
    if (frame / HOLD_FRAMES) % 2 == 1
        && let Some(&body) = crowd.first()
    {
        let force = world.mass(body)? * Vec2::new(8.0, 0.0);
        actions.push(Action::Force { body, force });
    }
    Ok(actions)
}

/// What `pad` does to the player `player` (a character or a body) on the coming frame:
/// the players' rules of `Script::actions_with`, for a game that drives its own player.
pub fn pad_actions(world: &World, player: BodyId, pad: Pad) -> lockstep2d::Result<Vec<Action>> {
    let mut actions = if world.character(player).is_ok() {
        character_actions(world, player, pad)?
    } else {
        body_actions(world, player, pad)?
    };
    let down = pad.is_down(Pad::DOWN);
    if world.drops_through(player)? != down {
        actions.push(Action::DropThrough {
            body: player,
            on: down,
        });
    }
    Ok(actions)
}

/// A character player's move: its run and jump, through the walker.
fn character_actions(
    world: &World,
    character: BodyId,
    pad: Pad,
) -> lockstep2d::Result<Vec<Action>> {
    let input = WalkInput {
        run: RUN_SPEED * pad.run(),
        jump: pad.is_down(Pad::JUMP).then_some(JUMP_SPEED),
    };
    let velocity = walk(world, character, input)?;
    Ok(vec![Action::CharacterVelocity {
        body: character,
        velocity,
    }])
}

/// A body player's push while an arrow is held, and its jump if standing.
fn body_actions(world: &World, player: BodyId, pad: Pad) -> lockstep2d::Result<Vec<Action>> {
    let mut actions = Vec::new();
    let mass = world.mass(player)?;
    if pad.run() != 0.0 {
        let force = mass * Vec2::new(PUSH_ACCELERATION * pad.run(), 0.0);
        actions.push(Action::Force {
            body: player,
            force,
        });
    }
    let standing = world.linear_velocity(player)?.y.abs() < STANDING_SPEED;
    if pad.is_down(Pad::JUMP) && standing {
        actions.push(Action::Impulse {
            body: player,
            impulse: mass * Vec2::new(0.0, JUMP_SPEED),
            point: world.center_of_mass(player)?,
        });
    }
    Ok(actions)
}

/// On frame 90 of every `PLATFORM_PERIOD`, each moving kinematic body that is not a
/// character turned back: its linear velocity reversed. The testbed plays these under a
/// keyboard-driven character, as the script does under its own player.
pub fn platform_actions(frame: u64, world: &World) -> Vec<Action> {
    if frame % PLATFORM_PERIOD != PLATFORM_PERIOD / 2 {
        return Vec::new();
    }
    let characters: Vec<BodyId> = world.character_ids().collect();
    world
        .body_ids()
        .filter(|&id| world.body_type(id) == Ok(BodyType::Kinematic))
        .filter(|id| !characters.contains(id))
        .filter_map(|body| {
            let velocity = world.linear_velocity(body).ok()?;
            (velocity != Vec2::ZERO).then_some(Action::SetVelocity {
                body,
                velocity: -velocity,
            })
        })
        .collect()
}

/// One input or edit of a frame, as data: what a recording stores.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// A one-shot impulse (N·s) at a world point.
    Impulse {
        /// The body pushed.
        body: BodyId,
        /// The impulse (N·s).
        impulse: Vec2,
        /// Where it acts (world).
        point: Vec2,
    },
    /// A held force (N) at the centre of mass, for this frame.
    Force {
        /// The body pushed.
        body: BodyId,
        /// The force (N).
        force: Vec2,
    },
    /// A dynamic box of half-size `half` dropped at `at`.
    SpawnBox {
        /// Where its centre starts (world).
        at: Vec2,
        /// Its angle (rad).
        angle: f32,
        /// Half its side (m).
        half: f32,
    },
    /// A body destroyed (`World::destroy_body`).
    Destroy {
        /// The body destroyed.
        body: BodyId,
    },
    /// Drop through one-way platforms (`World::set_drop_through`), or stop.
    DropThrough {
        /// The body.
        body: BodyId,
        /// Whether it drops through.
        on: bool,
    },
    /// A character's velocity (m/s) set (`World::set_character_velocity`): its run
    /// and its jump.
    CharacterVelocity {
        /// The character's body.
        body: BodyId,
        /// Its velocity (m/s).
        velocity: Vec2,
    },
    /// A body's linear velocity (m/s) set outright: a kinematic platform turned back.
    SetVelocity {
        /// The body.
        body: BodyId,
        /// Its new velocity (m/s).
        velocity: Vec2,
    },
}

impl Action {
    /// Applies the action to `world`. Fails as the `World` call it makes does: a stale
    /// body, a value out of range.
    pub fn apply(&self, world: &mut World) -> lockstep2d::Result<()> {
        match *self {
            Action::Impulse {
                body,
                impulse,
                point,
            } => world.apply_linear_impulse(body, impulse, point),
            Action::Force { body, force } => world.apply_force_to_center(body, force),
            Action::SpawnBox { at, angle, half } => {
                // The box first: a bad size must not leave a body behind.
                let square = Polygon::new_box(half, half)?;
                let body = world.create_body(&BodyDef::dynamic(at).with_angle(angle))?;
                world.create_shape(body, &ShapeDef::new(Geometry::Polygon(square)))?;
                Ok(())
            }
            Action::Destroy { body } => world.destroy_body(body),
            Action::DropThrough { body, on } => world.set_drop_through(body, on),
            Action::CharacterVelocity { body, velocity } => {
                world.set_character_velocity(body, velocity)
            }
            Action::SetVelocity { body, velocity } => world.set_linear_velocity(body, velocity),
        }
    }
}

/// One frame of a game: its actions, the step of `dt`, and the frame's end, where held
/// forces are let go (a held input applies its force again next frame).
pub fn play_frame(world: &mut World, actions: &[Action], dt: f32) -> lockstep2d::Result<()> {
    for action in actions {
        action.apply(world)?;
    }
    world.step(dt)?;
    world.clear_forces();
    Ok(())
}
