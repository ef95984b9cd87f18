//! The built-in controllers: buoyancy (Archimedes, drag, flow) and wind (quadratic drag).

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, Buoyancy, BuoyancyDef, Circle, Geometry, Polygon, ShapeDef, SleepSettings,
    Vec2, Wind, WindDef, World, WorldDef,
};

/// A world with water (density 1) below y = 0 and no ground. Sleep is off: a raft still
/// bobbing by millimetres moves slower than the sleep speed and would freeze before the
/// depth being measured.
fn pool(def: &BuoyancyDef) -> World {
    let mut world = World::new(&WorldDef {
        sleep: SleepSettings {
            enabled: false,
            ..SleepSettings::default()
        },
        ..WorldDef::default()
    })
    .unwrap();
    world.add_controller(Box::new(Buoyancy::new(def).unwrap()));
    world
}

fn add_body(world: &mut World, position: Vec2, geometry: Geometry, density: f32) -> BodyId {
    let body = world.create_body(&BodyDef::dynamic(position)).unwrap();
    let shape = ShapeDef::new(geometry).with_density(density);
    world.create_shape(body, &shape).unwrap();
    body
}

fn disc(radius: f32) -> Geometry {
    Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius,
    })
}

fn raft(half_width: f32, half_height: f32) -> Geometry {
    Geometry::Polygon(Polygon::new_box(half_width, half_height).unwrap())
}

/// How deep a flat raft's bottom hangs below the surface at y = 0.
fn draft(world: &World, raft: BodyId, half_height: f32) -> f32 {
    half_height - world.position(raft).unwrap().y
}

#[test]
fn a_raft_floats_at_the_depth_its_density_predicts() {
    // A wide, flat raft stays flat; Archimedes: draft / height = raft density / water's.
    for density in [0.25, 0.5, 0.8] {
        let mut world = pool(&BuoyancyDef::default());
        let body = add_body(&mut world, Vec2::new(0.0, 1.0), raft(1.0, 0.25), density);
        support::run(&mut world, 900);
        let expected = density * 0.5;
        let got = draft(&world, body, 0.25);
        assert!(
            (got - expected).abs() <= 0.02 * expected,
            "density {density}: draft {got}, expected {expected}"
        );
        assert!(world.linear_velocity(body).unwrap().length() < 1e-3);
        assert!(
            world.angle(body).unwrap().abs() < 1e-3,
            "the raft stays flat"
        );
    }
}

#[test]
fn a_disc_of_half_the_water_density_floats_with_its_centre_at_the_surface() {
    let mut world = pool(&BuoyancyDef::default());
    let body = add_body(&mut world, Vec2::new(0.0, 2.0), disc(0.5), 0.5);
    support::run(&mut world, 900);
    let y = world.position(body).unwrap().y;
    assert!(y.abs() < 0.02 * 0.5, "centre at {y}");
}

#[test]
fn a_square_log_of_half_the_water_density_floats_corner_down() {
    // A square log is unstable flat for densities between about 0.21 and 0.79 of the
    // water's; at 0.5 it turns until a diagonal stands upright. This needs the lift at
    // the centroid of the wet part, not at the centre of mass.
    let mut world = pool(&BuoyancyDef::default());
    let body = add_body(&mut world, Vec2::new(0.0, 0.0), raft(0.5, 0.5), 0.5);
    world.set_angular_velocity(body, 0.2).unwrap();
    support::run(&mut world, 1800);
    let quarter = std::f32::consts::FRAC_PI_2;
    let tilt = world.angle(body).unwrap().rem_euclid(quarter);
    let degrees = tilt.to_degrees();
    assert!((degrees - 45.0).abs() < 2.0, "tilt {degrees}°");
}

#[test]
fn a_heavy_box_sinks() {
    let mut world = pool(&BuoyancyDef::default());
    let body = add_body(&mut world, Vec2::ZERO, raft(0.5, 0.5), 2.0);
    support::run(&mut world, 120);
    // Net downward force per mass: g·(1 − ρ_water/ρ_box) = 5 m/s², slowed by drag.
    let v = world.linear_velocity(body).unwrap();
    assert!(v.y < -1.0, "sinking at {v}");
}

#[test]
fn a_current_carries_a_floating_body_at_its_speed() {
    let flow = Vec2::new(1.5, 0.0);
    let mut world = pool(&BuoyancyDef {
        flow,
        ..BuoyancyDef::default()
    });
    let body = add_body(&mut world, Vec2::new(0.0, 0.5), raft(1.0, 0.25), 0.5);
    support::run(&mut world, 900);
    let v = world.linear_velocity(body).unwrap();
    assert!(
        (v - flow).length() < 0.01 * flow.length(),
        "drifting at {v}"
    );
}

