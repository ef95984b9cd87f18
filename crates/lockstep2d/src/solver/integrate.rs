//! Integration of body velocities (forces) and positions (velocities): semi-implicit
//! Euler, as in Box2D-Lite: new velocities first, then positions from the new velocities.
//! In the soft step every body has its first and last kicks of a step split in half
//! around its drifts, the leapfrog, exact under a constant pull (`Part`).
//!
//! One formula each, used by both solvers: `Kick::apply` and `drift` act on a velocity
//! wherever it lives, in the soft step's dense states (`stages.rs`) or in the bodies
//! (Box2D-Lite's solver, below).

use crate::body::{Body, BodyType};
use crate::id::Slots;
use crate::math::Vec2;
use crate::minmax;

/// How fast the step lets a body move and turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpeedLimits {
    /// The fastest a body's centre of mass may move (m/s).
    pub max_speed: f32,
    /// The fastest a body may turn (rad/s).
    pub max_spin: f32,
}

impl SpeedLimits {
    /// The limits of a step of `dt`: `max_speed`, and an eighth of a turn a step.
    pub fn new(max_speed: f32, dt: f32) -> SpeedLimits {
        SpeedLimits {
            max_speed,
            max_spin: max_spin(dt),
        }
    }

    /// Holds `v` and `w` to the limits.
    #[inline]
    pub fn hold(self, v: &mut Vec2, w: &mut f32) {
        *v = clamp_speed(*v, self.max_speed);
        *w = clamp_spin(*w, self.max_spin);
    }
}

/// What one (sub)step adds to a simulated body's velocity:
/// v ← (v + dv)·keep_linear, w ← (w + dw)·keep_angular.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kick {
    pub index: u32,
    pub dv: Vec2,
    pub dw: f32,
    pub keep_linear: f32,
    pub keep_angular: f32,
}

impl Kick {
    /// Body `index`'s kick over `h` under `gravity`: dv = h·(g·scale + F/m),
    /// dw = h·τ/I, with the forces it holds and those of this step. The damping form
    /// v/(1 + h·c) is exact for c = 0, stable for any c and h, and close to e^(−c·h)
    /// for small c·h.
    pub fn new(index: u32, body: &Body, gravity: Vec2, h: f32) -> Kick {
        let force = body.force + body.step_force;
        let torque = body.torque + body.step_torque;
        let acceleration = body.gravity_scale * gravity + body.inv_mass * force;
        Kick {
            index,
            dv: h * acceleration,
            dw: h * body.inv_inertia * torque,
            keep_linear: keep(h, body.linear_damping),
            keep_angular: keep(h, body.angular_damping),
        }
    }

    /// The kick given to `v` and `w`, then held to `limits`.
    #[inline]
    pub fn apply(&self, v: &mut Vec2, w: &mut f32, limits: SpeedLimits) {
        self.apply_part(v, w, limits, Part::Whole);
    }

    /// `part` of the kick given to `v` and `w`, then held to `limits`.
    #[inline]
    pub fn apply_part(&self, v: &mut Vec2, w: &mut f32, limits: SpeedLimits, part: Part) {
        let (share, keep_linear, keep_angular) = match part {
            Part::Whole => (1.0, self.keep_linear, self.keep_angular),
            Part::FirstHalf => (0.5, self.keep_linear, self.keep_angular),
            Part::LastHalf => (0.5, 1.0, 1.0),
        };
        *v = (*v + share * self.dv) * keep_linear;
        *w = (*w + share * self.dw) * keep_angular;
        limits.hold(v, w);
    }
}

/// How much of a kick a substep gives. In the soft step every body takes half a kick
/// after its last drift, so its velocity is its velocity at the step's end, and its
/// next step begins with the other half: kick, drift, kick, the leapfrog. It then
/// drifts each substep at its mean velocity over the substep, and under a constant pull
/// lands exactly on the parabola. Kicking whole before each drift (semi-implicit Euler)
/// runs half a substep ahead of it, so a falling ball lands slow and rebounds low
/// (docs/decisions.md, "Bounces at the speed struck, free flight on the leapfrog"). The
/// constraints give their impulses in the same halves (`constraint::WarmStart`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Whole,
    /// Half the kick, damped as a whole one.
    FirstHalf,
    /// Half the kick, undamped: the damping of the step's kicks is all given.
    LastHalf,
}

