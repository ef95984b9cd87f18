//! `lockstep2d integrators`: every point-mass integrator on every standard problem. It
//! prints the measured order of convergence and the oscillator's energy drift (or one
//! JSON object) and draws two plots: error against dt, energy against time.

use std::path::{Path, PathBuf};

use clap::Args;
use lockstep2d_integrate::Integrator;
use lockstep2d_integrate::accuracy::{self, DRIFT_OMEGA_DT, DRIFT_STEPS};
use lockstep2d_integrate::problems::{Problem, seed_ballistic};
use lockstep2d_testbed::{LineChart, Series, draw_line_chart};
use serde::Serialize;

use crate::exit::CliResult;

#[derive(Args, Debug)]
pub struct IntegratorsArgs {
    /// Directory for the plots (error_vs_dt.png, energy_vs_time.png).
    #[arg(long, default_value = "target/integrators")]
    out: PathBuf,
    /// Print one JSON object instead of tables: `format`, `integrators` ({name, order,
    /// energy_drift}; the order measured on the harmonic oscillator, a drift too large
    /// for f64 as null) and `ballistic` ({p, v} of the SDL 2 game-loop article's test after 100 steps).
    #[arg(long)]
    json: bool,
}

/// Errors below this are round-off: the method is exact on the problem.
const EXACT: f64 = 1e-9;
/// The error plot's runs: the oscillator over 10 s in 20 · 2^k steps.
const PLOT_HALVINGS: u32 = 12;
/// Energy-plot points: every this many steps of the drift run.
const ENERGY_EVERY: usize = 20;
/// The energy plot leaves out what grew past this many times the start's energy.
const ENERGY_CLIP: f64 = 100.0;

#[derive(Serialize)]
struct Report {
    integrators: Vec<IntegratorReport>,
    ballistic: Ballistic,
}

#[derive(Serialize)]
struct IntegratorReport {
    name: &'static str,
    order: f64,
    energy_drift: f64,
}

#[derive(Serialize)]
struct Ballistic {
    p: f64,
    v: f64,
}

pub fn run(args: &IntegratorsArgs) -> CliResult {
    let orders: Vec<Vec<Option<f64>>> = Problem::ALL
        .iter()
        .map(|&problem| Integrator::ALL.map(|i| measured_order(problem, i)).to_vec())
        .collect();
    let oscillator = Problem::ALL
        .iter()
        .position(|&p| p == Problem::HarmonicOscillator)
        .expect("the oscillator is a standard problem");
    let report = Report {
        integrators: (Integrator::ALL.iter().enumerate())
            .map(|(column, &integrator)| IntegratorReport {
                name: integrator.name(),
                order: orders[oscillator][column].unwrap_or(f64::INFINITY),
                energy_drift: accuracy::energy_drift(integrator),
            })
            .collect(),
        ballistic: {
            let (p, v) = seed_ballistic(100);
            Ballistic { p, v }
        },
    };
    let plots = write_plots(&args.out)?;
    if args.json {
        crate::json::print(&report)?;
    } else {
        print_tables(&orders, &report, &plots);
    }
    Ok(())
}

/// The measured order, or `None` where the method is exact on the problem (the
/// ballistic update on a projectile without drag): round-off has no order.
fn measured_order(problem: Problem, integrator: Integrator) -> Option<f64> {
    let convergence = accuracy::convergence(problem, integrator);
    let exact = convergence.errors.iter().all(|&e| e < EXACT);
    (!exact).then_some(convergence.order)
}

fn print_tables(orders: &[Vec<Option<f64>>], report: &Report, plots: &[PathBuf]) {
    println!(
        "order of convergence: log2 of the error ratio as dt halves (median of four halvings)"
    );
    print!("{:22}", "problem");
    for integrator in Integrator::ALL {
        print!("{:>20}", integrator.name());
    }
    println!();
    for (problem, row) in Problem::ALL.iter().zip(orders) {
        print!("{:22}", problem.name());
        for order in row {
            match order {
                Some(order) => print!("{order:>20.2}"),
                None => print!("{:>20}", "exact"),
            }
        }
        println!();
    }
    println!(
        "{:22}{}",
        "theory",
        Integrator::ALL
            .map(|i| format!("{:>20}", i.order()))
            .concat()
    );
    println!(
        "\nenergy drift, harmonic oscillator at omega*dt = {DRIFT_OMEGA_DT}: mean energy of the \
         last 1,000 of {DRIFT_STEPS} steps against the first 1,000"
    );
    for integrator in &report.integrators {
        println!("{:22}{:>+12.3e}", integrator.name, integrator.energy_drift);
    }
    let Ballistic { p, v } = report.ballistic;
    println!(
        "\nballistic (the SDL 2 game-loop article's check): p0 = 50, v0 = 3, a = 1, 100 s in 100 steps: p = {p}, v = {v}"
    );
    for plot in plots {
        println!("wrote {}", plot.display());
    }
}

/// Draws both plots into `dir` and returns their paths.
fn write_plots(dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let charts = [
        ("error_vs_dt.png", error_chart()),
        ("energy_vs_time.png", energy_chart()),
    ];
    charts
        .into_iter()
        .map(|(name, chart)| {
            let path = dir.join(name);
            let pixmap = draw_line_chart(&chart, 900, 560)?;
            pixmap
                .save_png(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(path)
        })
        .collect()
}

/// The oscillator's error at t = 10 s against dt, every integrator over the same dts,
/// from 0.5 s down to where round-off takes over.
fn error_chart() -> LineChart {
    let problem = Problem::HarmonicOscillator;
    let reference = accuracy::reference_end(problem);
    let series = Integrator::ALL
        .iter()
        .map(|&integrator| Series {
            name: integrator.name().to_owned(),
            points: (0..=PLOT_HALVINGS)
                .map(|k| {
                    let steps = 20 << k;
                    let dt = problem.duration() / f64::from(steps);
                    (
                        dt,
                        accuracy::error_at(problem, integrator, steps, &reference),
                    )
                })
                .collect(),
        })
        .collect();
    LineChart {
        title: "Harmonic oscillator: error at t = 10 s".to_owned(),
        x_label: "dt (s)".to_owned(),
        y_label: "position error (m)".to_owned(),
        log_x: true,
        log_y: true,
        series,
    }
}

/// Each integrator's energy on the oscillator over the drift run, relative to the
/// start's; a curve ends where it passes `ENERGY_CLIP`.
fn energy_chart() -> LineChart {
    let series = Integrator::ALL
        .iter()
        .map(|&integrator| {
            let energies = accuracy::energies(
                Problem::HarmonicOscillator,
                integrator,
                DRIFT_OMEGA_DT,
                DRIFT_STEPS,
            );
            Series {
                name: integrator.name().to_owned(),
                points: (energies.iter().enumerate().step_by(ENERGY_EVERY))
                    .map(|(step, e)| (step as f64 * DRIFT_OMEGA_DT, e / energies[0]))
                    .take_while(|&(_, relative)| relative < ENERGY_CLIP)
                    .collect(),
            }
        })
        .collect();
    LineChart {
        title: format!("Oscillator energy, {DRIFT_STEPS} steps, omega*dt = {DRIFT_OMEGA_DT}"),
        x_label: "t (s)".to_owned(),
        y_label: "E / E0".to_owned(),
        log_x: false,
        log_y: true,
        series,
    }
}
