//! Finite inputs that would overflow later (a mass, a force sum, a spring, a coordinate
//! squared) are refused, changing nothing; what is accepted leaves every pose and
//! velocity finite, and no static body moves.

mod support;

use lockstep2d::{
    BodyDef, BodyId, BodyType, Circle, DistanceJointDef, Error, Geometry, JointDef, JointKind,
    MAX_COEFFICIENT, MAX_MASS, MAX_SPEED, MouseJointDef, Polygon, ShapeDef, SolverSettings, Vec2,
    World,
};

/// The busy world (see `support::busy_world`) and its ball.
fn busy_world() -> (World, BodyId) {
    let (world, _, ball) = support::busy_world();
    (world, ball)
}

/// The busy world's ground.
fn ground(world: &World) -> BodyId {
    world.body_ids().next().expect("the ground comes first")
}

/// Runs `call` on a busy world: it must fail naming `field` and leave the world as it
/// was, field for field.
fn assert_refused<T: std::fmt::Debug>(
    field: &str,
    call: impl FnOnce(&mut World, BodyId) -> Result<T, Error>,
) {
    let (mut world, body) = busy_world();
    assert_refused_in(&mut world, body, field, call);
}

/// Runs `call` twice on a busy world: the first is accepted, the second must fail
/// naming `field` and leave the world as the first left it.
fn assert_second_refused<T: std::fmt::Debug>(
    field: &str,
    call: impl Fn(&mut World, BodyId) -> Result<T, Error>,
) {
    let (mut world, body) = busy_world();
    call(&mut world, body).expect("the first call is accepted");
    assert_refused_in(&mut world, body, field, call);
}

/// `call` on `world` fails naming `field` and leaves the world as it was.
fn assert_refused_in<T: std::fmt::Debug>(
    world: &mut World,
    body: BodyId,
    field: &str,
    call: impl FnOnce(&mut World, BodyId) -> Result<T, Error>,
) {
    let before = format!("{world:?}");
    match call(world, body) {
        Err(error) => assert_eq!(error.field(), Some(field), "{error}"),
        Ok(value) => panic!("accepted, giving {value:?}"),
    }
    // Compared, not printed: a world's debug form runs to tens of kilobytes.
    assert!(
        before == format!("{world:?}"),
        "a refused call changed the world"
    );
}

fn circle(radius: f32) -> ShapeDef {
    ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius,
    }))
}

/// Every body's pose and velocity finite and every static body still.
fn assert_finite(world: &World) {
    for id in world.body_ids() {
        let (p, v) = (
            world.position(id).unwrap(),
            world.linear_velocity(id).unwrap(),
        );
        let (a, w) = (
            world.angle(id).unwrap(),
            world.angular_velocity(id).unwrap(),
        );
        assert!(p.is_finite() && v.is_finite() && a.is_finite() && w.is_finite());
        if world.body_type(id).unwrap() == BodyType::Static {
            assert_eq!((v, w), (Vec2::ZERO, 0.0), "a static body moved");
        }
    }
}

#[test]
fn shapes_whose_mass_or_inertia_overflows_or_vanishes_are_refused() {
    assert_refused("radius", |w, b| w.create_shape(b, &circle(1e19)));
    assert_refused("density", |w, b| {
        w.create_shape(b, &ShapeDef::new_box(1e4, 1e4).unwrap().with_density(3e38))
    });
    assert_refused("density", |w, b| {
        w.create_shape(b, &circle(0.5).with_density(1e-45))
    });
    assert_refused("density", |w, b| {
        w.create_shape(b, &circle(0.5).with_density(3e38))
    });
    assert_refused("density", |w, b| w.create_shape(b, &circle(1e-20)));
    // Finite, but heavier than MAX_MASS: its impulses times a lever arm could
    // overflow, and a body that does not turn would multiply that by zero.
    assert_refused("density", |w, b| {
        w.create_shape(b, &circle(1.0).with_density(MAX_MASS))
    });
    assert_refused("vertices", |w, b| {
        w.create_shape(
            b,
            &ShapeDef::new(Geometry::Polygon(Polygon::new_box(1e7, 1e7)?)),
        )
    });
}

#[test]
fn two_shapes_whose_masses_sum_past_max_mass_are_refused() {
    assert_second_refused("density", |w, b| {
        w.create_shape(b, &circle(1.0).with_density(0.2 * MAX_MASS))
    });
}

#[test]
fn force_and_torque_sums_that_would_overflow_are_refused() {
    assert_second_refused("force", |w, b| {
        w.apply_force_to_center(b, Vec2::new(3e38, 0.0))
    });
    assert_second_refused("force", |w, b| w.apply_torque(b, 3e38));
}

