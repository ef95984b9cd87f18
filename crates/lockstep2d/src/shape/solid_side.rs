//! Which side of a chain is solid, said in the words a level is drawn in, and how that
//! decides the way its links face.

use super::polygon::area_and_centroid;
use crate::LINEAR_SLOP;
use crate::error::{Error, Result};
use crate::math::Vec2;

/// The side a chain holds things back on. Each link of a chain is solid from one side
/// only: a shape coming from the other passes through. An open chain is solid from
/// `Above`, `Below`, `Left` or `Right`, whichever way its points were drawn; a loop is
/// solid on its `Outside` or `Inside`, whichever way it winds. `RightOfPoints` takes the
/// side from the order of the points instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolidSide {
    /// Holds up what falls on it: ground. The links face up, on the whole.
    Above,
    /// Holds back what rises into it: a ceiling.
    Below,
    /// Holds back what comes from its left: a wall whose face looks left.
    Left,
    /// Holds back what comes from its right: a wall whose face looks right.
    Right,
    /// A loop that keeps things out: an island, a rock.
    Outside,
    /// A loop that keeps things in: a cave, a bowl, an arena.
    Inside,
    /// The right of the way from each point to the next (Box2D's convention): ground
    /// drawn right to left, a loop wound counter-clockwise to keep things out.
    RightOfPoints,
}

impl SolidSide {
    /// Whether the links of a chain through `points` face the left of the way the
    /// points run, to be solid on this side (otherwise they face its right). Fails when
    /// the side does not fit the chain (up or down for a loop, outside or inside for an
    /// open chain) or the points do not say which way the chain faces: an open chain
    /// whose last point lies straight above or below its first (for `Above` or `Below`;
    /// level with it, for `Left` or `Right`), a loop that encloses no area.
    pub fn faces_left_of_points(self, points: &[Vec2], is_loop: bool) -> Result<bool> {
        match (self, is_loop) {
            (SolidSide::RightOfPoints, _) => Ok(false),
            (SolidSide::Outside | SolidSide::Inside, true) => self.loop_faces_left(points),
            (SolidSide::Outside | SolidSide::Inside, false) => Err(Error::InvalidValue {
                field: "solid",
                reason: "an open chain is solid from above, below, left or right",
            }),
            (_, true) => Err(Error::InvalidValue {
                field: "solid",
                reason: "a loop is solid outside or inside",
            }),
            (_, false) => self.open_faces_left(points),
        }
    }

    /// An open chain's links, taken together, face the right of the way from its first
    /// point to its last: the sum of each link's right-hand normal times its length.
    fn open_faces_left(self, points: &[Vec2]) -> Result<bool> {
        let across = points[points.len() - 1] - points[0];
        let facing = Vec2::new(across.y, -across.x);
        let wanted = match self {
            SolidSide::Above => Vec2::Y,
            SolidSide::Below => Vec2::NEG_Y,
            SolidSide::Left => Vec2::NEG_X,
            _ => Vec2::X,
        };
        let along = facing.dot(wanted);
        if along.abs() <= LINEAR_SLOP {
            return Err(Error::InvalidValue {
                field: "solid",
                reason: "the chain's ends do not say which way it faces (for above or \
                         below its last point must lie left or right of its first, for \
                         left or right above or below it): give RightOfPoints",
            });
        }
        Ok(along < 0.0)
    }

    /// A loop wound counter-clockwise (positive area) faces out.
    fn loop_faces_left(self, points: &[Vec2]) -> Result<bool> {
        let (area, _) = area_and_centroid(points);
        if 2.0 * area.abs() <= LINEAR_SLOP * LINEAR_SLOP {
            return Err(Error::InvalidValue {
                field: "solid",
                reason: "the loop encloses no area, so it has no inside: give RightOfPoints",
            });
        }
        let faces_out = area > 0.0;
        Ok(faces_out == (self == SolidSide::Inside))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn an_open_chain_faces_the_side_asked_whichever_way_it_was_drawn() {
        let right_to_left = [v(4.0, 0.0), v(0.0, 1.0), v(-4.0, 0.0)];
        let left_to_right = [v(-4.0, 0.0), v(0.0, 1.0), v(4.0, 0.0)];
        assert_eq!(
            SolidSide::Above.faces_left_of_points(&right_to_left, false),
            Ok(false)
        );
        assert_eq!(
            SolidSide::Above.faces_left_of_points(&left_to_right, false),
            Ok(true)
        );
        assert_eq!(
            SolidSide::Below.faces_left_of_points(&right_to_left, false),
            Ok(true)
        );
        assert_eq!(
            SolidSide::Below.faces_left_of_points(&left_to_right, false),
            Ok(false)
        );
        let top_down = [v(0.0, 4.0), v(0.5, 0.0), v(0.0, -4.0)];
        assert_eq!(
            SolidSide::Left.faces_left_of_points(&top_down, false),
            Ok(false)
        );
        assert_eq!(
            SolidSide::Right.faces_left_of_points(&top_down, false),
            Ok(true)
        );
        assert_eq!(
            SolidSide::RightOfPoints.faces_left_of_points(&left_to_right, false),
            Ok(false)
        );
    }

    #[test]
    fn a_loop_faces_out_or_in_whichever_way_it_winds() {
        let counter_clockwise = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
        let mut clockwise = counter_clockwise;
        clockwise.reverse();
        assert_eq!(
            SolidSide::Outside.faces_left_of_points(&counter_clockwise, true),
            Ok(false)
        );
        assert_eq!(
            SolidSide::Outside.faces_left_of_points(&clockwise, true),
            Ok(true)
        );
        assert_eq!(
            SolidSide::Inside.faces_left_of_points(&counter_clockwise, true),
            Ok(true)
        );
        assert_eq!(
            SolidSide::Inside.faces_left_of_points(&clockwise, true),
            Ok(false)
        );
    }

    #[test]
    fn a_side_the_chain_cannot_have_or_points_that_do_not_say_are_refused() {
        let square = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
        let cup = [v(-1.0, 1.0), v(0.0, 0.0), v(1.0, 1.0), v(-1.0, 1.0001)];
        let flat_loop = [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)];
        let refused = |side: SolidSide, points: &[Vec2], is_loop| {
            matches!(
                side.faces_left_of_points(points, is_loop),
                Err(Error::InvalidValue { field: "solid", .. })
            )
        };
        assert!(refused(SolidSide::Above, &square, true));
        assert!(refused(SolidSide::Outside, &square, false));
        assert!(refused(SolidSide::Above, &cup, false));
        assert!(refused(SolidSide::Inside, &flat_loop, true));
    }
}
