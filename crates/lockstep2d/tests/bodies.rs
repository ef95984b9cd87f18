//! Bodies: mass properties from shapes, forces that persist until cleared, damping,
//! gravity scale, and the three body types.

use crate::support;

use lockstep2d::{
    BodyDef, BodyType, Circle, Geometry, Polygon, ShapeDef, SolverSettings, Vec2, World, WorldDef,
};
use support::DT;

fn empty_world(gravity: Vec2) -> World {
    World::new(&WorldDef {
        gravity,
        ..WorldDef::default()
    })
    .unwrap()
}

fn body_with(world: &mut World, def: BodyDef, shapes: &[ShapeDef]) -> lockstep2d::BodyId {
    let body = world.create_body(&def).unwrap();
    for s in shapes {
        world.create_shape(body, s).unwrap();
    }
    body
}

#[test]
fn mass_centre_and_inertia_come_from_the_shapes() {
    let mut world = empty_world(Vec2::ZERO);
    // Two 1×1 boxes of density 2 side by side at x = 1 and x = 2, plus a disc at x = 4.
    let boxes = [1.0f32, 2.0].map(|x| {
        let square = Polygon::new_offset_box(0.5, 0.5, Vec2::new(x, 0.0), 0.0).unwrap();
        ShapeDef::new(Geometry::Polygon(square)).with_density(2.0)
    });
    let disc = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::new(4.0, 0.0),
        radius: 0.5,
    }))
    .with_density(4.0 / std::f32::consts::PI); // mass 1
    let body = body_with(
        &mut world,
        BodyDef::dynamic(Vec2::new(10.0, 0.0)).with_angle(std::f32::consts::FRAC_PI_2),
        &[boxes[0], boxes[1], disc],
    );
    let mass = world.mass(body).unwrap();
    assert!((mass - 5.0).abs() < 1e-5, "mass {mass}");
    // Centre in body frame: (2·1 + 2·2 + 1·4) / 5 = 2; the body is turned 90°.
    let center = world.center_of_mass(body).unwrap();
    assert!(
        (center - Vec2::new(10.0, 2.0)).length() < 1e-5,
        "centre {center}"
    );
    // Each box: m(w² + h²)/12 = 1/3 plus m·d²; disc: m r²/2 plus m·d².
    let expected = (1.0 / 3.0 + 2.0 * 1.0) + (1.0 / 3.0 + 0.0) + (0.125 + 1.0 * 4.0);
    let inertia = world.inertia(body).unwrap();
    assert!(
        (inertia - expected).abs() < 1e-4,
        "inertia {inertia}, expected {expected}"
    );
}

#[test]
fn forces_persist_until_cleared() {
    let mut world = empty_world(Vec2::ZERO);
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    let body = body_with(&mut world, BodyDef::dynamic(Vec2::ZERO), &[square]);
    let m = world.mass(body).unwrap();
    let force = Vec2::new(3.0, -1.0);
    world.apply_force_to_center(body, force).unwrap();
    world.apply_torque(body, 0.5).unwrap();
    support::run(&mut world, 3);
    let dv = world.linear_velocity(body).unwrap();
    let expected = force / m * 3.0 * DT;
    assert!(
        (dv - expected).length() < 1e-6,
        "Δv {dv}, expected {expected}"
    );
    let dw = world.angular_velocity(body).unwrap();
    let expected_w = 0.5 / world.inertia(body).unwrap() * 3.0 * DT;
    assert!(
        (dw - expected_w).abs() < 1e-5,
        "Δw {dw}, expected {expected_w}"
    );

    world.clear_forces();
    support::run(&mut world, 5);
    assert_eq!(
        world.linear_velocity(body).unwrap(),
        dv,
        "cleared force still acts"
    );
}

#[test]
fn off_centre_force_also_turns_the_body() {
    let mut world = empty_world(Vec2::ZERO);
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    let body = body_with(&mut world, BodyDef::dynamic(Vec2::ZERO), &[square]);
    // Pushing up on the right edge: torque = 0.5 · 2 = 1 N·m, counter-clockwise.
    world
        .apply_force(body, Vec2::new(0.0, 2.0), Vec2::new(0.5, 0.0))
        .unwrap();
    world.step(DT).unwrap();
    let expected = 1.0 / world.inertia(body).unwrap() * DT;
    assert!((world.angular_velocity(body).unwrap() - expected).abs() < 1e-5);
}

