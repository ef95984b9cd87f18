//! `character_move`: one character's move in lockstep2d against rapier2d's
//! `KinematicCharacterController`, the same capsule on the same scripted walk through the
//! `platformer` level.
//!
//! The level is `platformer` without its dynamic player (the character stands where the
//! player stood, in its place) and without what rapier has no counterpart for, in both
//! engines: the three one-way ledges (rapier leaves one-way shapes to a contact hook the
//! game writes) and the belt's surface speed (the slab stays). The 40 mixed shapes stay;
//! a few fall onto the walk, and each character pushes them: lockstep2d's inside its
//! stage, rapier's through `solve_character_collision_impulses`, timed apart.
//!
//! The character in both: a capsule of radius 0.3 with its centres 0.5 above and below
//! its origin, a 2 cm skin (rapier's offset), climbing slopes up to 45° and sliding on
//! steeper ones, stepping 0.3 m up and snapping 0.3 m down. The game is the same in both:
//! at the scene's 60 Hz it runs right at 4 m/s for 120 steps, left for 120, and so on,
//! jumps at 8 m/s on every 45th step if it stands, and integrates gravity itself (the
//! ballistic update of `Player` in lockstep2d's character tests); after each move it
//! drops the part of its velocity that runs into what the move met.
//!
//! Timed per move: lockstep2d's `characters` stage (its own timer, `StepProfile`), and
//! rapier's query view and `move_shape` (the wall clock). The whole step (the move
//! asked for and made, the world stepped) is timed by the wall clock in both. Each run
//! builds both worlds afresh and walks one engine then the other, which goes first
//! changing from run to run. Both walks repeat exactly from run to run, so step k is
//! the same work in every run: each step's time is its median over the runs (a step the
//! machine preempted in one run, many times longer than any move, does not count), and
//! the figures are those medians averaged over the steps, with the ratio of the two
//! engines' figures from the same runs. (Each run's own mean is no use here: a single
//! preempted move shifts it by several times a move's own time; docs/decisions.md,
//! "character_move takes each step's median over the runs".)

use std::f32::consts::FRAC_PI_4;
use std::time::{Duration, Instant};

use lockstep2d::{Capsule, CharacterDef, CharacterSettings, Geometry, Vec2};
use lockstep2d_scenes::{SceneDef, ShapeJson};
use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::prelude::{ColliderBuilder, QueryFilter, RigidBodyBuilder, Vector};

use crate::convert_rapier::RapierWorld;
use crate::lockstep::LockstepWorld;
use crate::report::{CsvRow, csv_row};
use crate::settings::Settings;
use crate::timing::median;

/// The capsule: radius and the distance of each centre from the origin (m).
const RADIUS: f32 = 0.3;
const HALF_HEIGHT: f32 = 0.5;
/// The gap both characters keep from surfaces (m): lockstep2d's skin, rapier's offset.
const SKIN: f32 = 0.02;
const STEP_HEIGHT: f32 = 0.3;
const SNAP_DISTANCE: f32 = 0.3;
/// The script: run at this speed (m/s), turning every `RUN_STEPS` steps; jump at
/// `JUMP_SPEED` on every `JUMP_EVERY`th step when standing.
const RUN_SPEED: f32 = 4.0;
const RUN_STEPS: u32 = 120;
const JUMP_SPEED: f32 = 8.0;
const JUMP_EVERY: u32 = 45;
/// rapier's pushes give a body the character's motion into it, weighted by the reduced
/// mass of the two: the character has a person's mass. lockstep2d's pushes do the same
/// up to its push force (1,000 N by default).
const RAPIER_MASS: f32 = 80.0;

/// Moves per run unless asked otherwise: ten seconds at 60 Hz.
pub const STEPS: u32 = 600;

/// Both engines' walks, run by run.
pub struct CharacterReport {
    steps: u32,
    dt: f32,
    ours: Vec<Walk>,
    theirs: Vec<Walk>,
}

/// Walks the character `runs` times in each engine, `steps` moves each.
pub fn bench(steps: u32, runs: u32) -> Result<CharacterReport, String> {
    let steps = steps.max(2);
    let (def, start) = level()?;
    let settings = Settings::for_scene(&def, 1);
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    // The engines take turns, and turns about who goes first.
    for run in 0..runs.max(1) {
        if run % 2 == 0 {
            ours.push(walk_lockstep(&def, &settings, start, steps)?);
            theirs.push(walk_rapier(&def, &settings, start, steps)?);
        } else {
            theirs.push(walk_rapier(&def, &settings, start, steps)?);
            ours.push(walk_lockstep(&def, &settings, start, steps)?);
        }
    }
    Ok(CharacterReport {
        steps,
        dt: settings.dt,
        ours,
        theirs,
    })
}

