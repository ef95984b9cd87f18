//! Asking the world: ray casts, shape casts and overlap tests, answered from the broad
//! phase's trees and then each candidate's exact geometry.
//!
//! Every query reads the world as the last step left it and changes nothing, so a world
//! shared between threads can be asked from all of them at once. Answers are the same
//! bits on every run: the trees are part of the simulation state, ties between equally
//! near hits go to the lower shape slot, and overlap lists come in shape slot order.

use super::World;
use crate::body::Body;
use crate::broadphase::{ProxyFilter, RayStep, TreeRay};
use crate::collide::{
    Core, LocalHit, Motion, cast_core, cast_motion, ray_cast, touches_box, touches_collider,
    touches_point,
};
use crate::error::{Error, Result, check_finite, check_finite_vec, check_positive};
use crate::id::{BodyId, ShapeId};
use crate::limits::{check_point, check_speed, check_velocity};
use crate::math::{Aabb, Transform, Vec2};
use crate::shape::{Collider, Geometry, Shape};

/// Which shapes a query sees: those in a category its mask takes whose own mask takes
/// one of its categories (Box2D's rule), not on `skip_body`, and sensors only if asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryFilter {
    /// The categories the query counts as: a shape whose mask takes none does not see it.
    pub category_bits: u64,
    /// The categories the query sees.
    pub mask_bits: u64,
    /// A body whose shapes are skipped: the caster's own, say.
    pub skip_body: Option<BodyId>,
    /// Whether sensor shapes are seen.
    pub include_sensors: bool,
}

impl Default for QueryFilter {
    /// Sees every shape that is not a sensor.
    fn default() -> Self {
        QueryFilter {
            category_bits: u64::MAX,
            mask_bits: u64::MAX,
            skip_body: None,
            include_sensors: false,
        }
    }
}

impl QueryFilter {
    /// The same filter, skipping `body`'s shapes.
    pub fn skipping(self, body: BodyId) -> QueryFilter {
        QueryFilter {
            skip_body: Some(body),
            ..self
        }
    }

    /// The same filter, seeing only the categories in `mask_bits`.
    pub fn with_mask(self, mask_bits: u64) -> QueryFilter {
        QueryFilter { mask_bits, ..self }
    }

    /// The same filter, seeing sensors too.
    pub fn with_sensors(self) -> QueryFilter {
        QueryFilter {
            include_sensors: true,
            ..self
        }
    }
}

/// What a ray or a shape cast hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// The shape hit.
    pub shape: ShapeId,
    /// The body of that shape.
    pub body: BodyId,
    /// On the hit shape's surface (world). For a ray that starts inside the shape, the
    /// ray's origin.
    pub point: Vec2,
    /// The hit shape's outward unit normal at `point`; zero for a ray that starts inside
    /// it, or a cast shape that starts overlapping it.
    pub normal: Vec2,
    /// How far along the translation, from 0 to 1.
    pub fraction: f32,
}

/// The order a ray walk meets shapes in. A visitor that steers the cast sees them in
/// the binary trees' order, a function of the world's state alone; a query that keeps
/// the nearest hit answers the same in any order, so it may take the faster walk.
#[derive(Clone, Copy)]
enum Order {
    Fixed,
    Any,
}

/// A query's filter resolved against the world: what the tree walk and each leaf test.
struct Seen {
    proxy: ProxyFilter,
    filter: QueryFilter,
    skip_body: Option<u32>,
}

impl World {
    /// Casts the ray `origin + t · translation`, `t` in [0, 1], and calls `visitor` with
    /// each shape it hits, in an order fixed by the world's state (not by distance). What
    /// the visitor returns steers the cast, as in Box2D: a negative number ignores the
    /// hit, 0 stops the cast, the hit's fraction clips the ray there (so only nearer
    /// hits follow), and 1 goes on unclipped.
    ///
    /// A ray that starts inside a shape hits it at fraction 0 with a zero normal. Fails
    /// for a non-finite or zero `translation`, a non-finite `origin` or a stale
    /// `skip_body`.
    pub fn cast_ray(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
        mut visitor: impl FnMut(&RayHit) -> f32,
    ) -> Result<()> {
        let seen = self.check_cast(origin, translation, filter)?;
        self.walk_ray(
            &seen,
            origin,
            translation,
            Order::Fixed,
            |hit, limit| match visitor(hit) {
                v if v < 0.0 => RayStep::Continue(limit),
                0.0 => RayStep::Stop,
                v if v < limit => RayStep::Continue(v),
                _ => RayStep::Continue(limit),
            },
        );
        Ok(())
    }