#[test]
fn an_impulse_that_would_take_a_velocity_past_max_speed_is_refused() {
    assert_refused("impulse", |w, b| {
        let center = w.position(b)?;
        w.apply_linear_impulse(b, Vec2::new(3e38, 0.0), center)
    });
    assert_refused("impulse", |w, b| w.apply_angular_impulse(b, 3e38));
    // Finite, but twice MAX_SPEED.
    assert_refused("impulse", |w, b| {
        let center = w.position(b)?;
        let mass = w.mass(b)?;
        w.apply_linear_impulse(b, Vec2::new(mass * 2.0 * MAX_SPEED, 0.0), center)
    });
}

/// A velocity, a friction or a restitution so large that what the solver multiplies it
/// by (a lever arm, a mass, a relative velocity) overflows is refused where it is given.
#[test]
fn velocities_and_coefficients_past_the_limits_are_refused() {
    assert_refused("linear_velocity", |w, b| {
        w.set_linear_velocity(b, Vec2::new(0.0, -3e38))
    });
    assert_refused("angular_velocity", |w, b| {
        w.set_angular_velocity(b, 2.0 * MAX_SPEED)
    });
    assert_refused("linear_velocity", |w, _| {
        w.create_body(&BodyDef {
            linear_velocity: Vec2::new(1e7, 0.0),
            ..BodyDef::dynamic(Vec2::ZERO)
        })
    });
    assert_refused("friction", |w, b| {
        w.create_shape(b, &circle(0.3).with_friction(2.0 * MAX_COEFFICIENT))
    });
    assert_refused("restitution", |w, b| {
        w.create_shape(b, &circle(0.3).with_restitution(3e38))
    });
    assert_refused("max_linear_speed", |w, _| {
        w.set_solver_settings(SolverSettings {
            max_linear_speed: 1e7,
            ..*w.solver_settings()
        })
    });
}

#[test]
fn coordinates_and_springs_past_the_limits_are_refused() {
    assert_refused("position", |w, _| {
        w.create_body(&BodyDef::dynamic(Vec2::new(2e6, 0.0)))
    });
    assert_refused("position", |w, b| {
        w.set_transform(b, Vec2::new(0.0, 3e38), 0.0)
    });
    assert_refused("length", |w, b| {
        let ground = ground(w);
        let rod = DistanceJointDef {
            length: 3e38,
            ..DistanceJointDef::rod(Vec2::ZERO, Vec2::new(0.0, 0.5))
        };
        w.create_joint(&JointDef::new(ground, b, JointKind::Distance(rod)))
    });
    assert_refused("target", |w, b| {
        let ground = ground(w);
        let mouse = MouseJointDef::new(Vec2::new(3e38, 0.0), 100.0);
        w.create_joint(&JointDef::new(ground, b, JointKind::Mouse(mouse)))
    });
    assert_refused("hertz", |w, b| {
        let ground = ground(w);
        let mouse = MouseJointDef {
            hertz: 3e38,
            ..MouseJointDef::new(Vec2::ZERO, 100.0)
        };
        w.create_joint(&JointDef::new(ground, b, JointKind::Mouse(mouse)))
    });
}

#[test]
fn a_step_too_long_or_too_short_to_take_is_refused() {
    for dt in [1e-30, 1e-7, 1.5, 1e30] {
        assert_refused("dt", |w, _| w.step(dt));
    }
}

/// Accepted extremes (gravity 3e38, a gravity scale of 3e38, a velocity of 3e38) are
/// held to the world's speed limits, not carried to infinity.
#[test]
fn huge_gravity_and_velocities_leave_every_body_finite() {
    let (mut world, body) = busy_world();
    world.set_gravity(Vec2::new(0.0, -3e38)).unwrap();
    world
        .set_linear_velocity(body, Vec2::new(MAX_SPEED, -MAX_SPEED))
        .unwrap();
    world.set_angular_velocity(body, MAX_SPEED).unwrap();
    let scaled = BodyDef {
        gravity_scale: 3e38,
        ..BodyDef::dynamic(Vec2::new(3.0, 3.0))
    };
    let heavy = world.create_body(&scaled).unwrap();
    world.create_shape(heavy, &circle(0.3)).unwrap();
    for _ in 0..120 {
        world.step(1.0 / 60.0).unwrap();
        assert_finite(&world);
    }
    let limit = world.solver_settings().max_linear_speed;
    assert!(world.linear_velocity(body).unwrap().length() <= limit * 1.001);
}
