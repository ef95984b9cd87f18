//! A scripted player for any scene: one-shot and held inputs, spawns and removals. What
//! it does on a frame depends only on the frame number and the world, so a frame played
//! again after a rollback does exactly what it did the first time — as a game's inputs
//! must for rollback netcode.

use lockstep2d::{BodyDef, BodyId, BodyType, Geometry, Polygon, ShapeDef, Vec2, World};

use crate::walker::{WalkInput, walk};

/// Frames between spawns; each spawned box is removed half a period later (if it is
/// still the last body).
const SPAWN_PERIOD: u64 = 40;
/// Frames between one-shot kicks.
const KICK_PERIOD: u64 = 3;
/// A held push lasts this many frames, then rests as long.
const HOLD_FRAMES: u64 = 60;
/// Frames between the player's jumps.
const JUMP_PERIOD: u64 = 45;
/// The player's jump speed (m/s).
const JUMP_SPEED: f32 = 8.0;
/// The player holds "down" (drops through one-way platforms) for the first third of
/// every period this long.
const DROP_PERIOD: u64 = 150;
/// A character player runs right this many frames, then left as many.
const RUN_FRAMES: u64 = 120;
/// Its running speed (m/s).
const RUN_SPEED: f32 = 4.0;
/// Moving kinematic bodies turn back halfway through every period this long, so a
/// platform goes back and forth over the same stretch.
const PLATFORM_PERIOD: u64 = 180;

/// Plays the script on one scene.
#[derive(Clone, Copy, Debug)]
pub struct Script {
    /// Where boxes are dropped: above the scene's bodies at the start.
    spawn_at: Vec2,
}

impl Script {
    /// A script for `world` as the scene built it.
    pub fn new(world: &World) -> Script {
        let positions = world.body_ids().filter_map(|id| world.position(id).ok());
        let (mut low_x, mut high_x, mut top) = (f32::MAX, f32::MIN, f32::MIN);
        for p in positions {
            (low_x, high_x, top) = (low_x.min(p.x), high_x.max(p.x), top.max(p.y));
        }
        let spawn_at = if top == f32::MIN {
            Vec2::new(0.0, 5.0)
        } else {
            Vec2::new(0.5 * (low_x + high_x), top + 3.0)
        };
        Script { spawn_at }
    }

    /// Frame `frame`'s inputs and edits for a step of `dt`, to apply before the step.
    /// In a world with characters, the first character is the player and every dynamic
    /// body is the crowd; otherwise the first dynamic body is the player and the others
    /// are the crowd.
    /// - every third frame a one-shot upward kick to one of the crowd (a different one
    ///   each time);
    /// - for 60 frames out of every 120, a held sideways push on the first of the crowd
    ///   (a force, which the frame's end clears: see `play_frame`);
    /// - every 40 frames a box dropped from above the scene, and 20 frames later the
    ///   last of the crowd removed;
    /// - a body player jumps (a one-shot 8 m/s up) every 45 frames if it is standing
    ///   (its vertical speed under 5 cm/s); a character player runs right at 4 m/s for
    ///   120 frames and left for 120, moved by the walker (`walk`), and jumps at
    ///   8 m/s every 45 frames if grounded;
    /// - either player holds "down and jump" (drops through one-way platforms) for 50
    ///   frames of every 150, switched on and off as a game would;
    /// - in a world with characters, every kinematic body that is not a character and
    ///   moves has its velocity reversed on frame 90 of every 180, so moving platforms
    ///   go back and forth.
    pub fn actions(&self, frame: u64, world: &World, dt: f32) -> lockstep2d::Result<Vec<Action>> {
        let character = world.character_ids().next();
        let dynamic: Vec<BodyId> = world
            .body_ids()
            .filter(|&id| world.body_type(id) == Ok(BodyType::Dynamic))
            .collect();
        let (player, crowd) = match (character, dynamic.split_first()) {
            (None, Some((&player, crowd))) => (Some(player), crowd),
            _ => (None, &dynamic[..]),
        };
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
        if let Some(player) = player {
            actions.extend(player_actions(frame, world, player)?);
        }
        if let Some(character) = character {
            actions.extend(character_actions(frame, world, character, dt)?);
            actions.extend(platform_actions(frame, world));
        }
        Ok(actions)
    }

    /// Plays frame `frame` on `world`: its actions (see `actions`), then a step of `dt`
    /// (see `play_frame`).
    pub fn play(&self, frame: u64, world: &mut World, dt: f32) -> lockstep2d::Result<()> {
        let actions = self.actions(frame, world, dt)?;
        play_frame(world, &actions, dt)
    }
}

/// The body player's jump and its drop-through switch on frame `frame`.
fn player_actions(frame: u64, world: &World, player: BodyId) -> lockstep2d::Result<Vec<Action>> {
    let mut actions = Vec::new();
    let standing = world.linear_velocity(player)?.y.abs() < 0.05;
    if frame.is_multiple_of(JUMP_PERIOD) && standing {
        actions.push(Action::Impulse {
            body: player,
            impulse: world.mass(player)? * Vec2::new(0.0, JUMP_SPEED),
            point: world.center_of_mass(player)?,
        });
    }
    actions.extend(drop_through(frame, player));
    Ok(actions)
}

/// The character player's move (its run and jump, through the walker) and its
/// drop-through switch on frame `frame`.
fn character_actions(
    frame: u64,
    world: &World,
    character: BodyId,
    dt: f32,
) -> lockstep2d::Result<Vec<Action>> {
    let run = if (frame / RUN_FRAMES).is_multiple_of(2) {
        RUN_SPEED
    } else {
        -RUN_SPEED
    };
    let jump = frame.is_multiple_of(JUMP_PERIOD).then_some(JUMP_SPEED);
    let displacement = walk(world, character, WalkInput { run, jump }, dt)?;
    let mut actions = vec![Action::MoveCharacter {
        body: character,
        displacement,
    }];
    actions.extend(drop_through(frame, character));
    Ok(actions)
}

/// "Down" pressed on frame 0 and let go on frame 50 of every `DROP_PERIOD`.
fn drop_through(frame: u64, body: BodyId) -> Option<Action> {
    match frame % DROP_PERIOD {
        0 => Some(Action::DropThrough { body, on: true }),
        50 => Some(Action::DropThrough { body, on: false }),
        _ => None,
    }
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
        body: BodyId,
        impulse: Vec2,
        point: Vec2,
    },
    /// A held force (N) at the centre of mass, for this frame.
    Force {
        body: BodyId,
        force: Vec2,
    },
    /// A dynamic box of half-size `half` dropped at `at`.
    SpawnBox {
        at: Vec2,
        angle: f32,
        half: f32,
    },
    Destroy {
        body: BodyId,
    },
    /// Drop through one-way platforms (`World::set_drop_through`), or stop.
    DropThrough {
        body: BodyId,
        on: bool,
    },
    /// A character's displacement (m) for the coming step (`World::move_character`).
    MoveCharacter {
        body: BodyId,
        displacement: Vec2,
    },
    /// A body's linear velocity (m/s) set outright: a kinematic platform turned back.
    SetVelocity {
        body: BodyId,
        velocity: Vec2,
    },
}

impl Action {
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
            Action::MoveCharacter { body, displacement } => {
                world.move_character(body, displacement)
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
