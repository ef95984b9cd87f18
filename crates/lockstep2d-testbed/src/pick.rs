//! Which body is under a point: what the mouse grabs.

use lockstep2d::{BodyId, BodyType, QueryFilter, Vec2, World};

/// The dynamic body with a shape touching the world point `p` (the last made, drawn on
/// top, when several do), asked of the world with `overlap_point`. It looks at the
/// world's poses, which differ from the drawn, smoothed ones by less than one step.
pub fn body_at(world: &World, p: Vec2) -> lockstep2d::Result<Option<BodyId>> {
    let mut hit = None;
    for shape in world.overlap_point(p, &QueryFilter::default())? {
        let body = world.shape_body(shape)?;
        if world.body_type(body)? == BodyType::Dynamic {
            hit = Some(hit.map_or(body, |h: BodyId| h.max(body)));
        }
    }
    Ok(hit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, Capsule, Geometry, Polygon, ShapeDef, WorldDef};

    #[test]
    fn picks_dynamic_bodies_by_their_shapes_never_static_ones() {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
        let floor = Geometry::Polygon(Polygon::new_box(10.0, 1.0).unwrap());
        world.create_shape(ground, &ShapeDef::new(floor)).unwrap();
        let body = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, 3.0)).with_angle(0.5))
            .unwrap();
        let capsule = Capsule {
            center1: Vec2::new(-1.0, 0.0),
            center2: Vec2::new(1.0, 0.0),
            radius: 0.25,
        };
        world
            .create_shape(body, &ShapeDef::new(Geometry::Capsule(capsule)))
            .unwrap();
        let along = world.transform(body).unwrap().apply(Vec2::new(0.9, 0.2));
        assert_eq!(body_at(&world, along).unwrap(), Some(body));
        let beside = world.transform(body).unwrap().apply(Vec2::new(0.0, 0.4));
        assert_eq!(body_at(&world, beside).unwrap(), None);
        assert_eq!(body_at(&world, Vec2::ZERO).unwrap(), None, "ground");
    }
}
