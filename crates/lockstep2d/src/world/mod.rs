//! The world: it owns every body, shape, joint and contact, and advances them by `step`.

mod bodies;
mod body_options;
mod bounds;
mod chains;
mod character_sense;
mod characters;
mod collision;
mod continuous;
mod controllers;
mod debug_draw;
mod explode;
mod hooks;
mod joints;
mod one_way;
mod outlines;
mod profile;
mod query;
mod refit;
mod sensor;
mod shape_query;
mod shapes;
mod sleep;
mod state;
mod state_values;

pub use controllers::{Controller, ControllerClone, ControllerId};
pub use explode::ExplosionDef;
pub use hooks::{ContactHook, ContactHookClone, PairView, PreSolve};
pub use profile::StepProfile;
pub use query::{QueryFilter, RayHit};
pub use sensor::SensorOverlap;
pub use sleep::SleepSettings;
pub(crate) use state::SimState;

use std::sync::Arc;

use crate::broadphase::BroadPhase;
use crate::constraint::{SolverKind, SolverSettings};
use crate::contact::ContactSet;
use crate::error::{Error, Result, check_finite_vec};
use crate::events::{ContactEvents, SensorEvents};
use crate::id::{BodyId, Slots};
use crate::laps::Laps;
use crate::math::{Aabb, Vec2};
use crate::solver::{Simulated, SolveProfile, Solver};
use crate::threads::{ThreadPool, thread_pool};

/// Everything needed to create a world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldDef {
    /// m/s². Box2D-Lite's (0, −10) by default.
    pub gravity: Vec2,
    /// Which solver steps the world, and how.
    pub solver: SolverSettings,
    /// Contacts that begin touching faster than this (m/s) are reported as hits.
    pub hit_event_threshold: f32,
    /// Bodies whose centre of mass leaves this box are destroyed at the end of a step
    /// and reported by `removed_bodies` (the "Physics Loop" article's destructor). None: no limit.
    pub bounds: Option<Aabb>,
    /// When resting bodies fall asleep.
    pub sleep: SleepSettings,
    /// Threads that solve contacts (1 to 64). The result is the same bits for any count.
    pub threads: u32,
    /// The most contacts (pairs of shapes whose boxes overlap) the world holds. A step
    /// that finds more new pairs than there is room for makes contacts of as many as fit
    /// and looks for the rest again each step until there is room, and says so in
    /// `contact_budget_reached`: a crowd piled into one spot slows the world down
    /// instead of exhausting memory. `DEFAULT_MAX_CONTACTS` by default.
    pub max_contacts: u32,
}

/// `WorldDef::max_contacts`'s default: 1,048,576 contacts. 10,000 boxes created at one
/// point, which reach it at the first step, step in about 1.5 GB (the guide, docs/book/src/limits.md).
pub const DEFAULT_MAX_CONTACTS: u32 = 1 << 20;

impl Default for WorldDef {
    fn default() -> Self {
        WorldDef {
            gravity: Vec2::new(0.0, -10.0),
            solver: SolverSettings::default(),
            hit_event_threshold: 1.0,
            bounds: None,
            sleep: SleepSettings::default(),
            threads: 1,
            max_contacts: DEFAULT_MAX_CONTACTS,
        }
    }
}

/// A physics world.
///
/// The world only moves when `step` is called, always by the step the caller gives;
/// the same calls in the same order give the same bits on every machine.
///
/// Every call that can be given something wrong returns `Result` and, when it fails,
/// leaves the world exactly as it was. A call given a `BodyId`, `ShapeId` or `JointId`
/// of an object that was destroyed, or that another world made, fails with
/// `Error::StaleId`.
#[derive(Clone, Debug)]
pub struct World {
    /// Everything a step reads from the steps before it: what a snapshot saves.
    state: SimState,
    solver: Solver,
    /// Scratch for the broad phase's new pairs, kept to avoid allocating each step.
    new_pairs: Vec<(u32, u32)>,
    /// Scratch of the narrow phase: what updating each contact did.
    outcomes: Vec<collision::Outcome>,
    /// Scratch of the characters' stage.
    character_scratch: characters::CharacterScratch,
    /// Scratch of the refit: the shapes that left their tree boxes, with their proxies
    /// and new boxes.
    refits: Vec<refit::Refit>,
    controllers: Vec<(ControllerId, Box<dyn Controller>)>,
    next_controller: u32,
    /// The game's contact hook, not part of the saved state (`hooks.rs`).
    hook: Option<Box<dyn ContactHook>>,
    islands: sleep::IslandScratch,
    /// Scratch of the sensor pass: the shapes a sensor touches now, and its list before.
    sensor_scratch: (Vec<u32>, Vec<SensorOverlap>),
    profile: StepProfile,
    /// Worker threads when `threads` > 1, shared by clones of the world.
    pool: Option<Arc<ThreadPool>>,
}

