//! Scene-query benchmarks: 10,000 closest-hit rays (`raycast`), 10,000 box overlap
//! queries (`overlap`, `overlap_exact`) or 10,000 closest-hit circle casts along the same
//! rays (`shape_cast`) into a settled `large_pyramid`, the same queries in every engine, on
//! one thread; and `raycast_tumbling`, 100 rays after each of 100 steps of `tumbler`,
//! where everything moves, as a game asks between steps.
//!
//! For the first four, each engine builds the pyramid, steps it until it has settled
//! (the same steps in every engine), then answers the whole batch once untimed and
//! `runs` times timed, the engines taking turns run by run so a spell of load slows a
//! run of each. For `raycast_tumbling`, each run builds every engine's drum afresh and
//! times only the rays: what a query costs right after a step has moved the shapes
//! (lockstep2d then makes its queries' copy of the trees; the peers update theirs
//! in the step).
//!
//! lockstep2d's box query tests each shape's geometry. In `overlap`, Box2D and rapier
//! answer with their box queries, which test only their trees' boxes and so find more
//! shapes for less work; in `overlap_exact` they answer the same question as lockstep2d
//! with their exact shape queries (Box2D's `b2World_OverlapShape` with a box proxy,
//! rapier's `intersect_shape` with a cuboid).
//!
//! In `shape_cast` a circle that starts touching a shape hits it at fraction 0 in every
//! engine, so unlike Box2D's closest-hit ray, which ignores shapes its ray starts in,
//! the three count the same casts.

use std::time::Instant;

use lockstep2d_scenes::{Pcg32, SceneDef, named};
use serde::Serialize;

use crate::engine::{BenchWorld, Engine, QueryBox, QueryRay};
use crate::report::{CsvRow, csv_row};
use crate::settings::Settings;
use crate::timing::median;

/// Queries in a batch.
pub const BATCH: usize = 10_000;
/// Steps before the queries: the pyramid has settled and sleeps by then.
pub const SETTLE_STEPS: u32 = 300;
/// The radius of `shape_cast`'s circle (m): a quarter of a pyramid box's side, the size
/// of a projectile or a probe a game sweeps, wide enough that the cast is not a ray.
pub const CAST_RADIUS: f32 = 0.25;

/// Which batch of queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryKind {
    /// `raycast`: closest-hit rays into a settled `large_pyramid`.
    Raycast,
    /// `overlap`: box overlaps into it, answered by each engine's box query.
    Overlap,
    /// `overlap_exact`: the same boxes, answered by each engine's exact shape query.
    OverlapExact,
    /// `shape_cast`: closest-hit circles cast along the `raycast` rays into the same
    /// pyramid.
    ShapeCast,
    /// `raycast_tumbling`: closest-hit rays between the steps of `tumbler`, where
    /// everything moves.
    RaycastTumbling,
}

impl QueryKind {
    /// The kind called `name` on the command line, if any.
    pub fn parse(name: &str) -> Option<QueryKind> {
        match name {
            "raycast" => Some(QueryKind::Raycast),
            "overlap" => Some(QueryKind::Overlap),
            "overlap_exact" => Some(QueryKind::OverlapExact),
            "shape_cast" => Some(QueryKind::ShapeCast),
            "raycast_tumbling" => Some(QueryKind::RaycastTumbling),
            _ => None,
        }
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            QueryKind::Raycast => "raycast",
            QueryKind::Overlap => "overlap",
            QueryKind::OverlapExact => "overlap_exact",
            QueryKind::ShapeCast => "shape_cast",
            QueryKind::RaycastTumbling => "raycast_tumbling",
        }
    }

    /// The scene asked, and how it is described.
    fn scene(self) -> (&'static str, &'static str) {
        match self {
            QueryKind::RaycastTumbling => ("tumbler", "between the steps of a turning tumbler"),
            _ => ("large_pyramid", "into a settled large_pyramid"),
        }
    }

    /// What the count each engine reports means.
    fn counted(self) -> &'static str {
        match self {
            QueryKind::Raycast | QueryKind::RaycastTumbling => "rays that hit",
            QueryKind::Overlap | QueryKind::OverlapExact => "shapes found",
            QueryKind::ShapeCast => "casts that hit",
        }
    }
}

/// The batch, built once and handed to every engine.
pub enum Batch {
    /// Rays, each asked for its closest hit.
    Rays(Vec<QueryRay>),
    /// Circles of [`CAST_RADIUS`], each cast from a ray's origin along its translation
    /// and asked for its closest hit.
    Circles(Vec<QueryRay>),
    /// Boxes, and whether they are asked of the exact queries.
    Boxes(Vec<QueryBox>, bool),
}