/// `platformer` as both engines can hold it (see the module docs), and where its player
/// stood: the character's origin with its feet a skin above the player's.
fn level() -> Result<(SceneDef, Vec2), String> {
    let mut def = lockstep2d_scenes::named("platformer").ok_or("no platformer scene")?;
    let at = def
        .bodies
        .iter()
        .position(|b| b.body_type == lockstep2d::BodyType::Dynamic)
        .ok_or("platformer has no dynamic body")?;
    let player = def.bodies.remove(at);
    let Some(ShapeJson::Capsule {
        center1,
        center2,
        radius,
        ..
    }) = player.shapes.first()
    else {
        return Err("the player is not a capsule".to_string());
    };
    let foot = player.position[1] + center1[1].min(center2[1]) - radius;
    for body in &mut def.bodies {
        body.shapes.retain(|s| !s.is_one_way());
        for shape in &mut body.shapes {
            shape.material_mut().tangent_speed = 0.0;
        }
    }
    let start = Vec2::new(player.position[0], foot + HALF_HEIGHT + RADIUS + SKIN);
    Ok((def, start))
}

/// The game's side of the walk, the same for both engines.
struct Game {
    velocity: Vec2,
    gravity: Vec2,
    dt: f32,
    jumps: u32,
}

impl Game {
    fn new(settings: &Settings) -> Game {
        Game {
            velocity: Vec2::ZERO,
            gravity: Vec2::from(settings.gravity),
            dt: settings.dt,
            jumps: 0,
        }
    }

    /// The displacement the game asks for at `step`, its character standing or not
    /// after the last move: a run along the ground when standing, else the ballistic
    /// arc (exact under constant gravity: d = v dt + g dt²/2, then v += g dt).
    fn wanted(&mut self, step: u32, grounded: bool) -> Vec2 {
        let run = if (step / RUN_STEPS).is_multiple_of(2) {
            RUN_SPEED
        } else {
            -RUN_SPEED
        };
        self.velocity.x = run;
        let jump = grounded && step % JUMP_EVERY == JUMP_EVERY - 1;
        if grounded && !jump {
            self.velocity.y = 0.0;
            return Vec2::new(run * self.dt, 0.0);
        }
        if jump {
            self.velocity.y = JUMP_SPEED;
            self.jumps += 1;
        }
        let d = self.dt * self.velocity + 0.5 * self.dt * self.dt * self.gravity;
        self.velocity += self.dt * self.gravity;
        d
    }

    /// Drops the part of the velocity that runs into the surfaces of `normals` (unit,
    /// pointing at the character).
    fn clip(&mut self, normals: impl IntoIterator<Item = Vec2>) {
        for n in normals {
            self.velocity -= self.velocity.dot(n).min(0.0) * n;
        }
    }
}

/// One engine's walk: per-step times (µs) and what the character did.
#[derive(Default)]
struct Walk {
    moves: Vec<f64>,
    /// rapier only: its pushes after the move.
    pushes: Vec<f64>,
    steps: Vec<f64>,
    /// Whether each move started on the ground (the game's `grounded`).
    standing: Vec<bool>,
    /// Σ |horizontal move| (m).
    across: f32,
    grounded: u32,
    jumps: u32,
    end: Vec2,
}

impl Walk {
    fn record(&mut self, (moving, pushing, whole): (f64, f64, f64)) {
        self.moves.push(moving);
        self.pushes.push(pushing);
        self.steps.push(whole);
    }

    /// The same walk as `other`, times aside.
    fn same_path(&self, other: &Walk) -> bool {
        (self.across, self.grounded, self.jumps, self.end)
            == (other.across, other.grounded, other.jumps, other.end)
    }

