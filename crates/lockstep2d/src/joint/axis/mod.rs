//! Spring, motor and limits on a joint's free coordinate (an angle or a translation),
//! solved in Box2D's order: spring, then motor, then the limits, so a motor cannot push
//! through a limit.

pub(crate) mod wide;

use super::frame::{limit_impulse, soft_impulse};
use super::options::{Limit, Motor, Spring, validate_options};
use crate::constraint::{BodyState, Softness, WarmStart};
use crate::error::{Result, check_finite};

/// The options on one free coordinate, with the spring's softness for this step.
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct AxisOptions {
    pub limit: Option<Limit>,
    pub motor: Option<Motor>,
    pub spring: Option<Spring>,
    /// Where the spring pulls the coordinate.
    pub rest: f32,
    spring_softness: Option<Softness>,
}

/// Accumulated impulses of the options, carried between steps for warm starting.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct AxisImpulses {
    pub spring: f32,
    pub motor: f32,
    pub lower: f32,
    pub upper: f32,
}

impl AxisImpulses {
    /// Every accumulated impulse finite.
    pub fn check_values(&self) -> Result<()> {
        for x in [self.spring, self.motor, self.lower, self.upper] {
            check_finite("axial impulse", x)?;
        }
        Ok(())
    }

    /// The net impulse along the coordinate.
    pub fn total(&self) -> f32 {
        self.spring + self.motor + self.lower - self.upper
    }
}

/// What one pass over an axis needs to know.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisPass {
    /// The effective mass along the coordinate.
    pub mass: f32,
    /// The coordinate now.
    pub position: f32,
    pub h: f32,
    pub inv_h: f32,
    /// How stiffly the limits hold.
    pub softness: Softness,
    pub use_bias: bool,
    /// The substep's warm start, in whose units the motor is bounded
    /// (`WarmStart::bounded`).
    pub warm: WarmStart,
}

impl AxisOptions {
    /// What a decoded axis must hold: options its definition's checks pass, and a
    /// finite rest and spring softness.
    pub fn check_values(&self) -> Result<()> {
        validate_options(self.limit, self.motor, self.spring)?;
        check_finite("rest", self.rest)?;
        self.spring_softness
            .as_ref()
            .map_or(Ok(()), Softness::check_values)
    }

    pub fn new(limit: Option<Limit>, motor: Option<Motor>, spring: Option<Spring>) -> AxisOptions {
        AxisOptions {
            limit,
            motor,
            spring,
            rest: 0.0,
            spring_softness: None,
        }
    }

    /// Readies the spring for a step of substeps `h`; a spring of 0 Hz does not pull.
    pub fn prepare(&mut self, h: f32) {
        self.spring_softness = self
            .spring
            .filter(|s| s.hertz > 0.0)
            .map(|s| Softness::new(s.hertz, s.damping_ratio, h));
    }

    /// The spring's softness for this step, if it pulls (see `prepare`).
    pub fn spring_softness(&self) -> Option<Softness> {
        self.spring_softness
    }

    /// No spring, motor or limit: nothing to solve (and no coordinate to measure). A
    /// spring of 0 Hz does not count: it never pulls.
    pub fn has_no_options(&self) -> bool {
        let spring_pulls = self.spring.is_some_and(|s| s.hertz > 0.0);
        !spring_pulls && self.motor.is_none() && self.limit.is_none()
    }

    /// One pass: `velocity` reads the coordinate's rate of change, `apply` applies an
    /// impulse along it.
    pub fn solve(
        &self,
        impulses: &mut AxisImpulses,
        pass: &AxisPass,
        states: &mut [BodyState],
        velocity: impl Fn(&[BodyState]) -> f32,
        apply: impl Fn(&mut [BodyState], f32),
    ) {
        let step = |states: &mut [BodyState], accumulated: &mut f32, total: f32| {
            apply(states, total - *accumulated);
            *accumulated = total;
        };
        if let Some(softness) = &self.spring_softness {
            let c = pass.position - self.rest;
            let total = soft_impulse(
                pass.mass,
                velocity(states),
                c,
                Some(softness),
                impulses.spring,
            );
            step(states, &mut impulses.spring, total);
        }
        if let Some(motor) = &self.motor {
            let most = motor.max_force * pass.h;
            let cdot = velocity(states) - motor.speed;
            let (total, change) = pass.warm.bounded(impulses.motor, -pass.mass * cdot, most);
            apply(states, change);
            impulses.motor = total;
        }
        if let Some(limit) = &self.limit {
            let (soft, bias, inv_h) = (&pass.softness, pass.use_bias, pass.inv_h);
            let c = pass.position - limit.lower;
            let total = limit_impulse(
                pass.mass,
                velocity(states),
                c,
                soft,
                bias,
                inv_h,
                impulses.lower,
            );
            step(states, &mut impulses.lower, total);
            // The upper limit pushes the other way: c = upper − x, ċ = −ẋ.
            let c = limit.upper - pass.position;
            let total = limit_impulse(
                pass.mass,
                -velocity(states),
                c,
                soft,
                bias,
                inv_h,
                impulses.upper,
            );
            apply(states, -(total - impulses.upper));
            impulses.upper = total;
        }
    }
}
