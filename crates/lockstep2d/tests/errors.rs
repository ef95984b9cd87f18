//! Bad input gets a clear error and leaves the world exactly as it was.

use crate::support;

use lockstep2d::{
    BodyDef, Capsule, Circle, Error, Geometry, JointDef, Polygon, ShapeDef, Vec2, World,
};

/// The busy world (see `support::busy_world`) and its box.
fn busy_world() -> (World, lockstep2d::BodyId) {
    let (world, box_body, _) = support::busy_world();
    (world, box_body)
}

/// Runs `call` on a busy world, checks it fails with `expected`, and checks that the
/// world (every field, by its debug form) is unchanged.
fn assert_rejected<T: std::fmt::Debug>(
    call: impl FnOnce(&mut World, lockstep2d::BodyId) -> Result<T, Error>,
    expected: impl Fn(&Error) -> bool,
) {
    let (mut world, body) = busy_world();
    let before = format!("{world:?}");
    let result = call(&mut world, body);
    match result {
        Err(e) => assert!(expected(&e), "unexpected error: {e}"),
        Ok(v) => panic!("call succeeded with {v:?}"),
    }
    assert_eq!(
        before,
        format!("{world:?}"),
        "a rejected call changed the world"
    );
}

fn is_not_finite(field: &'static str) -> impl Fn(&Error) -> bool {
    move |e| *e == Error::NotFinite { field }
}

#[test]
fn non_finite_numbers_are_rejected() {
    assert_rejected(
        |w, _| w.create_body(&BodyDef::dynamic(Vec2::new(f32::NAN, 0.0))),
        is_not_finite("position"),
    );
    assert_rejected(
        |w, b| w.apply_force(b, Vec2::new(0.0, f32::INFINITY), Vec2::ZERO),
        is_not_finite("force"),
    );
    assert_rejected(
        |w, b| w.set_transform(b, Vec2::ZERO, f32::NAN),
        is_not_finite("angle"),
    );
    assert_rejected(|w, _| w.step(f32::NAN), |e| e.field() == Some("dt"));
    assert_rejected(
        |w, b| {
            let circle = Circle {
                center: Vec2::ZERO,
                radius: f32::INFINITY,
            };
            w.create_shape(b, &ShapeDef::new(Geometry::Circle(circle)))
        },
        is_not_finite("radius"),
    );
}

#[test]
fn zero_or_negative_density_on_a_dynamic_body_is_rejected() {
    for density in [0.0, -1.0] {
        assert_rejected(
            |w, b| {
                let shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.2, 0.2).unwrap()))
                    .with_density(density);
                w.create_shape(b, &shape)
            },
            |e| e.field() == Some("density"),
        );
    }
}

#[test]
fn concave_polygon_is_rejected() {
    // An arrowhead: the vertex at (0, 0.2) points into the shape.
    let arrow = [
        Vec2::new(-1.0, 0.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(0.0, 0.2),
    ];
    assert_eq!(
        Polygon::new(&arrow).unwrap_err(),
        Error::ConcavePolygon { index: 3 }
    );
}

#[test]
fn degenerate_polygons_are_rejected() {
    let collinear = [Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)];
    assert!(matches!(
        Polygon::new(&collinear),
        Err(Error::DegeneratePolygon { .. })
    ));
    let duplicate = [Vec2::ZERO, Vec2::ZERO, Vec2::new(1.0, 1.0)];
    assert!(matches!(
        Polygon::new(&duplicate),
        Err(Error::DegeneratePolygon { .. })
    ));
    // 1 km long and 1 cm thick: its normals and mass would be noise.
    let sliver = [Vec2::ZERO, Vec2::new(1000.0, 0.0), Vec2::new(500.0, 0.01)];
    assert!(matches!(
        Polygon::new(&sliver),
        Err(Error::DegeneratePolygon { .. })
    ));
    assert!(matches!(
        Polygon::new_box(0.0, 1.0),
        Err(Error::InvalidValue {
            field: "half_width",
            ..
        })
    ));
    assert_rejected(
        |w, b| {
            let capsule = Capsule {
                center1: Vec2::ONE,
                center2: Vec2::ONE,
                radius: 0.5,
            };
            w.create_shape(b, &ShapeDef::new(Geometry::Capsule(capsule)))
        },
        |e| e.field() == Some("center2"),
    );
}

#[test]
fn too_many_vertices_are_rejected() {
    let nonagon: Vec<Vec2> = (0..9)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 9.0;
            Vec2::new(lockstep2d::math::cos(a), lockstep2d::math::sin(a))
        })
        .collect();
    assert_eq!(
        Polygon::new(&nonagon).unwrap_err(),
        Error::TooManyVertices { count: 9, max: 8 }
    );
    assert_eq!(Polygon::new(&nonagon[..8]).unwrap().vertices().len(), 8);
}

#[test]
fn joint_between_a_body_and_itself_is_rejected() {
    assert_rejected(
        |w, b| w.create_joint(&JointDef::revolute(b, b, Vec2::ZERO)),
        |e| *e == Error::JointToSelf,
    );
}