    fn moved(&mut self, by: Vec2, grounded: bool) {
        self.across += by.x.abs();
        self.grounded += u32::from(grounded);
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn walk_lockstep(
    def: &SceneDef,
    settings: &Settings,
    start: Vec2,
    steps: u32,
) -> Result<Walk, String> {
    let e = |e: lockstep2d::Error| e.to_string();
    let mut ours = LockstepWorld::new(def, settings)?;
    let world = ours.world_mut();
    // The same first step as rapier's, which fills its query tree.
    world.step(settings.dt).map_err(e)?;
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -HALF_HEIGHT),
        center2: Vec2::new(0.0, HALF_HEIGHT),
        radius: RADIUS,
    });
    let mut character = CharacterDef::new(start, capsule);
    character.settings = CharacterSettings {
        skin: SKIN,
        max_climb_slope: FRAC_PI_4,
        min_slide_slope: FRAC_PI_4,
        step_height: STEP_HEIGHT,
        snap_distance: SNAP_DISTANCE,
        // The game integrates the fall itself and asks for displacements, as it does of
        // rapier's controller: both movers are given the same moves.
        gravity_scale: 0.0,
        ..CharacterSettings::default()
    };
    let id = world.create_character(&character).map_err(e)?;
    let mut game = Game::new(settings);
    let mut walk = Walk::default();
    for step in 0..steps {
        let grounded = world.character(id).map_err(e)?.grounded();
        let wanted = game.wanted(step, grounded);
        walk.standing.push(grounded);
        let clock = Instant::now();
        world.move_character(id, wanted).map_err(e)?;
        world.step(settings.dt).map_err(e)?;
        let whole = micros(clock.elapsed());
        let moving = 1e3 * world.profile().characters;
        walk.record((moving, 0.0, whole));
        let report = world.character(id).map_err(e)?;
        walk.moved(report.moved(), report.grounded());
        game.clip(report.hits().iter().map(|hit| hit.normal));
    }
    walk.jumps = game.jumps;
    walk.end = world.position(id).map_err(e)?;
    Ok(walk)
}

