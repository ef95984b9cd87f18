//! The integrators: how one step of `dt` advances positions and velocities given the
//! accelerations, which each method asks for at its own stages.

use glam::DVec2;

/// A method to advance a point-mass system by one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Integrator {
    /// `x += v·dt; v += a·dt`: first order, and it gains energy on every orbit.
    ExplicitEuler,
    /// `v += a·dt; x += v·dt` (symplectic Euler, what game engines use): first order,
    /// but its energy stays bounded on an oscillator instead of growing.
    SemiImplicitEuler,
    /// `x += v·dt + a·dt²/2; v += a·dt`: exact while the acceleration is constant over
    /// the step (a projectile without drag), first order otherwise.
    Ballistic,
    /// Velocity Verlet: positions with the start's acceleration, velocities with the
    /// mean of the start's and the end's. Second order and symplectic.
    VelocityVerlet,
    /// Second-order Runge–Kutta (midpoint): a half step to the middle, then the whole
    /// step with the middle's derivatives.
    Rk2,
    /// Classic fourth-order Runge–Kutta: four evaluations of every force, at the start,
    /// twice at the middle and at the end, weighted 1, 2, 2, 1.
    Rk4,
}

impl Integrator {
    /// Every integrator, from the simplest to RK4.
    pub const ALL: [Integrator; 6] = [
        Integrator::ExplicitEuler,
        Integrator::SemiImplicitEuler,
        Integrator::Ballistic,
        Integrator::VelocityVerlet,
        Integrator::Rk2,
        Integrator::Rk4,
    ];

    /// Its name in snake case, as `lockstep2d integrators` prints it (`"rk2_midpoint"`).
    pub fn name(self) -> &'static str {
        match self {
            Integrator::ExplicitEuler => "explicit_euler",
            Integrator::SemiImplicitEuler => "semi_implicit_euler",
            Integrator::Ballistic => "ballistic",
            Integrator::VelocityVerlet => "velocity_verlet",
            Integrator::Rk2 => "rk2_midpoint",
            Integrator::Rk4 => "rk4",
        }
    }

    /// The order of the global error in theory: halving `dt` divides the error by
    /// 2^order. The ballistic update's is 1 for an acceleration that changes.
    pub fn order(self) -> u32 {
        match self {
            Integrator::ExplicitEuler | Integrator::SemiImplicitEuler | Integrator::Ballistic => 1,
            Integrator::VelocityVerlet | Integrator::Rk2 => 2,
            Integrator::Rk4 => 4,
        }
    }
}

/// Positions, velocities and time: what a step changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Phase {
    pub x: Vec<DVec2>,
    pub v: Vec<DVec2>,
    pub t: f64,
}

/// What an integrator asks of the system: the acceleration of every point, given a
/// time, positions and velocities.
pub(super) trait Accelerations {
    fn accelerations(&self, t: f64, x: &[DVec2], v: &[DVec2], out: &mut [DVec2]);
}

/// Working arrays, kept between steps so a step does not allocate.
#[derive(Clone, Debug, Default)]
pub(super) struct Stages {
    /// Accelerations at up to four stages.
    a: [Vec<DVec2>; 4],
    /// A stage's positions and velocities.
    x: Vec<DVec2>,
    v: Vec<DVec2>,
    /// Velocities at the stages of RK4 (its position derivatives).
    k: [Vec<DVec2>; 3],
}

impl Stages {
    fn fit(&mut self, n: usize) {
        for buffer in self.a.iter_mut().chain(&mut self.k) {
            buffer.resize(n, DVec2::ZERO);
        }
        self.x.resize(n, DVec2::ZERO);
        self.v.resize(n, DVec2::ZERO);
    }
}