impl Batch {
    /// `BATCH` seeded rays or boxes over the scene's bodies' bounds grown by a tenth:
    /// rays from anywhere there, up to half the scene's size long, in any direction;
    /// boxes 0.2 to 4 m a side. The circles are cast along the same rays as `raycast`.
    pub fn new(kind: QueryKind, def: &SceneDef) -> Batch {
        let area = bounds(def);
        let mut rng = Pcg32::new(2026, 19);
        match kind {
            QueryKind::Raycast | QueryKind::RaycastTumbling => {
                Batch::Rays(seeded_rays(&mut rng, area))
            }
            QueryKind::ShapeCast => Batch::Circles(seeded_rays(&mut rng, area)),
            QueryKind::Overlap | QueryKind::OverlapExact => Batch::Boxes(
                (0..BATCH)
                    .map(|_| {
                        let [x, y] = point_in(&mut rng, area);
                        let (hx, hy) = (rng.range(0.1, 2.0), rng.range(0.1, 2.0));
                        QueryBox {
                            min: [x - hx, y - hy],
                            max: [x + hx, y + hy],
                        }
                    })
                    .collect(),
                kind == QueryKind::OverlapExact,
            ),
        }
    }

    /// Asks `world` the whole batch; returns its count.
    fn ask(&self, world: &dyn BenchWorld) -> usize {
        self.ask_part(world, 0, BATCH)
    }

    /// Asks `world` `count` of the batch's queries from `first`; returns their count.
    fn ask_part(&self, world: &dyn BenchWorld, first: usize, count: usize) -> usize {
        let part = first..first + count;
        match self {
            Batch::Rays(rays) => world.cast_rays(&rays[part]),
            Batch::Circles(casts) => world.cast_circles(&casts[part], CAST_RADIUS),
            Batch::Boxes(boxes, false) => world.overlap_boxes(&boxes[part]),
            Batch::Boxes(boxes, true) => world.overlap_boxes_exact(&boxes[part]),
        }
    }
}

/// `BATCH` rays, each from a point in `area`, up to half its diagonal long, in any
/// direction.
fn seeded_rays(rng: &mut Pcg32, area: ([f32; 2], [f32; 2])) -> Vec<QueryRay> {
    let (min, max) = area;
    let reach = 0.5 * (max[0] - min[0]).hypot(max[1] - min[1]);
    (0..BATCH)
        .map(|_| {
            let origin = point_in(rng, area);
            let angle = rng.range(-std::f32::consts::PI, std::f32::consts::PI);
            let length = rng.range(0.05, 1.0) * reach;
            let direction = lockstep2d::Rot::from_angle(angle);
            QueryRay {
                origin,
                translation: [length * direction.c, length * direction.s],
            }
        })
        .collect()
}

/// A point drawn evenly from the box `(min, max)`.
fn point_in(rng: &mut Pcg32, (min, max): ([f32; 2], [f32; 2])) -> [f32; 2] {
    [rng.range(min[0], max[0]), rng.range(min[1], max[1])]
}

/// The scene's bodies' positions, bounded and grown by a metre and then a tenth.
fn bounds(def: &SceneDef) -> ([f32; 2], [f32; 2]) {
    let (mut min, mut max) = ([f32::MAX; 2], [f32::MIN; 2]);
    for body in &def.bodies {
        for axis in 0..2 {
            min[axis] = min[axis].min(body.position[axis] - 1.0);
            max[axis] = max[axis].max(body.position[axis] + 1.0);
        }
    }
    let grow = |axis: usize| 0.1 * (max[axis] - min[axis]);
    let (gx, gy) = (grow(0), grow(1));
    ([min[0] - gx, min[1] - gy], [max[0] + gx, max[1] + gy])
}

/// One engine's timings of the batch.
#[derive(Clone, Debug, Serialize)]
pub struct QueryResult {
    /// The engine's name.
    pub name: &'static str,
    /// ms for the whole batch, in run order.
    #[serde(skip)]
    pub run_ms: Vec<f64>,
    /// The median over the runs (ms for the whole batch).
    pub ms_median: f64,
    /// The fastest run (ms for the whole batch).
    pub ms_min: f64,
    /// Rays or casts that hit, or shapes found.
    pub count: usize,
}

/// Every engine's result for one kind of query.
#[derive(Clone, Debug, Serialize)]
pub struct QueryReport {
    /// The benchmark's name.
    pub scene: &'static str,
    /// Queries in the batch.
    pub queries: usize,
    /// Each engine's result, in the order asked.
    pub engines: Vec<QueryResult>,
    /// lockstep2d's median over each peer's.
    pub ratios: QueryRatios,
}

/// lockstep2d's median over each peer's; `null` when either did not run.
#[derive(Clone, Debug, Serialize)]
pub struct QueryRatios {
    /// Over rapier2d's.
    pub rapier: Option<f64>,
    /// Over Box2D's.
    pub box2d: Option<f64>,
}

