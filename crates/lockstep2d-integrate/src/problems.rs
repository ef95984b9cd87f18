//! The standard problems integrators are measured on, each a `PointMasses` system with
//! a duration and, where one exists in closed form, the exact end positions.

use glam::DVec2;

use super::{Force, PointMasses};

/// A standard test problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Thrown at 45° under gravity: constant acceleration, a parabola.
    Projectile,
    /// The same throw with quadratic air drag: the acceleration changes with the
    /// velocity.
    ProjectileWithDrag,
    /// A unit mass on a unit spring (ω = 1 rad/s) released 1 m from rest.
    HarmonicOscillator,
    /// A 1 Hz spring with a damper at a tenth of critical damping.
    DampedSpring,
    /// One orbit of eccentricity 0.5 around a point mass (μ = 1), from periapsis.
    KeplerOrbit,
    /// Eight 0.1 kg beads on stiff springs (400 N/m) with dampers, hung from a hook and
    /// released level: every bead pulls on its neighbours within a step.
    SpringChain,
}

/// Drag coefficient of `ProjectileWithDrag` (kg/m), for a 1 kg projectile.
const DRAG: f64 = 0.1;
const ORBIT_ECCENTRICITY: f64 = 0.5;
const DAMPING_RATIO: f64 = 0.1;
const CHAIN_BEADS: usize = 8;
const CHAIN_LINK: f64 = 0.25;

impl Problem {
    /// Every problem, in the order `lockstep2d integrators` runs them.
    pub const ALL: [Problem; 6] = [
        Problem::Projectile,
        Problem::ProjectileWithDrag,
        Problem::HarmonicOscillator,
        Problem::DampedSpring,
        Problem::KeplerOrbit,
        Problem::SpringChain,
    ];

    /// Its name in snake case, as `lockstep2d integrators` prints it
    /// (`"kepler_orbit"`).
    pub fn name(self) -> &'static str {
        match self {
            Problem::Projectile => "projectile",
            Problem::ProjectileWithDrag => "projectile_with_drag",
            Problem::HarmonicOscillator => "harmonic_oscillator",
            Problem::DampedSpring => "damped_spring",
            Problem::KeplerOrbit => "kepler_orbit",
            Problem::SpringChain => "spring_chain",
        }
    }

    /// How long (s) the problem runs when an integrator's error is measured.
    pub fn duration(self) -> f64 {
        match self {
            Problem::Projectile | Problem::ProjectileWithDrag | Problem::DampedSpring => 2.0,
            Problem::HarmonicOscillator => 10.0,
            Problem::KeplerOrbit => orbit_period(),
            Problem::SpringChain => 1.0,
        }
    }

    /// The system at time 0.
    pub fn system(self) -> PointMasses {
        let mut system = PointMasses::new();
        let mut point = |x: DVec2, v: DVec2, m: f64| {
            system
                .add_point(x, v, m)
                .expect("the problems' values are valid")
        };
        let mut forces = Vec::new();
        match self {
            Problem::Projectile | Problem::ProjectileWithDrag => {
                point(DVec2::ZERO, DVec2::new(10.0, 10.0), 1.0);
                forces.push(gravity());
                if self == Problem::ProjectileWithDrag {
                    forces.push(Force::QuadraticDrag { coefficient: DRAG });
                }
            }
            Problem::HarmonicOscillator | Problem::DampedSpring => {
                let a = point(DVec2::X, DVec2::ZERO, 1.0);
                let omega = self.natural_frequency();
                forces.push(Force::AnchorSpring {
                    a,
                    anchor: DVec2::ZERO,
                    rest: 0.0,
                    stiffness: omega * omega,
                });
                if self == Problem::DampedSpring {
                    let coefficient = 2.0 * DAMPING_RATIO * omega;
                    forces.push(Force::LinearDrag { coefficient });
                }
            }
            Problem::KeplerOrbit => {
                let speed = (1.0 + ORBIT_ECCENTRICITY).sqrt();
                point(DVec2::X, DVec2::new(0.0, speed), 1.0);
                forces.push(Force::Central {
                    center: DVec2::ZERO,
                    mu: 1.0,
                });
            }
            Problem::SpringChain => forces = chain(&mut point),
        }
        for force in forces {
            system
                .add_force(force)
                .expect("the problems' forces are valid");
        }
        system
    }

    /// The positions at `duration()` in closed form, where there is one.
    pub fn exact_end(self) -> Option<Vec<DVec2>> {
        let t = self.duration();
        match self {
            Problem::Projectile => {
                let g = DVec2::new(0.0, -9.81);
                Some(vec![DVec2::new(10.0, 10.0) * t + g * (0.5 * t * t)])
            }
            Problem::HarmonicOscillator => Some(vec![DVec2::new(libm::cos(t), 0.0)]),
            Problem::DampedSpring => {
                // x = e^(−ζω₀t)·(cos ω_d t + ζω₀/ω_d · sin ω_d t), from x = 1 at rest.
                let omega = self.natural_frequency();
                let decay = DAMPING_RATIO * omega;
                let damped = omega * (1.0 - DAMPING_RATIO * DAMPING_RATIO).sqrt();
                let x = libm::exp(-decay * t)
                    * (libm::cos(damped * t) + decay / damped * libm::sin(damped * t));
                Some(vec![DVec2::new(x, 0.0)])
            }
            // A whole orbit brings the body back to periapsis.
            Problem::KeplerOrbit => Some(vec![DVec2::X]),
            Problem::ProjectileWithDrag | Problem::SpringChain => None,
        }
    }

    /// ω₀ of the two spring problems (rad/s).
    fn natural_frequency(self) -> f64 {
        if self == Problem::DampedSpring {
            2.0 * std::f64::consts::PI
        } else {
            1.0
        }
    }
}