    /// The nearest shape the ray `origin + t · translation`, `t` in [0, 1], hits. See
    /// `cast_ray` for rays that start inside a shape and for errors.
    pub fn cast_ray_closest(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Result<Option<RayHit>> {
        let seen = self.check_cast(origin, translation, filter)?;
        let mut closest: Option<RayHit> = None;
        // Clipped at each hit but never stopped, not even at fraction 0: another shape
        // at the same fraction in a lower slot must still be seen.
        self.walk_ray(&seen, origin, translation, Order::Any, |hit, _| {
            if nearer(hit, closest.as_ref()) {
                closest = Some(*hit);
            }
            RayStep::Continue(hit.fraction)
        });
        Ok(closest)
    }

    /// Walks the trees along the ray, calling `step` with each seen shape's hit and the
    /// current limit, in the binary trees' order or any.
    fn walk_ray(
        &self,
        seen: &Seen,
        origin: Vec2,
        translation: Vec2,
        order: Order,
        mut step: impl FnMut(&RayHit, f32) -> RayStep,
    ) {
        let ray = TreeRay::new(origin, translation, Vec2::ZERO);
        let leaf = |index, limit| match self.ray_hit(seen, index, origin, translation, limit) {
            Some(hit) => step(&hit, limit),
            None => RayStep::Continue(limit),
        };
        let broadphase = &self.state.broadphase;
        match order {
            Order::Fixed => broadphase.visit_ray(&ray, seen.proxy, 1.0, leaf),
            Order::Any => broadphase.query_ray(&ray, seen.proxy, 1.0, leaf),
        }
    }

    /// Every shape the ray `origin + t · translation`, `t` in [0, 1], hits, nearest first
    /// (ties by shape slot). As `cast_ray` for rays from inside and for errors.
    pub fn cast_ray_all(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Result<Vec<RayHit>> {
        let mut hits = Vec::new();
        self.cast_ray(origin, translation, filter, |hit| {
            hits.push(*hit);
            1.0
        })?;
        hits.sort_by(|a, b| (a.fraction.total_cmp(&b.fraction)).then(a.shape.cmp(&b.shape)));
        Ok(hits)
    }

    /// Moves `geometry`, placed by `transform`, along `translation` and returns the first
    /// shape it meets: the fraction of the translation it can move before touching (it
    /// stops short by at most a quarter of the linear slop, never past the surface), the
    /// point on the hit shape and that shape's normal there. A shape it touches where it
    /// starts is met at fraction 0.
    pub fn cast_shape(
        &self,
        geometry: &Geometry,
        transform: Transform,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Result<Option<RayHit>> {
        let collider = check_placed_geometry(geometry, transform)?;
        let seen = self.check_cast(transform.p, translation, filter)?;
        let bounds = collider.aabb(transform);
        let sweep = TreeRay::new(
            0.5 * (bounds.min + bounds.max),
            translation,
            0.5 * (bounds.max - bounds.min),
        );
        let moving = Core::of(&collider).placed(transform);
        let mut closest: Option<RayHit> = None;
        self.state
            .broadphase
            .query_ray(&sweep, seen.proxy, 1.0, |index, limit| {
                let Some((shape, body)) = self.seen_shape(&seen, index) else {
                    return RayStep::Continue(limit);
                };
                let fixed = Core::of(&shape.collider).placed(body.xf);
                let Some(impact) = cast_core(&moving, translation, &fixed, limit) else {
                    return RayStep::Continue(limit);
                };
                let hit = self.hit(index, impact.point, impact.normal, impact.fraction);
                if nearer(&hit, closest.as_ref()) {
                    closest = Some(hit);
                }
                RayStep::Continue(impact.fraction)
            });
        Ok(closest)
    }

    /// Carries `geometry` from `start` at a steady `velocity` (m/s) and
    /// `angular_velocity` (rad/s, about `start`'s origin) for up to `duration` seconds
    /// and returns the first shape it meets: the hit's `fraction` is the time of impact
    /// over `duration`, the point and normal as `cast_shape` gives them. The shape
    /// stops short of the surface by at most a quarter of the linear slop, never past
    /// it, however fast it turns; a shape it touches where it starts is met at 0.
    /// Without spin it is `cast_shape` along `duration · velocity`, to the bit. Fails
    /// for invalid geometry or pose (as `cast_shape`), a velocity or spin past
    /// `MAX_SPEED`, a duration that is not positive, or a travel past `MAX_COORDINATE`.
    pub fn cast_shape_motion(
        &self,
        geometry: &Geometry,
        start: Transform,
        velocity: Vec2,
        angular_velocity: f32,
        duration: f32,
        filter: &QueryFilter,
    ) -> Result<Option<RayHit>> {
        let collider = check_placed_geometry(geometry, start)?;
        check_velocity("velocity", velocity)?;
        check_speed("angular_velocity", angular_velocity)?;
        check_positive("duration", duration)?;
        check_point("velocity", duration * velocity)?;
        let seen = self.resolve_filter(filter)?;
        let moving = Core::of(&collider);
        let reach = moving.radius
            + moving
                .points()
                .iter()
                .map(|p| p.length())
                .fold(0.0, crate::minmax::max);
        let end = start.p + duration * velocity;
        let swept = Aabb {
            min: crate::minmax::min_vec2(start.p, end) - Vec2::splat(reach),
            max: crate::minmax::max_vec2(start.p, end) + Vec2::splat(reach),
        };
        let motion = Motion {
            start,
            velocity,
            angular_velocity,
        };
        let mut closest: Option<RayHit> = None;
        self.state
            .broadphase
            .query_box(&swept, seen.proxy, |index, _| {
                let Some((shape, body)) = self.seen_shape(&seen, index) else {
                    return true;
                };
                let fixed = Core::of(&shape.collider).placed(body.xf);
                if let Some(impact) = cast_motion(&moving, &motion, &fixed, duration) {
                    let hit = self.hit(index, impact.point, impact.normal, impact.fraction);
                    if nearer(&hit, closest.as_ref()) {
                        closest = Some(hit);
                    }
                }
                true
            });
        Ok(closest)
    }

    /// The shapes that touch the world point `point`, in shape slot order. Fails for a
    /// non-finite point or a stale `skip_body`.
    pub fn overlap_point(&self, point: Vec2, filter: &QueryFilter) -> Result<Vec<ShapeId>> {
        check_finite_vec("point", point)?;
        let area = Aabb {
            min: point,
            max: point,
        };
        self.overlapping(&area, filter, |_, collider, xf| {
            touches_point(collider, xf, point)
        })
    }

    /// The shapes whose geometry (not only their bounding box) touches `aabb`, in shape
    /// slot order. Fails for a box that is not finite or whose `min` exceeds its `max`,
    /// or a stale `skip_body`.
    pub fn overlap_aabb(&self, aabb: Aabb, filter: &QueryFilter) -> Result<Vec<ShapeId>> {
        check_finite_vec("min", aabb.min)?;
        check_finite_vec("max", aabb.max)?;
        if aabb.min.x > aabb.max.x || aabb.min.y > aabb.max.y {
            return Err(Error::InvalidValue {
                field: "max",
                reason: "must be at least min on both axes",
            });
        }
        // A shape whose tree box lies inside the query box touches it: no need to read
        // its geometry to know.
        self.overlapping(&aabb, filter, |tree_box, collider, xf| {
            aabb.contains(tree_box) || touches_box(collider, xf, &aabb)
        })
    }

    /// The shapes that touch `geometry` placed by `transform`, in shape slot order.
    /// Fails for invalid geometry (as `create_shape` would), a transform that is not
    /// finite or whose rotation is not a unit one, or a stale `skip_body`.
    pub fn overlap_shape(
        &self,
        geometry: &Geometry,
        transform: Transform,
        filter: &QueryFilter,
    ) -> Result<Vec<ShapeId>> {
        let collider = check_placed_geometry(geometry, transform)?;
        let area = collider.aabb(transform);
        self.overlapping(&area, filter, |_, other, xf| {
            touches_collider(&collider, transform, other, xf)
        })
    }

    /// The seen shapes whose tree boxes overlap `area` and that `touches` (given the
    /// shape's tree box, collider and pose), in slot order.
    fn overlapping(
        &self,
        area: &Aabb,
        filter: &QueryFilter,
        touches: impl Fn(&Aabb, &Collider, Transform) -> bool,
    ) -> Result<Vec<ShapeId>> {
        let seen = self.resolve_filter(filter)?;
        // The tree's candidates first, then each one's shape in slot order: shapes made
        // together lie together, so the tests read memory in one sweep instead of
        // jumping about it in the tree's order, and the answer comes out sorted.
        // Room for a typical answer up front: growing a list costs more than the tests.
        let mut candidates = Vec::with_capacity(16);
        self.state
            .broadphase
            .query_box(area, seen.proxy, |index, tree_box| {
                candidates.push((index, *tree_box));
                true
            });
        candidates.sort_unstable_by_key(|&(index, _)| index);
        let mut found = Vec::with_capacity(candidates.len());
        found.extend(
            candidates
                .iter()
                .filter(|(index, tree_box)| {
                    self.seen_shape(&seen, *index)
                        .is_some_and(|(shape, body)| touches(tree_box, &shape.collider, body.xf))
                })
                .map(|&(index, _)| self.state.shapes.id_of::<ShapeId>(index)),
        );
        Ok(found)
    }

    /// Checks a cast's start and translation and resolves its filter.
    fn check_cast(&self, origin: Vec2, translation: Vec2, filter: &QueryFilter) -> Result<Seen> {
        check_ray(origin, translation)?;
        self.resolve_filter(filter)
    }

    fn resolve_filter(&self, filter: &QueryFilter) -> Result<Seen> {
        let skip_body = match filter.skip_body {
            Some(id) => Some(self.state.bodies.resolve(id)?),
            None => None,
        };
        Ok(Seen {
            proxy: ProxyFilter {
                category: filter.category_bits,
                mask: filter.mask_bits,
            },
            filter: *filter,
            skip_body,
        })
    }

    /// Shape `index` and its body, if the query sees it.
    fn seen_shape(&self, seen: &Seen, index: u32) -> Option<(&Shape, &Body)> {
        let shape = self.shape(index);
        let own = &shape.def.filter;
        let passes = own.category_bits & seen.filter.mask_bits != 0
            && own.mask_bits & seen.filter.category_bits != 0
            && (seen.filter.include_sensors || !shape.def.is_sensor)
            && seen.skip_body != Some(shape.body);
        passes.then(|| (shape, self.body(shape.body)))
    }

    /// The ray's hit on shape `index`, if it is seen and hit within `limit`.
    fn ray_hit(
        &self,
        seen: &Seen,
        index: u32,
        origin: Vec2,
        translation: Vec2,
        limit: f32,
    ) -> Option<RayHit> {
        let (shape, body) = self.seen_shape(seen, index)?;
        let xf = body.xf;
        let local_origin = xf.inv_apply(origin);
        let local_translation = xf.q.inv_rotate(translation);
        let LocalHit {
            point,
            normal,
            fraction,
        } = ray_cast(&shape.collider, local_origin, local_translation, limit)?;
        Some(self.hit(index, xf.apply(point), xf.q.rotate(normal), fraction))
    }

    pub(super) fn hit(&self, index: u32, point: Vec2, normal: Vec2, fraction: f32) -> RayHit {
        RayHit {
            shape: self.state.shapes.id_of(index),
            body: self.state.bodies.id_of(self.shape(index).body),
            point,
            normal,
            fraction,
        }
    }
}

/// Whether `hit` is nearer than `best`: smaller fraction, or the lower shape slot of two
/// at the same fraction, so the answer does not depend on which was visited first.
fn nearer(hit: &RayHit, best: Option<&RayHit>) -> bool {
    best.is_none_or(|b| {
        hit.fraction < b.fraction || (hit.fraction == b.fraction && hit.shape.index < b.shape.index)
    })
}

/// Checks a geometry and where a query places it; returns its collider.
pub(super) fn check_placed_geometry(geometry: &Geometry, transform: Transform) -> Result<Collider> {
    geometry.validate()?;
    check_finite_vec("transform.p", transform.p)?;
    check_finite("transform.q", transform.q.c)?;
    check_finite("transform.q", transform.q.s)?;
    let length_squared = transform.q.c * transform.q.c + transform.q.s * transform.q.s;
    if (length_squared - 1.0).abs() > 1e-3 {
        return Err(Error::InvalidValue {
            field: "transform.q",
            reason: "must be a unit rotation (Rot::from_angle)",
        });
    }
    Ok(geometry.collider())
}

/// A cast's start must be finite and its translation finite and not zero.
pub(super) fn check_ray(origin: Vec2, translation: Vec2) -> Result<()> {
    check_finite_vec("origin", origin)?;
    check_finite_vec("translation", translation)?;
    if translation == Vec2::ZERO {
        return Err(Error::InvalidValue {
            field: "translation",
            reason: "must not be zero (ask overlap_point or overlap_shape instead)",
        });
    }
    Ok(())
}
