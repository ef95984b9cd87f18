//! What one rollback frame of the duel costs in the Bevy app beside the same work on
//! the engine's `World` alone.
//!
//! The app is the duel example's: `DuelPlugin` under bevy_ggrs's SyncTest session with
//! both players scripted, at check distance 0 (each update plays one frame and saves
//! nothing) and 2 and 7 (each update loads the frame `d` back, plays `d + 1` frames and
//! saves `d` of them). The engine alone plays the same frames with the rules of
//! `examples/duel/alone.rs`, a frame at a time, and does what the session asks of the
//! app: a load, the saves (a clone of the world and the rules, and the state hash the
//! session is given as the checksum) and the frames. Its saves are made two ways: a
//! whole clone, as bevy_ggrs's clone strategy makes of `Physics`, and the engine's
//! `World::snapshot_into`, which reuses a kept snapshot's storage.
//!
//! Each case is played from a fresh start; frames `WARM_UP..END` are timed (by then
//! both players have dropped dumbbells), `REPEATS` times, and the median reported. A
//! second set of app runs carries marker systems at the start and end of bevy_ggrs's
//! `LoadWorld`, `SaveWorld` and `AdvanceWorld` schedules, around the plugin's step and
//! around its `Transform` writeback, for the split of an update. Every run's final
//! state hash must be the engine-alone duel's (`alone::play_alone`), so each case did
//! the same work.
//!
//! `cargo bench -p lockstep2d-bevy --features ggrs --bench rollback_frame`; the
//! numbers measured and what they say are in `docs/rollback-cost.md`.

#[path = "../examples/duel/alone.rs"]
mod alone;
#[path = "../examples/duel/game.rs"]
#[allow(dead_code)]
mod game;

use std::hint::black_box;
use std::time::{Duration, Instant};

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ggrs::ggrs::{PlayerType, SessionBuilder};
use bevy_ggrs::prelude::*;
use bevy_ggrs::{
    AdvanceWorld, AdvanceWorldSystems, LoadWorld, LocalInputs, LocalPlayers, RollbackFrameCount,
    SaveWorld,
};
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use lockstep2d::Snapshot;
use lockstep2d_bevy::{Physics, PhysicsSystems};

use alone::{Duel, Rules};
use game::{DuelConfig, DuelPlugin};

/// The first frame timed: by then both players have dropped dumbbells.
const WARM_UP: u32 = 200;
/// The frame the timed window ends at.
const END: u32 = 500;
/// Fresh runs of each case; the median is reported.
const REPEATS: usize = 9;
/// The session's check distances: no rollback, and rollbacks 2 and 7 frames deep.
const DEPTHS: [u32; 3] = [0, 2, 7];

/// The header, then each check distance's table and split.
fn main() {
    let expected = alone::play_alone(END).0.state_hash();
    print_header();
    for depth in DEPTHS {
        measure_depth(depth, expected);
    }
}

/// What is measured: the window of frames and the bodies in it.
fn print_header() {
    let (fewest, most, mean) = body_counts();
    println!("lockstep2d-bevy: one rollback frame of the duel, app and engine alone");
    println!(
        "frames {WARM_UP}..{END}, {fewest} to {most} bodies (mean {mean:.1}), \
         median of {REPEATS} fresh runs"
    );
}

/// One check distance: the app's time per update, each engine-alone way of doing the
/// same work, and the split of an update.
fn measure_depth(depth: u32, expected: u64) {
    let app = median_run(|| time_app(depth, false, expected));
    let engines: Vec<(&str, Timed<Work>)> = engine_cases(depth)
        .into_iter()
        .map(|(name, keeping)| (name, median_run(|| time_engine(depth, keeping, expected))))
        .collect();
    println!();
    println!(
        "{:<34} {:>11} {:>10} {:>11} {:>8}",
        "case", "µs/update", "µs/frame", "app/engine", "spread"
    );
    let ratio = app_ratio(app.median, engines[0].1.median);
    print_row(&format!("app, d={depth}"), depth, &app, Some(ratio));
    for (name, timed) in &engines {
        print_row(&format!("engine, d={depth}, {name}"), depth, timed, None);
    }
    let marked = median_run(|| time_app(depth, true, expected));
    let split = marked.what.expect("a marked run keeps its split");
    print_split(depth, marked.median, &split, &engines);
}