impl World {
    /// An empty world as `def` describes. Fails with `NotFinite` or `InvalidValue`,
    /// naming the field, if gravity is not finite, a solver setting is out of range,
    /// `hit_event_threshold` is negative, `bounds` is empty or inverted, a sleep setting
    /// is negative, or `threads` is outside 1 to 64 (or the system will not start that
    /// many).
    pub fn new(def: &WorldDef) -> Result<World> {
        check_finite_vec("gravity", def.gravity)?;
        def.solver.validate()?;
        crate::error::check_non_negative("hit_event_threshold", def.hit_event_threshold)?;
        bounds::validate(def.bounds)?;
        def.sleep.validate()?;
        let pool = thread_pool(def.threads)?;
        Ok(World {
            state: SimState {
                gravity: def.gravity,
                settings: def.solver,
                bodies: Slots::default(),
                shapes: Arc::default(),
                joints: Slots::default(),
                joint_edges: Vec::new(),
                contacts: ContactSet::default(),
                broadphase: BroadPhase::default(),
                step_count: 0,
                impulse_to_force: 0.0,
                hit_event_threshold: def.hit_event_threshold,
                events: ContactEvents::default(),
                pending_events: ContactEvents::default(),
                joint_events: Vec::new(),
                sensors: Vec::new(),
                characters: Vec::new(),
                sensor_events: SensorEvents::default(),
                bounds: def.bounds,
                removed: Vec::new(),
                sleep: def.sleep,
                max_contacts: def.max_contacts,
                contact_budget_reached: false,
            },
            solver: Solver::default(),
            new_pairs: Vec::new(),
            outcomes: Vec::new(),
            character_scratch: characters::CharacterScratch::default(),
            refits: Vec::new(),
            controllers: Vec::new(),
            next_controller: 0,
            hook: None,
            islands: sleep::IslandScratch::default(),
            sensor_scratch: Default::default(),
            profile: StepProfile::default(),
            pool,
        })
    }

    /// Advances the world by `dt` seconds, in the order of Box2D-Lite's `World::Step`,
    /// with controllers first and the bounds check last. Fails with `InvalidValue`,
    /// changing nothing, unless `dt` is within `MIN_STEP` to `MAX_STEP`.
    pub fn step(&mut self, dt: f32) -> Result<()> {
        crate::limits::check_step(dt)?;
        // The whole step runs on the pool when there is one, so the calling thread is
        // not a third runner beside the pool's workers on the machine's cores.
        match self.pool.clone() {
            Some(pool) => pool.install(|| self.run_step(dt)),
            None => self.run_step(dt),
        }
        Ok(())
    }

    /// The step's stages in order, each timed into the profile as it ends.
    fn run_step(&mut self, dt: f32) {
        let mut laps = Laps::start();
        self.begin_step_reports();
        self.run_controllers(dt);
        self.profile.controllers = laps.lap();
        self.move_characters(dt);
        self.profile.characters = laps.lap();
        self.find_new_contacts();
        self.profile.broad_phase = laps.lap();
        self.update_contacts(dt);
        self.run_contact_hook();
        self.profile.narrow_phase = laps.lap();
        self.solve(dt);
        self.profile.solve = laps.lap();
        self.solve_continuous();
        self.profile.continuous = laps.lap();
        self.synchronize_proxies(dt);
        self.profile.refit = laps.lap();
        self.update_sensors();
        self.profile.sensors = laps.lap();
        self.check_joint_thresholds();
        self.update_sleep(dt);
        self.profile.sleep = laps.lap();
        self.remove_out_of_bounds();
        self.profile.total = laps.total();
        self.state.step_count += 1;
    }

    /// Moves the bodies by `dt` under their constraints, with the solver the settings
    /// choose, and notes what turns the step's stored impulses (N·s) into forces (N):
    /// the soft step stores one substep's impulse, Box2D-Lite's solver the whole step's.
    fn solve(&mut self, dt: f32) {
        let state = &mut self.state;
        let settings = &state.settings;
        let world = Simulated {
            bodies: &mut state.bodies,
            contacts: &mut state.contacts,
            joints: &mut state.joints,
        };
        let solver = &mut self.solver;
        solver.fast.clear();
        match settings.kind {
            SolverKind::Soft => {
                let pool = self.pool.as_deref();
                self.profile.solve_parts =
                    solver
                        .soft
                        .step(world, settings, state.gravity, dt, pool, &mut solver.fast);
                state.impulse_to_force = settings.substeps as f32 / dt;
            }
            SolverKind::Pgs => {
                solver.pgs.step(world, settings, state.gravity, dt);
                self.profile.solve_parts = SolveProfile::default();
                state.impulse_to_force = 1.0 / dt;
            }
        }
    }

    /// Solves contacts on `threads` threads (1 to 64) from the next step on. The results
    /// do not change, only the time they take.
    pub fn set_threads(&mut self, threads: u32) -> Result<()> {
        self.pool = thread_pool(threads)?;
        Ok(())
    }

    /// How long each stage of the last step took.
    pub fn profile(&self) -> &StepProfile {
        &self.profile
    }

    /// Steps taken since the world was created.
    pub fn step_count(&self) -> u64 {
        self.state.step_count
    }

