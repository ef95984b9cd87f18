//! `lockstep2d-bench`: the same scenes in lockstep2d, rapier2d and Box2D v3, side by side.
//!
//! ```sh
//! cargo run --release -p lockstep2d-bench -- all
//! cargo run --release -p lockstep2d-bench -- large_pyramid --steps 200 --runs 5 --json
//! cargo run --release -p lockstep2d-bench -- raycast --json
//! cargo run --release -p lockstep2d-bench -- overlap
//! cargo run --release -p lockstep2d-bench -- shape_cast
//! cargo run --release -p lockstep2d-bench -- character_move
//! cargo run --release -p lockstep2d-bench -- outline_cut
//! cargo run --release -p lockstep2d-bench -- accuracy
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use lockstep2d::{LANES_VARIABLE, LaneForm};
use lockstep2d_accuracy::Rate;
use lockstep2d_alloc_counter::CountingAlloc;
use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::machine;
use lockstep2d_bench::quality::{Measure, max_speed};
use lockstep2d_bench::queries::{self, QueryKind};
use lockstep2d_bench::report::{CSV_HEADER, EngineResult, SceneReport};
use lockstep2d_bench::settings::Settings;
use lockstep2d_bench::timing::EngineRun;
use lockstep2d_bench::{accuracy, character_move, outline_cut};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The scenes `all` steps: Box2D v3's benchmark scenes in its order, `terrain` (the
/// chain benchmark) and `huge_pyramids` (a hundred thousand boxes). After them it times
/// [`ALL_QUERIES`] and `character_move`.
const ALL_SCENES: [&str; 9] = [
    "joint_grid",
    "large_pyramid",
    "many_pyramids",
    "rain",
    "smash",
    "spinner",
    "tumbler",
    "terrain",
    "huge_pyramids",
];

/// The scene queries `all` times.
const ALL_QUERIES: [QueryKind; 5] = [
    QueryKind::Raycast,
    QueryKind::Overlap,
    QueryKind::OverlapExact,
    QueryKind::ShapeCast,
    QueryKind::RaycastTumbling,
];

/// Runs per engine unless `--runs` says otherwise: a character's walk is short, and
/// its per-step medians want more runs than a scene's.
const RUNS: u32 = 3;
const CHARACTER_RUNS: u32 = 9;