/// 1 / (1 + h·damping): what damping keeps of a velocity over a substep. Undamped
/// bodies (most) skip the division, whose answer would be exactly 1.
fn keep(h: f32, damping: f32) -> f32 {
    if damping == 0.0 {
        1.0
    } else {
        1.0 / (1.0 + h * damping)
    }
}

/// How far `v` and `w` carry a body over `h`: the move of its centre and its turn.
/// They are first held to `limits`: what the constraints added since the kick is held
/// too, so no solve, however its constraints fight, moves a body further than the
/// limits allow.
#[inline]
pub(crate) fn drift(v: &mut Vec2, w: &mut f32, h: f32, limits: SpeedLimits) -> (Vec2, f32) {
    limits.hold(v, w);
    (h * *v, h * *w)
}

/// Box2D-Lite's solver, before it: every simulated body kicked over `dt` (see `Kick`),
/// and every body's forces of this step spent.
pub(crate) fn integrate_velocities(
    bodies: &mut Slots<Body>,
    gravity: Vec2,
    dt: f32,
    max_speed: f32,
) {
    let limits = SpeedLimits::new(max_speed, dt);
    for (index, body) in bodies.iter_mut() {
        if body.is_simulated() {
            let kick = Kick::new(index, body, gravity, dt);
            kick.apply(&mut body.v, &mut body.w, limits);
        }
        body.step_force = Vec2::ZERO;
        body.step_torque = 0.0;
    }
}

/// Box2D-Lite's solver, after it: every awake non-static body moved by its velocity
/// over `dt` (see `drift`).
pub(crate) fn integrate_positions(bodies: &mut Slots<Body>, dt: f32, max_speed: f32) {
    let limits = SpeedLimits::new(max_speed, dt);
    for body in bodies.values_mut() {
        if body.body_type == BodyType::Static || !body.awake {
            continue;
        }
        let (moved, turned) = drift(&mut body.v, &mut body.w, dt, limits);
        body.center += moved;
        body.xf.q = body.xf.q.integrate(turned);
        body.xf.p = body.center - body.xf.q.rotate(body.local_center);
    }
}

/// The most a body turns in one step: an eighth of a turn, Box2D v3's limit (47 rad/s
/// at 60 Hz). Constraints are solved as if the lever arms stood still over a substep;
/// turning faster makes that guess so wrong that a solve pumps spin into a body (a light
/// body pinned far from its centre spun up without bound), and it bounds what any solve
/// can give.
const MAX_ROTATION: f32 = 0.25 * std::f32::consts::PI;

/// The fastest a body may turn (rad/s) in steps of `dt`.
fn max_spin(dt: f32) -> f32 {
    MAX_ROTATION / dt
}

/// `v`, shortened to `max_speed` if longer. A speed whose square overflows keeps its
/// direction; a non-finite velocity becomes zero, so a limit is never NaN.
#[inline]
fn clamp_speed(v: Vec2, max_speed: f32) -> Vec2 {
    let speed_squared = v.length_squared();
    if speed_squared <= max_speed * max_speed {
        v
    } else if speed_squared.is_finite() {
        v * (max_speed / speed_squared.sqrt())
    } else {
        (v / minmax::max(v.x.abs(), v.y.abs())).normalize_or_zero() * max_speed
    }
}

/// `w`, held to `max_spin`; a NaN spin becomes zero.
#[inline]
fn clamp_spin(w: f32, max_spin: f32) -> f32 {
    if w.abs() <= max_spin {
        w
    } else if w.is_nan() {
        0.0
    } else {
        max_spin.copysign(w)
    }
}
