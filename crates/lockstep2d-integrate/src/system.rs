//! A system of point masses and the forces between them, stepped as one: every
//! integrator stage evaluates every force on every point.

use glam::DVec2;

use super::force::{Force, Sample};
use super::integrator::{Accelerations, Integrator, Phase, Stages};
use lockstep2d::checks::{check_finite_vec, check_positive};
use lockstep2d::{Error, Result};

/// Point masses (positions, velocities, masses) and the forces on them.
///
/// ```
/// use lockstep2d_integrate::{DVec2, Force, Integrator, PointMasses};
///
/// // A mass on a spring, pulled 1 m from rest: it swings back through the anchor.
/// let mut system = PointMasses::new();
/// let bob = system.add_point(DVec2::new(1.0, 0.0), DVec2::ZERO, 1.0)?;
/// system.add_force(Force::AnchorSpring { a: bob, anchor: DVec2::ZERO, rest: 0.0, stiffness: 1.0 })?;
/// for _ in 0..314 {
///     system.step(Integrator::Rk4, 0.01)?; // half a period: ω = 1 rad/s
/// }
/// assert!((system.positions()[bob].x + 1.0).abs() < 1e-3);
/// # Ok::<(), lockstep2d::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PointMasses {
    phase: Phase,
    dynamics: Dynamics,
    stages: Stages,
}

/// What decides the accelerations: the masses and the forces.
#[derive(Clone, Debug, Default)]
struct Dynamics {
    masses: Vec<f64>,
    forces: Vec<Force>,
}

impl PointMasses {
    /// An empty system at time 0.
    pub fn new() -> PointMasses {
        PointMasses::default()
    }

    /// Adds a point and returns its index. `mass` is positive, or infinite for a point
    /// pinned in place (a cloth's hooks): forces do not move it.
    pub fn add_point(&mut self, position: DVec2, velocity: DVec2, mass: f64) -> Result<usize> {
        check_finite_vec("position", position)?;
        check_finite_vec("velocity", velocity)?;
        if mass.is_nan() || mass <= 0.0 {
            return Err(Error::InvalidValue {
                field: "mass",
                reason: "must be > 0 (or infinite, for a pinned point)",
            });
        }
        let pinned = mass.is_infinite();
        self.phase.x.push(position);
        self.phase
            .v
            .push(if pinned { DVec2::ZERO } else { velocity });
        self.dynamics.masses.push(mass);
        Ok(self.dynamics.masses.len() - 1)
    }

    /// Adds a force; it acts from the next step on. A force that names a point the
    /// system does not have, or has a negative or non-finite number, is an error.
    pub fn add_force(&mut self, force: Force) -> Result<()> {
        force.validate(self.dynamics.masses.len())?;
        self.dynamics.forces.push(force);
        Ok(())
    }

    /// Advances every point by `dt` seconds with `integrator`. Fails with `NotFinite` or
    /// `InvalidValue`, changing nothing, unless `dt` is finite and positive.
    pub fn step(&mut self, integrator: Integrator, dt: f64) -> Result<()> {
        check_positive("dt", dt)?;
        integrator.advance(&self.dynamics, &mut self.phase, &mut self.stages, dt);
        Ok(())
    }

    /// Every point's position (m), by the index `add_point` returned.
    pub fn positions(&self) -> &[DVec2] {
        &self.phase.x
    }

    /// Every point's velocity (m/s), by index; zero for a pinned point.
    pub fn velocities(&self) -> &[DVec2] {
        &self.phase.v
    }

    /// Every point's mass (kg), by index; infinite for a pinned point.
    pub fn masses(&self) -> &[f64] {
        &self.dynamics.masses
    }

    /// Seconds simulated so far.
    pub fn time(&self) -> f64 {
        self.phase.t
    }

    /// Kinetic energy plus the potential energy of the forces that have one (gravity,
    /// springs, the central pull). Dampers, drag and custom forces add none, so with
    /// them this is the energy they have not yet taken out.
    pub fn energy(&self) -> f64 {
        let kinetic: f64 = (self.phase.v.iter().zip(&self.dynamics.masses))
            .filter(|(_, m)| m.is_finite())
            .map(|(v, m)| 0.5 * m * v.length_squared())
            .sum();
        let potential: f64 = (self.dynamics.forces.iter())
            .filter_map(|force| force.potential(&self.phase.x, &self.dynamics.masses))
            .sum();
        kinetic + potential
    }
}

impl Accelerations for Dynamics {
    /// Sums every force on every point, then divides by the mass (a pinned point's
    /// infinite mass gives it none).
    fn accelerations(&self, time: f64, x: &[DVec2], v: &[DVec2], out: &mut [DVec2]) {
        out.fill(DVec2::ZERO);
        let sample = Sample {
            time,
            positions: x,
            velocities: v,
            masses: &self.masses,
        };
        for force in &self.forces {
            force.accumulate(&sample, out);
        }
        for (a, &m) in out.iter_mut().zip(&self.masses) {
            *a = if m.is_finite() { *a / m } else { DVec2::ZERO };
        }
    }
}
