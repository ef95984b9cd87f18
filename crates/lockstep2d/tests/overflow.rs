//! Finite inputs that would overflow later (a mass, a force sum, a spring, a coordinate
//! squared) are refused, changing nothing; what is accepted leaves every pose and
//! velocity finite, and no static body moves.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, BodyType, Circle, DistanceJointDef, Error, Geometry, JointDef, JointKind,
    MAX_COEFFICIENT, MAX_MASS, MAX_SPEED, MIN_MASS, MotorJointDef, MouseJointDef, Polygon,
    PrismaticJointDef, ShapeDef, SolverSettings, Vec2, WeldJointDef, World,
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

/// A 10⁻³⁰ kg circle on a body that already weighs 1 kg sums to a usable mass, but
/// destroying the box would leave a body lighter than MIN_MASS (its inverse mass past
/// f32's range in a saved state): each shape must be usable alone.
#[test]
fn a_shape_too_light_to_simulate_alone_is_refused_beside_heavier_ones() {
    assert_refused("density", |w, b| {
        w.create_shape(b, &circle(0.5).with_density(1e-30))
    });
    assert_refused("density", |w, b| {
        w.create_shape(b, &circle(0.5).with_density(1e-30).sensor())
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

/// Two boxes of `mass` each, stacked on the ground (top at y = 0) and jointed to it
/// and to each other with every joint kind `solver` takes: revolute pins under both
/// solvers; with the soft step also a motor joint, a prismatic joint and a weld.
fn jointed_stack(solver: SolverSettings, mass: f32) -> (World, [BodyId; 2]) {
    let def = lockstep2d::WorldDef {
        solver,
        ..lockstep2d::WorldDef::default()
    };
    let mut world = support::world_with_ground(&def, 0.6);
    let ground = ground(&world);
    let boxes = [0.5, 1.5].map(|y| {
        let body = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, y)))
            .unwrap();
        let shape = ShapeDef::new_box(0.5, 0.5).unwrap().with_density(mass);
        world.create_shape(body, &shape).unwrap();
        body
    });
    let [low, high] = boxes;
    let mut joints = vec![
        JointDef::revolute(ground, low, Vec2::new(0.4, 0.0)),
        JointDef::revolute(low, high, Vec2::new(-0.4, 1.0)),
    ];
    if solver.kind == lockstep2d::SolverKind::Soft {
        let motor = MotorJointDef::new(Vec2::new(0.0, 10.5), 0.0, 1e3, 1e3);
        let slide = PrismaticJointDef::new(Vec2::new(0.0, 1.5), Vec2::Y);
        joints.extend([
            JointDef::new(ground, low, JointKind::Motor(motor)),
            JointDef::new(ground, high, JointKind::Prismatic(slide)),
            JointDef::new(
                low,
                high,
                JointKind::Weld(WeldJointDef::new(Vec2::new(0.0, 1.0))),
            ),
        ]);
    }
    // Jointed bodies still touch, so the ground and the lower box hold the stack up.
    for joint in joints {
        world
            .create_joint(&joint.with_collide_connected(true))
            .unwrap();
    }
    (world, boxes)
}

/// The heaviest and the lightest bodies a world takes (10²⁰ and 10⁻²⁰ kg give K
/// determinants of 10⁻⁴⁰ and 10⁴⁰, outside f32), resting on each other in two-point
/// contacts and held by joints of every kind: each step stays finite, the static
/// ground still, and the stack where it rests.
#[test]
fn the_heaviest_and_the_lightest_bodies_stacked_and_jointed_stay_finite() {
    let solvers = [SolverSettings::default(), SolverSettings::box2d_lite()];
    for (solver, mass) in solvers
        .into_iter()
        .flat_map(|s| [(s, 0.5 * MAX_MASS), (s, 2.0 * MIN_MASS)])
    {
        let (mut world, boxes) = jointed_stack(solver, mass);
        for _ in 0..120 {
            world.step(1.0 / 60.0).unwrap();
            assert_finite(&world);
        }
        for (body, rest) in boxes.into_iter().zip([0.5, 1.5]) {
            let moved = world.position(body).unwrap() - Vec2::new(0.0, rest);
            assert!(
                moved.length() < 0.05,
                "{mass} kg, {:?}: moved {moved}",
                solver.kind
            );
        }
    }
}

/// A body spinning at 100 rad/s given a shape 900 km from its centre: keeping the
/// velocity of the point at the old centre would move the new centre at 4.5·10⁷ m/s.
/// The velocity is held to MAX_SPEED, so the state still saves and loads.
#[test]
fn a_spinning_body_given_a_shape_far_off_its_centre_keeps_within_max_speed() {
    let (mut world, body) = busy_world();
    world.set_angular_velocity(body, 100.0).unwrap();
    let far = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::new(9e5, 0.0),
        radius: 0.5,
    }))
    .with_density(4.0);
    world.create_shape(body, &far).unwrap();
    let v = world.linear_velocity(body).unwrap();
    assert!(
        minmax::max(v.x.abs(), v.y.abs()) <= MAX_SPEED,
        "velocity {v}"
    );
    assert!(
        v.length() >= 0.5 * MAX_SPEED,
        "velocity {v}: the spin no longer moves it"
    );
    let bytes = world.snapshot().to_bytes();
    lockstep2d::Snapshot::from_bytes(&bytes).expect("the state loads");
}

/// Under Box2D-Lite's PGS, a box pinned to a spinning kinematic body at an anchor
/// 900 km from both: the pin is so ill-conditioned that its iterations swing the
/// velocities up without bound, unless held to MAX_SPEED as the soft step's joints are.
#[test]
fn a_pin_far_from_both_bodies_under_pgs_stays_finite_and_loadable() {
    let def = lockstep2d::WorldDef {
        solver: SolverSettings::box2d_lite(),
        ..lockstep2d::WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let spinner = world.create_body(&BodyDef::kinematic(Vec2::ZERO)).unwrap();
    world
        .set_linear_velocity(spinner, Vec2::new(2.0, 0.0))
        .unwrap();
    world.set_angular_velocity(spinner, 2.0).unwrap();
    let held = world
        .create_body(&BodyDef::dynamic(Vec2::new(5.0, 0.0)))
        .unwrap();
    world
        .create_shape(held, &ShapeDef::new_box(0.5, 0.5).unwrap())
        .unwrap();
    let pin = JointDef::revolute(spinner, held, Vec2::new(3e4, -9e5));
    world.create_joint(&pin).unwrap();
    for _ in 0..60 {
        world.step(1.0 / 60.0).unwrap();
        assert_finite(&world);
        let v = world.linear_velocity(held).unwrap();
        let w = world.angular_velocity(held).unwrap();
        assert!(
            minmax::max(minmax::max(v.x.abs(), v.y.abs()), w.abs()) <= MAX_SPEED,
            "{v}, {w}"
        );
    }
    let bytes = world.snapshot().to_bytes();
    lockstep2d::Snapshot::from_bytes(&bytes).expect("the state loads");
}
