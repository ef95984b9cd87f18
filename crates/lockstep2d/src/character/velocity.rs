//! A character's own velocity, kept by the world from step to step: the game sets it
//! (a run, a jump), gravity bends it while the character is off the ground, and after
//! each move the surfaces the character ends against take away what runs into them.
//!
//! Kept in the world's state, it is saved and restored with everything else, so a
//! rollback game keeps nothing of its character's motion itself.

use super::{CharacterSettings, Touch};
use crate::math::Vec2;

/// The part of a step's move that the character's velocity makes, and that velocity
/// at the step's end, before the surfaces have their say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Flight {
    pub displacement: Vec2,
    pub velocity: Vec2,
}

/// Carries `velocity` over a step of `dt` under `gravity` (already scaled for the
/// character). Standing (on ground, and not moving up) it only runs: the part along
/// `up` is dropped and gravity does not pull it into the ground. Otherwise it falls on
/// the exact parabola: the displacement is v·dt + ½·g·dt², the velocity v + g·dt, so a
/// jump peaks at v²/2g however long the step.
pub(crate) fn fly(velocity: Vec2, standing: bool, gravity: Vec2, up: Vec2, dt: f32) -> Flight {
    if standing {
        let run = velocity - velocity.dot(up) * up;
        return Flight {
            displacement: dt * run,
            velocity: run,
        };
    }
    Flight {
        displacement: dt * velocity + (0.5 * dt * dt) * gravity,
        velocity: velocity + dt * gravity,
    }
}

/// What the surfaces at the end of a move leave of `velocity`. Landed on ground, the
/// fall is gone. Against a surface it cannot stand on, the part running into it is
/// gone, taken away as the move's planes push (`motion.rs`): along the normal of a wall
/// or a ceiling, and only across `up` for a slope too steep to climb. So the character
/// neither stores up speed against a wall nor keeps rising under a ceiling, a walk into
/// a steep slope is stopped rather than turned up it, and a fall onto one runs down
/// along it. A dynamic body takes nothing away: the character pushes it instead.
pub(crate) fn keep_velocity(
    velocity: Vec2,
    grounded: bool,
    touches: &[Touch],
    up: Vec2,
    settings: &CharacterSettings,
) -> Vec2 {
    let mut kept = velocity;
    let rise = kept.dot(up);
    if grounded && rise < 0.0 {
        kept -= rise * up;
    }
    let (climb, stand) = (settings.climb_cos(), settings.stand_cos());
    for touch in touches {
        let upward = touch.normal.dot(up);
        let into = kept.dot(touch.normal);
        if touch.yields || upward >= stand || into >= 0.0 {
            continue;
        }
        let push = if upward > 0.0 && upward < climb {
            (touch.normal - upward * up).normalize()
        } else {
            touch.normal
        };
        kept -= (into / push.dot(touch.normal)) * push;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id::{BodyId, Handle, ShapeId};

    const UP: Vec2 = Vec2::Y;
    const G: Vec2 = Vec2::new(0.0, -10.0);

    fn touch(normal: Vec2, yields: bool) -> Touch {
        Touch {
            normal,
            separation: 0.0,
            point: Vec2::ZERO,
            shape: ShapeId::from_slot(0, 0),
            body: BodyId::from_slot(0, 0),
            yields,
        }
    }

    #[test]
    fn a_fall_follows_the_exact_parabola_and_standing_drops_it() {
        let dt = 0.5;
        let flight = fly(Vec2::new(2.0, 5.0), false, G, UP, dt);
        assert_eq!(flight.displacement, Vec2::new(1.0, 2.5 - 1.25));
        assert_eq!(flight.velocity, Vec2::new(2.0, 0.0));
        let standing = fly(Vec2::new(2.0, -3.0), true, G, UP, dt);
        assert_eq!(standing.displacement, Vec2::new(1.0, 0.0));
        assert_eq!(standing.velocity, Vec2::new(2.0, 0.0));
    }

    #[test]
    fn walls_and_ceilings_take_what_runs_into_them_and_boxes_nothing() {
        let settings = CharacterSettings::default();
        let wall = touch(Vec2::new(-1.0, 0.0), false);
        let ceiling = touch(Vec2::new(0.0, -1.0), false);
        let v = Vec2::new(4.0, 3.0);
        assert_eq!(
            keep_velocity(v, false, &[wall], UP, &settings),
            Vec2::new(0.0, 3.0)
        );
        assert_eq!(
            keep_velocity(v, false, &[ceiling], UP, &settings),
            Vec2::new(4.0, 0.0)
        );
        let away = Vec2::new(-4.0, -3.0);
        assert_eq!(
            keep_velocity(away, false, &[wall, ceiling], UP, &settings),
            away
        );
        let crate_ahead = touch(Vec2::new(-1.0, 0.0), true);
        assert_eq!(keep_velocity(v, false, &[crate_ahead], UP, &settings), v);
    }

    #[test]
    fn a_slope_too_steep_to_climb_stops_a_walk_and_turns_a_fall_along_it() {
        let settings = CharacterSettings::default();
        // 60°: its normal leans 30° from up, steeper than the 45° the character climbs.
        let steep = touch(Vec2::new(-0.866_025_4, 0.5), false);
        let walk = keep_velocity(Vec2::new(5.0, 0.0), true, &[steep], UP, &settings);
        assert!(walk.length() < 1e-5, "a walk into it stops: {walk}");
        let fall = keep_velocity(Vec2::new(0.0, -10.0), false, &[steep], UP, &settings);
        let along = Vec2::new(-0.5, -0.866_025_4);
        assert!(
            fall.dot(steep.normal).abs() < 1e-4 && fall.dot(along) > 0.0,
            "{fall}"
        );
    }

    #[test]
    fn landing_ends_the_fall_but_not_the_run() {
        let slope = touch(Vec2::new(-0.5, 0.866), false);
        let settings = CharacterSettings::default();
        let landed = keep_velocity(Vec2::new(3.0, -8.0), true, &[slope], UP, &settings);
        assert_eq!(landed, Vec2::new(3.0, 0.0));
    }
}