/// Damping and gravity under each solver: PGS integrates once per step, the soft step
/// once per substep, so `n` integrations of `h` make up the 60 steps. A free body falls
/// on the parabola in the soft step (the leapfrog) and by semi-implicit Euler in PGS.
#[test]
fn gravity_scale_and_damping() {
    let soft = SolverSettings::default();
    check_gravity_scale_and_damping(soft, soft.substeps, Flight::Parabola);
    check_gravity_scale_and_damping(SolverSettings::box2d_lite(), 1, Flight::SemiImplicit);
}

/// How a free body falls.
enum Flight {
    /// y = ½·g·t².
    Parabola,
    /// y = g·h²·n(n+1)/2: g·h·t/2 further.
    SemiImplicit,
}

fn check_gravity_scale_and_damping(solver: SolverSettings, substeps: u32, flight: Flight) {
    let mut world = World::new(&WorldDef {
        solver,
        ..WorldDef::default()
    })
    .unwrap();
    let (h, n) = (DT / substeps as f32, 60 * substeps as i32);
    let disc = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.5,
    }));
    let floating = BodyDef {
        gravity_scale: 0.0,
        ..BodyDef::dynamic(Vec2::ZERO)
    };
    let floater = body_with(&mut world, floating, &[disc]);
    let damped_def = BodyDef {
        gravity_scale: 0.0,
        linear_damping: 2.0,
        angular_damping: 1.0,
        ..BodyDef::dynamic(Vec2::new(5.0, 0.0)).with_velocity(Vec2::new(1.0, 0.0), 3.0)
    };
    let damped = body_with(&mut world, damped_def, &[disc]);
    let double = BodyDef {
        gravity_scale: 2.0,
        ..BodyDef::dynamic(Vec2::new(-5.0, 0.0))
    };
    let heavy = body_with(&mut world, double, &[disc]);
    support::run(&mut world, 60);

    assert_eq!(world.position(floater).unwrap(), Vec2::ZERO);
    // Each integration multiplies by 1 / (1 + h·c).
    let v = world.linear_velocity(damped).unwrap().x;
    let expected = (1.0 / (1.0 + h * 2.0)).powi(n);
    assert!(
        (v - expected).abs() < 1e-4,
        "damped speed {v}, expected {expected}"
    );
    let w = world.angular_velocity(damped).unwrap();
    let expected_w = 3.0 * (1.0 / (1.0 + h)).powi(n);
    assert!((w - expected_w).abs() < 1e-4);
    // v = g·t either way.
    let vy = world.linear_velocity(heavy).unwrap().y;
    assert!((vy + 20.0).abs() < 1e-3, "vy {vy}");
    let y = world.position(heavy).unwrap().y;
    let expected_y = match flight {
        Flight::Parabola => -0.5 * 20.0 * (h * n as f32).powi(2),
        Flight::SemiImplicit => -20.0 * h * h * (n * (n + 1)) as f32 / 2.0,
    };
    assert!(
        (y - expected_y).abs() < 1e-3,
        "y {y}, expected {expected_y}"
    );
}

#[test]
fn kinematic_bodies_follow_their_velocity_and_static_bodies_stay() {
    let mut world = empty_world(Vec2::new(0.0, -10.0));
    let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
    let kinematic = BodyDef {
        body_type: BodyType::Kinematic,
        ..BodyDef::default().with_velocity(Vec2::new(2.0, 0.0), 1.0)
    };
    let mover = body_with(&mut world, kinematic, &[square]);
    let wall = body_with(
        &mut world,
        BodyDef::static_at(Vec2::new(1.0, 0.0)),
        &[square],
    );
    world
        .apply_force_to_center(mover, Vec2::new(100.0, 0.0))
        .unwrap();
    support::run(&mut world, 60);
    let p = world.position(mover).unwrap();
    assert!(
        (p - Vec2::new(2.0, 0.0)).length() < 1e-4,
        "kinematic at {p}"
    );
    assert!((world.angle(mover).unwrap() - 1.0).abs() < 1e-4);
    assert_eq!(world.position(wall).unwrap(), Vec2::new(1.0, 0.0));
    assert!(world.set_linear_velocity(wall, Vec2::X).is_err());
}
