//! Duel, a two-player rollback game on lockstep2d and bevy_ggrs: each player pushes a
//! box around an arena and drops dumbbells (two discs on a rod); a furnace (a sensor)
//! burns the discs that fall into it, and dumbbells left lying about expire. A pendulum
//! of three jointed links hangs in the middle.
//!
//! The rules are written twice over the same pieces: as Bevy systems in the plugin's
//! `PhysicsStep` schedule (`DuelPlugin`), and, in the tests, on the engine's world
//! alone, so the two can be held to the same bits.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::prelude::*;
use bevy_transform::prelude::*;
use lockstep2d::{
    BodyDef, BodyId, DistanceJointDef, JointKind, RevoluteJointDef, ShapeDef, Vec2, World,
};
use lockstep2d_bevy::{
    Collider, Joint, Lockstep2dPlugin, Physics, PhysicsBody, PhysicsStep, RigidBody,
};

/// One byte of buttons per player and frame.
pub type DuelConfig = GgrsConfig<u8>;

/// Players in a duel.
pub const PLAYERS: usize = 2;
/// Push left.
pub const LEFT: u8 = 1;
/// Push right.
pub const RIGHT: u8 = 2;
/// Jump, when standing.
pub const JUMP: u8 = 4;
/// Drop a dumbbell above the player's box.
pub const DROP: u8 = 8;

/// Steps a player waits between two dumbbells.
pub const COOLDOWN: u32 = 45;
/// Steps a dumbbell lies about before it expires.
pub const LIFETIME: u32 = 240;
const PUSH: f32 = 40.0;
const JUMP_SPEED: f32 = 6.0;

/// A player's box, with the player's handle.
#[derive(Component, Clone, Copy, Debug)]
pub struct Player(pub usize);

/// Steps before the player may drop the next dumbbell.
#[derive(Component, Clone, Copy, Debug, Default, Hash)]
pub struct Cooldown(pub u32);

/// Steps a disc or rod of a dumbbell has lain about.
#[derive(Component, Clone, Copy, Debug, Hash)]
pub struct Age(pub u32);

/// The furnace's sensor.
#[derive(Component, Clone, Copy, Debug)]
pub struct Furnace;

/// What happened so far: dumbbells dropped, discs burned, parts expired.
#[derive(Resource, Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
pub struct Tally {
    /// Dumbbells dropped.
    pub dropped: u32,
    /// Discs burned in the furnace.
    pub burned: u32,
    /// Discs and rods that expired.
    pub expired: u32,
}

/// What a piece of the arena is, for the game's systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Ground, walls, the pendulum's anchor and links.
    Scenery,
    /// The furnace's sensor.
    Furnace,
    /// A player's box.
    Player(usize),
}

/// A body of the arena: its definition, shapes and place.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Static or dynamic, and the rest of its definition; placed at `at`.
    pub def: BodyDef,
    /// Its shapes.
    pub shapes: Vec<ShapeDef>,
    /// Where it starts.
    pub at: Vec2,
    /// What it is.
    pub role: Role,
}

fn piece(def: BodyDef, shape: ShapeDef, at: Vec2, role: Role) -> Piece {
    let shapes = vec![shape];
    Piece {
        def,
        shapes,
        at,
        role,
    }
}

fn solid_box(half_width: f32, half_height: f32) -> ShapeDef {
    ShapeDef::new_box(half_width, half_height).expect("a valid box")
}

