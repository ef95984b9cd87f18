//! `Game`: the world and the game's state, and one step of the pipeline in the order
//! of the "Physics Loop" article: spawner, event processor, accelerator, positioner,
//! the world's own step (collision detection and response), collision handler,
//! destructor.

use std::collections::VecDeque;

use lockstep2d::{
    BodyDef, BodyId, Capsule, CharacterDef, Geometry, InputQueue, ShapeDef, Snapshot, Vec2, World,
    WorldDef,
};
use lockstep2d_scenes::Rollback;

use crate::input::{Buttons, Command, feed};
use crate::items::{self, ItemKind};
use crate::rules::Rules;
use crate::state::{GameState, HikerState};
use crate::tag::{self, Tag};
use crate::terrain::Mountain;
use crate::{accelerator, collision_handler, destructor, event_processor, positioner, spawner};

/// The seed a game is played on when none is given: the mountain the guide's
/// pictures (`docs/book/src/hiker.md`) and the recorded climbs show.
pub const DEFAULT_SEED: u64 = 1;

/// Contacts slower than this (m/s) are not reported as hits: below the game's own
/// threshold, so a slow touch is seen and ignored rather than never seen.
const HIT_EVENTS_FROM: f32 = 1.0;
/// Where the hiker starts along x (m).
const START_X: f32 = 3.0;

/// A game of hiker: the world, the game's state, its rules and its mountain.
#[derive(Clone)]
pub struct Game {
    /// The physics world: every body of the game lives here.
    pub world: World,
    /// What the game keeps beside the world.
    pub state: GameState,
    /// The rules it plays by.
    pub rules: Rules,
    /// The mountain of its seed.
    pub mountain: Mountain,
}

/// A saved game: the world's snapshot and the game's state.
#[derive(Clone)]
pub struct SavedGame {
    world: Snapshot,
    state: GameState,
}

impl Game {
    /// A new game on the mountain of `seed`, by `rules`: the hiker at the foot, the
    /// monster just behind the view's left edge. Fails, naming the rule, if
    /// `Rules::check` refuses the rules.
    pub fn new(seed: u64, rules: Rules) -> lockstep2d::Result<Game> {
        rules.check()?;
        let def = WorldDef {
            hit_event_threshold: HIT_EVENTS_FROM,
            ..WorldDef::default()
        };
        let mut world = World::new(&def)?;
        let mountain = Mountain::new(seed, &rules);
        let hiker = spawn_hiker(&mut world, &mountain)?;
        let border = START_X - rules.border_behind;
        let monster_at = Vec2::new(border + 1.0, mountain.height(border + 1.0) + 1.0);
        let monster_def = BodyDef::kinematic(monster_at).with_user_data(Tag::Monster.to_bits());
        let monster = world.create_body(&monster_def)?;
        // A body that touches nothing (it passes through rocks and items, so it never
        // herds them along), and a sensor a little larger that finds the hiker.
        let ghost = ShapeDef::circle(0.7).with_filter(tag::filter(tag::MONSTER, 0));
        world.create_shape(monster, &ghost)?;
        let sensor = ShapeDef::circle(0.9)
            .sensor()
            .with_filter(tag::filter(tag::SENSOR, tag::HIKER));
        let monster_sensor = world.create_shape(monster, &sensor)?;
        let state = GameState {
            step: 0,
            input: InputQueue::new(),
            buttons: Buttons::default(),
            hiker,
            monster,
            monster_sensor,
            chunks: VecDeque::new(),
            next_chunk: 0,
            rocks: Vec::new(),
            rocks_sent: 0,
            items: Vec::new(),
            border,
            monster_x: monster_at.x,
            hiker_state: HikerState::new(rules.max_health),
        };
        Ok(Game {
            world,
            state,
            rules,
            mountain,
        })
    }

    /// A frame's buttons, into the game's input queue (`input::feed`): a one-shot
    /// button pressed since the last frame acts in the next step, a held one in every
    /// step until let go.
    pub fn press(&mut self, buttons: Buttons) {
        feed(&mut self.state.input, self.state.buttons, buttons);
        self.state.buttons = buttons;
    }