impl Integrator {
    pub(super) fn advance(
        self,
        system: &impl Accelerations,
        phase: &mut Phase,
        stages: &mut Stages,
        dt: f64,
    ) {
        stages.fit(phase.x.len());
        let Phase { x, v, t } = phase;
        let [a0, a1, a2, a3] = &mut stages.a;
        system.accelerations(*t, x, v, a0);
        match self {
            Integrator::ExplicitEuler => {
                for i in 0..x.len() {
                    x[i] += v[i] * dt;
                    v[i] += a0[i] * dt;
                }
            }
            Integrator::SemiImplicitEuler => {
                for i in 0..x.len() {
                    v[i] += a0[i] * dt;
                    x[i] += v[i] * dt;
                }
            }
            Integrator::Ballistic => {
                for i in 0..x.len() {
                    x[i] += v[i] * dt + a0[i] * (0.5 * dt * dt);
                    v[i] += a0[i] * dt;
                }
            }
            Integrator::VelocityVerlet => verlet(
                system,
                (x, v, *t),
                (a0, a1),
                (&mut stages.x, &mut stages.v),
                dt,
            ),
            Integrator::Rk2 => {
                let (xm, vm) = (&mut stages.x, &mut stages.v);
                euler_stage((x, v), (v, a0), 0.5 * dt, (xm, vm));
                system.accelerations(*t + 0.5 * dt, xm, vm, a1);
                for i in 0..x.len() {
                    x[i] += vm[i] * dt;
                    v[i] += a1[i] * dt;
                }
            }
            Integrator::Rk4 => {
                let stage = (stages.x.as_mut_slice(), stages.v.as_mut_slice());
                rk4(
                    system,
                    (x, v, *t),
                    [a0, a1, a2, a3],
                    &mut stages.k,
                    stage,
                    dt,
                )
            }
        }
        *t += dt;
    }
}

/// `(xs, vs) = (x, v) + h·(dx, dv)`: the state a stage evaluates its forces at.
fn euler_stage(
    (x, v): (&[DVec2], &[DVec2]),
    (dx, dv): (&[DVec2], &[DVec2]),
    h: f64,
    (xs, vs): (&mut [DVec2], &mut [DVec2]),
) {
    for i in 0..x.len() {
        xs[i] = x[i] + dx[i] * h;
        vs[i] = v[i] + dv[i] * h;
    }
}

/// Velocity Verlet. The end's acceleration needs the end's velocity, which is what is
/// being computed: it is predicted with an Euler step, so that a velocity-dependent
/// force (a damper, drag) keeps the method second order. Without such forces the
/// prediction is never read.
fn verlet(
    system: &impl Accelerations,
    (x, v, t): (&mut [DVec2], &mut [DVec2], f64),
    (a0, a1): (&[DVec2], &mut [DVec2]),
    (x1, v1): (&mut [DVec2], &mut [DVec2]),
    dt: f64,
) {
    for i in 0..x.len() {
        x1[i] = x[i] + v[i] * dt + a0[i] * (0.5 * dt * dt);
        v1[i] = v[i] + a0[i] * dt;
    }
    system.accelerations(t + dt, x1, v1, a1);
    x.copy_from_slice(x1);
    for i in 0..x.len() {
        v[i] += (a0[i] + a1[i]) * (0.5 * dt);
    }
}

/// Classic RK4 on the whole system at once: every stage evaluates every force at
/// that stage's positions and velocities, so coupled points (a chain, a cloth) see
/// each other move within the step.
fn rk4(
    system: &impl Accelerations,
    (x, v, t): (&mut [DVec2], &mut [DVec2], f64),
    [a1, a2, a3, a4]: [&mut Vec<DVec2>; 4],
    [v2, v3, v4]: &mut [Vec<DVec2>; 3],
    (xs, vs): (&mut [DVec2], &mut [DVec2]),
    dt: f64,
) {
    let half = 0.5 * dt;
    euler_stage((x, v), (v, a1), half, (xs, vs));
    v2.copy_from_slice(vs);
    system.accelerations(t + half, xs, vs, a2);
    euler_stage((x, v), (v2, a2), half, (xs, vs));
    v3.copy_from_slice(vs);
    system.accelerations(t + half, xs, vs, a3);
    euler_stage((x, v), (v3, a3), dt, (xs, vs));
    v4.copy_from_slice(vs);
    system.accelerations(t + dt, xs, vs, a4);
    let sixth = dt / 6.0;
    for i in 0..x.len() {
        x[i] += (v[i] + 2.0 * (v2[i] + v3[i]) + v4[i]) * sixth;
        v[i] += (a1[i] + 2.0 * (a2[i] + a3[i]) + a4[i]) * sixth;
    }
}
