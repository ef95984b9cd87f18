//! The accuracy suite (`lockstep2d-accuracy`) in every engine: each closed-form case
//! at 60 Hz and the default substeps, one column of error per engine.

use lockstep2d_accuracy::{Case, Rate, Sample, Simulation, three_figures};
use lockstep2d_scenes::SceneDef;

use crate::engine::{BenchWorld, Engine};
use crate::settings::Settings;

/// An engine as the accuracy suite sees it: it builds a case's scene through the
/// bench's converter, single-threaded, and reports every body after each step.
pub struct SuiteEngine(pub Engine);

impl lockstep2d_accuracy::Engine for SuiteEngine {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn build(&self, def: &SceneDef) -> Result<Box<dyn Simulation>, String> {
        let world = self.0.build(def, &Settings::for_scene(def, 1))?;
        Ok(Box::new(SuiteWorld(world)))
    }
}

struct SuiteWorld(Box<dyn BenchWorld>);

impl Simulation for SuiteWorld {
    fn step(&mut self) -> Result<(), String> {
        self.0.step()
    }

    fn samples(&self) -> Vec<Sample> {
        (self.0.bodies().iter())
            .map(|b| Sample::new(b.position, b.angle, b.velocity, b.spin))
            .collect()
    }
}

/// One case's errors, one per engine asked (an engine that cannot build the case
/// says why).
pub struct AccuracyRow {
    /// The case measured.
    pub case: Case,
    /// Its error in each engine, in the order asked, in the case's unit.
    pub errors: Vec<Result<f64, String>>,
}

/// Every case in every one of `engines`, at `rate`.
pub fn measure(engines: &[Engine], rate: Rate) -> Vec<AccuracyRow> {
    Case::all()
        .into_iter()
        .map(|case| AccuracyRow {
            case,
            errors: (engines.iter())
                .map(|&engine| case.error(&SuiteEngine(engine), rate))
                .collect(),
        })
        .collect()
}

/// The rows as a Markdown table: the case, each engine's error, the target.
pub fn table(engines: &[Engine], rows: &[AccuracyRow]) -> String {
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    let mut out = format!("| case | {} | target |\n", names.join(" | "));
    out += &format!("|---|{}---|\n", "---|".repeat(engines.len()));
    for row in rows {
        let unit = row.case.unit().symbol();
        let cells: Vec<String> = (row.errors.iter())
            .map(|error| match error {
                Ok(value) => format!("{} {unit}", three_figures(*value)),
                Err(why) => format!("cannot: {why}"),
            })
            .collect();
        let target = (row.case.target()).map_or("".to_string(), |t| format!("≤ {t} {unit}"));
        out += &format!(
            "| {} | {} | {target} |\n",
            row.case.name(),
            cells.join(" | ")
        );
    }
    out
}
