//! The point-mass integrators: each converges at its order, the ballistic update is
//! exact under constant acceleration, the symplectic methods keep the oscillator's
//! energy, and a stiff chain stepped together with RK4 matches a finer run.

use lockstep2d::Error;
use lockstep2d_integrate::accuracy::{self, DRIFT_OMEGA_DT, DRIFT_STEPS};
use lockstep2d_integrate::problems::{Problem, seed_ballistic};
use lockstep2d_integrate::{DVec2, Force, Integrator, PointMasses};

const GENERAL: [Integrator; 5] = [
    Integrator::ExplicitEuler,
    Integrator::SemiImplicitEuler,
    Integrator::VelocityVerlet,
    Integrator::Rk2,
    Integrator::Rk4,
];

/// Halving dt divides the error by 2^order, within ±0.3 of the theory, on problems
/// with position-, velocity- and coupling-dependent forces.
#[test]
fn each_integrator_converges_at_its_order() {
    let problems = [
        Problem::HarmonicOscillator,
        Problem::DampedSpring,
        Problem::ProjectileWithDrag,
        Problem::SpringChain,
    ];
    for problem in problems {
        for integrator in GENERAL {
            let measured = accuracy::convergence(problem, integrator);
            let theory = f64::from(integrator.order());
            assert!(
                (measured.order - theory).abs() <= 0.3,
                "{} on {}: order {:.2}, errors {:?}",
                integrator.name(),
                problem.name(),
                measured.order,
                measured.errors
            );
        }
    }
}

/// Seed 001's test: p0 = 50, v0 = 3, a = 1 over 100 s gives p = 5350, v = 103, in one
/// step or in a hundred.
#[test]
fn the_ballistic_update_is_exact_under_constant_acceleration() {
    for steps in [1, 100] {
        let (p, v) = seed_ballistic(steps);
        assert!(
            (p - 5350.0).abs() <= 1e-6 * 5350.0,
            "{steps} steps: p = {p}"
        );
        assert!((v - 103.0).abs() <= 1e-6 * 103.0, "{steps} steps: v = {v}");
    }
    let coarse = accuracy::convergence(Problem::Projectile, Integrator::Ballistic);
    assert!(
        coarse.errors.iter().all(|&e| e < 1e-9),
        "{:?}",
        coarse.errors
    );
}

fn oscillator_energies(integrator: Integrator, steps: usize) -> Vec<f64> {
    accuracy::energies(
        Problem::HarmonicOscillator,
        integrator,
        DRIFT_OMEGA_DT,
        steps,
    )
}

/// At ω·dt = 0.1 over 10⁵ steps the symplectic methods' mean energy does not drift,
/// and Verlet's stays within one percent at every step.
#[test]
fn symplectic_methods_keep_the_oscillators_energy() {
    for integrator in [Integrator::SemiImplicitEuler, Integrator::VelocityVerlet] {
        let drift = accuracy::energy_drift(integrator);
        assert!(drift.abs() < 0.01, "{}: drift {drift}", integrator.name());
    }
    let energies = oscillator_energies(Integrator::VelocityVerlet, DRIFT_STEPS);
    let worst = energies
        .iter()
        .map(|e| (e / energies[0] - 1.0).abs())
        .fold(0.0, f64::max);
    assert!(
        worst < 0.01,
        "Verlet strays {worst:.4} from the start's energy"
    );
}

/// Explicit Euler gains energy every step: more than 10× within 1,000 steps. RK4
/// loses some, but less than one percent over the whole 10⁵ steps.
#[test]
fn explicit_euler_gains_energy_and_rk4_barely_loses_it() {
    let euler = oscillator_energies(Integrator::ExplicitEuler, 1000);
    assert!(
        euler[1000] > 10.0 * euler[0],
        "{} → {}",
        euler[0],
        euler[1000]
    );
    let rk4 = oscillator_energies(Integrator::Rk4, DRIFT_STEPS);
    let lost = 1.0 - rk4[DRIFT_STEPS] / rk4[0];
    assert!((0.0..0.01).contains(&lost), "RK4 lost {lost}");
}

/// The chain's springs (400 N/m on 0.1 kg beads) ring at up to ~120 rad/s. Stepped
/// as one system with RK4 at 480 Hz, every bead ends within 0.1 mm of where a run
/// at a tenth of the step puts it, after a second of swinging.
#[test]
fn a_stiff_chain_stepped_together_with_rk4_matches_a_finer_run() {
    let end = |steps: u32| accuracy::run(Problem::SpringChain, Integrator::Rk4, steps);
    let (coarse, fine) = (end(480), end(4800));
    let worst = coarse
        .iter()
        .zip(&fine)
        .map(|(a, b)| a.distance(*b))
        .fold(0.0, f64::max);
    assert!(worst < 1e-4, "{worst} m apart");
    // The chain did swing: its end fell well below the hook.
    assert!(fine.last().unwrap().y < -0.5);
}

/// A pinned point (infinite mass) stays where it is under every force.
#[test]
fn a_pinned_point_does_not_move() {
    let mut system = PointMasses::new();
    let hook = system
        .add_point(DVec2::ZERO, DVec2::ONE, f64::INFINITY)
        .unwrap();
    let bob = system
        .add_point(DVec2::new(1.0, 0.0), DVec2::ZERO, 1.0)
        .unwrap();
    let spring = Force::Spring {
        a: hook,
        b: bob,
        rest: 0.5,
        stiffness: 50.0,
    };
    system.add_force(spring).unwrap();
    system
        .add_force(Force::Gravity {
            g: DVec2::new(0.0, -9.81),
        })
        .unwrap();
    for _ in 0..100 {
        system.step(Integrator::Rk4, 0.01).unwrap();
    }
    assert_eq!(system.positions()[hook], DVec2::ZERO);
    assert!(system.positions()[bob].y < -0.1);
}

/// Bad input is an error and changes nothing: the system steps on as if the calls
/// had not been made.
#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let build = || Problem::DampedSpring.system();
    let mut system = build();
    let errors = [
        system.add_force(Force::Spring {
            a: 0,
            b: 5,
            rest: 1.0,
            stiffness: 1.0,
        }),
        system.add_force(Force::LinearDrag { coefficient: -1.0 }),
        system.add_force(Force::Gravity {
            g: DVec2::new(f64::NAN, 0.0),
        }),
        system.add_point(DVec2::ZERO, DVec2::ZERO, 0.0).map(drop),
        system
            .add_point(DVec2::new(f64::INFINITY, 0.0), DVec2::ZERO, 1.0)
            .map(drop),
        system.step(Integrator::Rk4, 0.0),
        system.step(Integrator::Rk4, f64::NAN),
    ];
    for (i, result) in errors.iter().enumerate() {
        assert!(
            matches!(
                result,
                Err(Error::InvalidValue { .. } | Error::NotFinite { .. })
            ),
            "call {i}: {result:?}"
        );
    }
    let mut untouched = build();
    for _ in 0..50 {
        system.step(Integrator::Rk4, 0.01).unwrap();
        untouched.step(Integrator::Rk4, 0.01).unwrap();
    }
    assert_eq!(system.positions(), untouched.positions());
    assert_eq!(system.velocities(), untouched.velocities());
}