/// The app's time over the engine's for the same work.
fn app_ratio(app: Duration, engine: Duration) -> f64 {
    app.as_secs_f64() / engine.as_secs_f64()
}

/// The engine-alone ways of doing what the session asks at `depth`: first the one that
/// does the app's work (no saves at 0, whole clones otherwise), then the others.
fn engine_cases(depth: u32) -> Vec<(&'static str, Keeping)> {
    if depth == 0 {
        vec![
            ("no save", Keeping::Nothing),
            ("+ clone save", Keeping::Clone),
            ("+ snapshot save", Keeping::Snapshot),
        ]
    } else {
        vec![("clone", Keeping::Clone), ("snapshot", Keeping::Snapshot)]
    }
}

/// A row of the main table: per update, per frame played, the ratio if given, and how
/// far apart the fastest and slowest runs were.
fn print_row<T>(case: &str, depth: u32, timed: &Timed<T>, ratio: Option<f64>) {
    let updates = f64::from(END - WARM_UP);
    let per_update = us(timed.median) / updates;
    let per_frame = per_update / f64::from(depth + 1);
    let ratio = ratio.map_or(String::new(), |r| format!("{r:.2}"));
    let spread = format!("{:.0}%", 100.0 * timed.spread);
    println!("{case:<34} {per_update:>11.1} {per_frame:>10.1} {ratio:>11} {spread:>8}");
}

/// Microseconds in `time`.
fn us(time: Duration) -> f64 {
    time.as_secs_f64() * 1e6
}

/// The median of `REPEATS` runs of a case.
struct Timed<T> {
    /// The median run's time.
    median: Duration,
    /// The slowest run's time less the fastest's, over the median: the noise.
    spread: f64,
    /// What the median run measured besides its time.
    what: T,
}

/// The run of `REPEATS` whose time is the median, with what it measured.
fn median_run<T>(mut run: impl FnMut() -> (Duration, T)) -> Timed<T> {
    let mut runs: Vec<(Duration, T)> = (0..REPEATS).map(|_| run()).collect();
    runs.sort_by_key(|r| r.0);
    let range = runs[REPEATS - 1].0 - runs[0].0;
    let (median, what) = runs.swap_remove(REPEATS / 2);
    let spread = range.as_secs_f64() / median.as_secs_f64();
    Timed {
        median,
        spread,
        what,
    }
}

// --- The app -------------------------------------------------------------------------

// The parts of an update the marker systems time, as indices into `Split`'s arrays:
// const generics of the marker systems, so one pair of functions serves every part.

/// `LoadWorld`, whole.
const LOAD: usize = 0;
/// `SaveWorld`, whole: the checksums and the snapshots.
const SAVE: usize = 1;
/// `SaveWorld`'s snapshot set: the part of `SAVE` after the checksums.
const SNAPSHOT: usize = 2;
/// `AdvanceWorld`: bevy_ggrs's frame set-up and `GgrsSchedule`.
const ADVANCE: usize = 3;
/// The plugin's step in `GgrsSchedule`, inside `ADVANCE`: the entity sync,
/// `PhysicsStep`, the engine's step, the messages.
const STEP: usize = 4;
/// `PostUpdate`'s writeback: each body's `Transform` set to its smoothed pose.
const WRITEBACK: usize = 5;
/// How many parts there are.
const PARTS: usize = 6;

/// Time spent in each part of the timed updates and how many times each ran, written
/// by marker systems at the part's start and end.
#[derive(Resource, Clone, Copy, Debug)]
struct Split {
    started: [Instant; PARTS],
    spent: [Duration; PARTS],
    runs: [u32; PARTS],
}

impl Split {
    /// Nothing spent yet.
    fn new() -> Split {
        Split {
            started: [Instant::now(); PARTS],
            spent: [Duration::ZERO; PARTS],
            runs: [0; PARTS],
        }
    }

    /// The mean time of one run of `part` (zero if it never ran).
    fn per_run(&self, part: usize) -> Duration {
        self.spent[part]
            .checked_div(self.runs[part])
            .unwrap_or_default()
    }
}

