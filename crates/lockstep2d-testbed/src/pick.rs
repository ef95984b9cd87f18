//! Which body is under a point: what the mouse grabs.

use lockstep2d::{BodyId, BodyType, Geometry, Vec2, World};

use crate::PoseFn;

/// The last-drawn dynamic body whose shapes contain the world point `p`, at the poses
/// the renderer drew (so the mouse grabs what the eye sees).
pub fn body_at(world: &World, pose: &PoseFn, p: Vec2) -> lockstep2d::Result<Option<BodyId>> {
    let mut hit = None;
    for body in world.body_ids() {
        if world.body_type(body)? != BodyType::Dynamic {
            continue;
        }
        let local = pose(body)?.inv_apply(p);
        for shape in world.body_shapes(body)? {
            if contains(&world.shape_def(shape)?.geometry, local) {
                hit = Some(body);
            }
        }
    }
    Ok(hit)
}

/// Whether a point in the body's frame is inside the geometry.
fn contains(geometry: &Geometry, p: Vec2) -> bool {
    match geometry {
        Geometry::Circle(c) => (p - c.center).length_squared() <= c.radius * c.radius,
        Geometry::Polygon(poly) => poly
            .vertices()
            .iter()
            .zip(poly.normals())
            .all(|(&v, &n)| n.dot(p - v) <= 0.0),
        Geometry::Capsule(c) => {
            let axis = c.center2 - c.center1;
            let t = ((p - c.center1).dot(axis) / axis.length_squared().max(f32::MIN_POSITIVE))
                .clamp(0.0, 1.0);
            (p - (c.center1 + t * axis)).length_squared() <= c.radius * c.radius
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, Capsule, Polygon, ShapeDef, WorldDef};

    #[test]
    fn picks_dynamic_bodies_by_their_shapes_never_static_ones() {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ground = world.create_body(&BodyDef::fixed(Vec2::ZERO)).unwrap();
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
        let pose = |b| world.transform(b);
        let along = world.transform(body).unwrap().apply(Vec2::new(0.9, 0.2));
        assert_eq!(body_at(&world, &pose, along).unwrap(), Some(body));
        let beside = world.transform(body).unwrap().apply(Vec2::new(0.0, 0.4));
        assert_eq!(body_at(&world, &pose, beside).unwrap(), None);
        assert_eq!(body_at(&world, &pose, Vec2::ZERO).unwrap(), None, "ground");
    }
}
