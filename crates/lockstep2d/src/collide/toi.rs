//! Time of impact: how far through its step a moving shape can go before it touches a
//! still one, by conservative advancement.
//!
//! From the start of the sweep, GJK gives the gap between the cores and the direction
//! across it. Along that direction the shape cannot close faster than its travel's
//! component plus its spin times its reach, so it may advance by gap / that speed and
//! still not touch. Repeating this converges on the first touch from before it: the
//! result never lies past the impact, so a body put there has not tunnelled.

use super::distance::{Core, core_gap};
use crate::LINEAR_SLOP;
use crate::math::{Rot, Transform, Vec2, cross};
use crate::minmax;

/// A body's motion through a step: its centre of mass from `c1` to `c2` and its rotation
/// from `q1` to `q2`, both interpolated linearly (the rotation then normalised).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep {
    /// The centre of mass in body coordinates.
    pub local_center: Vec2,
    pub c1: Vec2,
    pub c2: Vec2,
    pub q1: Rot,
    pub q2: Rot,
}

impl Sweep {
    /// The body's pose at fraction `t` of the sweep.
    pub fn pose(&self, t: f32) -> Transform {
        let q = Rot {
            c: self.q1.c + t * (self.q2.c - self.q1.c),
            s: self.q1.s + t * (self.q2.s - self.q1.s),
        }
        .normalized();
        let c = self.c1 + t * (self.c2 - self.c1);
        Transform {
            p: c - q.rotate(self.local_center),
            q,
        }
    }

    /// The most the interpolated rotation turns per unit of `t` (rad). Interpolating
    /// the rotation's (cos, sin) along the chord turns fastest halfway, at
    /// sin θ / cos²(θ/2) for a turn of θ; |q1 + q2|² is 4 cos²(θ/2).
    fn turn_rate(&self) -> f32 {
        let q1 = Vec2::new(self.q1.c, self.q1.s);
        let q2 = Vec2::new(self.q2.c, self.q2.s);
        let half_cos_squared = minmax::max(0.25 * (q1 + q2).length_squared(), MIN_HALF_COS_SQUARED);
        cross(q1, q2).abs() / half_cos_squared
    }
}

/// Keeps the bound finite for a turn near half a circle, which no step should make.
const MIN_HALF_COS_SQUARED: f32 = 1.0e-2;

/// Steps of advancement before giving up: the result is then still before the impact.
const MAX_ITERATIONS: usize = 30;

/// Where a sweep first touches a still shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Impact {
    /// Not before the fraction asked about.
    Clear,
    /// At this fraction of the sweep, with the surfaces within a slop of touching.
    At(f32),
    /// Already touching where the sweep starts.
    Touching,
}

/// The first fraction of `sweep` (below `t_max`) at which `moving` (in its body's frame)
/// comes within a linear slop of `fixed` (in world coordinates).
pub(crate) fn time_of_impact(moving: &Core, sweep: &Sweep, fixed: &Core, t_max: f32) -> Impact {
    // Cores a slop apart; rounded shapes a slop into each other's rounding, where their
    // contact holds them (Box2D v3's target).
    let target = minmax::max(moving.radius + fixed.radius - LINEAR_SLOP, LINEAR_SLOP);
    let tolerance = 0.25 * LINEAR_SLOP;
    let reach = moving
        .points()
        .iter()
        .map(|&p| (p - sweep.local_center).length())
        .fold(0.0, minmax::max);
    let travel = sweep.c2 - sweep.c1;
    let spin = sweep.turn_rate() * reach;
    let mut t = 0.0;
    for _ in 0..MAX_ITERATIONS {
        let gap = core_gap(fixed, &moving.placed(sweep.pose(t)));
        let distance = gap.length();
        if distance < target + tolerance {
            return if t == 0.0 {
                Impact::Touching
            } else {
                Impact::At(t)
            };
        }
        let across = gap / distance;
        let closing = minmax::max(-travel.dot(across), 0.0) + spin;
        if closing <= 0.0 {
            return Impact::Clear;
        }
        t += (distance - target) / closing;
        if t >= t_max {
            return Impact::Clear;
        }
    }
    Impact::At(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Collider, Polygon};

    fn wall() -> Core {
        // A static box 1 m thick whose left face is the line x = 10.
        let polygon = Polygon::new_box(0.5, 5.0).expect("valid box");
        Core::of(&Collider::Polygon(polygon)).placed(Transform::new(Vec2::new(10.5, 0.0), 0.0))
    }

    fn sliding(from: Vec2, to: Vec2, turn: f32) -> Sweep {
        Sweep {
            local_center: Vec2::ZERO,
            c1: from,
            c2: to,
            q1: Rot::IDENTITY,
            q2: Rot::from_angle(turn),
        }
    }

    #[test]
    fn a_disc_thrown_through_a_wall_stops_a_slop_before_it() {
        let disc = Core::disc(Vec2::ZERO, 0.25);
        let sweep = sliding(Vec2::ZERO, Vec2::new(20.0, 0.0), 0.0);
        let Impact::At(t) = time_of_impact(&disc, &sweep, &wall(), 1.0) else {
            panic!("the disc passes the wall");
        };
        let front = sweep.pose(t).p.x + 0.25;
        assert!((front - 10.0).abs() <= 1.5 * LINEAR_SLOP, "front {front}");
    }

    #[test]
    fn a_spinning_box_is_caught_by_its_corner() {
        let square = Polygon::new_box(1.0, 1.0).expect("valid box");
        let core = Core::of(&Collider::Polygon(square));
        let sweep = sliding(Vec2::ZERO, Vec2::new(16.0, 0.0), 1.2);
        let Impact::At(t) = time_of_impact(&core, &sweep, &wall(), 1.0) else {
            panic!("the box passes the wall");
        };
        let placed = core.placed(sweep.pose(t));
        let front = placed
            .points()
            .iter()
            .map(|p| p.x)
            .fold(f32::MIN, minmax::max);
        assert!(
            front < 10.0 && front > 10.0 - 2.0 * LINEAR_SLOP,
            "front {front}"
        );
    }

    #[test]
    fn sweeps_that_miss_or_start_touching_say_so() {
        let disc = Core::disc(Vec2::ZERO, 0.25);
        let above = sliding(Vec2::new(0.0, 8.0), Vec2::new(20.0, 8.0), 0.0);
        assert_eq!(time_of_impact(&disc, &above, &wall(), 1.0), Impact::Clear);
        let short = sliding(Vec2::ZERO, Vec2::new(5.0, 0.0), 0.0);
        assert_eq!(time_of_impact(&disc, &short, &wall(), 1.0), Impact::Clear);
        let resting = sliding(Vec2::new(9.76, 0.0), Vec2::new(12.0, 0.0), 0.0);
        assert_eq!(
            time_of_impact(&disc, &resting, &wall(), 1.0),
            Impact::Touching
        );
    }

    #[test]
    fn an_earlier_impact_elsewhere_bounds_the_search() {
        let disc = Core::disc(Vec2::ZERO, 0.25);
        let sweep = sliding(Vec2::ZERO, Vec2::new(20.0, 0.0), 0.0);
        assert_eq!(time_of_impact(&disc, &sweep, &wall(), 0.3), Impact::Clear);
    }
}
