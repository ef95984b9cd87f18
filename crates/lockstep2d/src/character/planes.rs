//! The plane solver: the displacement nearest the one asked for that keeps the mover at
//! least a skin width clear of every surface it is near.
//!
//! Each surface near the mover is a plane: a normal pointing from the surface to the
//! mover and a clearance, how far the mover may move against that normal before it is
//! closer than the skin (negative when it already is). Each plane pushes the displacement
//! back out along its push direction (its normal, or for a slope too steep to climb while
//! walking, the horizontal part of it: such a slope stops a walker like a wall instead
//! of lifting it), by as much as it must and never pulling. One pass meets the planes in
//! turn; a push may break a plane met before it, so passes repeat until the pushes
//! settle. Pushes accumulate and are clamped at zero as a whole, so a plane that pushed
//! too far in an early pass gives it back in a later one (sequential impulses, with
//! distance for impulse).

use crate::LINEAR_SLOP;
use crate::math::Vec2;
use crate::minmax;

/// Passes over the planes before the solver stops: a corner of two planes settles in a
/// few, and this bounds a step's cost however many surfaces crowd the mover.
const MAX_PASSES: usize = 20;

/// A pass whose pushes add up to less than this (m) has settled.
const SETTLED: f32 = 0.1 * LINEAR_SLOP;

/// One surface near the mover, as the solver sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plane {
    /// Unit, from the surface towards the mover.
    pub normal: Vec2,
    /// The unit direction a push moves the mover in: the normal, or across it for a
    /// steep slope met while walking. Never perpendicular to the normal.
    pub push_direction: Vec2,
    /// How far (m) the mover may move against `normal` and stay a skin width clear.
    pub clearance: f32,
    /// How far (m) this plane has pushed the displacement in the current solve.
    pub push: f32,
}

impl Plane {
    pub fn new(normal: Vec2, clearance: f32) -> Plane {
        Plane {
            normal,
            push_direction: normal,
            clearance,
            push: 0.0,
        }
    }
}

/// The displacement nearest `target` that every plane allows, as far as `MAX_PASSES`
/// passes get; each plane's `push` says how hard it pushed.
pub(crate) fn solve_planes(target: Vec2, planes: &mut [Plane]) -> Vec2 {
    let mut delta = target;
    for plane in planes.iter_mut() {
        plane.push = 0.0;
    }
    for _ in 0..MAX_PASSES {
        let mut moved = 0.0;
        for plane in planes.iter_mut() {
            // normal · (delta + push · direction) = −clearance: the plane just holds.
            let shortfall = -plane.clearance - plane.normal.dot(delta);
            let step = shortfall / plane.normal.dot(plane.push_direction);
            let push = minmax::max(plane.push + step, 0.0);
            let applied = push - plane.push;
            plane.push = push;
            delta += applied * plane.push_direction;
            moved += applied.abs();
        }
        if moved < SETTLED {
            break;
        }
    }
    delta
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOOR: Vec2 = Vec2::new(0.0, 1.0);

    #[test]
    fn a_floor_takes_the_downward_part_of_a_move_and_leaves_the_rest() {
        let mut planes = [Plane::new(FLOOR, 0.0)];
        let delta = solve_planes(Vec2::new(0.3, -0.2), &mut planes);
        assert_eq!(delta, Vec2::new(0.3, 0.0));
        assert_eq!(planes[0].push, 0.2);
    }

    #[test]
    fn a_plane_moved_away_from_does_not_pull() {
        let mut planes = [Plane::new(FLOOR, 0.0)];
        let delta = solve_planes(Vec2::new(0.3, 0.5), &mut planes);
        assert_eq!(delta, Vec2::new(0.3, 0.5));
        assert_eq!(planes[0].push, 0.0);
    }

    #[test]
    fn a_mover_inside_its_skin_is_pushed_out_to_it() {
        let mut planes = [Plane::new(FLOOR, -0.01)];
        let delta = solve_planes(Vec2::ZERO, &mut planes);
        assert!((delta.y - 0.01).abs() < 1e-7, "{delta}");
    }

    #[test]
    fn a_corner_of_floor_and_wall_stops_a_move_into_it() {
        let wall = Vec2::new(-1.0, 0.0);
        let mut planes = [Plane::new(FLOOR, 0.0), Plane::new(wall, 0.0)];
        let delta = solve_planes(Vec2::new(0.4, -0.3), &mut planes);
        assert!(delta.length() < 1e-6, "{delta}");
    }

    #[test]
    fn a_v_of_two_slopes_settles_at_its_bottom() {
        // Slopes of ±45°: a move straight down ends where both just hold.
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let mut planes = [
            Plane::new(Vec2::new(s, s), 0.0),
            Plane::new(Vec2::new(-s, s), 0.0),
        ];
        let delta = solve_planes(Vec2::new(0.0, -1.0), &mut planes);
        assert!(delta.length() < 1e-5, "{delta}");
    }

    #[test]
    fn a_steep_slope_pushed_across_stops_a_walker_without_lifting_it() {
        // A 60° slope facing left, met by a walker moving right: pushed along its
        // horizontal, the walker stops and rises not at all.
        let normal = Vec2::new(-0.866_025_4, 0.5);
        let mut plane = Plane::new(normal, 0.0);
        plane.push_direction = Vec2::new(-1.0, 0.0);
        let mut planes = [plane];
        let delta = solve_planes(Vec2::new(0.1, 0.0), &mut planes);
        assert!(delta.length() < 1e-6, "{delta}");
        // The same slope pushing along its normal lifts the walker up it.
        let mut planes = [Plane::new(normal, 0.0)];
        let lifted = solve_planes(Vec2::new(0.1, 0.0), &mut planes);
        assert!(lifted.y > 0.04, "{lifted}");
    }
}