/// The arena's bodies, in the order they are made: ground, walls, furnace, the players'
/// boxes, the pendulum's anchor and links.
pub fn arena() -> Vec<Piece> {
    let ground = BodyDef::static_at(Vec2::ZERO);
    let mut pieces = vec![
        piece(
            ground,
            solid_box(10.0, 0.5),
            Vec2::new(0.0, -0.5),
            Role::Scenery,
        ),
        piece(
            ground,
            solid_box(0.5, 5.0),
            Vec2::new(-10.5, 4.0),
            Role::Scenery,
        ),
        piece(
            ground,
            solid_box(0.5, 5.0),
            Vec2::new(10.5, 4.0),
            Role::Scenery,
        ),
        piece(
            ground,
            solid_box(1.5, 0.5).sensor(),
            Vec2::new(7.5, 0.5),
            Role::Furnace,
        ),
    ];
    for (player, x) in [(0, -4.0), (1, 4.0)] {
        let def = BodyDef::dynamic(Vec2::ZERO);
        let at = Vec2::new(x, 0.6);
        pieces.push(piece(def, solid_box(0.4, 0.6), at, Role::Player(player)));
    }
    pieces.push(Piece {
        def: ground,
        shapes: Vec::new(),
        at: Vec2::new(0.0, 7.0),
        role: Role::Scenery,
    });
    for link in 0..3 {
        let at = Vec2::new(0.0, 6.6 - 0.8 * link as f32);
        let def = BodyDef::dynamic(Vec2::ZERO);
        pieces.push(piece(def, solid_box(0.1, 0.4), at, Role::Scenery));
    }
    pieces
}

/// The pendulum's pins: the pieces of `arena` they join (by index) and where.
pub fn pendulum_pins() -> Vec<(usize, usize, JointKind)> {
    (0..3)
        .map(|link| {
            let anchor = Vec2::new(0.0, 7.0 - 0.8 * link as f32);
            let pin = JointKind::Revolute(RevoluteJointDef::at(anchor));
            (6 + link, 7 + link, pin)
        })
        .collect()
}

/// A dumbbell dropped above a box at `above`: its two discs and the rod between them.
pub fn dumbbell(above: Vec2) -> ([Piece; 2], JointKind) {
    let (a, b) = (above + Vec2::new(-0.35, 1.5), above + Vec2::new(0.35, 1.5));
    let disc = |at| {
        piece(
            BodyDef::dynamic(Vec2::ZERO),
            ShapeDef::circle(0.25),
            at,
            Role::Scenery,
        )
    };
    let rod = JointKind::Distance(DistanceJointDef::rod(a, b));
    ([disc(a), disc(b)], rod)
}

/// A player's buttons, pushed into their box: a push sideways, a jump when standing.
pub fn steer(world: &mut World, body: BodyId, buttons: u8) -> lockstep2d::Result<()> {
    let push = match (buttons & LEFT != 0, buttons & RIGHT != 0) {
        (true, false) => -PUSH,
        (false, true) => PUSH,
        _ => 0.0,
    };
    world.apply_force_to_center(body, Vec2::new(push, 0.0))?;
    let v = world.linear_velocity(body)?;
    if buttons & JUMP != 0 && v.y.abs() < 0.05 {
        world.set_linear_velocity(body, Vec2::new(v.x, JUMP_SPEED))?;
    }
    Ok(())
}

/// Whether a player with `cooldown` steps to wait and these buttons drops a dumbbell.
pub fn drops(buttons: u8, cooldown: u32) -> bool {
    buttons & DROP != 0 && cooldown == 0
}

/// The buttons of a scripted player: walking one way and the other, jumping now and
/// then, and dropping dumbbells in bursts. For tests and the headless run.
pub fn scripted_buttons(frame: u32, player: usize) -> u8 {
    let player = player as u32;
    let mut buttons = match (frame / 40 + 2 * player) % 3 {
        0 => LEFT,
        1 => RIGHT,
        _ => 0,
    };
    if (frame + 13 * player).is_multiple_of(50) {
        buttons |= JUMP;
    }
    if (frame + 20 * player) % 35 < 3 {
        buttons |= DROP;
    }
    buttons
}

/// The duel's rules and state: lockstep2d in `GgrsSchedule` with its state registered,
/// the arena made at start-up, and the rules run before each step. The app adds
/// bevy_ggrs (`GgrsPlugin::<DuelConfig>`), a `ReadInputs` system and the session.
pub struct DuelPlugin;

