//! What a character meets: its surfaces, casts and rays asked of the world's broad
//! phase and shapes, for the mover (`character/motion.rs`).
//!
//! A character sees what its shape's filter lets it touch, except sensors and its own
//! body. It meets a chain link only from the link's front, and a one-way platform only
//! from the front, when it lands on them (`CharacterSettings::one_way_platforms`), is
//! not dropping through, and is not already part-way through one: as a body does.
//! Candidates come from the binary trees in their order (never from the four-wide copy
//! that game queries between steps build: a moving character changes the trees every
//! few steps, and rebuilding that copy mid-step would cost more than it saves); every
//! answer is chosen among them by a rule that does not depend on that order (surfaces
//! sorted by shape slot, the nearest hit with ties to the lower slot), so a plan is the
//! same on every machine.

use std::cell::RefCell;

use super::World;
use crate::broadphase::{RayStep, TreeRay};
use crate::character::{CharacterSettings, Surroundings, Touch};
use crate::collide::{CAST_TOLERANCE, Core, cast_core, collide, core_gap, goes_first, ray_cast};
use crate::math::{Rot, Transform, Vec2};
use crate::minmax;
use crate::shape::{Collider, Geometry, Shape};

/// A character's view of the world: its shape, turned as its body is, placed anywhere.
pub(super) struct CharacterSurroundings<'a> {
    world: &'a World,
    /// The character's body slot.
    body: u32,
    collider: Collider,
    rotation: Rot,
    shape: &'a Shape,
    skin: f32,
    one_way_platforms: bool,
    drops_through: bool,
    /// The candidates of the query under way, a list lent by the world.
    candidates: RefCell<Vec<u32>>,
}

impl<'a> CharacterSurroundings<'a> {
    /// The view of the character on body slot `body`, with `candidates` lent for its
    /// queries (`into_candidates` gives it back).
    pub fn new(
        world: &'a World,
        body: u32,
        settings: &CharacterSettings,
        candidates: Vec<u32>,
    ) -> CharacterSurroundings<'a> {
        let owner = world.body(body);
        let slot = owner
            .shapes
            .iter(world.state.shapes.as_ref())
            .next()
            .expect("a character's body has its shape");
        let shape = world.shape(slot);
        CharacterSurroundings {
            world,
            body,
            collider: shape.collider,
            rotation: owner.xf.q,
            shape,
            skin: settings.skin,
            one_way_platforms: settings.one_way_platforms,
            drops_through: owner.drop_through,
            candidates: RefCell::new(candidates),
        }
    }

    pub fn into_candidates(self) -> Vec<u32> {
        self.candidates.into_inner()
    }

    fn placed(&self, position: Vec2) -> Transform {
        Transform {
            p: position,
            q: self.rotation,
        }
    }

    /// Shape `index` if the character at `position` may meet it.
    fn meets(&self, index: u32, position: Vec2) -> Option<&'a Shape> {
        let shape = self.world.shape(index);
        let own = &self.shape.def.filter;
        let seen = shape.body != self.body
            && !shape.def.is_sensor
            && own.should_collide(&shape.def.filter)
            && self.world.body(shape.body).enabled;
        if !seen {
            return None;
        }
        let one_sided =
            shape.def.one_way || matches!(shape.def.geometry, Geometry::ChainSegment(_));
        if shape.def.one_way && (!self.one_way_platforms || self.drops_through) {
            return None;
        }
        (!one_sided || self.in_front_of(shape, position)).then_some(shape)
    }

    /// Whether the character's centre at `position` is on the front of a one-sided
    /// `shape`.
    fn in_front_of(&self, shape: &Shape, position: Vec2) -> bool {
        let (on_line, front) = shape
            .def
            .geometry
            .front()
            .expect("one-sided shapes are lines");
        let xf = self.world.body(shape.body).xf;
        let centre = self.placed(position).apply(self.collider.centroid());
        xf.q.rotate(front).dot(centre - xf.apply(on_line)) > 0.0
    }

    /// Fills `found` with the candidates whose tree boxes overlap `area`, in slot order.
    fn candidates(&self, area: &crate::math::Aabb, found: &mut Vec<u32>) {
        found.clear();
        let filter = self.shape.def.filter.proxy_filter();
        self.world
            .state
            .broadphase
            .visit_box(area, filter, |index| {
                found.push(index);
                true
            });
        found.sort_unstable();
    }

    /// The surface of `shape` nearest the character at `position`, within `reach`.
    fn touch(&self, shape: &Shape, index: u32, position: Vec2, reach: f32) -> Option<Touch> {
        let (own, other) = (self.placed(position), self.world.body(shape.body).xf);
        let mover_first = goes_first(&self.collider, &shape.collider);
        let (manifold, sign) = if mover_first {
            (
                collide(&self.collider, own, &shape.collider, other, reach),
                -1.0,
            )
        } else {
            (
                collide(&shape.collider, other, &self.collider, own, reach),
                1.0,
            )
        };
        let origin = if mover_first { own.p } else { other.p };
        let nearest = manifold
            .points()
            .iter()
            .min_by(|a, b| a.separation.total_cmp(&b.separation))?;
        // Part-way through a platform already: it lets the character on through.
        if shape.def.one_way && nearest.separation < -self.skin {
            return None;
        }
        // Shapes too small or too far out for their manifold to have a direction give
        // no plane: a plane with no normal cannot push.
        if (manifold.normal.length_squared() - 1.0).abs() > 1.0e-3 {
            return None;
        }
        Some(Touch {
            normal: sign * manifold.normal,
            separation: nearest.separation,
            point: origin + nearest.anchor_a,
            shape: self.world.state.shapes.id_of(index),
            body: self.world.state.bodies.id_of(shape.body),
            yields: self.world.body(shape.body).is_dynamic(),
        })
    }

    /// Where the character at `position`, moving by `translation`, first comes within
    /// the skin of `shape` (a fraction), if before `limit`. A surface it is within the
    /// skin of already lets it come no closer than it is (sliding along one is not
    /// stopped, stepping into one is); one it touches or overlaps, never: the planes
    /// push it out.
    fn impact(
        &self,
        shape: &Shape,
        position: Vec2,
        translation: Vec2,
        limit: f32,
    ) -> Option<(f32, Vec2, Vec2)> {
        let fixed = Core::of(&shape.collider).placed(self.world.body(shape.body).xf);
        let mut moving = Core::of(&self.collider).placed(self.placed(position));
        moving.radius += self.skin;
        let mut impact = cast_core(&moving, translation, &fixed, limit)?;
        if impact.fraction == 0.0 {
            moving.radius -= self.skin;
            let gap = core_gap(&moving, &fixed).length() - moving.radius - fixed.radius;
            if gap <= 2.0 * CAST_TOLERANCE {
                return None;
            }
            moving.radius += gap - 2.0 * CAST_TOLERANCE;
            impact = cast_core(&moving, translation, &fixed, limit)?;
        }
        (impact.fraction > 0.0).then_some((impact.fraction, impact.point, impact.normal))
    }
}