fn gravity() -> Force {
    Force::Gravity {
        g: DVec2::new(0.0, -9.81),
    }
}

/// Kepler's third law: T = 2π·√(a³/μ), with the semi-major axis a = r_p / (1 − e).
fn orbit_period() -> f64 {
    let a = 1.0 / (1.0 - ORBIT_ECCENTRICITY);
    2.0 * std::f64::consts::PI * (a * a * a).sqrt()
}

/// The chain's beads, level from the hook at the origin, and its forces.
fn chain(point: &mut impl FnMut(DVec2, DVec2, f64) -> usize) -> Vec<Force> {
    let hook = point(DVec2::ZERO, DVec2::ZERO, f64::INFINITY);
    let mut forces = vec![gravity()];
    let mut previous = hook;
    for i in 1..=CHAIN_BEADS {
        let bead = point(DVec2::new(i as f64 * CHAIN_LINK, 0.0), DVec2::ZERO, 0.1);
        forces.push(Force::Spring {
            a: previous,
            b: bead,
            rest: CHAIN_LINK,
            stiffness: 400.0,
        });
        forces.push(Force::Damper {
            a: previous,
            b: bead,
            damping: 0.05,
        });
        previous = bead;
    }
    forces
}

/// Seed 001's check of the ballistic update: from p = 50, v = 3 under a constant
/// acceleration of 1, over 100 s in `steps` steps. Exact whatever the step count:
/// p = 5350, v = 103.
pub fn seed_ballistic(steps: u32) -> (f64, f64) {
    let mut system = PointMasses::new();
    system
        .add_point(DVec2::new(50.0, 0.0), DVec2::new(3.0, 0.0), 1.0)
        .expect("valid point");
    system
        .add_force(Force::Gravity { g: DVec2::X })
        .expect("valid force");
    let dt = 100.0 / f64::from(steps.max(1));
    for _ in 0..steps.max(1) {
        system
            .step(super::Integrator::Ballistic, dt)
            .expect("dt > 0");
    }
    (system.positions()[0].x, system.velocities()[0].x)
}
