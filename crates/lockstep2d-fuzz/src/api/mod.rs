//! The structured fuzzer over the public API: seeded random operations (bodies, shapes,
//! chains, joints of every kind, characters, filters, gravity, teleports, pushes,
//! forces, explosions, destroys, steps; in extreme mode with the finite values at the
//! edge of `f32`), checking after each one that
//!
//! - a call the world refused left it exactly as it was (the same snapshot bytes);
//! - every body's pose and velocity are finite, no velocity component or spin is past
//!   `MAX_SPEED` (what a saved state may hold), and no static body moves;
//! - a snapshot taken mid-run survives `to_bytes`/`from_bytes`, and restoring it and
//!   performing the same operations (on another thread count) gives the same bytes.

mod ops;

use lockstep2d::{Aabb, BodyType, Snapshot, SolverSettings, Vec2, World, WorldDef};

use crate::values::Draw;
use ops::{Op, Picks};

/// Half the side of the world's bounds (m).
const WORLD_EXTENT: f32 = 100.0;

/// Operations between taking a snapshot and replaying from it.
const ROLLBACK_SPAN: u64 = 60;

/// What a run survived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Survived {
    /// Operations performed.
    pub operations: u64,
    /// Operations the world refused with an error (each checked to change nothing).
    pub refused: u64,
    /// Steps taken.
    pub steps: u64,
    /// Restores replayed and compared.
    pub rollbacks: u64,
}

impl Survived {
    /// Both runs' counts added.
    pub fn plus(self, other: Survived) -> Survived {
        Survived {
            operations: self.operations + other.operations,
            refused: self.refused + other.refused,
            steps: self.steps + other.steps,
            rollbacks: self.rollbacks + other.rollbacks,
        }
    }
}

/// A broken promise: the seed and operation that reproduce it, and what broke.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The run's seed.
    pub seed: u64,
    /// Whether the run drew values at the edge of `f32`.
    pub extreme: bool,
    /// The operation's number in the run (from 0).
    pub operation: u64,
    /// The promise that broke, and how.
    pub what: String,
    /// The operations before it, oldest first, each marked with whether it was refused.
    pub recent: Vec<String>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mode = if self.extreme { "extreme" } else { "ordinary" };
        write!(
            f,
            "API fuzz, seed {} ({mode} values), operation {}: {}\n  after: {}",
            self.seed,
            self.operation,
            self.what,
            self.recent.join(", ")
        )
    }
}

/// The world one run fuzzes: Box2D v3's soft step for even seeds, Box2D-Lite's PGS
/// for odd ones.
fn world_def(seed: u64) -> WorldDef {
    let solver = if seed.is_multiple_of(2) {
        SolverSettings::default()
    } else {
        SolverSettings::box2d_lite()
    };
    // As a game does, bodies that fall out of the level are removed.
    let bounds = Aabb {
        min: Vec2::splat(-WORLD_EXTENT),
        max: Vec2::splat(WORLD_EXTENT),
    };
    WorldDef {
        solver,
        bounds: Some(bounds),
        ..WorldDef::default()
    }
}

/// Performs `operations` seeded operations on a new world, checking every promise.
pub fn fuzz_api(seed: u64, extreme: bool, operations: u64) -> Result<Survived, Failure> {
    let mut run = Run {
        world: World::new(&world_def(seed)).expect("the default world is valid"),
        picks: Picks {
            draw: Draw::new(seed, extreme),
            bodies: Vec::new(),
            shapes: Vec::new(),
            joints: Vec::new(),
        },
        survived: Survived::default(),
        recent: Vec::new(),
        failure: Failure {
            seed,
            extreme,
            operation: 0,
            what: String::new(),
            recent: Vec::new(),
        },
    };
    let mut checkpoint: Option<(u64, Snapshot, Picks)> = None;
    for operation in 0..operations {
        if checkpoint.is_none() && run.picks.draw.chance(0.02) {
            checkpoint = Some((operation, run.world.snapshot(), run.picks.clone()));
        }
        run.perform(operation)?;
        if let Some((start, snapshot, picks)) = &checkpoint
            && operation + 1 - start == ROLLBACK_SPAN
        {
            run.replay(*start..operation + 1, snapshot, picks)?;
            checkpoint = None;
        }
    }
    Ok(run.survived)
}

/// A run in progress.
struct Run {
    world: World,
    picks: Picks,
    survived: Survived,
    /// The last few operations' names, for the failure report.
    recent: Vec<String>,
    failure: Failure,
}

impl Run {
    /// Draws and performs one operation, then checks the world.
    fn perform(&mut self, operation: u64) -> Result<(), Failure> {
        let op = ops::pick(&mut self.picks.draw);
        let before = self.world.snapshot().to_bytes();
        let driven = kinematic_motions(&self.world);
        let outcome = (op.run)(&mut self.world, &mut self.picks);
        self.note(op, outcome.is_err());
        self.survived.operations += 1;
        if outcome.is_err() {
            self.survived.refused += 1;
            if self.world.snapshot().to_bytes() != before {
                return Err(self.fail(
                    operation,
                    format!(
                        "{} was refused ({outcome:?}) but changed the world",
                        op.name
                    ),
                ));
            }
        }
        if op.name == "step" && outcome.is_ok() {
            self.survived.steps += 1;
            check_kinematic_motions(&self.world, &driven)
                .map_err(|what| self.fail(operation, what))?;
        }
        check_bodies(&self.world).map_err(|what| self.fail(operation, what))
    }