impl CharacterSurroundings<'_> {
    /// The nearest of the shapes along `sweep` that the character at `position` meets,
    /// by `hit` (the fraction, point and normal it meets a shape at, within a limit),
    /// ties going to the lower shape slot.
    fn nearest(
        &self,
        sweep: &TreeRay,
        position: Vec2,
        hit: impl Fn(&Shape, f32) -> Option<(f32, Vec2, Vec2)>,
    ) -> Option<(f32, Touch)> {
        let filter = self.shape.def.filter.proxy_filter();
        let mut best: Option<(f32, u32, Vec2, Vec2)> = None;
        self.world
            .state
            .broadphase
            .visit_ray(sweep, filter, 1.0, |index, limit| {
                let Some((fraction, point, normal)) = self
                    .meets(index, position)
                    .and_then(|shape| hit(shape, limit))
                else {
                    return RayStep::Continue(limit);
                };
                if best.is_none_or(|(f, i, ..)| fraction < f || (fraction == f && index < i)) {
                    best = Some((fraction, index, point, normal));
                }
                RayStep::Continue(fraction)
            });
        let (fraction, index, point, normal) = best?;
        let body = self.world.shape(index).body;
        let touch = Touch {
            normal,
            separation: 0.0,
            point,
            shape: self.world.state.shapes.id_of(index),
            body: self.world.state.bodies.id_of(body),
            yields: self.world.body(body).is_dynamic(),
        };
        Some((fraction, touch))
    }
}

impl Surroundings for CharacterSurroundings<'_> {
    fn touches(&self, position: Vec2, reach: f32, out: &mut Vec<Touch>) {
        let area = self.collider.aabb(self.placed(position)).grown(reach);
        let mut candidates = self.candidates.borrow_mut();
        self.candidates(&area, &mut candidates);
        for &index in candidates.iter() {
            let Some(shape) = self.meets(index, position) else {
                continue;
            };
            out.extend(self.touch(shape, index, position, reach));
        }
    }

    fn cast(&self, position: Vec2, translation: Vec2) -> (f32, Option<Touch>) {
        if translation == Vec2::ZERO {
            return (1.0, None);
        }
        let bounds = self.collider.aabb(self.placed(position)).grown(self.skin);
        let sweep = TreeRay::new(
            0.5 * (bounds.min + bounds.max),
            translation,
            0.5 * (bounds.max - bounds.min),
        );
        let nearest = self.nearest(&sweep, position, |shape, limit| {
            self.impact(shape, position, translation, limit)
        });
        match nearest {
            None => (1.0, None),
            Some((fraction, touch)) => (fraction, Some(touch)),
        }
    }

    fn ray(&self, origin: Vec2, translation: Vec2) -> Option<(f32, Touch)> {
        let sweep = TreeRay::new(origin, translation, Vec2::ZERO);
        self.nearest(&sweep, origin, |shape, limit| {
            let xf = self.world.body(shape.body).xf;
            let local = (xf.inv_apply(origin), xf.q.inv_rotate(translation));
            let hit = ray_cast(&shape.collider, local.0, local.1, limit)?;
            Some((hit.fraction, xf.apply(hit.point), xf.q.rotate(hit.normal)))
        })
    }

    fn extent(&self, direction: Vec2) -> f32 {
        let core = Core::of(&self.collider);
        let local = self.rotation.inv_rotate(direction);
        let farthest = core
            .points()
            .iter()
            .map(|p| p.dot(local))
            .fold(f32::MIN, minmax::max);
        farthest + core.radius + CAST_TOLERANCE
    }
}