#[derive(Parser, Debug)]
#[command(about = "Time lockstep2d against rapier2d and Box2D v3 on the same scenes")]
struct Args {
    /// A named scene (`lockstep2d scenes` lists them); `raycast` / `overlap` /
    /// `overlap_exact` / `shape_cast` for 10,000 scene queries into a settled
    /// large_pyramid (`shape_cast`: circles of radius 0.25 m cast along the raycast
    /// rays), or `raycast_tumbling` for 100 rays after each of 100 steps of tumbler;
    /// `character_move` for a character's walk through platformer against rapier2d's
    /// character controller; `accuracy` for the accuracy suite's errors in each engine
    /// (not timed); `outline_cut` for cutting a 200-point concave outline into convex
    /// pieces against rapier2d's VHACD; or `all`: Box2D's benchmarks, `terrain`, `huge_pyramids`, the five
    /// query benchmarks and `character_move`.
    scene: String,
    /// Timed steps per run (default: the scene's own count; a character's walk: 600).
    #[arg(long)]
    steps: Option<u32>,
    /// Worker threads; each engine uses what it can, and the table says what it used.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Engines to run, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "lockstep2d,rapier,box2d")]
    engines: Vec<String>,
    /// Runs per engine, each on a fresh world (default: 3; `character_move`: 9).
    #[arg(long)]
    runs: Option<u32>,
    /// One JSON object per scene per line instead of tables.
    #[arg(long)]
    json: bool,
    /// Keep every body awake in every engine; by default they sleep as in Box2D's
    /// benchmark for that scene.
    #[arg(long)]
    no_sleep: bool,
    /// Also write the rows to this machine's results file for the lanes in use,
    /// `crates/lockstep2d-bench/results/<cpu-model>-<N>cores-<lanes>.csv` (replacing
    /// it). `LOCKSTEP2D_LANES=avx2` or `portable` measures a slower form of the lane
    /// code than the CPU's best.
    #[arg(long)]
    save: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Err(e) = LaneForm::from_environment() {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "lockstep2d runs its {} lanes ({LANES_VARIABLE} chooses)",
        LaneForm::in_use().name()
    );
    let engines = match parse_engines(&args.engines) {
        Ok(engines) => engines,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let benches = match args.scene.as_str() {
        "all" => all_benches(),
        name => vec![Bench::parse(name)],
    };
    let mut rows = Vec::new();
    let mut failed = 0;
    for bench in benches {
        match bench.run(&engines, &args) {
            Ok(bench_rows) => rows.extend(bench_rows),
            Err(message) => {
                eprintln!("{message}");
                failed += 1;
            }
        }
    }
    if args.save {
        match save(&rows) {
            Ok(path) => eprintln!("wrote {}", path.display()),
            Err(e) => {
                eprintln!("cannot write the results file: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// One benchmark the command line can name.
enum Bench {
    /// Step a named scene.
    Scene(String),
    /// Time a batch of scene queries.
    Queries(QueryKind),
    /// Walk a character through `platformer`.
    CharacterMove,
    /// The accuracy suite's closed-form cases, errors side by side.
    Accuracy,
    /// Cut a concave outline into convex pieces.
    OutlineCut,
}

/// Everything `all` runs, in order.
fn all_benches() -> Vec<Bench> {
    let scenes = ALL_SCENES.iter().map(|&s| Bench::Scene(s.to_string()));
    let queries = ALL_QUERIES.into_iter().map(Bench::Queries);
    scenes
        .chain(queries)
        .chain([Bench::CharacterMove])
        .collect()
}

impl Bench {
    fn parse(name: &str) -> Bench {
        if name == "character_move" {
            Bench::CharacterMove
        } else if name == "accuracy" {
            Bench::Accuracy
        } else if name == "outline_cut" {
            Bench::OutlineCut
        } else if let Some(kind) = QueryKind::parse(name) {
            Bench::Queries(kind)
        } else {
            Bench::Scene(name.to_string())
        }
    }

    /// Runs it, prints its table or JSON line, and returns its rows for the results
    /// file.
    fn run(&self, engines: &[Engine], args: &Args) -> Result<Vec<String>, String> {
        let date = machine::today();
        match self {
            Bench::Scene(name) => {
                let def = lockstep2d_scenes::named(name)
                    .ok_or_else(|| format!("unknown scene: {name}"))?;
                let report = bench_scene(&def, engines, args);
                print(args.json, &report.json(), || report.text(), name)?;
                Ok(report.csv_rows(&date))
            }
            Bench::Queries(kind) => {
                let runs = args.runs.unwrap_or(RUNS);
                let report = queries::bench(*kind, engines, runs)
                    .map_err(|e| format!("{}: {e}", kind.name()))?;
                print(args.json, &report, || report.text(*kind), kind.name())?;
                Ok(report.csv_rows(&date))
            }
            Bench::CharacterMove => {
                let steps = args.steps.unwrap_or(character_move::STEPS);
                let runs = args.runs.unwrap_or(CHARACTER_RUNS);
                let report = character_move::bench(steps, runs)
                    .map_err(|e| format!("character_move: {e}"))?;
                println!("{}", report.text());
                Ok(report.csv_rows(&date))
            }
            Bench::Accuracy => {
                let rows = accuracy::measure(engines, Rate::default_rate());
                println!("{}", accuracy::table(engines, &rows));
                // Errors, not times: nothing for the results file.
                Ok(Vec::new())
            }
            Bench::OutlineCut => {
                let runs = args.runs.unwrap_or(CHARACTER_RUNS);
                let (ours, rapier) = outline_cut::bench(runs)?;
                println!("{}", outline_cut::text(ours, rapier));
                // One shape's cut, not a world's step: nothing for the results file.
                Ok(Vec::new())
            }
        }
    }
}

/// Prints `json` as one line with `--json`, else the text table.
fn print(
    as_json: bool,
    json: &impl serde::Serialize,
    text: impl FnOnce() -> String,
    name: &str,
) -> Result<(), String> {
    if as_json {
        let line =
            serde_json::to_string(json).map_err(|e| format!("{name}: cannot write JSON: {e}"))?;
        println!("{line}");
    } else {
        println!("{}", text());
    }
    Ok(())
}

/// Writes `rows` under [`CSV_HEADER`] to this machine's results file for the lanes in
/// use.
fn save(rows: &[String]) -> std::io::Result<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("results");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!(
        "{}-{}.csv",
        machine::name(),
        LaneForm::in_use().name()
    ));
    std::fs::write(&path, format!("{CSV_HEADER}\n{}\n", rows.join("\n")))?;
    Ok(path)
}

fn parse_engines(names: &[String]) -> Result<Vec<Engine>, String> {
    names
        .iter()
        .map(|n| {
            Engine::parse(n.trim()).ok_or(format!(
                "unknown engine `{n}`: expected lockstep2d, rapier or box2d"
            ))
        })
        .collect()
}

/// Runs every engine on one scene; an engine that cannot build it is reported and left out.
fn bench_scene(def: &lockstep2d_scenes::SceneDef, engines: &[Engine], args: &Args) -> SceneReport {
    let mut settings = Settings::for_scene(def, args.threads);
    settings.sleep &= !args.no_sleep;
    let steps = args.steps.unwrap_or(def.steps);
    let measure = Measure::for_scene(def);
    let mut runs: Vec<EngineRun> = engines
        .iter()
        .map(|&e| EngineRun::new(e, &settings))
        .collect();
    for _ in 0..args.runs.unwrap_or(RUNS).max(1) {
        runs.retain_mut(|run| match run.time_one_run(def, &settings, steps) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("{}: {}: skipped: {e}", def.name(), run.engine.name());
                false
            }
        });
    }
    let results = runs
        .into_iter()
        .map(|run| EngineResult {
            quality: measure.of(def, &run.end),
            max_speed: max_speed(def, &run.end),
            run,
        })
        .collect();
    SceneReport {
        scene: def.name().to_string(),
        steps,
        threads: settings.threads,
        measure,
        results,
    }
}
