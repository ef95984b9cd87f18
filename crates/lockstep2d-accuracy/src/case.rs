//! The suite's cases: what each sets up, the closed form it is held to, and the one
//! figure of error it reports.

use crate::cases::collision::{Collision, Law};
use crate::cases::{
    bounce, capsule, collision, cradle, free_fall, friction, pendulum, period, pile, rolling, spin,
};
use crate::rate::Rate;
use crate::simulation::Engine;

/// One closed-form case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Case {
    /// A body falling from rest.
    FreeFall,
    /// A ball dropped 2 m on the ground, both of this restitution.
    Bounce {
        /// Both shapes' restitution (e).
        restitution: f64,
    },
    /// A disc rolling without slipping down a 20° slope.
    Rolling,
    /// A capsule rolling without slipping over its end down a 30° slope.
    CapsuleRolling,
    /// A block sliding down a 30° slope against friction 0.3.
    Sliding,
    /// The steepest slope a block with friction 0.5 stays on.
    StickSlip,
    /// One bob on a pin, released level.
    Pendulum,
    /// The same bob: its period.
    PendulumPeriod,
    /// Two bobs on pins, released level.
    DoublePendulum,
    /// Two discs colliding, measured by one law.
    Collision {
        /// The discs and how they meet.
        collision: Collision,
        /// What is measured.
        law: Law,
    },
    /// A box spinning through empty space: its spin.
    Spin,
    /// The same box: the angle it turns through.
    SpinTurn,
    /// Newton's cradle, five balls: every ball's velocity.
    Cradle,
    /// The same cradle: its kinetic energy.
    CradleEnergy,
    /// A pile of bouncy discs and boxes in a closed box: the energy it gains.
    BouncyPile,
}

/// What a case's error is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Per cent of what the closed form gives.
    Percent,
    /// Degrees of slope.
    Degrees,
}

/// Errors below this (per cent, or degrees) are `f32` round-off.
const ROUND_OFF: f64 = 1e-4;

/// An error to three significant figures, round-off (below `ROUND_OFF`) as `0`: how
/// every report of the suite writes one.
pub fn three_figures(error: f64) -> String {
    if error < ROUND_OFF {
        return "0".to_string();
    }
    let digits = (2 - error.log10().floor() as i32).max(0) as usize;
    format!("{error:.digits$}")
}

impl Unit {
    /// Its symbol after a number.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Percent => "%",
            Unit::Degrees => "°",
        }
    }
}

impl Case {
    /// Every case, in the order the report lists them.
    pub fn all() -> Vec<Case> {
        let collision = |oblique, mass_ratio, restitution, law| Case::Collision {
            collision: Collision {
                oblique,
                mass_ratio,
                restitution,
            },
            law,
        };
        let mut cases = vec![Case::FreeFall];
        cases.extend([0.0, 0.5, 0.8, 1.0].map(|restitution| Case::Bounce { restitution }));
        cases.extend([Case::Rolling, Case::CapsuleRolling]);
        cases.extend([Case::Sliding, Case::StickSlip]);
        cases.extend([Case::Pendulum, Case::PendulumPeriod, Case::DoublePendulum]);
        for oblique in [false, true] {
            for mass_ratio in [1.0, 3.0] {
                cases.push(collision(oblique, mass_ratio, 1.0, Law::Energy));
            }
        }
        cases.push(collision(true, 3.0, 0.5, Law::Momentum));
        cases.push(collision(false, 3.0, 0.5, Law::Restitution));
        cases.extend([Case::Spin, Case::SpinTurn]);
        cases.extend([Case::Cradle, Case::CradleEnergy, Case::BouncyPile]);
        cases
    }

