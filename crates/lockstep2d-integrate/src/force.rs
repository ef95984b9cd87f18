//! The forces on a point-mass system: each a function of the positions, the velocities
//! and the time, so an integrator can evaluate them at any stage of a step.

use std::fmt;
use std::sync::Arc;

use glam::DVec2;

use lockstep2d::checks::{check_finite_vec, check_non_negative};
use lockstep2d::{Error, Result};

/// A force of the caller's: given the time, the positions and the velocities, it adds
/// its force on each point into the last slice.
pub type CustomForce = Arc<dyn Fn(f64, &[DVec2], &[DVec2], &mut [DVec2]) + Send + Sync>;

/// A force acting on some or all of the points.
#[derive(Clone)]
pub enum Force {
    /// Uniform gravity: `m·g` on every point that is not pinned.
    Gravity {
        /// The acceleration of gravity, m/s².
        g: DVec2,
    },
    /// A spring between points `a` and `b`: `stiffness · (length − rest)` along the
    /// line between them (Hooke's law).
    Spring {
        /// The index of one end's point.
        a: usize,
        /// The index of the other end's point.
        b: usize,
        /// The length (m) at which it pulls with no force; at least 0.
        rest: f64,
        /// N/m; at least 0.
        stiffness: f64,
    },
    /// A spring from point `a` to a fixed `anchor`.
    AnchorSpring {
        /// The index of the point it pulls.
        a: usize,
        /// Where its other end is fixed (m).
        anchor: DVec2,
        /// The length (m) at which it pulls with no force; at least 0.
        rest: f64,
        /// N/m; at least 0.
        stiffness: f64,
    },
    /// A damper between `a` and `b`: `−damping` times their relative velocity along
    /// the line between them.
    Damper {
        /// The index of one end's point.
        a: usize,
        /// The index of the other end's point.
        b: usize,
        /// N·s/m; at least 0.
        damping: f64,
    },
    /// `−coefficient · v` on every point: viscous drag, or a damper to still ground.
    LinearDrag {
        /// N·s/m; at least 0.
        coefficient: f64,
    },
    /// `−coefficient · |v| · v` on every point: air drag at speed.
    QuadraticDrag {
        /// N·s²/m²; at least 0.
        coefficient: f64,
    },
    /// An inverse-square pull towards a fixed `center`: `−μ·m / r²` (a planet's
    /// gravity, `μ = G·M`).
    Central {
        /// The point pulled towards (m).
        center: DVec2,
        /// The gravitational parameter μ, m³/s²; at least 0.
        mu: f64,
    },
    /// Anything else.
    Custom(CustomForce),
}

impl fmt::Debug for Force {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Force::Gravity { g } => write!(f, "Gravity({g})"),
            Force::Spring { a, b, .. } => write!(f, "Spring({a}, {b})"),
            Force::AnchorSpring { a, anchor, .. } => write!(f, "AnchorSpring({a}, {anchor})"),
            Force::Damper { a, b, .. } => write!(f, "Damper({a}, {b})"),
            Force::LinearDrag { coefficient } => write!(f, "LinearDrag({coefficient})"),
            Force::QuadraticDrag { coefficient } => write!(f, "QuadraticDrag({coefficient})"),
            Force::Central { center, mu } => write!(f, "Central({center}, {mu})"),
            Force::Custom(_) => write!(f, "Custom"),
        }
    }
}

/// What a force reads of the system at one stage of a step.
pub(super) struct Sample<'a> {
    pub time: f64,
    pub positions: &'a [DVec2],
    pub velocities: &'a [DVec2],
    pub masses: &'a [f64],
}

impl Force {
    /// Checks the force's numbers and that the points it names exist among `points`.
    pub(super) fn validate(&self, points: usize) -> Result<()> {
        let point = |field, i: usize| {
            if i < points {
                Ok(())
            } else {
                Err(Error::InvalidValue {
                    field,
                    reason: "names no point of the system",
                })
            }
        };
        match self {
            Force::Gravity { g } => check_finite_vec("g", *g),
            Force::Spring {
                a,
                b,
                rest,
                stiffness,
            } => {
                point("b", *b)?;
                point("a", *a).and(spring_constants(*rest, *stiffness))
            }
            Force::AnchorSpring {
                a,
                anchor,
                rest,
                stiffness,
            } => {
                check_finite_vec("anchor", *anchor)?;
                point("a", *a).and(spring_constants(*rest, *stiffness))
            }
            Force::Damper { a, b, damping } => {
                point("a", *a)?;
                point("b", *b)?;
                check_non_negative("damping", *damping)
            }
            Force::LinearDrag { coefficient } | Force::QuadraticDrag { coefficient } => {
                check_non_negative("coefficient", *coefficient)
            }
            Force::Central { center, mu } => {
                check_finite_vec("center", *center)?;
                check_non_negative("mu", *mu)
            }
            Force::Custom(_) => Ok(()),
        }
    }

