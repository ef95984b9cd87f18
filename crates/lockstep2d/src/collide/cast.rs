//! A shape moved along a straight line until it meets another: the first fraction of
//! the translation at which the two touch, by conservative advancement along GJK's gap
//! (the gap can close no faster than the translation's component across it).

use super::distance::{Core, closest_points};
use crate::LINEAR_SLOP;
use crate::math::Vec2;

/// Where a cast shape first meets a still one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CastImpact {
    pub fraction: f32,
    /// On the still shape's surface.
    pub point: Vec2,
    /// The still shape's outward normal there; zero where their cores overlap at the start.
    pub normal: Vec2,
}

/// Within this of touching (m) counts as touching; the cast stops short of the surface by
/// at most this and never passes it, so the fraction is safe to move by.
pub(crate) const CAST_TOLERANCE: f32 = 0.25 * LINEAR_SLOP;

/// Advancement steps before giving up: each one at least halves the remaining gap in all
/// but grazing approaches, which then end still short of the impact.
const MAX_ITERATIONS: usize = 20;

/// The first fraction (at most `max_fraction`) of `translation` at which `moving` comes
/// within `CAST_TOLERANCE` of `fixed` (both placed in one frame). A shape touching at the
/// start is met at fraction 0.
pub(crate) fn cast_core(
    moving: &Core,
    translation: Vec2,
    fixed: &Core,
    max_fraction: f32,
) -> Option<CastImpact> {
    let radius = moving.radius + fixed.radius;
    // Aim half the tolerance short of touching, so the gap never closes to nothing and
    // its direction, the normal, stays defined.
    let target = radius + 0.5 * CAST_TOLERANCE;
    let mut t = 0.0;
    for _ in 0..MAX_ITERATIONS {
        let mut placed = *moving;
        for p in &mut placed.points[..placed.count] {
            *p += t * translation;
        }
        let (distance, normal, point) = surface_gap(fixed, &placed);
        if distance <= radius + CAST_TOLERANCE {
            return Some(CastImpact {
                fraction: t,
                point,
                normal,
            });
        }
        let closing = -translation.dot(normal);
        if closing <= 0.0 {
            return None;
        }
        t += (distance - target) / closing;
        if t > max_fraction {
            return None;
        }
    }
    None
}

/// The gap between the cores of `fixed` and `placed`: its length, its unit direction
/// from `fixed` (zero where the cores overlap), and the point on `fixed`'s surface
/// where it starts.
pub(super) fn surface_gap(fixed: &Core, placed: &Core) -> (f32, Vec2, Vec2) {
    let (on_fixed, _, gap) = closest_points(fixed, placed);
    let distance = gap.length();
    let normal = if distance > 0.0 {
        gap / distance
    } else {
        Vec2::ZERO
    };
    (distance, normal, on_fixed + fixed.radius * normal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Transform;
    use crate::shape::{Collider, Polygon};

    fn wall() -> Core {
        // A box 1 m thick whose left face is the line x = 10.
        let polygon = Polygon::new_box(0.5, 5.0).expect("valid box");
        Core::of(&Collider::Polygon(polygon)).placed(Transform::new(Vec2::new(10.5, 0.0), 0.0))
    }

    #[test]
    fn a_disc_cast_at_a_wall_stops_within_the_tolerance_of_it() {
        let disc = Core::disc(Vec2::ZERO, 0.5);
        let hit = cast_core(&disc, Vec2::new(20.0, 3.0), &wall(), 1.0).expect("hits");
        let front = 20.0 * hit.fraction + 0.5;
        assert!(
            front < 10.0 && front > 10.0 - CAST_TOLERANCE,
            "front {front}"
        );
        assert!(
            (hit.normal - Vec2::new(-1.0, 0.0)).length() < 1e-5,
            "{hit:?}"
        );
        assert!((hit.point - Vec2::new(10.0, 3.0 * hit.fraction)).length() < 1e-3);
    }

    #[test]
    fn a_box_cast_corner_first_meets_the_wall_at_its_corner() {
        let square = Polygon::new_box(1.0, 1.0).expect("valid box");
        let turned = Core::of(&Collider::Polygon(square)).placed(Transform::new(Vec2::ZERO, 0.5));
        let reach = turned
            .points()
            .iter()
            .map(|p| p.x)
            .fold(f32::MIN, crate::minmax::max);
        let hit = cast_core(&turned, Vec2::new(20.0, 0.0), &wall(), 1.0).expect("hits");
        let front = reach + 20.0 * hit.fraction;
        assert!(
            front < 10.0 && front > 10.0 - CAST_TOLERANCE,
            "front {front}"
        );
    }

    #[test]
    fn casts_that_miss_fall_short_or_start_touching_say_so() {
        let disc = Core::disc(Vec2::ZERO, 0.5);
        assert_eq!(cast_core(&disc, Vec2::new(20.0, 14.0), &wall(), 1.0), None);
        assert_eq!(cast_core(&disc, Vec2::new(5.0, 0.0), &wall(), 1.0), None);
        assert_eq!(cast_core(&disc, Vec2::new(-20.0, 0.0), &wall(), 1.0), None);
        let inside = Core::disc(Vec2::new(10.2, 0.0), 0.5);
        let hit = cast_core(&inside, Vec2::new(1.0, 0.0), &wall(), 1.0).expect("touching");
        assert_eq!(hit.fraction, 0.0);
    }
}
