//! Measuring an integrator: its order of convergence (how fast the error falls as the
//! step shrinks) and its energy drift on the harmonic oscillator.

use glam::DVec2;

use super::problems::Problem;
use super::{Integrator, PointMasses};

/// How many times `dt` is halved in a convergence measurement.
const HALVINGS: u32 = 4;
/// Steps of the reference run for problems without a closed form: RK4 this fine is
/// more accurate than any measured run by orders of magnitude.
const REFERENCE_STEPS: u32 = 1 << 15;
/// ω·dt of the energy-drift run.
pub const DRIFT_OMEGA_DT: f64 = 0.1;
/// Steps of the energy-drift run.
pub const DRIFT_STEPS: usize = 100_000;
/// Steps in each of the two windows, at the start and at the end of the drift run,
/// whose mean energies are compared.
pub const DRIFT_WINDOW: usize = 1_000;

/// The errors of one integrator on one problem as `dt` halves.
#[derive(Clone, Debug, PartialEq)]
pub struct Convergence {
    /// Step sizes (s), largest first.
    pub dts: Vec<f64>,
    /// The largest distance (m) of any point from where it should be at the end.
    pub errors: Vec<f64>,
    /// The median over the halvings of log₂(error / error at half the step).
    pub order: f64,
}

/// Runs `problem` with `integrator` at `HALVINGS + 1` step sizes, each half the last.
/// The coarsest step is chosen by the method's order, so that the errors stay above
/// round-off (a fourth-order method at a first-order method's steps would measure
/// `f64`'s noise) and below the pre-asymptotic range.
pub fn convergence(problem: Problem, integrator: Integrator) -> Convergence {
    let reference = reference_end(problem);
    let coarsest_steps = match integrator.order() {
        1 => 1024,
        2 => 256,
        _ => 64,
    };
    let runs: Vec<(f64, f64)> = (0..=HALVINGS)
        .map(|k| {
            let steps = coarsest_steps << k;
            let dt = problem.duration() / f64::from(steps);
            (dt, error_at(problem, integrator, steps, &reference))
        })
        .collect();
    let mut orders: Vec<f64> = runs
        .windows(2)
        .map(|pair| libm::log2(pair[0].1 / pair[1].1))
        .collect();
    orders.sort_by(f64::total_cmp);
    Convergence {
        dts: runs.iter().map(|r| r.0).collect(),
        errors: runs.iter().map(|r| r.1).collect(),
        order: orders[orders.len() / 2],
    }
}

/// The largest distance of any point from where it should be at the end of `problem`
/// run in `steps` steps, given where it should be (`reference_end`).
pub fn error_at(problem: Problem, integrator: Integrator, steps: u32, reference: &[DVec2]) -> f64 {
    max_distance(&run(problem, integrator, steps), reference)
}

/// Where the points of `problem` are at its end: in closed form where there is one,
/// else from a fine RK4 run.
pub fn reference_end(problem: Problem) -> Vec<DVec2> {
    problem
        .exact_end()
        .unwrap_or_else(|| run(problem, Integrator::Rk4, REFERENCE_STEPS))
}

/// The positions after running `problem` for its duration in `steps` equal steps.
pub fn run(problem: Problem, integrator: Integrator, steps: u32) -> Vec<DVec2> {
    let mut system = problem.system();
    let dt = problem.duration() / f64::from(steps);
    for _ in 0..steps {
        step(&mut system, integrator, dt);
    }
    system.positions().to_vec()
}

/// The system's energy at the start and after each of `steps` steps of `dt`.
pub fn energies(problem: Problem, integrator: Integrator, dt: f64, steps: usize) -> Vec<f64> {
    let mut system = problem.system();
    let mut energies = Vec::with_capacity(steps + 1);
    energies.push(system.energy());
    for _ in 0..steps {
        step(&mut system, integrator, dt);
        energies.push(system.energy());
    }
    energies
}

/// The relative change of the harmonic oscillator's mean energy between the first and
/// the last `DRIFT_WINDOW` of `DRIFT_STEPS` steps at ω·dt = `DRIFT_OMEGA_DT`. Means,
/// not single values: a symplectic method's energy wobbles within each orbit without
/// drifting. Infinite when the energy grew past `f64`'s range (explicit Euler does).
pub fn energy_drift(integrator: Integrator) -> f64 {
    let e = energies(
        Problem::HarmonicOscillator,
        integrator,
        DRIFT_OMEGA_DT,
        DRIFT_STEPS,
    );
    let mean = |window: &[f64]| window.iter().sum::<f64>() / window.len() as f64;
    let first = mean(&e[1..=DRIFT_WINDOW]);
    let last = mean(&e[e.len() - DRIFT_WINDOW..]);
    let drift = (last - first) / first;
    if drift.is_finite() {
        drift
    } else {
        f64::INFINITY
    }
}

fn step(system: &mut PointMasses, integrator: Integrator, dt: f64) {
    system
        .step(integrator, dt)
        .expect("the measurements' steps are positive");
}

fn max_distance(a: &[DVec2], b: &[DVec2]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(p, q)| p.distance(*q))
        .fold(0.0, f64::max)
}
