//! The solver a world steps with: the soft step or Box2D-Lite's, chosen each step by
//! `SolverSettings::kind`, and what the step leaves for the stages after it (the fast
//! bodies continuous collision sweeps, the factor that turns impulses into forces).

use super::integrate::{integrate_positions, integrate_velocities};
use super::{Pgs, SoftStep, SolveProfile, SolverKind, SolverSettings};
use crate::body::Body;
use crate::collide::Sweep;
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::joint::Joint;
use crate::math::Vec2;
use crate::threads::ThreadPool;

/// Both solvers' working memory, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct Solver {
    soft: SoftStep,
    pgs: Pgs,
    /// The bodies the last step moved fast, with their sweeps (none under PGS).
    fast: Vec<(u32, Sweep)>,
}

/// What a solve reports.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Solved {
    /// Where the soft step's time went (zero under PGS).
    pub profile: SolveProfile,
    /// What turns the step's stored impulses (N·s) into forces (N): the soft step
    /// stores one substep's impulse, Box2D-Lite's solver the whole step's.
    pub impulse_to_force: f32,
}

impl Solver {
    /// Moves the bodies by `dt` under their constraints with `settings.kind`'s solver.
    pub fn step(
        &mut self,
        (bodies, contacts, joints): (&mut Slots<Body>, &mut ContactSet, &mut Slots<Joint>),
        settings: &SolverSettings,
        (gravity, dt): (Vec2, f32),
        pool: Option<&ThreadPool>,
    ) -> Solved {
        self.fast.clear();
        match settings.kind {
            SolverKind::Soft => {
                let profile = self.soft.step(
                    (bodies, contacts, joints),
                    settings,
                    (gravity, dt),
                    pool,
                    &mut self.fast,
                );
                Solved {
                    profile,
                    impulse_to_force: settings.substeps as f32 / dt,
                }
            }
            SolverKind::Pgs => {
                let max_speed = settings.max_linear_speed;
                integrate_velocities(bodies, gravity, dt, max_speed);
                self.pgs.solve(bodies, contacts, joints, settings, 1.0 / dt);
                integrate_positions(bodies, dt, max_speed);
                Solved {
                    profile: SolveProfile::default(),
                    impulse_to_force: 1.0 / dt,
                }
            }
        }
    }

    /// The bodies the last step moved by more than half their smallest extent, in slot
    /// order, with where they went from and to: what continuous collision sweeps. Only
    /// the soft step finds them.
    pub fn fast_bodies(&self) -> &[(u32, Sweep)] {
        &self.fast
    }
}