    /// A short name for tables.
    pub fn name(&self) -> String {
        match self {
            Case::FreeFall => "free fall".into(),
            Case::Bounce { restitution } => format!("bounce, e = {restitution}"),
            Case::Rolling => "disc rolling down 20°".into(),
            Case::CapsuleRolling => "capsule rolling over its end down 30°".into(),
            Case::Sliding => "block sliding down 30°, μ = 0.3".into(),
            Case::StickSlip => "stick/slip boundary, μ = 0.5".into(),
            Case::Pendulum => "pendulum".into(),
            Case::PendulumPeriod => "pendulum's period".into(),
            Case::DoublePendulum => "double pendulum".into(),
            Case::Collision { collision, law } => {
                let Collision {
                    oblique,
                    mass_ratio,
                    restitution,
                } = collision;
                let line = if *oblique { "oblique" } else { "head-on" };
                let what = match law {
                    Law::Energy => "energy",
                    Law::Momentum => "momentum",
                    Law::Restitution => "parting speed",
                };
                format!("{line}, masses 1:{mass_ratio}, e = {restitution}: {what}")
            }
            Case::Spin => "spinning box".into(),
            Case::SpinTurn => "spinning box's turn".into(),
            Case::Cradle => "Newton's cradle: velocities".into(),
            Case::CradleEnergy => "Newton's cradle: energy".into(),
            Case::BouncyPile => format!("bouncy pile, e = {}", pile::RESTITUTION),
        }
    }

    /// The closed form the case is held to, and what its error measures.
    pub fn law(&self) -> &'static str {
        match self {
            Case::FreeFall => "drop in 1 s against ½·g·t²",
            Case::Bounce { restitution } if *restitution == 0.0 => {
                "highest rebound as a share of the 2 m drop (none should come)"
            }
            Case::Bounce { .. } => {
                "each of the first bounces' apex against e² × the height fallen from, worst"
            }
            Case::Rolling => "speed at 2 s against (2/3)·g·sin θ·t",
            Case::CapsuleRolling => {
                "largest energy change rolling 150° over its end, as a share of what that releases"
            }
            Case::Sliding => "speed at 2 s against g·(sin θ − μ·cos θ)·t",
            Case::StickSlip => "steepest slope the block stays on against arctan μ",
            Case::Pendulum | Case::DoublePendulum => {
                "largest energy change in 10 s, as a share of the fall from level"
            }
            Case::PendulumPeriod => {
                "mean period over four swings against 4·√(L/g)·K(sin 45°), L = (I + m·l²)/(m·l)"
            }
            Case::Collision { law, .. } => match law {
                Law::Energy => "kinetic energy after against before",
                Law::Momentum => "momentum after against before",
                Law::Restitution => "parting speed against e × meeting speed",
            },
            Case::Spin => "spin after 10 s against the start's 30 rad/s",
            Case::SpinTurn => "angle turned in 10 s against 30 rad/s × 10 s",
            Case::Cradle => {
                "every ball's velocity against the last at the striker's speed and the rest \
                 still, worst, as a share of that speed"
            }
            Case::CradleEnergy => "kinetic energy after against before",
            Case::BouncyPile => {
                "largest rise of kinetic + potential energy in 10 s above the start, as a share \
                 of the start"
            }
        }
    }

    /// What the case's error is counted in.
    pub fn unit(&self) -> Unit {
        match self {
            Case::StickSlip => Unit::Degrees,
            _ => Unit::Percent,
        }
    }

    /// The largest error allowed at 60 Hz, where the suite sets one.
    pub fn target(&self) -> Option<f64> {
        match self {
            Case::Bounce { restitution } if *restitution >= 0.5 => Some(1.0),
            Case::Rolling => Some(0.1),
            Case::StickSlip => Some(0.5),
            Case::Collision {
                collision,
                law: Law::Energy,
            } if collision.restitution == 1.0 => Some(0.1),
            _ => None,
        }
    }

    /// The case's error in `engine` at `rate`, in its unit.
    pub fn error(&self, engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
        match *self {
            Case::FreeFall => free_fall::error(engine, rate),
            Case::Bounce { restitution } => bounce::error(engine, rate, restitution),
            Case::Rolling => rolling::error(engine, rate),
            Case::CapsuleRolling => capsule::error(engine, rate),
            Case::Sliding => friction::sliding_error(engine, rate),
            Case::StickSlip => friction::boundary_error(engine, rate),
            Case::Pendulum => pendulum::error(engine, rate, 1),
            Case::PendulumPeriod => period::error(engine, rate),
            Case::DoublePendulum => pendulum::error(engine, rate, 2),
            Case::Collision { collision, law } => collision::error(engine, rate, collision, law),
            Case::Spin => spin::error(engine, rate),
            Case::SpinTurn => spin::turn_error(engine, rate),
            Case::Cradle => cradle::velocity_error(engine, rate),
            Case::CradleEnergy => cradle::energy_error(engine, rate),
            Case::BouncyPile => pile::error(engine, rate),
        }
    }
}
