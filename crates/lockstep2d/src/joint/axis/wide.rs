//! A revolute joint's spring, motor and limits on its angle, eight joints at a time
//! (`joint/revolute/wide.rs` holds them): `joint/axis/mod.rs` per lane, in its order (spring,
//! motor, lower limit, upper limit), each a purely angular impulse on the two bodies.
//!
//! A lane without an option is left exactly as it was, not given a zero impulse, and a
//! bundle in which no lane has options skips all of this.

use super::AxisImpulses;
use crate::constraint::Softness;
use crate::constraint::VELOCITY_CEILING;
use crate::constraint::WarmStart;
use crate::constraint::lane_angle::atan2;
use crate::constraint::lanes::{F8, M8};
use crate::constraint::shared_states::WideBody;
use crate::joint::Limit;

/// One joint's options as the step starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisSource {
    /// B's angle relative to A at the step's start, from the joint's reference angle.
    pub angle: f32,
    /// 1 / (i_a⁻¹ + i_b⁻¹); 0 when neither body turns.
    pub mass: f32,
    /// Where the spring pulls, and its softness for this step's substeps.
    pub spring: Option<(f32, Softness)>,
    /// The motor's speed and the most impulse it may give in a substep.
    pub motor: Option<(f32, f32)>,
    pub limit: Option<Limit>,
    /// The accumulated impulses, to warm start with.
    pub impulses: AxisImpulses,
}

/// The options of up to eight joints, one per lane.
#[derive(Clone, Debug, Default)]
pub(crate) struct WideAxis {
    angle: F8,
    mass: F8,
    spring_on: M8,
    rest: F8,
    spring_bias_rate: F8,
    spring_mass_scale: F8,
    spring_impulse_scale: F8,
    motor_on: M8,
    motor_speed: F8,
    motor_most: F8,
    limit_on: M8,
    lower: F8,
    upper: F8,
    spring: F8,
    motor: F8,
    lower_impulse: F8,
    upper_impulse: F8,
    /// Whether any lane has an option.
    any: bool,
}

/// A softness's (bias rate, mass scale, impulse scale), lane by lane.
type WideSoftness = (F8, F8, F8);

impl WideAxis {
    /// Whether any lane has an option: if not, there is nothing to solve.
    #[inline(always)]
    pub fn any(&self) -> bool {
        self.any
    }

    /// Ready for a bundle whose every lane is about to be set again.
    pub fn restart(&mut self) {
        self.any = false;
    }

    /// Sets lane `lane` to `source`'s options, or to none.
    pub fn set(&mut self, lane: usize, source: Option<&AxisSource>) {
        let none = AxisSource {
            angle: 0.0,
            mass: 0.0,
            spring: None,
            motor: None,
            limit: None,
            impulses: AxisImpulses::default(),
        };
        let source = source.unwrap_or(&none);
        let (rest, soft) = source.spring.unwrap_or((0.0, Softness::RIGID));
        let (speed, most) = source.motor.unwrap_or((0.0, 0.0));
        let limit = source.limit.unwrap_or(Limit {
            lower: 0.0,
            upper: 0.0,
        });
        self.spring_on.set(lane, source.spring.is_some());
        self.motor_on.set(lane, source.motor.is_some());
        self.limit_on.set(lane, source.limit.is_some());
        let lanes: [(&mut F8, f32); 14] = [
            (&mut self.angle, source.angle),
            (&mut self.mass, source.mass),
            (&mut self.rest, rest),
            (&mut self.spring_bias_rate, soft.bias_rate),
            (&mut self.spring_mass_scale, soft.mass_scale),
            (&mut self.spring_impulse_scale, soft.impulse_scale),
            (&mut self.motor_speed, speed),
            (&mut self.motor_most, most),
            (&mut self.lower, limit.lower),
            (&mut self.upper, limit.upper),
            (&mut self.spring, source.impulses.spring),
            (&mut self.motor, source.impulses.motor),
            (&mut self.lower_impulse, source.impulses.lower),
            (&mut self.upper_impulse, source.impulses.upper),
        ];
        for (field, value) in lanes {
            field.0[lane] = value;
        }
        let has = source.spring.is_some() || source.motor.is_some() || source.limit.is_some();
        self.any |= has;
    }

    /// Lane `lane`'s accumulated impulses.
    pub fn impulses(&self, lane: usize) -> AxisImpulses {
        AxisImpulses {
            spring: self.spring.0[lane],
            motor: self.motor.0[lane],
            lower: self.lower_impulse.0[lane],
            upper: self.upper_impulse.0[lane],
        }
    }

    /// The net impulse along the angle, as `AxisImpulses::total` sums it.
    #[inline(always)]
    pub fn total(&self) -> F8 {
        self.spring + self.motor + self.lower_impulse - self.upper_impulse
    }