/// Marks the start of `PART`.
fn mark_start<const PART: usize>(mut split: ResMut<Split>) {
    split.started[PART] = Instant::now();
}

/// Marks the end of `PART`.
fn mark_end<const PART: usize>(mut split: ResMut<Split>) {
    let elapsed = split.started[PART].elapsed();
    split.spent[PART] += elapsed;
    split.runs[PART] += 1;
}

/// A headless duel under a SyncTest session rolling back `depth` frames every frame
/// (none at 0), as `tests/rollback.rs` builds it; with the marker systems if `marked`.
fn duel_app(depth: u32, marked: bool) -> App {
    let session = SessionBuilder::<DuelConfig>::new()
        .with_num_players(game::PLAYERS)
        .and_then(|b| {
            b.with_check_distance(depth as usize)
                .add_player(PlayerType::Local, 0)
        })
        .and_then(|b| b.add_player(PlayerType::Local, 1))
        .and_then(|b| b.start_synctest_session())
        .expect("a valid session");
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )))
        .add_plugins((GgrsPlugin::<DuelConfig>::default(), DuelPlugin))
        .add_systems(ReadInputs, scripted_inputs)
        .insert_resource(Session::SyncTest(session));
    if marked {
        add_markers(&mut app);
    }
    app
}

/// Marker systems at the start and end of each bevy_ggrs schedule (before its first
/// set, after its last), around the plugin's step and around its writeback.
fn add_markers(app: &mut App) {
    app.insert_resource(Split::new())
        .add_systems(
            LoadWorld,
            (
                mark_start::<LOAD>.before(LoadWorldSystems::EntityResurrect),
                mark_end::<LOAD>.after(LoadWorldSystems::Mapping),
            ),
        )
        .add_systems(
            SaveWorld,
            (
                mark_start::<SAVE>.before(SaveWorldSystems::Checksum),
                mark_start::<SNAPSHOT>
                    .after(SaveWorldSystems::Checksum)
                    .before(SaveWorldSystems::Snapshot),
                (mark_end::<SNAPSHOT>, mark_end::<SAVE>)
                    .chain()
                    .after(SaveWorldSystems::Snapshot),
            ),
        )
        .add_systems(
            AdvanceWorld,
            (
                mark_start::<ADVANCE>.before(AdvanceWorldSystems::First),
                mark_end::<ADVANCE>.after(AdvanceWorldSystems::Last),
            ),
        )
        .add_systems(
            GgrsSchedule,
            (
                mark_start::<STEP>.before(PhysicsSystems::Step),
                mark_end::<STEP>.after(PhysicsSystems::Step),
            ),
        )
        .add_systems(
            PostUpdate,
            (
                mark_start::<WRITEBACK>.before(PhysicsSystems::Writeback),
                mark_end::<WRITEBACK>.after(PhysicsSystems::Writeback),
            ),
        );
}

/// The scripted buttons of both players for the frame about to be played.
fn scripted_inputs(
    mut commands: Commands,
    players: Res<LocalPlayers>,
    frame: Res<RollbackFrameCount>,
) {
    let buttons = players
        .0
        .iter()
        .map(|&handle| (handle, game::scripted_buttons(frame.0 as u32, handle)))
        .collect();
    commands.insert_resource(LocalInputs::<DuelConfig>(buttons));
}

/// The session's frame.
fn app_frame(app: &App) -> u32 {
    app.world().resource::<RollbackFrameCount>().0 as u32
}

/// One run of the app at `depth`: the time of the updates from `WARM_UP` to `END`,
/// and their split if `marked`.
fn time_app(depth: u32, marked: bool, expected: u64) -> (Duration, Option<Split>) {
    let mut app = duel_app(depth, marked);
    // The first update brings no time, so it plays no frame.
    while app_frame(&app) < WARM_UP {
        app.update();
    }
    if marked {
        app.insert_resource(Split::new());
    }
    let start = Instant::now();
    for _ in WARM_UP..END {
        app.update();
    }
    let time = start.elapsed();
    assert_eq!(app_frame(&app), END, "each update plays one new frame");
    let hash = app.world().resource::<Physics>().state_hash();
    assert_eq!(hash, expected, "the app at d={depth} played another game");
    (time, app.world().get_resource::<Split>().copied())
}

