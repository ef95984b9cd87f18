//! `lockstep2d-bench`: the same scenes in lockstep2d, rapier2d and Box2D v3, side by side.
//!
//! ```sh
//! cargo run --release -p lockstep2d-bench -- all
//! cargo run --release -p lockstep2d-bench -- large_pyramid --steps 200 --runs 5 --json
//! cargo run --release -p lockstep2d-bench -- raycast --json
//! cargo run --release -p lockstep2d-bench -- overlap
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use lockstep2d_alloc_counter::CountingAlloc;
use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::machine;
use lockstep2d_bench::quality::{Measure, max_speed};
use lockstep2d_bench::queries::{self, QueryKind};
use lockstep2d_bench::report::{CSV_HEADER, EngineResult, SceneReport};
use lockstep2d_bench::settings::Settings;
use lockstep2d_bench::timing::EngineRun;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// What `all` runs: Box2D v3's benchmark scenes in its order, then `terrain`, the
/// chain benchmark.
const ALL_SCENES: [&str; 8] = [
    "joint_grid",
    "large_pyramid",
    "many_pyramids",
    "rain",
    "smash",
    "spinner",
    "tumbler",
    "terrain",
];

#[derive(Parser, Debug)]
#[command(about = "Time lockstep2d against rapier2d and Box2D v3 on the same scenes")]
struct Args {
    /// A named scene (`lockstep2d scenes` lists them), `all` for Box2D's benchmarks and
    /// `terrain`, or
    /// `raycast` / `overlap` / `overlap_exact` for 10,000 scene queries into a settled
    /// large_pyramid, or `raycast_tumbling` for 100 rays after each of 100 steps of
    /// tumbler.
    scene: String,
    /// Timed steps per run (default: the scene's own count).
    #[arg(long)]
    steps: Option<u32>,
    /// Worker threads; each engine uses what it can, and the table says what it used.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Engines to run, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "lockstep2d,rapier,box2d")]
    engines: Vec<String>,
    /// Runs per engine, each on a fresh world.
    #[arg(long, default_value_t = 3)]
    runs: u32,
    /// One JSON object per scene per line instead of tables.
    #[arg(long)]
    json: bool,
    /// Keep every body awake in every engine; by default they sleep as in Box2D's
    /// benchmark for that scene.
    #[arg(long)]
    no_sleep: bool,
    /// Also write the rows to this machine's results file,
    /// `crates/lockstep2d-bench/results/<cpu-model>-<N>cores.csv` (replacing it).
    #[arg(long)]
    save: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let engines = match parse_engines(&args.engines) {
        Ok(engines) => engines,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(kind) = QueryKind::parse(&args.scene) {
        return bench_queries(kind, &engines, &args);
    }
    let names: Vec<&str> = match args.scene.as_str() {
        "all" => ALL_SCENES.to_vec(),
        name => vec![name],
    };
    let mut rows = Vec::new();
    let mut unknown = 0;
    for name in names {
        let Some(def) = lockstep2d_scenes::named(name) else {
            eprintln!("unknown scene: {name}");
            unknown += 1;
            continue;
        };
        let report = bench_scene(&def, &engines, &args);
        if args.json {
            match serde_json::to_string(&report.json()) {
                Ok(line) => println!("{line}"),
                Err(e) => eprintln!("{}: cannot write JSON: {e}", report.scene),
            }
        } else {
            println!("{}", report.text());
        }
        rows.extend(report.csv_rows(&machine::today()));
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
    // A single unknown scene is a mistake; `all` goes on past scenes not written yet.
    if args.scene != "all" && unknown > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Times one kind of scene query in every engine and prints the table or JSON line.
fn bench_queries(kind: QueryKind, engines: &[Engine], args: &Args) -> ExitCode {
    match queries::bench(kind, engines, args.runs) {
        Ok(report) if args.json => match serde_json::to_string(&report) {
            Ok(line) => println!("{line}"),
            Err(e) => eprintln!("{}: cannot write JSON: {e}", kind.name()),
        },
        Ok(report) => println!("{}", report.text(kind)),
        Err(e) => {
            eprintln!("{}: {e}", kind.name());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Writes `rows` under [`CSV_HEADER`] to this machine's results file.
fn save(rows: &[String]) -> std::io::Result<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("results");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{}.csv", machine::name()));
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
    for _ in 0..args.runs.max(1) {
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
