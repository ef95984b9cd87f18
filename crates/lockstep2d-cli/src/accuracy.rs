//! `lockstep2d accuracy`: the closed-form accuracy suite (`lockstep2d-accuracy`) on
//! lockstep2d. Each case's error at 60 Hz and the default substeps, then at 30, 60,
//! 120 and 240 Hz and at 1, 2, 4 and 8 substeps; one plot of error against rate. The
//! bench crate runs the same cases in Box2D v3 and rapier2d (`lockstep2d-bench
//! accuracy`).

use std::path::{Path, PathBuf};

use clap::Args;
use lockstep2d_accuracy::{Case, Lockstep, Rate, Unit, three_figures};
use lockstep2d_testbed::{LineChart, Series, draw_line_chart};
use serde::Serialize;

use crate::exit::CliResult;

#[derive(Args, Debug)]
pub struct AccuracyArgs {
    /// Directory for the plot (error_vs_rate.png).
    #[arg(long, default_value = "target/accuracy")]
    out: PathBuf,
    /// Print one JSON object instead of tables: `cases`, each {name, unit ("%" or
    /// "°"), target (null where none), error (at 60 Hz, default substeps), by_rate
    /// and by_substeps ([[hz or substeps, error], ...])}.
    #[arg(long)]
    json: bool,
}

/// The plot leaves out cases with errors this small (per cent): they would stretch its
/// scale for lines near round-off.
const PLOTTED: f64 = 0.01;

#[derive(Serialize)]
struct Report {
    cases: Vec<CaseReport>,
}

#[derive(Serialize)]
struct CaseReport {
    name: String,
    unit: &'static str,
    target: Option<f64>,
    error: f64,
    by_rate: Vec<(u32, f64)>,
    by_substeps: Vec<(u32, f64)>,
}

pub fn run(args: &AccuracyArgs) -> CliResult {
    let cases = Case::all()
        .into_iter()
        .map(measure)
        .collect::<Result<Vec<_>, String>>()?;
    let report = Report { cases };
    let plot = write_plot(&args.out, &report)?;
    if args.json {
        crate::json::print(&report)?;
    } else {
        print_tables(&report);
        println!("wrote {}", plot.display());
    }
    Ok(())
}

fn measure(case: Case) -> Result<CaseReport, String> {
    let error_at = |rate: Rate| case.error(&Lockstep, rate);
    let sweep = |rates: Vec<Rate>, key: fn(Rate) -> u32| -> Result<Vec<(u32, f64)>, String> {
        rates
            .into_iter()
            .map(|r| Ok((key(r), error_at(r)?)))
            .collect()
    };
    Ok(CaseReport {
        name: case.name(),
        unit: case.unit().symbol(),
        target: case.target(),
        error: error_at(Rate::default_rate())?,
        by_rate: sweep(Rate::rate_sweep(), |r| r.hz)?,
        by_substeps: sweep(Rate::substep_sweep(), |r| r.substeps)?,
    })
}

fn print_tables(report: &Report) {
    let default = Rate::default_rate();
    println!(
        "error against the closed form at {} Hz, {} substeps; then by rate ({} substeps) \
         and by substeps ({} Hz)",
        default.hz, default.substeps, default.substeps, default.hz
    );
    let header = |kind: &str, keys: &[(u32, f64)]| -> String {
        keys.iter()
            .map(|(k, _)| format!("{:>10}", format!("{k} {kind}")))
            .collect()
    };
    let first = &report.cases[0];
    println!(
        "{:48}{:>10}{:>8}  {}  {}",
        "case",
        "error",
        "target",
        header("Hz", &first.by_rate),
        header("sub", &first.by_substeps)
    );
    for case in &report.cases {
        let cells = |sweep: &[(u32, f64)]| -> String {
            sweep
                .iter()
                .map(|(_, e)| format!("{:>10}", three_figures(*e)))
                .collect()
        };
        let target = case.target.map_or(String::new(), |t| format!("≤ {t}"));
        println!(
            "{:48}{:>9}{}{:>8}  {}  {}",
            case.name,
            three_figures(case.error),
            case.unit,
            target,
            cells(&case.by_rate),
            cells(&case.by_substeps)
        );
    }
}

/// Error (per cent) against rate for every case counted in per cent whose error is
/// above `PLOTTED` at every rate.
fn write_plot(dir: &Path, report: &Report) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let series = (report.cases.iter())
        .filter(|c| c.unit == Unit::Percent.symbol())
        .filter(|c| c.by_rate.iter().all(|&(_, e)| e > PLOTTED))
        .map(|c| Series {
            // The chart's bitmap font has no ° or μ.
            name: c.name.replace('°', " deg").replace('μ', "mu"),
            points: c
                .by_rate
                .iter()
                .map(|&(hz, e)| (f64::from(hz), e))
                .collect(),
        })
        .collect();
    let chart = LineChart {
        title: "lockstep2d against closed-form mechanics".to_owned(),
        x_label: "steps per second (Hz)".to_owned(),
        y_label: "error (%)".to_owned(),
        log_x: true,
        log_y: true,
        series,
    };
    let path = dir.join("error_vs_rate.png");
    draw_line_chart(&chart, 900, 560)?
        .save_png(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}