// --- The engine alone ----------------------------------------------------------------

/// The fewest and most bodies over the timed frames, and the mean.
fn body_counts() -> (usize, usize, f64) {
    let mut duel = Duel::new();
    let mut counts = Vec::new();
    for frame in 0..END {
        duel.play(frame);
        if frame >= WARM_UP {
            counts.push(duel.world.body_count());
        }
    }
    let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
    let fewest = counts.iter().copied().min().unwrap_or(0);
    (fewest, counts.iter().copied().max().unwrap_or(0), mean)
}

/// How the engine-alone session keeps a frame's state for a rollback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keeping {
    /// No saves, as the session asks at check distance 0.
    Nothing,
    /// A clone of the world and the rules, new each time, as bevy_ggrs's clone strategy
    /// saves `Physics`.
    Clone,
    /// `World::snapshot_into` a kept snapshot, reusing its storage, and the rules.
    Snapshot,
}

/// A frame's state, kept.
enum Saved {
    /// A clone of the whole duel.
    Whole(Box<Duel>),
    /// The world's snapshot and the rules.
    Parts(Box<Snapshot>, Rules),
}

/// Time the engine-alone session spent in each kind of work, and how often it did it.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    load: Duration,
    copy: Duration,
    hash: Duration,
    play: Duration,
    loads: u32,
    saves: u32,
    plays: u32,
}

/// The engine-alone duel driven as a SyncTest session drives the app: at each update
/// past frame `depth`, the frame `depth` back loaded and played again with saves, then
/// the new frame saved (unless keeping nothing) and played.
struct EngineSession {
    duel: Duel,
    frame: u32,
    depth: u32,
    keeping: Keeping,
    ring: Vec<Option<Saved>>,
    work: Work,
}

impl EngineSession {
    /// A fresh duel at frame 0, with a ring for the frames a rollback reaches.
    fn new(depth: u32, keeping: Keeping) -> EngineSession {
        EngineSession {
            duel: Duel::new(),
            frame: 0,
            depth,
            keeping,
            ring: (0..depth + 2).map(|_| None).collect(),
            work: Work::default(),
        }
    }

    /// One update: what `SyncTestSession::advance_frame` asks for.
    fn update(&mut self) {
        if self.depth > 0 && self.frame > self.depth {
            self.roll_back();
        }
        if self.keeping != Keeping::Nothing {
            self.save(self.frame);
        }
        self.play(self.frame);
        self.frame += 1;
    }

    /// The frame `depth` back loaded, and played again up to the current one, each
    /// frame but the loaded one saved first.
    fn roll_back(&mut self) {
        let from = self.frame - self.depth;
        self.load(from);
        for frame in from..self.frame {
            if frame > from {
                self.save(frame);
            }
            self.play(frame);
        }
    }

    /// The ring's slot for `frame`.
    fn slot(&self, frame: u32) -> usize {
        frame as usize % self.ring.len()
    }

    /// The state saved before `frame`, and its hash, the checksum the session is given.
    fn save(&mut self, frame: u32) {
        let start = Instant::now();
        let slot = self.slot(frame);
        keep(&self.duel, &mut self.ring[slot], self.keeping);
        let copied = Instant::now();
        black_box(self.duel.world.state_hash());
        self.work.copy += copied - start;
        self.work.hash += copied.elapsed();
        self.work.saves += 1;
    }

    /// The state saved before `frame` put back.
    fn load(&mut self, frame: u32) {
        let start = Instant::now();
        let saved = self.ring[self.slot(frame)].as_ref();
        put_back(&mut self.duel, saved.expect("the frame was saved"));
        self.work.load += start.elapsed();
        self.work.loads += 1;
    }

    /// Frame `frame` played.
    fn play(&mut self, frame: u32) {
        let start = Instant::now();
        self.duel.play(frame);
        self.work.play += start.elapsed();
        self.work.plays += 1;
    }
}

