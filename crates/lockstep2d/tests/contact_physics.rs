//! Contact physics that any rigid-body engine must get right: resting, bouncing and
//! conservation of momentum.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, Circle, Geometry, Polygon, ShapeDef, SolverSettings, Vec2, World, WorldDef,
};
use support::*;

#[test]
fn box_resting_on_ground_is_still_and_barely_sinks() {
    let def = WorldDef::default();
    let mut world = world_with_ground(&def, 0.2);
    let body = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    run(&mut world, 120);
    let speed = world.linear_velocity(body).unwrap().length();
    assert!(
        speed < 1e-3,
        "resting box still moves at {speed} m/s after 2 s"
    );
    let sink = 0.5 - world.position(body).unwrap().y;
    assert!(
        sink <= def.solver.allowed_penetration,
        "box sank {sink} m, more than the allowed penetration {}",
        def.solver.allowed_penetration
    );
}

/// A box resting off-centre on the ground touches it at its two bottom corners: the
/// contact's world points lie there, whichever body is A.
#[test]
fn a_resting_box_touches_the_ground_at_its_bottom_corners() {
    let mut world = world_with_ground(&WorldDef::default(), 0.2);
    add_box(&mut world, Vec2::new(3.0, 0.5), 0.5, 1.0);
    run(&mut world, 120);
    let contact = world.contacts().next().expect("the box touches the ground");
    let mut points: Vec<Vec2> = contact.world_points().collect();
    points.sort_by(|p, q| p.x.total_cmp(&q.x));
    assert_eq!(points.len(), 2);
    for (point, corner_x) in points.iter().zip([2.5, 3.5]) {
        assert!(
            (point.x - corner_x).abs() < 0.01 && point.y.abs() < 0.01,
            "a contact point at {point}, not at the corner ({corner_x}, 0)"
        );
    }
}

/// Drops a ball from `height` (gap between ball bottom and ground) and returns the
/// highest gap it reaches after its first bounce.
fn rebound_height(restitution: f32, height: f32) -> f32 {
    let mut world = world_with_ground(&WorldDef::default(), 0.2);
    let radius = 0.25;
    let ball = add_ball(
        &mut world,
        Vec2::new(0.0, radius + height),
        radius,
        restitution,
    );
    let mut bounced = false;
    let mut apex = 0.0f32;
    for _ in 0..600 {
        world.step(DT).unwrap();
        let vy = world.linear_velocity(ball).unwrap().y;
        let gap = world.position(ball).unwrap().y - radius;
        if !bounced && vy > 0.0 {
            bounced = true;
        }
        if bounced {
            apex = minmax::max(apex, gap);
            if vy < 0.0 {
                break;
            }
        }
    }
    apex
}

#[test]
fn ball_rebounds_to_e_squared_h() {
    for (e, h) in [(0.5f32, 4.0f32), (0.8, 4.0), (0.9, 8.0)] {
        let expected = e * e * h;
        let apex = rebound_height(e, h);
        let error = (apex - expected).abs() / expected;
        assert!(
            error < 0.05,
            "e = {e}, h = {h}: rebound {apex} m, expected {expected} m ({:.1} % off)",
            100.0 * error
        );
    }
}

#[test]
fn inelastic_ball_does_not_bounce() {
    let apex = rebound_height(0.0, 4.0);
    assert!(apex < 0.01, "a ball with restitution 0 rebounded {apex} m");
}

fn momentum(world: &World) -> Vec2 {
    world
        .body_ids()
        .map(|b| world.mass(b).unwrap() * world.linear_velocity(b).unwrap())
        .sum()
}

#[test]
fn collision_in_zero_gravity_conserves_linear_momentum() {
    let def = WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let boxy = world
        .create_body(
            &BodyDef::dynamic(Vec2::new(-3.0, 0.2)).with_velocity(Vec2::new(4.0, 0.0), 1.0),
        )
        .unwrap();
    let box_shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.3).unwrap()))
        .with_density(2.0)
        .with_restitution(0.3);
    world.create_shape(boxy, &box_shape).unwrap();
    let ball = world
        .create_body(
            &BodyDef::dynamic(Vec2::new(2.0, 0.0)).with_velocity(Vec2::new(-1.0, 0.5), 0.0),
        )
        .unwrap();
    let ball_shape = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.6,
    }));
    world.create_shape(ball, &ball_shape).unwrap();

    let before = momentum(&world);
    let ball_v0 = world.linear_velocity(ball).unwrap();
    run(&mut world, 120);
    let after = momentum(&world);
    assert_ne!(
        world.linear_velocity(ball).unwrap(),
        ball_v0,
        "the bodies never collided"
    );
    let relative = (after - before).length() / before.length();
    assert!(
        relative < 1e-4,
        "momentum changed by {relative} (relative): {before} → {after}"
    );
}

/// A thin wall (10 cm) and a small ball fired at it: at 60 Hz the ball moves up to 3 m
/// a step, thirty times the wall's thickness, yet speculative contacts stop it on the
/// near side, with either solver.
#[test]
fn fast_bodies_do_not_pass_through_thin_walls() {
    for solver in [SolverSettings::default(), SolverSettings::box2d_lite()] {
        for speed in [30.0, 100.0, 180.0] {
            let mut world = World::new(&WorldDef {
                gravity: Vec2::ZERO,
                solver,
                ..WorldDef::default()
            })
            .unwrap();
            let wall = world
                .create_body(&BodyDef::static_at(Vec2::new(5.0, 0.0)))
                .unwrap();
            let thin = Geometry::Polygon(Polygon::new_box(0.05, 2.0).unwrap());
            world.create_shape(wall, &ShapeDef::new(thin)).unwrap();
            let ball = add_ball(&mut world, Vec2::new(0.3, 0.3), 0.1, 0.0);
            world
                .set_linear_velocity(ball, Vec2::new(speed, 0.0))
                .unwrap();
            run(&mut world, 60);
            let x = world.position(ball).unwrap().x;
            assert!(
                x < 5.0 - 0.05 - 0.1 + 0.01,
                "{:?} at {speed} m/s: the ball got to x = {x}",
                solver.kind
            );
        }
    }
}
