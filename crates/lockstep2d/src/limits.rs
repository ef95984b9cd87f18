//! The largest values the API takes where a larger finite one would overflow later: a
//! coordinate squared, a spring's stiffness, a mass's inverse. A call past them is an
//! error naming the field, so a world built through the API never meets an infinity.

use crate::error::{Error, Result, check_finite, check_non_negative};
use crate::math::Vec2;
use crate::minmax;

/// The largest coordinate, distance, size or joint limit (metres or radians) the API
/// takes: 1,000 km. Squared it is 10¹², far from overflow. An f32 resolves 6 cm there,
/// so precise play stays nearer: the `far_pyramid` scene stands 100 km out, where it
/// resolves 8 mm.
pub const MAX_COORDINATE: f32 = 1.0e6;

/// The stiffest spring (Hz) and the largest damping ratio the API takes. A spring's
/// stiffness goes as the square of its frequency times the substep's; a million hertz
/// is far beyond any step a game takes (a spring is soft below half the step rate).
pub const MAX_SPRING_HERTZ: f32 = 1.0e6;

/// The fastest linear (m/s) or angular (rad/s) velocity the API takes, and the largest
/// `max_linear_speed`: far past the step's own limits, which bring a body back within
/// them at its next step, and far from overflow when a spin is crossed with an offset
/// or a velocity multiplied by a mass. The solver holds every velocity within it too.
pub const MAX_SPEED: f32 = 1.0e6;

/// The heaviest and the lightest body (kg) the API makes. A contact's or a joint's
/// impulse is a mass times a velocity (at most `MAX_SPEED`), and its torque that times
/// a lever arm (a shape's size, at most `MAX_COORDINATE`): bounded so, both stay far
/// from overflow, and no product of a zero inverse inertia with them can be NaN. The
/// bounds span forty orders of magnitude: a grain of sand is 10⁻⁶ kg, a mountain 10¹⁵.
pub const MAX_MASS: f32 = 1.0e20;
/// See `MAX_MASS`.
pub const MIN_MASS: f32 = 1.0e-20;

/// The largest friction or restitution coefficient the API takes. Friction this high
/// already holds anything, restitution this high already throws a body at the speed
/// limit; a contact's friction is the square root of its shapes' product, and the
/// impulses they scale stay far from overflow.
pub const MAX_COEFFICIENT: f32 = 1.0e4;

/// The longest step (s) `World::step` takes: a body at the speed limit then moves
/// 400 m in one step, far from overflow; longer steps are better taken as several.
pub const MAX_STEP: f32 = 1.0;

/// The shortest step (s): a million steps a second. Shorter ones make the step's rates
/// (1/dt times an error) overflow.
pub const MIN_STEP: f32 = 1.0e-6;

const OUT_OF_RANGE: &str = "must be within ±10⁶ m (lockstep2d::MAX_COORDINATE)";

/// Fails unless `x` is finite and within ±`MAX_COORDINATE`.
pub(crate) fn check_coordinate(field: &'static str, x: f32) -> Result<()> {
    check_finite(field, x)?;
    if x.abs() > MAX_COORDINATE {
        return Err(Error::InvalidValue {
            field,
            reason: OUT_OF_RANGE,
        });
    }
    Ok(())
}

/// Fails unless both coordinates pass `check_coordinate`.
pub(crate) fn check_point(field: &'static str, p: Vec2) -> Result<()> {
    check_coordinate(field, p.x)?;
    check_coordinate(field, p.y)
}

/// The farthest from the origin a saved state may hold a body or a joint's anchor. A
/// body may travel past `MAX_COORDINATE` once made (at 400 m/s it takes 80 years of
/// simulated time to get here from there); products of coordinates this large are
/// still far from overflow, where a forged 3·10³⁸ turns to NaN in a step.
const MAX_STORED_COORDINATE: f32 = 1.0e12;

/// Fails unless both coordinates are finite and within ±`MAX_STORED_COORDINATE`: for
/// points read from a saved state.
pub(crate) fn check_stored_point(field: &'static str, p: Vec2) -> Result<()> {
    crate::error::check_finite_vec(field, p)?;
    if minmax::max(p.x.abs(), p.y.abs()) > MAX_STORED_COORDINATE {
        return Err(Error::InvalidValue {
            field,
            reason: "must be within ±10¹² m",
        });
    }
    Ok(())
}

/// Fails unless `x` is a number in [0, `MAX_COORDINATE`].
pub(crate) fn check_distance(field: &'static str, x: f32) -> Result<()> {
    check_non_negative(field, x)?;
    check_coordinate(field, x)
}

/// Fails unless `dt` is a step length in [`MIN_STEP`, `MAX_STEP`].
pub(crate) fn check_step(dt: f32) -> Result<()> {
    if (MIN_STEP..=MAX_STEP).contains(&dt) {
        return Ok(());
    }
    Err(Error::InvalidValue {
        field: "dt",
        reason: "must be a number of seconds in [10⁻⁶, 1] (lockstep2d::MIN_STEP, MAX_STEP)",
    })
}

/// Fails unless `x` is a speed or spin within ±`MAX_SPEED`.
pub(crate) fn check_speed(field: &'static str, x: f32) -> Result<()> {
    check_finite(field, x)?;
    if x.abs() > MAX_SPEED {
        return Err(Error::InvalidValue {
            field,
            reason: "must be within ±10⁶ (lockstep2d::MAX_SPEED)",
        });
    }
    Ok(())
}

/// Fails unless both components pass `check_speed`.
pub(crate) fn check_velocity(field: &'static str, v: Vec2) -> Result<()> {
    check_speed(field, v.x)?;
    check_speed(field, v.y)
}

/// `v` with each component held within ±`MAX_SPEED`.
pub(crate) fn clamp_velocity(v: Vec2) -> Vec2 {
    minmax::clamp_vec2(v, Vec2::splat(-MAX_SPEED), Vec2::splat(MAX_SPEED))
}

/// Fails unless `x` is a number in [0, `MAX_COEFFICIENT`]: a friction or a restitution.
pub(crate) fn check_coefficient(field: &'static str, x: f32) -> Result<()> {
    check_up_to(
        field,
        x,
        MAX_COEFFICIENT,
        "must be at most 10⁴ (lockstep2d::MAX_COEFFICIENT)",
    )
}

/// Fails unless `x` is a number in [0, `MAX_SPRING_HERTZ`]: a frequency or a damping
/// ratio.
pub(crate) fn check_spring_value(field: &'static str, x: f32) -> Result<()> {
    check_up_to(
        field,
        x,
        MAX_SPRING_HERTZ,
        "must be at most 10⁶ (lockstep2d::MAX_SPRING_HERTZ)",
    )
}

/// Fails unless `x` is a number in [0, `max`], saying `reason` when it is past `max`.
fn check_up_to(field: &'static str, x: f32, max: f32, reason: &'static str) -> Result<()> {
    check_non_negative(field, x)?;
    if x > max {
        return Err(Error::InvalidValue { field, reason });
    }
    Ok(())
}