impl Plugin for DuelPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(Lockstep2dPlugin::default().ggrs())
            .rollback_component_with_copy::<Cooldown>()
            .rollback_component_with_copy::<Age>()
            .rollback_resource_with_copy::<Tally>()
            .checksum_resource_with_hash::<Tally>()
            .init_resource::<Tally>()
            .add_systems(Startup, build_arena)
            .add_systems(
                PhysicsStep,
                (steer_players, burn, expire, drop_dumbbells).chain(),
            );
    }
}

fn spawn_piece(commands: &mut Commands, piece: &Piece) -> Entity {
    let place = Transform::from_xyz(piece.at.x, piece.at.y, 0.0);
    let body = (RigidBody(piece.def), Collider(piece.shapes.clone()), place);
    match piece.role {
        Role::Scenery => commands.spawn(body),
        Role::Furnace => commands.spawn((body, Furnace)),
        Role::Player(handle) => commands.spawn((body, Player(handle), Cooldown::default())),
    }
    .id()
}

fn build_arena(mut commands: Commands) {
    let entities: Vec<Entity> = arena()
        .iter()
        .map(|p| spawn_piece(&mut commands, p))
        .collect();
    for (a, b, pin) in pendulum_pins() {
        commands.spawn(Joint::new(entities[a], entities[b], pin));
    }
}

/// The players' boxes, in handle order: a query's order is not the same on every run.
fn players_in_order<'a>(
    players: impl Iterator<Item = (&'a Player, &'a PhysicsBody)>,
) -> Vec<(usize, BodyId)> {
    let mut players: Vec<(usize, BodyId)> = players.map(|(p, b)| (p.0, b.0)).collect();
    players.sort_unstable_by_key(|&(handle, _)| handle);
    players
}

fn steer_players(
    inputs: Res<PlayerInputs<DuelConfig>>,
    mut physics: ResMut<Physics>,
    players: Query<(&Player, &PhysicsBody)>,
) {
    for (handle, body) in players_in_order(players.iter()) {
        let world = physics.world_mut();
        steer(world, body, inputs[handle].0).expect("a player's box is in the world");
    }
}

/// Discs that entered the furnace in the last step burn.
fn burn(
    mut commands: Commands,
    physics: Res<Physics>,
    furnace: Single<&PhysicsBody, With<Furnace>>,
    discs: Query<(), With<Age>>,
    mut tally: ResMut<Tally>,
) {
    for event in &physics.world().sensor_events().begin {
        let Some(visitor) = physics.entity(event.visitor_body) else {
            continue;
        };
        if event.sensor_body == furnace.0 && discs.contains(visitor) {
            commands.entity(visitor).despawn();
            tally.burned += 1;
        }
    }
}

/// Dumbbells' parts age, and expire (a despawn a rollback can undo) when old.
fn expire(mut commands: Commands, mut parts: Query<(Entity, &mut Age)>, mut tally: ResMut<Tally>) {
    for (entity, mut age) in &mut parts {
        age.0 += 1;
        if age.0 >= LIFETIME {
            commands.entity(entity).despawn_rollback();
            tally.expired += 1;
        }
    }
}

fn drop_dumbbells(
    mut commands: Commands,
    inputs: Res<PlayerInputs<DuelConfig>>,
    physics: Res<Physics>,
    mut players: Query<(&Player, &PhysicsBody, &mut Cooldown)>,
    mut tally: ResMut<Tally>,
) {
    let mut players: Vec<_> = players.iter_mut().collect();
    players.sort_unstable_by_key(|(player, ..)| player.0);
    for (player, body, mut cooldown) in players {
        cooldown.0 = cooldown.0.saturating_sub(1);
        if !drops(inputs[player.0].0, cooldown.0) {
            continue;
        }
        cooldown.0 = COOLDOWN;
        tally.dropped += 1;
        let above = physics
            .world()
            .position(body.0)
            .expect("a player's box is in the world");
        let ([a, b], rod) = dumbbell(above);
        let (a, b) = (
            spawn_piece(&mut commands, &a),
            spawn_piece(&mut commands, &b),
        );
        commands.entity(a).insert(Age(0));
        commands.entity(b).insert(Age(0));
        commands.spawn((Joint::new(a, b, rod), Age(0)));
    }
}