    /// The acceleration of gravity (m/s²).
    pub fn gravity(&self) -> Vec2 {
        self.state.gravity
    }

    /// Changes gravity and wakes every body, so that none hangs in the air asleep.
    pub fn set_gravity(&mut self, gravity: Vec2) -> Result<()> {
        check_finite_vec("gravity", gravity)?;
        self.state.gravity = gravity;
        self.state.bodies.values_mut().for_each(|b| b.wake());
        Ok(())
    }

    /// The solver and its settings.
    pub fn solver_settings(&self) -> &SolverSettings {
        &self.state.settings
    }

    /// Changes the solver settings. Switching to PGS fails while the world holds a joint
    /// only the soft step can solve.
    pub fn set_solver_settings(&mut self, settings: SolverSettings) -> Result<()> {
        settings.validate()?;
        if settings.kind == SolverKind::Pgs && self.state.joints.iter().any(|(_, j)| j.soft_only) {
            return Err(Error::InvalidValue {
                field: "kind",
                reason: "PGS cannot solve this world's joints: remove those that need the soft step first",
            });
        }
        self.state.settings = settings;
        Ok(())
    }

    /// Number of contacts whose shapes touch (or are within the speculative distance).
    pub fn contact_count(&self) -> usize {
        self.state.contacts.touching_count()
    }

    /// The touching contacts, in the order the solver visits them.
    pub fn contacts(&self) -> impl Iterator<Item = ContactView<'_>> {
        self.state
            .contacts
            .contacts
            .iter()
            .filter(|c| c.is_touching())
            .map(|c| ContactView {
                shape_a: self.state.shapes.id_of(c.shape_a),
                shape_b: self.state.shapes.id_of(c.shape_b),
                manifold: &c.manifold,
                origin_a: self.body(c.body_a).xf.p,
            })
    }

    /// The contact events of the last step (and of shapes destroyed just before it).
    pub fn contact_events(&self) -> &ContactEvents {
        &self.state.events
    }

    /// Bodies the last step destroyed for leaving the world's bounds.
    pub fn removed_bodies(&self) -> &[BodyId] {
        &self.state.removed
    }

    /// Whether the last step found more new overlapping pairs than `WorldDef::max_contacts`
    /// left room for. The pairs it could not make contacts of are looked for again each
    /// step; until then their shapes pass through each other.
    pub fn contact_budget_reached(&self) -> bool {
        self.state.contact_budget_reached
    }

    /// Starts a step's event lists with what happened since the last step.
    fn begin_step_reports(&mut self) {
        self.state.events.clear();
        self.state.events.append(&mut self.state.pending_events);
        self.state.sensor_events.clear();
        self.state.joint_events.clear();
        self.state.removed.clear();
    }

    /// Everything a step reads from the steps before it: what a snapshot saves.
    pub(crate) fn sim_state(&self) -> &SimState {
        &self.state
    }

    pub(crate) fn sim_state_mut(&mut self) -> &mut SimState {
        &mut self.state
    }

    /// A 64-bit hash of every body's pose and velocity, bit for bit, in slot order, of
    /// what overlaps each sensor, and of what each character wants and last did. Two
    /// runs that agree on it agree on the state of every body, sensor and character.
    pub fn state_hash(&self) -> u64 {
        let mut hash = crate::hash::StateHasher::default();
        for (index, body) in self.state.bodies.iter() {
            hash.write_u32(index);
            hash.write_f32s(&[
                body.xf.p.x,
                body.xf.p.y,
                body.xf.q.c,
                body.xf.q.s,
                body.v.x,
                body.v.y,
                body.w,
            ]);
        }
        for sensor in &self.state.sensors {
            hash.write_u32(sensor.shape);
            for overlap in &sensor.overlaps {
                hash.write_u32(overlap.shape.index);
                hash.write_u32(overlap.shape.generation);
            }
        }
        for character in &self.state.characters {
            hash.write_u32(character.body);
            let report = &character.report;
            let (wanted, moved, v) = (character.wanted, report.moved, character.velocity);
            hash.write_f32s(&[wanted.x, wanted.y, v.x, v.y, moved.x, moved.y]);
            hash.write_u32(u32::from(report.grounded) | u32::from(report.sliding) << 1);
        }
        hash.finish()
    }
}

/// A read-only view of one touching contact.
#[derive(Clone, Copy, Debug)]
pub struct ContactView<'a> {
    /// The contact's first shape: the polygon when one of the two is a circle.
    pub shape_a: crate::ShapeId,
    /// The contact's second shape.
    pub shape_b: crate::ShapeId,
    /// Normal from A to B, points and last step's impulses.
    pub manifold: &'a crate::Manifold,
    /// Body A's position, where the points' `anchor_a` start.
    origin_a: Vec2,
}

impl ContactView<'_> {
    /// The manifold's points in the world, from body A's position now.
    pub fn world_points(&self) -> impl Iterator<Item = Vec2> + '_ {
        self.manifold
            .points()
            .iter()
            .map(move |p| self.origin_a + p.anchor_a)
    }
}