/// `duel` saved into `slot` as `keeping` says.
fn keep(duel: &Duel, slot: &mut Option<Saved>, keeping: Keeping) {
    match (keeping, slot) {
        (Keeping::Snapshot, Some(Saved::Parts(snapshot, rules))) => {
            duel.world.snapshot_into(snapshot);
            rules.clone_from(&duel.rules);
        }
        (Keeping::Snapshot, slot) => {
            let snapshot = Box::new(duel.world.snapshot());
            *slot = Some(Saved::Parts(snapshot, duel.rules.clone()));
        }
        (_, slot) => *slot = Some(Saved::Whole(Box::new(duel.clone()))),
    }
}

/// `saved` put back into `duel`.
fn put_back(duel: &mut Duel, saved: &Saved) {
    match saved {
        Saved::Whole(whole) => *duel = Duel::clone(whole),
        Saved::Parts(snapshot, rules) => {
            duel.world.restore(snapshot);
            duel.rules.clone_from(rules);
        }
    }
}

/// One run of the engine alone at `depth`: the time of the updates from `WARM_UP` to
/// `END`, and the work in them.
fn time_engine(depth: u32, keeping: Keeping, expected: u64) -> (Duration, Work) {
    let mut session = EngineSession::new(depth, keeping);
    while session.frame < WARM_UP {
        session.update();
    }
    session.work = Work::default();
    let start = Instant::now();
    while session.frame < END {
        session.update();
    }
    let time = start.elapsed();
    let hash = session.duel.world.state_hash();
    assert_eq!(
        hash, expected,
        "the engine at d={depth} played another game"
    );
    (time, session.work)
}

// --- The split -----------------------------------------------------------------------

/// The split of an update, per call of each part, for the app (its marked run) and
/// each engine-alone case, and how many calls an update makes.
fn print_split(depth: u32, marked: Duration, split: &Split, engines: &[(&str, Timed<Work>)]) {
    let updates = END - WARM_UP;
    let calls = |part: usize| f64::from(split.runs[part]) / f64::from(updates);
    println!(
        "  per call (µs); an update: {:.0} load, {:.0} saves, {:.0} advances",
        calls(LOAD),
        calls(SAVE),
        calls(ADVANCE)
    );
    println!(
        "  {:<32} {:>7} {:>7} {:>9} {:>8} {:>7} {:>10} {:>13} {:>7}",
        "", "load", "save", "checksum", "advance", "step", "writeback", "other/update", "update"
    );
    let cells = [
        split.per_run(LOAD),
        split.per_run(SAVE),
        split.per_run(SAVE).saturating_sub(split.per_run(SNAPSHOT)),
        split.per_run(ADVANCE),
        split.per_run(STEP),
        split.per_run(WRITEBACK),
    ];
    let parts = [LOAD, SAVE, ADVANCE, WRITEBACK].map(|part| split.spent[part]);
    let other = marked.saturating_sub(parts.iter().sum()) / updates;
    let case = format!("app, d={depth} (marked run)");
    print_split_row(&case, cells.map(Some), other, marked / updates);
    for (name, timed) in engines {
        let case = format!("engine, d={depth}, {name}");
        print_engine_split(&case, timed.median, &timed.what);
    }
}

/// An engine-alone case's split: load, save (copy and hash), its hash, the frame.
fn print_engine_split(case: &str, time: Duration, work: &Work) {
    let updates = END - WARM_UP;
    let per = |spent: Duration, calls: u32| spent.checked_div(calls);
    let cells = [
        per(work.load, work.loads),
        per(work.copy + work.hash, work.saves),
        per(work.hash, work.saves),
        per(work.play, work.plays),
        None,
        None,
    ];
    let parts = work.load + work.copy + work.hash + work.play;
    let other = time.saturating_sub(parts) / updates;
    print_split_row(case, cells, other, time / updates);
}

/// A row of the split: the per-call cells ("-" for none), other and the update.
fn print_split_row(case: &str, cells: [Option<Duration>; 6], other: Duration, update: Duration) {
    let cell = |c: Option<Duration>| {
        c.filter(|d| !d.is_zero())
            .map_or("-".into(), |d| format!("{:.1}", us(d)))
    };
    let [load, save, checksum, advance, step, writeback] = cells.map(cell);
    println!(
        "  {case:<32} {load:>7} {save:>7} {checksum:>9} {advance:>8} {step:>7} {writeback:>10} \
         {:>13.1} {:>7.1}",
        us(other),
        us(update)
    );
}
