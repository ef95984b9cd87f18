//! The options joints share: a limit, a motor and a spring along or about their free
//! axis. Each is an `Option` on the joint's definition: `None` is off.

use crate::error::{Error, Result, check_finite, check_non_negative};
use crate::limits::{check_coordinate, check_spring_value};

/// Keeps the joint's free coordinate (an angle in radians, or a translation in metres)
/// within `[lower, upper]`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Limit {
    /// The least value (rad or m).
    pub lower: f32,
    /// The greatest value (rad or m); at least `lower`.
    pub upper: f32,
}

/// Drives the joint's free coordinate at `speed` (rad/s or m/s) with at most `max_force`
/// (N·m for angles, N for translations).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Motor {
    /// The target speed (rad/s or m/s).
    pub speed: f32,
    /// The most force (N) or torque (N·m) it may use; at least 0.
    pub max_force: f32,
}

/// Pulls the joint's free coordinate towards its rest value as a damped spring of
/// frequency `hertz` (0: no pull at all) and damping ratio `damping_ratio` (1: critical).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spring {
    /// The spring's frequency (Hz); 0 for none.
    pub hertz: f32,
    /// The damping ratio: 0 undamped, 1 critically damped; 0 when a file leaves it out.
    #[serde(default)]
    pub damping_ratio: f32,
}

impl Limit {
    pub(crate) fn validate(&self) -> Result<()> {
        check_coordinate("limit.lower", self.lower)?;
        check_coordinate("limit.upper", self.upper)?;
        if self.lower > self.upper {
            return Err(Error::InvalidValue {
                field: "limit.lower",
                reason: "must not exceed limit.upper",
            });
        }
        Ok(())
    }
}

impl Motor {
    pub(crate) fn validate(&self) -> Result<()> {
        check_finite("motor.speed", self.speed)?;
        check_non_negative("motor.max_force", self.max_force)
    }
}

impl Spring {
    pub(crate) fn validate(&self) -> Result<()> {
        check_spring_value("spring.hertz", self.hertz)?;
        check_spring_value("spring.damping_ratio", self.damping_ratio)
    }
}

/// Validates whichever options are set.
pub(crate) fn validate_options(
    limit: Option<Limit>,
    motor: Option<Motor>,
    spring: Option<Spring>,
) -> Result<()> {
    limit.as_ref().map_or(Ok(()), Limit::validate)?;
    motor.as_ref().map_or(Ok(()), Motor::validate)?;
    spring.as_ref().map_or(Ok(()), Spring::validate)
}
