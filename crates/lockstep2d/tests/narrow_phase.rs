//! Every pair of shape kinds makes contact where geometry says, with the right normal
//! and depth; feature ids stay put while the same features touch.

use crate::support;

use lockstep2d::{
    BodyDef, BodyId, Capsule, Circle, Geometry, Manifold, Polygon, ShapeDef, SolverSettings, Vec2,
    World, WorldDef,
};

fn circle(radius: f32) -> Geometry {
    Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius,
    })
}

fn capsule(half_length: f32, radius: f32) -> Geometry {
    Geometry::Capsule(Capsule {
        center1: Vec2::new(-half_length, 0.0),
        center2: Vec2::new(half_length, 0.0),
        radius,
    })
}

fn square(half: f32) -> Geometry {
    Geometry::Polygon(Polygon::new_box(half, half).unwrap())
}

fn hexagon(radius: f32) -> Geometry {
    let points: Vec<Vec2> = (0..6)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 6.0;
            radius * Vec2::new(lockstep2d::math::cos(a), lockstep2d::math::sin(a))
        })
        .collect();
    Geometry::Polygon(Polygon::new(&points).unwrap())
}

/// Places `lower` at the origin and `upper` at `(x, y)` (both static-free, no gravity),
/// runs the narrow phase by stepping once with a tiny dt, and returns the manifold.
fn contact(lower: Geometry, upper: Geometry, at: Vec2, angle: f32) -> Option<Manifold> {
    let def = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let add = |world: &mut World, g: Geometry, p: Vec2, a: f32| -> BodyId {
        let body = world
            .create_body(&BodyDef::dynamic(p).with_angle(a))
            .unwrap();
        world.create_shape(body, &ShapeDef::new(g)).unwrap();
        body
    };
    add(&mut world, lower, Vec2::ZERO, 0.0);
    add(&mut world, upper, at, angle);
    world.step(1e-6).unwrap();
    world.contacts().next().map(|c| *c.manifold)
}

/// Asserts one contact with a vertical normal (either sign: the pair order is the
/// engine's) and the given depth at every point.
fn assert_vertical_contact(m: Option<Manifold>, separation: f32, points: usize, what: &str) {
    let m = m.unwrap_or_else(|| panic!("{what}: no contact"));
    assert_eq!(m.points().len(), points, "{what}: point count");
    assert!(
        (m.normal.x).abs() < 1e-4 && (m.normal.y.abs() - 1.0).abs() < 1e-4,
        "{what}: normal {:?}",
        m.normal
    );
    for p in m.points() {
        assert!(
            (p.separation - separation).abs() < 2e-4,
            "{what}: separation {} expected {separation}",
            p.separation
        );
    }
}

#[test]
fn every_pair_of_shape_kinds_collides() {
    let overlap = -0.05;
    // (lower, upper, centre height of upper that gives `overlap`, expected points)
    let cases = [
        ("circle-circle", circle(0.5), circle(0.25), 0.75, 1),
        ("box-circle", square(0.5), circle(0.25), 0.75, 1),
        ("circle-box", circle(0.5), square(0.25), 0.75, 1),
        ("box-box", square(0.5), square(0.25), 0.75, 2),
        (
            "polygon-box",
            hexagon(0.5),
            square(0.25),
            0.5 * 3f32.sqrt() / 2.0 + 0.25,
            2,
        ),
        ("capsule-circle", capsule(0.5, 0.2), circle(0.3), 0.5, 1),
        (
            "capsule-capsule",
            capsule(0.5, 0.2),
            capsule(0.3, 0.1),
            0.3,
            2,
        ),
        ("capsule-box", capsule(0.5, 0.2), square(0.25), 0.45, 2),
        ("box-capsule", square(0.5), capsule(0.3, 0.1), 0.6, 2),
    ];
    for (what, lower, upper, height, points) in cases {
        // Off-centre, so clipping is exercised; two discs only meet head-on vertically.
        let x = if what == "circle-circle" { 0.0 } else { 0.05 };
        let m = contact(lower, upper, Vec2::new(x, height + overlap), 0.0);
        assert_vertical_contact(m, overlap, points, what);
    }
}

#[test]
fn shapes_apart_by_more_than_the_margin_do_not_touch() {
    for (lower, upper) in [
        (square(0.5), square(0.5)),
        (circle(0.5), square(0.5)),
        (capsule(0.5, 0.2), capsule(0.5, 0.2)),
    ] {
        assert!(contact(lower, upper, Vec2::new(0.0, 1.5), 0.0).is_none());
    }
}

#[test]
fn box_corner_on_capsule_side_gets_a_single_deep_point() {
    // A square turned 45°: its lowest corner is 0.25·√2 below its centre.
    let corner_depth = 0.25 * 2f32.sqrt();
    let at = Vec2::new(0.1, 0.2 + corner_depth - 0.03);
    let m = contact(
        capsule(0.5, 0.2),
        square(0.25),
        at,
        std::f32::consts::FRAC_PI_4,
    )
    .unwrap();
    assert_eq!(m.point_count, 1);
    assert!((m.points[0].separation + 0.03).abs() < 1e-4);
}

#[test]
fn feature_ids_stay_while_a_box_slides_on_the_ground() {
    let mut world = support::world_with_ground(&WorldDef::default(), 0.0);
    let body = support::add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    world
        .set_linear_velocity(body, Vec2::new(3.0, 0.0))
        .unwrap();
    let ids = |world: &World| -> Vec<u32> {
        let c = world.contacts().next().expect("box touches the ground");
        c.manifold.points().iter().map(|p| p.id).collect()
    };
    support::run(&mut world, 2);
    let first = ids(&world);
    assert_eq!(first.len(), 2);
    for _ in 0..60 {
        world.step(support::DT).unwrap();
        assert_eq!(ids(&world), first, "feature ids changed while sliding");
    }
    assert!(
        world.position(body).unwrap().x > 2.5,
        "the box did not slide"
    );
}

#[test]
fn warm_starting_carries_the_resting_impulse() {
    let soft = SolverSettings::default();
    check_resting_impulse(soft, soft.substeps);
    check_resting_impulse(SolverSettings::box2d_lite(), 1);
}

/// At rest, the two points together carry the weight over one solve: Σ Pn = m·g·h, with
/// h the step for PGS and the substep for the soft step.
fn check_resting_impulse(solver: SolverSettings, substeps: u32) {
    let def = WorldDef {
        solver,
        ..WorldDef::default()
    };
    let mut world = support::world_with_ground(&def, 0.6);
    let body = support::add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 2.0);
    support::run(&mut world, 120);
    let c = world.contacts().next().unwrap();
    let total: f32 = c.manifold.points().iter().map(|p| p.normal_impulse).sum();
    let weight_impulse = world.mass(body).unwrap() * 10.0 * support::DT / substeps as f32;
    assert!(
        (total - weight_impulse).abs() / weight_impulse < 0.01,
        "stored impulse {total}, weight × dt {weight_impulse}"
    );
}