    /// Restores `snapshot` through its bytes, performs `span`'s operations again on
    /// the other thread count, and compares the world with the one they made before.
    fn replay(
        &mut self,
        span: std::ops::Range<u64>,
        snapshot: &Snapshot,
        picks: &Picks,
    ) -> Result<(), Failure> {
        let end = span.end;
        let expected = self.world.snapshot().to_bytes();
        let decoded = Snapshot::from_bytes(&snapshot.to_bytes()).map_err(|error| {
            self.fail(
                end,
                format!("from_bytes refused a state the API made: {error}"),
            )
        })?;
        self.world.restore(&decoded);
        self.picks = picks.clone();
        let threads = if self.survived.rollbacks.is_multiple_of(2) {
            2
        } else {
            1
        };
        self.world
            .set_threads(threads)
            .expect("1 and 2 threads are valid");
        for operation in span {
            self.perform(operation)?;
        }
        self.survived.rollbacks += 1;
        if self.world.snapshot().to_bytes() != expected {
            return Err(self.fail(
                end,
                format!("restoring and replaying on {threads} thread(s) gave another state"),
            ));
        }
        Ok(())
    }

    fn note(&mut self, op: &Op, refused: bool) {
        const KEPT: usize = 12;
        if self.recent.len() == KEPT {
            self.recent.remove(0);
        }
        let mark = if refused { " (refused)" } else { "" };
        self.recent.push(format!("{}{mark}", op.name));
    }

    fn fail(&self, operation: u64, what: String) -> Failure {
        Failure {
            operation,
            what,
            recent: self.recent.clone(),
            ..self.failure.clone()
        }
    }
}

/// Each kinematic body's velocity and spin, if within what a step of the fuzzer's
/// 1/60 s keeps (`max_linear_speed`, an eighth of a turn): a step holds faster ones
/// to those limits.
fn kinematic_motions(world: &World) -> Vec<(lockstep2d::BodyId, lockstep2d::Vec2, f32)> {
    let max_speed = world.solver_settings().max_linear_speed;
    let max_spin = 0.25 * std::f32::consts::PI * 60.0;
    world
        .body_ids()
        .filter(|&id| world.body_type(id) == Ok(BodyType::Kinematic))
        // A character's body moves as its mover says, each step.
        .filter(|&id| world.character(id).is_err())
        .filter_map(|id| {
            let (v, w) = (
                world.linear_velocity(id).ok()?,
                world.angular_velocity(id).ok()?,
            );
            (v.length() < max_speed && w.abs() < max_spin).then_some((id, v, w))
        })
        .collect()
}

/// Fails if a step changed a kinematic body's velocity or spin: only the caller may,
/// whatever it touches or is jointed to, as long as it keeps within the step's limits.
fn check_kinematic_motions(
    world: &World,
    before: &[(lockstep2d::BodyId, lockstep2d::Vec2, f32)],
) -> Result<(), String> {
    for &(id, velocity, spin) in before {
        let now = (world.linear_velocity(id), world.angular_velocity(id));
        if let (Ok(v), Ok(w)) = now
            && (v != velocity || w != spin)
        {
            return Err(format!(
                "a step changed kinematic body {id:?}: velocity {velocity} to {v}, spin {spin} to {w}"
            ));
        }
    }
    Ok(())
}

/// Every body's pose and velocity finite and within `MAX_SPEED`, and every static body
/// still.
pub(crate) fn check_bodies(world: &World) -> Result<(), String> {
    for id in world.body_ids() {
        let (position, angle) = (world.position(id), world.angle(id));
        let (velocity, spin) = (world.linear_velocity(id), world.angular_velocity(id));
        let (Ok(position), Ok(angle), Ok(velocity), Ok(spin)) = (position, angle, velocity, spin)
        else {
            return Err(format!("body {id:?} is listed but cannot be read"));
        };
        if !(position.is_finite() && angle.is_finite() && velocity.is_finite() && spin.is_finite())
        {
            return Err(format!(
                "body {id:?} is not finite: position {position}, angle {angle}, velocity {velocity}, spin {spin}"
            ));
        }
        let fastest = velocity.x.abs().max(velocity.y.abs()).max(spin.abs());
        if fastest > lockstep2d::MAX_SPEED {
            return Err(format!(
                "body {id:?} moves faster than a saved state may: velocity {velocity}, spin {spin}"
            ));
        }
        let still = velocity == lockstep2d::Vec2::ZERO && spin == 0.0;
        if world.body_type(id) == Ok(BodyType::Static) && !still {
            return Err(format!(
                "static body {id:?} moves: velocity {velocity}, spin {spin}"
            ));
        }
    }
    Ok(())
}