    /// Adds this force on each point into `out`.
    pub(super) fn accumulate(&self, s: &Sample, out: &mut [DVec2]) {
        let (x, v) = (s.positions, s.velocities);
        match self {
            Force::Gravity { g } => {
                for (f, &m) in out.iter_mut().zip(s.masses) {
                    if m.is_finite() {
                        *f += m * *g;
                    }
                }
            }
            Force::Spring {
                a,
                b,
                rest,
                stiffness,
            } => {
                let pull = spring_pull(x[*b] - x[*a], *rest, *stiffness);
                out[*a] += pull;
                out[*b] -= pull;
            }
            Force::AnchorSpring {
                a,
                anchor,
                rest,
                stiffness,
            } => out[*a] += spring_pull(*anchor - x[*a], *rest, *stiffness),
            Force::Damper { a, b, damping } => {
                let axis = (x[*b] - x[*a]).normalize_or_zero();
                let closing = (v[*b] - v[*a]).dot(axis);
                let push = *damping * closing * axis;
                out[*a] += push;
                out[*b] -= push;
            }
            Force::LinearDrag { coefficient } => {
                for (f, &vel) in out.iter_mut().zip(v) {
                    *f -= *coefficient * vel;
                }
            }
            Force::QuadraticDrag { coefficient } => {
                for (f, &vel) in out.iter_mut().zip(v) {
                    *f -= *coefficient * vel.length() * vel;
                }
            }
            Force::Central { center, mu } => {
                for ((f, &p), &m) in out.iter_mut().zip(x).zip(s.masses) {
                    let d = *center - p;
                    let r2 = d.length_squared();
                    if r2 > 0.0 && m.is_finite() {
                        *f += (*mu * m / (r2 * r2.sqrt())) * d;
                    }
                }
            }
            Force::Custom(force) => force(s.time, x, v, out),
        }
    }

    /// The force's potential energy, if it has one (springs, gravity, the central pull);
    /// `None` for the forces that take energy out or that the caller wrote.
    pub(super) fn potential(&self, positions: &[DVec2], masses: &[f64]) -> Option<f64> {
        let x = positions;
        let movable = || x.iter().zip(masses).filter(|(_, m)| m.is_finite());
        match self {
            Force::Gravity { g } => Some(movable().map(|(p, m)| -m * g.dot(*p)).sum()),
            Force::Spring {
                a,
                b,
                rest,
                stiffness,
            } => Some(spring_energy(x[*b] - x[*a], *rest, *stiffness)),
            Force::AnchorSpring {
                a,
                anchor,
                rest,
                stiffness,
            } => Some(spring_energy(*anchor - x[*a], *rest, *stiffness)),
            Force::Central { center, mu } => Some(
                movable()
                    .map(|(p, m)| -mu * m / (*center - *p).length())
                    .sum(),
            ),
            Force::Damper { .. }
            | Force::LinearDrag { .. }
            | Force::QuadraticDrag { .. }
            | Force::Custom(_) => None,
        }
    }
}

/// The force a spring of `rest` length pulls its first end with, towards the second
/// end `d` away.
fn spring_pull(d: DVec2, rest: f64, stiffness: f64) -> DVec2 {
    let length = d.length();
    if length == 0.0 {
        return DVec2::ZERO;
    }
    (stiffness * (length - rest) / length) * d
}

fn spring_energy(d: DVec2, rest: f64, stiffness: f64) -> f64 {
    let stretch = d.length() - rest;
    0.5 * stiffness * stretch * stretch
}

fn spring_constants(rest: f64, stiffness: f64) -> Result<()> {
    check_non_negative("rest", rest)?;
    check_non_negative("stiffness", stiffness)
}