#[test]
fn stale_ids_are_rejected() {
    // A destroyed body's id stays dead even after its slot is reused.
    let (mut world, body) = busy_world();
    world.destroy_body(body).unwrap();
    let reused = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    assert_eq!(reused.index(), body.index(), "the slot should be reused");
    let before = format!("{world:?}");
    let error = world.set_linear_velocity(body, Vec2::X).unwrap_err();
    assert_eq!(
        error,
        Error::StaleId {
            kind: "body",
            index: body.index() as u32,
            generation: 0,
        }
    );
    assert_eq!(before, format!("{world:?}"));
    // The message names the id, as the id itself prints.
    assert_eq!(
        body.to_string(),
        format!("body {} (generation 0)", body.index())
    );
    assert!(
        error
            .to_string()
            .starts_with(&format!("{body}: no such body")),
        "{error}"
    );
    // What `unwrap` and a `main` returning the error print: the variant, then the message.
    assert_eq!(format!("{error:?}"), format!("StaleId: {error}"));
    let bad = world.set_gravity(Vec2::new(f32::NAN, 0.0)).unwrap_err();
    assert_eq!(
        format!("{bad:?}"),
        "NotFinite: gravity: must be a finite number"
    );

    // An id from a bigger world does not exist here.
    let (mut big, _) = busy_world();
    let foreign = (0..20)
        .map(|_| big.create_body(&BodyDef::default()).unwrap())
        .last()
        .unwrap();
    assert_rejected(
        |w, _| w.apply_torque(foreign, 1.0),
        |e| matches!(e, Error::StaleId { kind: "body", .. }),
    );
}

#[test]
fn queries_refuse_bad_rays_boxes_shapes_and_stale_bodies() {
    use lockstep2d::{Aabb, QueryFilter, Rot, Transform};
    let (mut world, body) = busy_world();
    let any = QueryFilter::default();
    let nan = Vec2::new(f32::NAN, 0.0);
    let bad_field = |r: Result<_, Error>| r.map(|_: ()| ()).unwrap_err().field();
    let closest = |w: &World, o, t| w.cast_ray_closest(o, t, &any).map(|_| ());
    assert_eq!(bad_field(closest(&world, nan, Vec2::X)), Some("origin"));
    assert_eq!(
        bad_field(closest(&world, Vec2::ZERO, nan)),
        Some("translation")
    );
    assert_eq!(
        bad_field(closest(&world, Vec2::ZERO, Vec2::ZERO)),
        Some("translation")
    );
    let inverted = Aabb {
        min: Vec2::ONE,
        max: Vec2::ZERO,
    };
    assert_eq!(
        bad_field(world.overlap_aabb(inverted, &any).map(|_| ())),
        Some("max")
    );
    assert_eq!(
        bad_field(world.overlap_point(nan, &any).map(|_| ())),
        Some("point")
    );
    let circle = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: -1.0,
    });
    let at = Transform::new(Vec2::ZERO, 0.0);
    assert_eq!(
        bad_field(world.overlap_shape(&circle, at, &any).map(|_| ())),
        Some("radius")
    );
    let unit = ShapeDef::circle(1.0).geometry;
    let skewed = Transform {
        p: Vec2::ZERO,
        q: Rot { c: 2.0, s: 0.0 },
    };
    let cast = world.cast_shape(&unit, skewed, Vec2::X, &any).map(|_| ());
    assert_eq!(bad_field(cast), Some("transform.q"));
    let gone = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    world.destroy_body(gone).unwrap();
    let stale = any.skipping(gone);
    let result = world.cast_ray_closest(Vec2::ZERO, Vec2::X, &stale);
    assert!(matches!(result, Err(Error::StaleId { .. })));
    assert!(
        world
            .cast_ray_closest(Vec2::ZERO, Vec2::X, &any.skipping(body))
            .is_ok()
    );
}

#[test]
fn new_calls_that_change_the_world_leave_it_as_it_was_on_error() {
    use lockstep2d::ExplosionDef;
    let bad_explosion = |r: f32, f: f32, i: f32| {
        move |w: &mut World, _| w.explode(&ExplosionDef::new(Vec2::ZERO, r, f, i))
    };
    assert_rejected(bad_explosion(-1.0, 0.0, 1.0), |e| {
        e.field() == Some("radius")
    });
    assert_rejected(bad_explosion(1.0, f32::NAN, 1.0), |e| {
        e.field() == Some("falloff")
    });
    assert_rejected(bad_explosion(1.0, 1.0, f32::INFINITY), |e| {
        e.field() == Some("impulse_per_length")
    });
    assert_rejected(
        |w, body| {
            let other = w.body_ids().next().unwrap();
            let mut def = JointDef::revolute(other, body, Vec2::ZERO);
            def.force_threshold = -1.0;
            w.create_joint(&def)
        },
        |e| e.field() == Some("force_threshold"),
    );
    assert_rejected(
        |w, body| {
            let mut def = JointDef::revolute(w.body_ids().next().unwrap(), body, Vec2::ZERO);
            def.torque_threshold = f32::NAN;
            w.create_joint(&def)
        },
        |e| e.field() == Some("torque_threshold"),
    );
    assert_rejected(
        |w, _| {
            let mut settings = *w.solver_settings();
            settings.max_linear_speed = 0.0;
            w.set_solver_settings(settings)
        },
        |e| e.field() == Some("max_linear_speed"),
    );
    let stale = |w: &mut World| {
        let gone = w.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
        w.destroy_body(gone).unwrap();
        gone
    };
    // A stale id is refused by each setter; creating and destroying a body first changes
    // the world, so these check the error alone.
    let mut world = busy_world().0;
    let gone = stale(&mut world);
    assert!(matches!(
        world.set_enabled(gone, false),
        Err(Error::StaleId { .. })
    ));
    assert!(matches!(
        world.set_bullet(gone, true),
        Err(Error::StaleId { .. })
    ));
    assert!(matches!(
        world.set_fixed_rotation(gone, true),
        Err(Error::StaleId { .. })
    ));
    assert!(matches!(
        world.set_body_user_data(gone, 1),
        Err(Error::StaleId { .. })
    ));
}
