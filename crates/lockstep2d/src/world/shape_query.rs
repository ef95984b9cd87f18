//! Asking one shape: the same tests the world's queries make, against a shape the caller
//! names (Box2D's `b2Shape_RayCast` and `b2Shape_TestPoint`).

use super::World;
use super::query::{check_placed_geometry, check_ray};
use crate::collide::{Core, cast_core, ray_cast, touches_collider, touches_point};
use crate::error::{Result, check_finite_vec};
use crate::id::ShapeId;
use crate::math::{Transform, Vec2};
use crate::shape::Geometry;
use crate::world::RayHit;

impl World {
    /// Where the ray `origin + t · translation`, `t` in [0, 1], first meets `shape`,
    /// sensor or not. As `cast_ray` for a ray that starts inside, and for errors.
    pub fn shape_ray_cast(
        &self,
        shape: ShapeId,
        origin: Vec2,
        translation: Vec2,
    ) -> Result<Option<RayHit>> {
        let index = self.state.shapes.resolve(shape)?;
        check_ray(origin, translation)?;
        let placed = self.shape(index);
        let xf = self.body(placed.body).xf;
        let local = ray_cast(
            &placed.collider,
            xf.inv_apply(origin),
            xf.q.inv_rotate(translation),
            1.0,
        );
        Ok(local.map(|hit| {
            let (point, normal) = (xf.apply(hit.point), xf.q.rotate(hit.normal));
            self.hit(index, point, normal, hit.fraction)
        }))
    }

    /// Where `geometry`, placed by `transform` and moved along `translation`, first meets
    /// `shape`; as `cast_shape` otherwise.
    pub fn shape_cast(
        &self,
        shape: ShapeId,
        geometry: &Geometry,
        transform: Transform,
        translation: Vec2,
    ) -> Result<Option<RayHit>> {
        let index = self.state.shapes.resolve(shape)?;
        let collider = check_placed_geometry(geometry, transform)?;
        check_ray(transform.p, translation)?;
        let placed = self.shape(index);
        let fixed = Core::of(&placed.collider).placed(self.body(placed.body).xf);
        let moving = Core::of(&collider).placed(transform);
        let impact = cast_core(&moving, translation, &fixed, 1.0);
        Ok(impact.map(|i| self.hit(index, i.point, i.normal, i.fraction)))
    }

    /// Whether `shape` touches `geometry` placed by `transform`.
    pub fn shape_touches(
        &self,
        shape: ShapeId,
        geometry: &Geometry,
        transform: Transform,
    ) -> Result<bool> {
        let index = self.state.shapes.resolve(shape)?;
        let collider = check_placed_geometry(geometry, transform)?;
        let placed = self.shape(index);
        let xf = self.body(placed.body).xf;
        Ok(touches_collider(&collider, transform, &placed.collider, xf))
    }

    /// Whether `shape` touches the world point `point`.
    pub fn shape_test_point(&self, shape: ShapeId, point: Vec2) -> Result<bool> {
        let index = self.state.shapes.resolve(shape)?;
        check_finite_vec("point", point)?;
        let placed = self.shape(index);
        Ok(touches_point(
            &placed.collider,
            self.body(placed.body).xf,
            point,
        ))
    }
}