    /// One step with the queue's commands for it, the world stepped by `physics` (the
    /// fixed-step driver's `step`, which keeps poses for smoothing).
    pub fn step_queued(
        &mut self,
        physics: impl FnOnce(&mut World) -> lockstep2d::Result<()>,
    ) -> lockstep2d::Result<()> {
        let commands: Vec<Command> = self.state.input.drain_step().collect();
        self.step_with(&commands, physics)
    }

    /// One step with `commands` (a test's, an AI's), the world stepped by
    /// `World::step`.
    pub fn step(&mut self, commands: &[Command]) -> lockstep2d::Result<()> {
        let dt = self.rules.dt();
        self.step_with(commands, |world| world.step(dt))
    }

    /// One step with `commands`, the world stepped by `physics`.
    pub fn step_with(
        &mut self,
        commands: &[Command],
        physics: impl FnOnce(&mut World) -> lockstep2d::Result<()>,
    ) -> lockstep2d::Result<()> {
        spawner::spawn(self)?;
        let intent = event_processor::process(self, commands)?;
        accelerator::accelerate(self, intent)?;
        positioner::position(self)?;
        physics(&mut self.world)?;
        collision_handler::handle(self)?;
        destructor::destroy(self)?;
        self.state.step += 1;
        Ok(())
    }

    /// Puts a rock of `shape` at `position` moving at `velocity` (what the spawner
    /// sends down, for a level's own rocks or a test's).
    pub fn add_rock(
        &mut self,
        position: Vec2,
        velocity: Vec2,
        shape: ShapeDef,
    ) -> lockstep2d::Result<BodyId> {
        spawner::spawn_rock(self, Tag::Rock, position, velocity, shape)
    }

    /// Puts an item of `kind` at `position`, at rest.
    pub fn add_item(&mut self, kind: ItemKind, position: Vec2) -> lockstep2d::Result<BodyId> {
        let item = items::spawn_item(&mut self.world, kind, position, Vec2::ZERO)?;
        self.state.items.push(item);
        Ok(item)
    }

    /// How high the hiker has climbed above the start (m).
    pub fn height_climbed(&self) -> f32 {
        let at = self.world.position(self.state.hiker).unwrap_or(Vec2::ZERO);
        at.y - self.mountain.height(START_X)
    }
}

/// The hiker: a capsule character standing on the ground at the start, meeting the
/// mountain and rocks and setting off sensors.
fn spawn_hiker(world: &mut World, mountain: &Mountain) -> lockstep2d::Result<BodyId> {
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -0.4),
        center2: Vec2::new(0.0, 0.4),
        radius: 0.3,
    });
    let at = Vec2::new(START_X, mountain.height(START_X) + 0.75);
    let mut def = CharacterDef::new(at, capsule);
    def.shape = def.shape.with_filter(tag::filter(
        tag::HIKER,
        tag::TERRAIN | tag::ROCK | tag::SENSOR,
    ));
    def.user_data = Tag::Hiker.to_bits();
    world.create_character(&def)
}

impl Rollback for Game {
    type Saved = SavedGame;

    fn save(&self) -> SavedGame {
        SavedGame {
            world: self.world.snapshot(),
            state: self.state.clone(),
        }
    }

    fn save_into(&self, saved: &mut SavedGame) {
        self.world.snapshot_into(&mut saved.world);
        saved.state.clone_from(&self.state);
    }

    fn load(&mut self, saved: &SavedGame) {
        self.world.restore(&saved.world);
        self.state.clone_from(&saved.state);
    }

    /// The world's hash folded with an FNV-1a digest of the state's encoding.
    fn state_hash(&self) -> u64 {
        let bytes = postcard::to_allocvec(&self.state).unwrap_or_default();
        let mut hash = self.world.state_hash() ^ 0xCBF2_9CE4_8422_2325;
        for byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3);
        }
        hash
    }
}