    /// One pass: spring, motor, limits. `turns` are the bodies' inverse inertias;
    /// `softness` is the joints' (None in the relax pass), `warm` the substep's warm
    /// start (in whose units the motor is bounded, `WarmStart::bounded`), `inv_h` 1 / the
    /// substep.
    #[inline(always)]
    pub fn solve(
        &mut self,
        a: &mut WideBody,
        b: &mut WideBody,
        turns: (F8, F8),
        (softness, warm): (Option<Softness>, WarmStart),
        inv_h: f32,
    ) {
        // The angle now: only this step's small turn goes through the arctangent.
        let turn_c = a.dq_c * b.dq_c + a.dq_s * b.dq_s;
        let turn_s = a.dq_c * b.dq_s - a.dq_s * b.dq_c;
        let position = self.angle + atan2(turn_s, turn_c);
        let mass = self.mass;
        let spin = |a: &WideBody, b: &WideBody| b.w - a.w;
        if self.spring_on.any() {
            let bias = self.spring_bias_rate * (position - self.rest);
            let soft = (bias, self.spring_mass_scale, self.spring_impulse_scale);
            let total = soft_impulse(mass, spin(a, b), soft, self.spring);
            step(a, b, turns, (&mut self.spring, total), self.spring_on);
        }
        if self.motor_on.any() {
            let most = self.motor_most;
            // In the substep's units, as `WarmStart::bounded` solves it.
            let share = F8::splat(warm.share);
            let given = self.motor * share;
            let limit = share * most;
            let change = F8::ZERO - mass * (spin(a, b) - self.motor_speed);
            let total = clamp(given + change, F8::ZERO - limit, limit);
            turn_bodies(a, b, turns, total - given, self.motor_on);
            self.motor = self
                .motor_on
                .select(total * F8::splat(1.0 / warm.share), self.motor);
        }
        if self.limit_on.any() {
            let limit = LimitPass {
                mass,
                softness,
                inv_h: F8::splat(inv_h),
            };
            let c = position - self.lower;
            let total = limit.impulse(spin(a, b), c, self.lower_impulse);
            step(a, b, turns, (&mut self.lower_impulse, total), self.limit_on);
            // The upper limit pushes the other way: c = upper − θ, ċ = −θ̇.
            let c = self.upper - position;
            let total = limit.impulse(-spin(a, b), c, self.upper_impulse);
            let change = -(total - self.upper_impulse);
            turn_bodies(a, b, turns, change, self.limit_on);
            self.upper_impulse = self.limit_on.select(total, self.upper_impulse);
        }
    }
}

/// Applies `total − accumulated` where `on`, and keeps `total` there.
#[inline(always)]
fn step(
    a: &mut WideBody,
    b: &mut WideBody,
    turns: (F8, F8),
    (accumulated, total): (&mut F8, F8),
    on: M8,
) {
    turn_bodies(a, b, turns, total - *accumulated, on);
    *accumulated = on.select(total, *accumulated);
}

/// An angular impulse to B and its opposite to A, where `on`, as
/// `JointFrame::apply_angular` applies it (the linear part is zero).
#[inline(always)]
fn turn_bodies(
    a: &mut WideBody,
    b: &mut WideBody,
    (inv_i_a, inv_i_b): (F8, F8),
    impulse: F8,
    on: M8,
) {
    let angular = F8::ZERO + impulse;
    let (high, low) = (F8::splat(VELOCITY_CEILING), F8::splat(-VELOCITY_CEILING));
    let a_w = (a.w - inv_i_a * angular).min(high).max(low);
    let b_w = (b.w + inv_i_b * angular).min(high).max(low);
    a.w = on.select(a_w, a.w);
    b.w = on.select(b_w, b.w);
}

/// `joint/frame.rs`'s `soft_impulse`, with the bias already formed.
#[inline(always)]
fn soft_impulse(
    mass: F8,
    cdot: F8,
    (bias, mass_scale, impulse_scale): WideSoftness,
    accumulated: F8,
) -> F8 {
    accumulated - mass_scale * mass * (cdot + bias) - impulse_scale * accumulated
}

/// `f32::clamp` lane by lane: below `low` gives `low`, then above `high` gives `high`.
#[inline(always)]
fn clamp(x: F8, low: F8, high: F8) -> F8 {
    let x = low.greater(x).select(low, x);
    x.greater(high).select(high, x)
}

/// What a limit's pass shares between the lower and the upper.
struct LimitPass {
    mass: F8,
    softness: Option<Softness>,
    inv_h: F8,
}

impl LimitPass {
    /// `joint/frame.rs`'s `limit_impulse`: speculative while apart (`c` > 0), soft
    /// (rigid when relaxing) while violated; the accumulated impulse only pushes.
    #[inline(always)]
    fn impulse(&self, cdot: F8, c: F8, accumulated: F8) -> F8 {
        let mass = self.mass;
        let apart = accumulated - mass * (cdot + c * self.inv_h);
        let soft = match self.softness {
            Some(s) => (
                F8::splat(s.bias_rate) * c,
                F8::splat(s.mass_scale),
                F8::splat(s.impulse_scale),
            ),
            None => (F8::ZERO, F8::splat(1.0), F8::ZERO),
        };
        let violated = soft_impulse(mass, cdot, soft, accumulated);
        c.greater(F8::ZERO).select(apart, violated).max(F8::ZERO)
    }
}
