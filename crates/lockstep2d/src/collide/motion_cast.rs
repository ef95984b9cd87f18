//! A shape carried along a straight line while it turns at a steady rate, until it meets
//! another: the first time at which the two touch, by conservative advancement.
//!
//! From the pose at time t, GJK gives the gap between the cores and the direction across
//! it. Along that direction no point of the moving shape closes faster than its
//! velocity's component plus its spin times its reach from the centre it turns about,
//! so it may advance by gap / that speed and still not touch. Repeating converges on the
//! first touch from before it: the answer is never past the impact. Without spin this
//! is the straight cast (`cast.rs`) itself.

use super::cast::{CAST_TOLERANCE, CastImpact, cast_core, surface_gap};
use super::distance::Core;
use crate::math::{Rot, Transform, Vec2};

/// Advancement steps before giving up; the answer is then the time reached, still
/// short of the impact.
const MAX_ITERATIONS: usize = 64;

/// A pose carried at a steady velocity and spin, turning about its own origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Motion {
    pub start: Transform,
    pub velocity: Vec2,
    pub angular_velocity: f32,
}

impl Motion {
    /// The pose at time `t`.
    pub fn pose(&self, t: f32) -> Transform {
        Transform {
            p: self.start.p + t * self.velocity,
            q: self
                .start
                .q
                .compose(Rot::from_angle(t * self.angular_velocity)),
        }
    }
}

/// The first time (at most `duration`) at which `moving` (in its own frame), carried
/// by `motion`, comes within `CAST_TOLERANCE` of `fixed` (in world coordinates), with
/// `fraction` the time over `duration`. A shape touching at the start is met at 0.
pub(crate) fn cast_motion(
    moving: &Core,
    motion: &Motion,
    fixed: &Core,
    duration: f32,
) -> Option<CastImpact> {
    if motion.angular_velocity == 0.0 {
        let placed = moving.placed(motion.start);
        return cast_core(&placed, duration * motion.velocity, fixed, 1.0);
    }
    let radius = moving.radius + fixed.radius;
    let target = radius + 0.5 * CAST_TOLERANCE;
    let reach = moving
        .points()
        .iter()
        .map(|p| p.length())
        .fold(0.0, crate::minmax::max);
    let spin = motion.angular_velocity.abs() * reach;
    let mut t = 0.0;
    for _ in 0..MAX_ITERATIONS {
        let (distance, normal, point) = surface_gap(fixed, &moving.placed(motion.pose(t)));
        if distance <= radius + CAST_TOLERANCE {
            return Some(CastImpact {
                fraction: t / duration,
                point,
                normal,
            });
        }
        let closing = -motion.velocity.dot(normal) + spin;
        if closing <= 0.0 {
            return None;
        }
        t += (distance - target) / closing;
        if t > duration {
            return None;
        }
    }
    // Grazing for longer than the steps allow: stop where it has come, short of the
    // surface.
    let (_, normal, point) = surface_gap(fixed, &moving.placed(motion.pose(t)));
    Some(CastImpact {
        fraction: t / duration,
        point,
        normal,
    })
}
