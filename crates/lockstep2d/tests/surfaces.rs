//! Surface materials: conveyor belts (tangent speed) and rolling resistance.

use crate::support;

use lockstep2d::{
    BodyDef, ChainDef, Circle, Geometry, Polygon, ShapeDef, SolidSide, SolverKind, SurfaceMaterial,
    Vec2, World, WorldDef,
};
use support::{DT, run};

fn gravity() -> f32 {
    WorldDef::default().gravity.y.abs()
}

/// A 1 m box dropped on a belt whose surface runs at 2 m/s is carried at 2 m/s.
#[test]
fn a_conveyor_brings_a_resting_box_to_its_speed() {
    for (as_chain, kind) in [
        (false, SolverKind::Soft),
        (true, SolverKind::Soft),
        (false, SolverKind::Pgs),
    ] {
        let mut def = WorldDef::default();
        def.solver.kind = kind;
        let mut world = World::new(&def).unwrap();
        let belt = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
        if as_chain {
            // Right to left, so the front faces up; clockwise round its solid side is
            // to the right along the top.
            let points = vec![Vec2::new(40.0, 0.0), Vec2::new(-40.0, 0.0)];
            let material = SurfaceMaterial {
                tangent_speed: 2.0,
                ..SurfaceMaterial::default()
            };
            world
                .create_chain(
                    belt,
                    &ChainDef::open(points, SolidSide::Above).with_material(material),
                )
                .unwrap();
        } else {
            let slab = Polygon::new_offset_box(40.0, 0.5, Vec2::new(0.0, -0.5), 0.0).unwrap();
            let def = ShapeDef::new(Geometry::Polygon(slab)).with_tangent_speed(2.0);
            world.create_shape(belt, &def).unwrap();
        }
        let body = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, 0.5)))
            .unwrap();
        let square = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
        world.create_shape(body, &square).unwrap();
        run(&mut world, 120);
        let v = world.linear_velocity(body).unwrap();
        assert!(
            (v.x - 2.0).abs() < 0.02 && v.y.abs() < 0.01,
            "chain {as_chain}, {kind:?}: the box moves at {v:?}"
        );
    }
}

/// Box2D's rolling resistance c on a disc of radius r resists rolling with a torque of
/// at most c·r·N. For a disc rolling without slipping on flat ground (I = m r²/2) the
/// friction force f and that torque give m·a = −f and I·a/r = f·r − c·r·m·g, so
/// a = −⅔·c·g, and a disc rolling at v stops after 3v² / (4·c·g): 24 m from 4 m/s at
/// c = 0.05 under 10 m/s².
#[test]
fn rolling_resistance_stops_a_rolling_disc_where_the_model_says() {
    for kind in [SolverKind::Soft, SolverKind::Pgs] {
        let (speed, resistance, radius) = (4.0, 0.05, 0.5);
        let mut def = WorldDef::default();
        def.solver.kind = kind;
        let mut world = support::world_with_ground(&def, 0.6);
        let start = Vec2::new(-40.0, radius);
        let rolling = BodyDef::dynamic(start).with_velocity(Vec2::new(speed, 0.0), -speed / radius);
        let disc = world.create_body(&rolling).unwrap();
        let circle = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius,
        });
        let shape = ShapeDef::new(circle).with_rolling_resistance(resistance);
        world.create_shape(disc, &shape).unwrap();
        let mut steps = 0;
        while world.linear_velocity(disc).unwrap().x > 0.01 && steps < 1200 {
            world.step(DT).unwrap();
            steps += 1;
        }
        let travelled = world.position(disc).unwrap().x - start.x;
        let predicted = 3.0 * speed * speed / (4.0 * resistance * gravity());
        let error = (travelled - predicted).abs() / predicted;
        assert!(
            error < 0.02,
            "{kind:?}: stopped after {travelled} m, the model says {predicted} m"
        );
        run(&mut world, 60);
        let spin = world.angular_velocity(disc).unwrap();
        assert!(spin.abs() < 0.01, "{kind:?}: still turning at {spin} rad/s");
    }
}

/// Without rolling resistance the same disc rolls on (it loses nothing to friction).
#[test]
fn a_disc_without_rolling_resistance_keeps_rolling() {
    let mut world = support::world_with_ground(&WorldDef::default(), 0.6);
    let rolling = BodyDef::dynamic(Vec2::new(-40.0, 0.5)).with_velocity(Vec2::new(4.0, 0.0), -8.0);
    let disc = world.create_body(&rolling).unwrap();
    world.create_shape(disc, &ShapeDef::circle(0.5)).unwrap();
    run(&mut world, 300);
    let v = world.linear_velocity(disc).unwrap().x;
    assert!((v - 4.0).abs() < 0.02, "rolled on at {v} m/s");
}

/// Two belts at the fastest speed the API takes, touching: their contact's speed is
/// held to that limit too, so the state saves and loads.
#[test]
fn the_fastest_belts_touching_save_and_load() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let belt = ShapeDef::new_box(2.0, 0.5)
        .unwrap()
        .with_tangent_speed(lockstep2d::MAX_SPEED);
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    world.create_shape(ground, &belt).unwrap();
    let top = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, 1.0)))
        .unwrap();
    world.create_shape(top, &belt).unwrap();
    run(&mut world, 3);
    assert!(world.contacts().count() > 0);
    let bytes = world.snapshot().to_bytes();
    assert!(lockstep2d::Snapshot::from_bytes(&bytes).is_ok());
}