fn walk_rapier(
    def: &SceneDef,
    settings: &Settings,
    start: Vec2,
    steps: u32,
) -> Result<Walk, String> {
    let mut theirs = RapierWorld::new(def, settings)?;
    let world = theirs.physics_mut();
    // rapier's query tree holds the level only once it has stepped.
    world.step();
    let body = world.bodies.insert(
        RigidBodyBuilder::kinematic_position_based()
            .translation(Vector::new(start.x, start.y))
            .build(),
    );
    world.colliders.insert_with_parent(
        ColliderBuilder::capsule_y(HALF_HEIGHT, RADIUS).build(),
        body,
        &mut world.bodies,
    );
    let shape = rapier2d::parry::shape::Capsule::new_y(HALF_HEIGHT, RADIUS);
    let controller = KinematicCharacterController {
        up: Vector::Y,
        offset: CharacterLength::Absolute(SKIN),
        slide: true,
        autostep: Some(CharacterAutostep {
            max_height: CharacterLength::Absolute(STEP_HEIGHT),
            // Free ground the width of the capsule's radius beyond the step, as far
            // ahead as lockstep2d's step-up probes.
            min_width: CharacterLength::Absolute(RADIUS),
            include_dynamic_bodies: true,
        }),
        max_slope_climb_angle: FRAC_PI_4,
        min_slope_slide_angle: FRAC_PI_4,
        snap_to_ground: Some(CharacterLength::Absolute(SNAP_DISTANCE)),
        ..KinematicCharacterController::default()
    };
    let filter = QueryFilter::default().exclude_rigid_body(body);
    let mut game = Game::new(settings);
    let mut walk = Walk::default();
    let mut collisions = Vec::new();
    let mut grounded = false;
    for step in 0..steps {
        let wanted = game.wanted(step, grounded);
        walk.standing.push(grounded);
        let clock = Instant::now();
        let pose = *world.bodies[body].position();
        let queries = world.broad_phase.as_query_pipeline(
            world.narrow_phase.query_dispatcher(),
            &world.bodies,
            &world.colliders,
            filter,
        );
        collisions.clear();
        let moved = controller.move_shape(
            settings.dt,
            &queries,
            &shape,
            &pose,
            Vector::new(wanted.x, wanted.y),
            |collision| collisions.push(collision),
        );
        let moving = clock.elapsed();
        let mut queries = world.broad_phase.as_query_pipeline_mut(
            world.narrow_phase.query_dispatcher(),
            &mut world.bodies,
            &mut world.colliders,
            filter,
        );
        controller.solve_character_collision_impulses(
            settings.dt,
            &mut queries,
            &shape,
            RAPIER_MASS,
            &collisions,
        );
        let pushed = clock.elapsed();
        world.bodies[body].set_next_kinematic_translation(pose.translation + moved.translation);
        world.step();
        let whole = micros(clock.elapsed());
        let (moving, pushing) = (micros(moving), micros(pushed - moving));
        walk.record((moving, pushing, whole));
        let by = Vec2::new(moved.translation.x, moved.translation.y);
        walk.moved(by, moved.grounded);
        grounded = moved.grounded;
        game.clip(
            collisions
                .iter()
                .map(|c| Vec2::new(c.hit.normal1.x, c.hit.normal1.y)),
        );
    }
    walk.jumps = game.jumps;
    let end = world.bodies[body].translation();
    walk.end = Vec2::new(end.x, end.y);
    Ok(walk)
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// Each step's median over the runs of `time`, averaged over the steps (µs).
fn per_move(walks: &[Walk], time: impl Fn(&Walk, usize) -> f64) -> f64 {
    per_move_where(walks, time, |_| true, median).0
}

/// Over the steps `which` picks: each step's `over_runs` of `time` over the runs,
/// averaged over the steps (µs); and how many steps it picked.
fn per_move_where(
    walks: &[Walk],
    time: impl Fn(&Walk, usize) -> f64,
    which: impl Fn(usize) -> bool,
    over_runs: fn(Vec<f64>) -> f64,
) -> (f64, usize) {
    let steps = walks[0].moves.len();
    let per_step: Vec<f64> = (0..steps)
        .filter(|&k| which(k))
        .map(|k| over_runs(walks.iter().map(|w| time(w, k)).collect()))
        .collect();
    (mean(&per_step), per_step.len())
}

fn least(values: Vec<f64>) -> f64 {
    values.into_iter().fold(f64::INFINITY, f64::min)
}

impl CharacterReport {
    /// The table: µs per move and per step in each engine, then each walk.
    pub fn text(&self) -> String {
        let (ours, theirs, steps) = (&self.ours, &self.theirs, self.steps);
        let mut out = format!(
            "character_move: one character, {steps} steps at {:.0} Hz, {} runs, 1 thread\n",
            1.0 / self.dt,
            ours.len()
        );
        out += "  µs per move: each step's median over the runs, averaged over the steps\n";
        out += &format!(
            "  {:<40} {:>10} {:>9} {:>7}\n",
            "", "lockstep2d", "rapier2d", "ratio"
        );
        let row = |name: &str, l: &dyn Fn(&Walk, usize) -> f64, r: &dyn Fn(&Walk, usize) -> f64| {
            let (a, b) = (per_move(ours, l), per_move(theirs, r));
            format!("  {name:<40} {a:>10.2} {b:>9.2} {:>7.2}\n", a / b)
        };
        out += &row(
            "move (stage / query view + move_shape)",
            &|w, k| w.moves[k],
            &|w, k| w.moves[k],
        );
        out += &row(
            "move and pushes (stage / + impulses)",
            &|w, k| w.moves[k],
            &|w, k| w.moves[k] + w.pushes[k],
        );
        out += &row("whole step", &|w, k| w.steps[k], &|w, k| w.steps[k]);
        for (name, standing) in [
            ("move starting on the ground", true),
            ("move starting in the air", false),
        ] {
            let split = |walks: &[Walk]| {
                let from = |k: usize| walks[0].standing[k] == standing;
                per_move_where(walks, |w, k| w.moves[k], from, median)
            };
            let ((a, n), (b, m)) = (split(ours), split(theirs));
            out += &format!("    {name:<38} {a:>10.2} {b:>9.2}   ({n} and {m} of them)\n");
        }
        let asked = RUN_SPEED * steps as f32 * self.dt;
        out += &format!("  the walk ({asked:.1} m of running asked for):\n");
        for (name, walks) in [("lockstep2d", ours), ("rapier2d", theirs)] {
            out += &format!("    {name:<10} {}\n", describe(walks, steps));
        }
        out
    }

    /// One row per engine under the results file's header: the move's time (ms per
    /// move, each step's median and least over the runs, averaged over the steps), and
    /// as its figure the metres the character ran across.
    pub fn csv_rows(&self, date: &str) -> Vec<String> {
        [("lockstep2d", &self.ours), ("rapier", &self.theirs)]
            .into_iter()
            .map(|(name, walks)| {
                let time =
                    |over_runs| per_move_where(walks, |w, k| w.moves[k], |_| true, over_runs).0;
                csv_row(&CsvRow {
                    bench: "character_move",
                    engine: name,
                    unit: "move",
                    count: self.steps as usize,
                    threads: 1,
                    median_ms: 1e-3 * time(median),
                    min_ms: 1e-3 * time(least),
                    figure: f64::from(walks[0].across),
                    bytes_per_body: None,
                    date,
                })
            })
            .collect()
    }
}

/// The first walk's distance, moves standing, jumps and end, and whether every run
/// walked the same.
fn describe(walks: &[Walk], steps: u32) -> String {
    let walk = &walks[0];
    let same = walks.iter().all(|w| w.same_path(walk));
    format!(
        "{:.2} m across, grounded after {} of {steps} moves, {} jumps, ends at ({:.2}, {:.2}); {}",
        walk.across,
        walk.grounded,
        walk.jumps,
        walk.end.x,
        walk.end.y,
        if same {
            "the same in every run"
        } else {
            "NOT the same in every run: the per-step medians mix different walks"
        }
    )
}