/// Times `kind` in each engine, `runs` times.
pub fn bench(kind: QueryKind, engines: &[Engine], runs: u32) -> Result<QueryReport, String> {
    let (scene, _) = kind.scene();
    let def = named(scene).ok_or(format!("no scene {scene}"))?;
    let settings = Settings::for_scene(&def, 1);
    let trial = Trial {
        batch: Batch::new(kind, &def),
        def,
        settings,
    };
    let timings = if kind == QueryKind::RaycastTumbling {
        trial.between_steps(engines, runs)?
    } else {
        trial.settled(engines, runs)?
    };
    let engines: Vec<QueryResult> = timings
        .into_iter()
        .map(|(engine, count, run_ms)| result(engine, count, run_ms))
        .collect();
    let ratio = |peer: Engine| {
        let median = |e: Engine| {
            engines
                .iter()
                .find(|r| r.name == e.name())
                .map(|r| r.ms_median)
        };
        Some(median(Engine::Lockstep2d)? / median(peer)?)
    };
    let ratios = QueryRatios {
        rapier: ratio(Engine::Rapier),
        box2d: ratio(Engine::Box2d),
    };
    Ok(QueryReport {
        scene: kind.name(),
        queries: BATCH,
        engines,
        ratios,
    })
}

/// Each engine's count and ms per run.
type Timings = Vec<(Engine, usize, Vec<f64>)>;

/// A scene and the queries to ask of it.
struct Trial {
    def: SceneDef,
    settings: Settings,
    batch: Batch,
}

/// Steps of the scene per run, each followed by `BATCH / TUMBLING_STEPS` rays.
const TUMBLING_STEPS: usize = 100;

impl Trial {
    /// Settles the scene in each engine, then times the whole batch `runs` times.
    fn settled(&self, engines: &[Engine], runs: u32) -> Result<Timings, String> {
        let mut worlds = Vec::new();
        for &engine in engines {
            let mut world = engine.build(&self.def, &self.settings)?;
            for _ in 0..SETTLE_STEPS {
                world.step()?;
            }
            let count = self.batch.ask(world.as_ref());
            worlds.push((engine, world, count, Vec::new()));
        }
        for _ in 0..runs.max(1) {
            for (_, world, _, run_ms) in &mut worlds {
                let start = Instant::now();
                std::hint::black_box(self.batch.ask(world.as_ref()));
                run_ms.push(start.elapsed().as_secs_f64() * 1e3);
            }
        }
        Ok(worlds
            .into_iter()
            .map(|(engine, _, count, run_ms)| (engine, count, run_ms))
            .collect())
    }

    /// Each run: a fresh world in each engine, stepped `TUMBLING_STEPS` times with a
    /// slice of the batch asked after every step; only the asking is timed.
    fn between_steps(&self, engines: &[Engine], runs: u32) -> Result<Timings, String> {
        let per_step = BATCH / TUMBLING_STEPS;
        let mut timings: Timings = engines.iter().map(|&e| (e, 0, Vec::new())).collect();
        for _ in 0..runs.max(1) {
            for (engine, count, run_ms) in &mut timings {
                let mut world = engine.build(&self.def, &self.settings)?;
                let (mut asked, mut seconds) = (0, 0.0);
                for step in 0..TUMBLING_STEPS {
                    world.step()?;
                    let start = Instant::now();
                    asked += self
                        .batch
                        .ask_part(world.as_ref(), step * per_step, per_step);
                    seconds += start.elapsed().as_secs_f64();
                }
                *count = asked;
                run_ms.push(seconds * 1e3);
            }
        }
        Ok(timings)
    }
}

fn result(engine: Engine, count: usize, run_ms: Vec<f64>) -> QueryResult {
    QueryResult {
        name: engine.name(),
        ms_min: run_ms.iter().copied().fold(f64::INFINITY, f64::min),
        ms_median: median(run_ms.clone()),
        run_ms,
        count,
    }
}

impl QueryReport {
    /// One row per engine under the results file's header: ms per batch of
    /// [`BATCH`] queries, and as the figure the rays or casts that hit or the shapes
    /// found.
    pub fn csv_rows(&self, date: &str) -> Vec<String> {
        self.engines
            .iter()
            .map(|r| {
                csv_row(&CsvRow {
                    bench: self.scene,
                    engine: r.name,
                    unit: "batch",
                    count: self.queries,
                    threads: 1,
                    median_ms: r.ms_median,
                    min_ms: r.ms_min,
                    figure: r.count as f64,
                    bytes_per_body: None,
                    date,
                })
            })
            .collect()
    }

    /// A table like the step benchmark's.
    pub fn text(&self, kind: QueryKind) -> String {
        let mut out = format!(
            "{}: {} queries {}, {} runs\n  {:<11} {:>10} {:>10} {:>14}\n",
            self.scene,
            self.queries,
            kind.scene().1,
            self.engines.first().map_or(0, |r| r.run_ms.len()),
            "engine",
            "median ms",
            "min ms",
            kind.counted(),
        );
        for r in &self.engines {
            out += &format!(
                "  {:<11} {:>10.3} {:>10.3} {:>14}\n",
                r.name, r.ms_median, r.ms_min, r.count
            );
        }
        for (peer, ratio) in [("rapier", self.ratios.rapier), ("box2d", self.ratios.box2d)] {
            if let Some(ratio) = ratio {
                out += &format!("  lockstep2d / {peer}: {ratio:.2}\n");
            }
        }
        out
    }
}
