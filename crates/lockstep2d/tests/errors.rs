//! Bad input gets a clear error and leaves the world exactly as it was.

mod support;

use lockstep2d::{
    BodyDef, Capsule, Circle, Error, Geometry, JointDef, Polygon, ShapeDef, Vec2, World, WorldDef,
};
use support::*;

/// A world mid-simulation: bodies, contacts and a joint, so "unchanged" means something.
fn busy_world() -> (World, lockstep2d::BodyId) {
    let mut world = world_with_ground(&WorldDef::default(), 0.5);
    let a = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let b = add_ball(&mut world, Vec2::new(0.3, 2.0), 0.4, 0.2);
    world
        .create_joint(&JointDef::revolute(a, b, Vec2::new(0.3, 1.5)))
        .unwrap();
    run(&mut world, 30);
    (world, a)
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
    assert_eq!(
        world.set_linear_velocity(body, Vec2::X).unwrap_err(),
        Error::StaleId { kind: "body" }
    );
    assert_eq!(before, format!("{world:?}"));

    // An id from a bigger world does not exist here.
    let (mut big, _) = busy_world();
    let foreign = (0..20)
        .map(|_| big.create_body(&BodyDef::default()).unwrap())
        .last()
        .unwrap();
    assert_rejected(
        |w, _| w.apply_torque(foreign, 1.0),
        |e| *e == Error::StaleId { kind: "body" },
    );
}
