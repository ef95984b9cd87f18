//! A scene's results as a text table, a JSON line or CSV rows.

use serde::Serialize;

use crate::engine::Engine;
use crate::quality::Measure;
use crate::timing::EngineRun;

/// One engine's line.
#[derive(Clone, Debug)]
pub struct EngineResult {
    /// Its timings, memory and end state.
    pub run: EngineRun,
    /// The scene's quality figure for its end state (see `Measure`).
    pub quality: f64,
    /// The fastest dynamic body's speed at the end (m/s).
    pub max_speed: f32,
}

/// One scene across the engines that could build it.
#[derive(Clone, Debug)]
pub struct SceneReport {
    /// The scene's name.
    pub scene: String,
    /// Timed steps per run.
    pub steps: u32,
    /// Worker threads asked for.
    pub threads: usize,
    /// Which quality figure the results hold.
    pub measure: Measure,
    /// One result per engine that built the scene.
    pub results: Vec<EngineResult>,
}

/// The header line of the results CSV. Each row times one engine on one benchmark in
/// `unit`s: a scene's step, a batch of queries, a character's move. `count` is the units
/// per run (steps, or queries in the batch, or moves), the times are ms per unit, and
/// `figure` is what checks the engines did the same work: a scene's quality figure, the
/// rays that hit or the shapes found, the metres a character ran across.
pub const CSV_HEADER: &str =
    "bench,engine,unit,count,threads,median_ms,min_ms,figure,bytes_per_body,date";

/// One row of the results CSV (see [`CSV_HEADER`]).
pub struct CsvRow<'a> {
    /// The scene or the query or mover benchmark.
    pub bench: &'a str,
    /// The engine's name.
    pub engine: &'a str,
    /// What is timed: `step`, `batch` or `move`.
    pub unit: &'a str,
    /// Units per run.
    pub count: usize,
    /// Threads the engine used.
    pub threads: usize,
    /// ms per unit, median over the runs.
    pub median_ms: f64,
    /// ms per unit, the fastest run.
    pub min_ms: f64,
    /// The figure that checks the work (see [`CSV_HEADER`]).
    pub figure: f64,
    /// Heap bytes per body, for scenes.
    pub bytes_per_body: Option<f64>,
    /// The day of the run.
    pub date: &'a str,
}

/// `row` as a line under [`CSV_HEADER`]; a field that does not apply is left empty.
pub fn csv_row(row: &CsvRow) -> String {
    let bytes = row
        .bytes_per_body
        .map_or(String::new(), |b| format!("{b:.0}"));
    format!(
        "{},{},{},{},{},{:.6},{:.6},{:.4},{bytes},{}",
        row.bench,
        row.engine,
        row.unit,
        row.count,
        row.threads,
        row.median_ms,
        row.min_ms,
        row.figure,
        row.date
    )
}

impl SceneReport {
    fn median(&self, engine: Engine) -> Option<f64> {
        self.results
            .iter()
            .find(|r| r.run.engine == engine)
            .map(|r| r.run.median_ms())
    }

    /// lockstep2d's median ms/step over `peer`'s: below 1, lockstep2d is faster.
    pub fn ratio(&self, peer: Engine) -> Option<f64> {
        Some(self.median(Engine::Lockstep2d)? / self.median(peer)?)
    }

    /// The report as a text table, one line per engine.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}: {} steps, {} runs, --threads {}\n  {:<11} {:>7} {:>10} {:>10} {:>15} {:>9} {:>10}\n",
            self.scene,
            self.steps,
            self.results.first().map_or(0, |r| r.run.run_ms.len()),
            self.threads,
            "engine",
            "threads",
            "median ms",
            "min ms",
            self.measure.name(),
            "max m/s",
            "bytes/body",
        );
        for r in &self.results {
            out += &format!(
                "  {:<11} {:>7} {:>10.3} {:>10.3} {:>15.4} {:>9.2} {:>10.0}\n",
                r.run.engine.name(),
                r.run.threads,
                r.run.median_ms(),
                r.run.min_ms(),
                r.quality,
                r.max_speed,
                r.run.bytes_per_body,
            );
        }
        for peer in [Engine::Rapier, Engine::Box2d] {
            if let Some(ratio) = self.ratio(peer) {
                out += &format!("  lockstep2d / {}: {ratio:.2}\n", peer.name());
            }
        }
        out
    }

    /// The `--json` line's object, fields in the order written here.
    pub fn json(&self) -> SceneJson<'_> {
        SceneJson {
            scene: &self.scene,
            steps: self.steps,
            threads: self.threads,
            quality_measure: self.measure.name(),
            engines: self
                .results
                .iter()
                .map(|r| EngineJson {
                    name: r.run.engine.name(),
                    threads: r.run.threads,
                    ms_per_step_median: r.run.median_ms(),
                    ms_per_step_min: r.run.min_ms(),
                    quality: r.quality,
                    max_speed: r.max_speed,
                    bytes_per_body: r.run.bytes_per_body,
                    state_hash: r.run.state_hash.map(|h| format!("{h:016x}")),
                })
                .collect(),
            ratios: Ratios {
                rapier: self.ratio(Engine::Rapier),
                box2d: self.ratio(Engine::Box2d),
            },
        }
    }

    /// One row per engine under [`CSV_HEADER`]; `threads` is what the engine used.
    pub fn csv_rows(&self, date: &str) -> Vec<String> {
        self.results
            .iter()
            .map(|r| {
                csv_row(&CsvRow {
                    bench: &self.scene,
                    engine: r.run.engine.name(),
                    unit: "step",
                    count: self.steps as usize,
                    threads: r.run.threads,
                    median_ms: r.run.median_ms(),
                    min_ms: r.run.min_ms(),
                    figure: r.quality,
                    bytes_per_body: Some(r.run.bytes_per_body),
                    date,
                })
            })
            .collect()
    }
}

/// `{scene, steps, threads, quality_measure, engines, ratios}`: a struct rather than a
/// `json!` map so the fields keep this order.
#[derive(Serialize)]
pub struct SceneJson<'a> {
    scene: &'a str,
    steps: u32,
    /// Asked for; each engine's own entry says what it used.
    threads: usize,
    quality_measure: &'static str,
    engines: Vec<EngineJson>,
    ratios: Ratios,
}

#[derive(Serialize)]
struct EngineJson {
    name: &'static str,
    threads: usize,
    ms_per_step_median: f64,
    ms_per_step_min: f64,
    quality: f64,
    max_speed: f32,
    bytes_per_body: f64,
    /// The engine's state hash after the last run, as `lockstep2d run` prints it;
    /// absent for engines without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    state_hash: Option<String>,
}

/// lockstep2d's median over each peer's; `null` when either did not run.
#[derive(Serialize)]
struct Ratios {
    rapier: Option<f64>,
    box2d: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_has_a_field_for_each_column_even_when_one_is_empty() {
        let row = csv_row(&CsvRow {
            bench: "raycast",
            engine: "box2d",
            unit: "batch",
            count: 10_000,
            threads: 1,
            median_ms: 8.25,
            min_ms: 8.0,
            figure: 5444.0,
            bytes_per_body: None,
            date: "2026-11-26",
        });
        assert_eq!(
            row,
            "raycast,box2d,batch,10000,1,8.250000,8.000000,5444.0000,,2026-11-26"
        );
        assert_eq!(row.split(',').count(), CSV_HEADER.split(',').count());
    }
}