#[test]
fn spin_in_water_dies_away() {
    let mut world = pool(&BuoyancyDef::default());
    let body = add_body(&mut world, Vec2::new(0.0, -3.0), disc(0.5), 1.0);
    world.set_angular_velocity(body, 10.0).unwrap();
    support::run(&mut world, 60);
    let w = world.angular_velocity(body).unwrap();
    assert!(w > 0.0 && w < 10.0 * 0.5, "spin after 1 s: {w}");
}

#[test]
fn buoyancy_and_wind_reject_bad_definitions() {
    let zero_normal = BuoyancyDef {
        normal: Vec2::ZERO,
        ..BuoyancyDef::default()
    };
    let err = Buoyancy::new(&zero_normal).unwrap_err();
    assert_eq!(err.field(), Some("normal"));
    let negative = BuoyancyDef {
        density: -1.0,
        ..BuoyancyDef::default()
    };
    assert_eq!(
        Buoyancy::new(&negative).unwrap_err().field(),
        Some("density")
    );
    let nan_wind = WindDef {
        velocity: Vec2::new(f32::NAN, 0.0),
        ..WindDef::default()
    };
    assert_eq!(Wind::new(&nan_wind).unwrap_err().field(), Some("velocity"));
}

fn windy_world(def: &WindDef, gravity: Vec2) -> World {
    let mut world = World::new(&WorldDef {
        gravity,
        ..WorldDef::default()
    })
    .unwrap();
    world.add_controller(Box::new(Wind::new(def).unwrap()));
    world
}

#[test]
fn wind_brings_a_free_body_up_to_its_own_speed_and_no_further() {
    let wind = Vec2::new(8.0, 2.0);
    let mut world = windy_world(
        &WindDef {
            velocity: wind,
            ..WindDef::default()
        },
        Vec2::ZERO,
    );
    let body = add_body(&mut world, Vec2::ZERO, raft(0.5, 0.5), 1.0);
    let mut fastest: f32 = 0.0;
    for _ in 0..1200 {
        world.step(support::DT).unwrap();
        fastest = minmax::max(fastest, world.linear_velocity(body).unwrap().length());
    }
    let v = world.linear_velocity(body).unwrap();
    assert!((v - wind).length() < 0.01 * wind.length(), "moving at {v}");
    assert!(fastest <= wind.length() * 1.0001, "overshot to {fastest}");
}

#[test]
fn a_ball_falling_through_still_air_reaches_terminal_velocity() {
    // m·g = ½·ρ·C_d·w·v²  ⇒  v = √(2·m·g / (ρ·C_d·w)), w the ball's diameter.
    let air = WindDef::default();
    let mut world = windy_world(&air, Vec2::new(0.0, -10.0));
    let radius = 0.5;
    let body = add_body(&mut world, Vec2::ZERO, disc(radius), 1.0);
    support::run(&mut world, 600);
    let mass = world.mass(body).unwrap();
    let terminal = (2.0 * mass * 10.0 / (air.density * air.drag_coefficient * 2.0 * radius)).sqrt();
    let v = world.linear_velocity(body).unwrap();
    assert!(
        (-v.y - terminal).abs() < 0.01 * terminal,
        "falling at {}, terminal {terminal}",
        -v.y
    );
}

#[test]
fn wind_turns_a_weather_vane() {
    // A heavy small ball with a light wide disc on a stalk above it: the wind pushes the
    // disc, far from the centre of mass, so the body tips downwind (clockwise) — but only
    // if each shape's push acts at that shape, not at the centre of mass.
    let mut world = windy_world(
        &WindDef {
            velocity: Vec2::new(10.0, 0.0),
            ..WindDef::default()
        },
        Vec2::ZERO,
    );
    let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    for (y, radius, density) in [(0.0, 0.1, 100.0), (1.0, 0.5, 0.01)] {
        let disc = Geometry::Circle(Circle {
            center: Vec2::new(0.0, y),
            radius,
        });
        let shape = ShapeDef::new(disc).with_density(density);
        world.create_shape(body, &shape).unwrap();
    }
    // The drag on the light disc is capped by the mass it meets there, turning included:
    // capped by the body's mass alone, it spun the vane up without bound (|w| ~ 1e17
    // within ten steps) while still happening to end clockwise.
    let mut fastest = 0.0f32;
    for _ in 0..10 {
        world.step(support::DT).unwrap();
        fastest = minmax::max(fastest, world.angular_velocity(body).unwrap().abs());
    }
    let w = world.angular_velocity(body).unwrap();
    assert!(w < -0.1, "a push high up turns it clockwise: w = {w}");
    assert!(fastest < 20.0, "the vane spun up to {fastest} rad/s");
}
