//! Every joint kind and option under the soft step, checked by its physics: motors reach
//! their speed, limits hold, springs ring at their frequency, rigid parts stay together.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, Circle, DistanceJointDef, Geometry, JointDef, JointId, JointKind, Limit,
    Motor, MotorJointDef, MouseJointDef, Polygon, PrismaticJointDef, RevoluteJointDef, ShapeDef,
    SolverSettings, Spring, Vec2, WeldJointDef, WheelJointDef, World, WorldDef,
};
use support::DT;

fn world(gravity: Vec2) -> World {
    World::new(&WorldDef {
        gravity,
        ..WorldDef::default()
    })
    .unwrap()
}

fn ground(world: &mut World) -> BodyId {
    world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap()
}

fn dynamic(world: &mut World, position: Vec2, geometry: Geometry) -> BodyId {
    let body = world.create_body(&BodyDef::dynamic(position)).unwrap();
    world.create_shape(body, &ShapeDef::new(geometry)).unwrap();
    body
}

fn square(half: f32) -> Geometry {
    Geometry::Polygon(Polygon::new_box(half, half).unwrap())
}

fn disc(radius: f32) -> Geometry {
    Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius,
    })
}

fn join(world: &mut World, a: BodyId, b: BodyId, kind: JointKind) -> JointId {
    world.create_joint(&JointDef::new(a, b, kind)).unwrap()
}

/// The mean period (s) of `samples` (one per step) about their mean, from the upward
/// crossings.
fn period(samples: &[f32]) -> f32 {
    let mean = samples.iter().sum::<f32>() / samples.len() as f32;
    let crossings: Vec<usize> = samples
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[0] < mean && w[1] >= mean)
        .map(|(i, _)| i)
        .collect();
    assert!(crossings.len() >= 3, "too few oscillations: {crossings:?}");
    let span = (crossings[crossings.len() - 1] - crossings[0]) as f32;
    span * DT / (crossings.len() - 1) as f32
}

fn assert_frequency(samples: &[f32], hertz: f32) {
    let measured = 1.0 / period(samples);
    assert!(
        (measured - hertz).abs() < 0.05 * hertz,
        "rings at {measured} Hz, expected {hertz} Hz"
    );
}

fn record(world: &mut World, steps: usize, mut read: impl FnMut(&World) -> f32) -> Vec<f32> {
    (0..steps)
        .map(|_| {
            world.step(DT).unwrap();
            read(world)
        })
        .collect()
}

fn spring(hertz: f32) -> Option<Spring> {
    Some(Spring {
        hertz,
        damping_ratio: 0.0,
    })
}

#[test]
fn revolute_motor_reaches_its_speed_and_respects_its_torque() {
    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let wheel = dynamic(&mut w, Vec2::ZERO, disc(0.5));
    let max_torque = 0.5;
    let motor = Some(Motor {
        speed: 4.0,
        max_force: max_torque,
    });
    let pin = RevoluteJointDef {
        motor,
        ..RevoluteJointDef::at(Vec2::ZERO)
    };
    let joint = join(&mut w, g, wheel, JointKind::Revolute(pin));
    // Torque-limited spin-up: w = τ·t / I until the speed is reached, and no step
    // gains more than τ·dt / I, the first included.
    let gain = max_torque * DT / w.inertia(wheel).unwrap();
    let spins = record(&mut w, 30, |w| w.angular_velocity(wheel).unwrap());
    let fastest = spins
        .windows(2)
        .map(|p| p[1] - p[0])
        .fold(spins[0], minmax::max);
    assert!(
        fastest <= gain * 1.001,
        "gained {fastest} in a step, at most {gain}"
    );
    let spin = spins[29];
    assert!(
        (spin - 30.0 * gain).abs() < 0.001 * 30.0 * gain,
        "spin {spin}, expected {}",
        30.0 * gain
    );
    assert!((w.joint_torque(joint).unwrap() - max_torque).abs() < 0.01 * max_torque);
    support::run(&mut w, 300);
    let spin = w.angular_velocity(wheel).unwrap();
    assert!((spin - 4.0).abs() < 0.01 * 4.0, "spin {spin}");
}

#[test]
fn revolute_limit_stops_a_falling_arm() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let arm = dynamic(
        &mut w,
        Vec2::new(1.0, 0.0),
        Geometry::Polygon(Polygon::new_box(1.0, 0.1).unwrap()),
    );
    let pin = RevoluteJointDef {
        limit: Some(Limit {
            lower: -0.5,
            upper: 0.5,
        }),
        ..RevoluteJointDef::at(Vec2::ZERO)
    };
    join(&mut w, g, arm, JointKind::Revolute(pin));
    let angles = record(&mut w, 240, |w| w.angle(arm).unwrap());
    let lowest = angles.iter().cloned().fold(f32::MAX, minmax::min);
    assert!(lowest > -0.5 - 0.02, "swung to {lowest} rad past the limit");
    assert!((angles[239] + 0.5).abs() < 0.02, "rests at {}", angles[239]);
}

#[test]
fn revolute_spring_rings_at_its_frequency() {
    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let wheel = dynamic(&mut w, Vec2::ZERO, square(0.5));
    w.set_angular_velocity(wheel, 2.0).unwrap();
    let pin = RevoluteJointDef {
        spring: spring(2.0),
        ..RevoluteJointDef::at(Vec2::ZERO)
    };
    join(&mut w, g, wheel, JointKind::Revolute(pin));
    let angles = record(&mut w, 300, |w| w.angle(wheel).unwrap());
    assert_frequency(&angles, 2.0);
}

#[test]
fn prismatic_slides_on_its_axis_to_its_limit_without_turning() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let slider = dynamic(&mut w, Vec2::ZERO, square(0.25));
    // A 45° rail: gravity pulls the slider down it until the lower limit, 1 m along.
    w.set_angular_velocity(slider, 0.0).unwrap();
    let rail = PrismaticJointDef {
        limit: Some(Limit {
            lower: -1.0,
            upper: 1.0,
        }),
        ..PrismaticJointDef::new(Vec2::ZERO, Vec2::new(1.0, 1.0))
    };
    join(&mut w, g, slider, JointKind::Prismatic(rail));
    let mut worst_off_axis: f32 = 0.0;
    let mut worst_turn: f32 = 0.0;
    for _ in 0..180 {
        w.step(DT).unwrap();
        let p = w.position(slider).unwrap();
        worst_off_axis = minmax::max(worst_off_axis, (p.x - p.y).abs() / 2f32.sqrt());
        worst_turn = minmax::max(worst_turn, w.angle(slider).unwrap().abs());
    }
    let along = w
        .position(slider)
        .unwrap()
        .dot(Vec2::new(1.0, 1.0).normalize());
    assert!((along + 1.0).abs() < 0.02, "rests {along} m along the rail");
    assert!(
        worst_off_axis < 0.005,
        "left the rail by {worst_off_axis} m"
    );
    assert!(worst_turn < 0.005, "turned by {worst_turn} rad");
}

#[test]
fn prismatic_motor_and_spring() {
    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let slider = dynamic(&mut w, Vec2::ZERO, square(0.25));
    let motor = PrismaticJointDef {
        motor: Some(Motor {
            speed: 2.0,
            max_force: 100.0,
        }),
        ..PrismaticJointDef::new(Vec2::ZERO, Vec2::X)
    };
    join(&mut w, g, slider, JointKind::Prismatic(motor));
    support::run(&mut w, 60);
    let v = w.linear_velocity(slider).unwrap();
    assert!(
        (v - Vec2::new(2.0, 0.0)).length() < 0.01 * 2.0,
        "moving at {v}"
    );

    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let slider = dynamic(&mut w, Vec2::ZERO, square(0.25));
    w.set_linear_velocity(slider, Vec2::new(1.0, 0.0)).unwrap();
    let sprung = PrismaticJointDef {
        spring: spring(1.5),
        ..PrismaticJointDef::new(Vec2::ZERO, Vec2::X)
    };
    join(&mut w, g, slider, JointKind::Prismatic(sprung));
    let xs = record(&mut w, 360, |w| w.position(slider).unwrap().x);
    assert_frequency(&xs, 1.5);
}

#[test]
fn distance_rod_holds_its_length_and_reports_its_pull() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let bob = dynamic(&mut w, Vec2::new(2.0, 0.0), disc(0.2));
    let rod = DistanceJointDef::rod(Vec2::ZERO, Vec2::new(2.0, 0.0));
    let joint = join(&mut w, g, bob, JointKind::Distance(rod));
    let lengths = record(&mut w, 240, |w| w.position(bob).unwrap().length());
    let worst = lengths
        .iter()
        .map(|l| (l - 2.0).abs())
        .fold(0.0, minmax::max);
    assert!(worst < 0.01, "stretched by {worst} m");
    // Hanging still: the rod pulls up with the bob's weight.
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let bob = dynamic(&mut w, Vec2::new(0.0, -2.0), disc(0.2));
    let rod = DistanceJointDef::rod(Vec2::ZERO, Vec2::new(0.0, -2.0));
    let joint_still = join(&mut w, g, bob, JointKind::Distance(rod));
    support::run(&mut w, 120);
    let weight = w.mass(bob).unwrap() * 10.0;
    let pull = w.joint_force(joint_still).unwrap();
    assert!(
        (pull - Vec2::new(0.0, weight)).length() < 0.01 * weight,
        "pull {pull}"
    );
    let _ = joint;
}

#[test]
fn rope_is_slack_until_taut() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let bob = dynamic(&mut w, Vec2::new(0.0, -0.5), disc(0.1));
    let rope = DistanceJointDef::rope(Vec2::ZERO, Vec2::new(0.0, -0.5), 2.0);
    join(&mut w, g, bob, JointKind::Distance(rope));
    // Free fall for the first 1.5 m: y = −0.5 − g·t²/2 (within the integrator's error).
    support::run(&mut w, 20);
    let t = 20.0 * DT;
    let free = -0.5 - 5.0 * t * t;
    assert!((w.position(bob).unwrap().y - free).abs() < 0.02);
    support::run(&mut w, 200);
    let length = w.position(bob).unwrap().length();
    assert!(length < 2.0 + 0.01, "the rope stretched to {length} m");
}

#[test]
fn distance_spring_rings_at_its_frequency() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let bob = dynamic(&mut w, Vec2::new(0.0, -1.0), disc(0.2));
    let def = DistanceJointDef {
        spring: spring(2.5),
        ..DistanceJointDef::rod(Vec2::ZERO, Vec2::new(0.0, -1.0))
    };
    join(&mut w, g, bob, JointKind::Distance(def));
    let ys = record(&mut w, 300, |w| w.position(bob).unwrap().y);
    assert_frequency(&ys, 2.5);
}

#[test]
fn weld_holds_a_cantilever_and_its_angular_spring_rings() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let beam = dynamic(
        &mut w,
        Vec2::new(1.0, 0.0),
        Geometry::Polygon(Polygon::new_box(1.0, 0.1).unwrap()),
    );
    join(
        &mut w,
        g,
        beam,
        JointKind::Weld(WeldJointDef::new(Vec2::ZERO)),
    );
    support::run(&mut w, 120);
    let tip_sag = -w.position(beam).unwrap().y;
    assert!(tip_sag < 0.01, "the beam sagged {tip_sag} m");
    assert!(w.angle(beam).unwrap().abs() < 0.01);

    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let body = dynamic(&mut w, Vec2::ZERO, square(0.5));
    w.set_angular_velocity(body, 1.0).unwrap();
    let weld = WeldJointDef {
        angular_spring: spring(3.0),
        ..WeldJointDef::new(Vec2::ZERO)
    };
    join(&mut w, g, body, JointKind::Weld(weld));
    let angles = record(&mut w, 240, |w| w.angle(body).unwrap());
    assert_frequency(&angles, 3.0);
}

#[test]
fn wheel_suspension_rings_and_motor_spins() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let chassis = ground(&mut w);
    let wheel = dynamic(&mut w, Vec2::new(0.0, -1.0), disc(0.4));
    let def = WheelJointDef {
        spring: spring(2.0),
        motor: Some(Motor {
            speed: -6.0,
            max_force: 50.0,
        }),
        ..WheelJointDef::new(Vec2::new(0.0, -1.0), Vec2::Y)
    };
    join(&mut w, chassis, wheel, JointKind::Wheel(def));
    let ys = record(&mut w, 300, |w| w.position(wheel).unwrap().y);
    assert_frequency(&ys, 2.0);
    let spin = w.angular_velocity(wheel).unwrap();
    assert!((spin + 6.0).abs() < 0.01 * 6.0, "spin {spin}");
    let x = w.position(wheel).unwrap().x;
    assert!(x.abs() < 0.005, "left the axis by {x} m");
}

#[test]
fn motor_joint_drives_to_its_offset_within_its_force() {
    let drive = |max_force: f32, steps: usize| {
        let mut w = world(Vec2::ZERO);
        let g = ground(&mut w);
        let body = dynamic(&mut w, Vec2::ZERO, square(0.5));
        let def = MotorJointDef::new(Vec2::new(2.0, 1.0), 0.5, max_force, 5.0);
        join(&mut w, g, body, JointKind::Motor(def));
        let (mut fastest_gain, mut last) = (0.0f32, Vec2::ZERO);
        for _ in 0..steps {
            w.step(DT).unwrap();
            let v = w.linear_velocity(body).unwrap();
            fastest_gain = minmax::max(fastest_gain, (v - last).length() / DT);
            last = v;
        }
        (w, body, fastest_gain)
    };
    // A weak motor accelerates at most at F/m.
    let (w, body, fastest_gain) = drive(2.0, 60);
    let limit = 2.0 / w.mass(body).unwrap();
    assert!(
        fastest_gain <= limit * 1.001,
        "accelerated at {fastest_gain}, limit {limit}"
    );
    // A strong one gets there.
    let (w, body, _) = drive(1000.0, 120);
    let p = w.position(body).unwrap();
    assert!((p - Vec2::new(2.0, 1.0)).length() < 0.01, "at {p}");
    assert!((w.angle(body).unwrap() - 0.5).abs() < 0.01);
}

#[test]
fn mouse_joint_drags_a_body_to_the_target() {
    let mut w = world(Vec2::new(0.0, -10.0));
    let g = ground(&mut w);
    let body = dynamic(&mut w, Vec2::ZERO, square(0.5));
    let grab = Vec2::new(0.4, 0.4);
    let weight = w.mass(body).unwrap() * 10.0;
    let joint = join(
        &mut w,
        g,
        body,
        JointKind::Mouse(MouseJointDef::new(grab, 1000.0 * weight)),
    );
    let target = Vec2::new(3.0, 2.0);
    w.set_mouse_target(joint, target).unwrap();
    support::run(&mut w, 180);
    let held = w.transform(body).unwrap().apply(Vec2::new(0.4, 0.4));
    assert!((held - target).length() < 0.05, "held at {held}");
    assert!(w.set_mouse_target(joint, Vec2::new(f32::NAN, 0.0)).is_err());
}

#[test]
fn pgs_refuses_joints_it_cannot_solve_and_nothing_changes() {
    let mut w = World::new(&WorldDef {
        solver: SolverSettings::box2d_lite(),
        ..WorldDef::default()
    })
    .unwrap();
    let g = ground(&mut w);
    let body = dynamic(&mut w, Vec2::ZERO, square(0.5));
    let rail = JointKind::Prismatic(PrismaticJointDef::new(Vec2::ZERO, Vec2::X));
    let err = w.create_joint(&JointDef::new(g, body, rail)).unwrap_err();
    assert_eq!(err.field(), Some("kind"));
    assert_eq!(w.joint_ids().count(), 0);

    let mut soft = world(Vec2::ZERO);
    let g = ground(&mut soft);
    let body = dynamic(&mut soft, Vec2::ZERO, square(0.5));
    join(&mut soft, g, body, rail);
    let before = *soft.solver_settings();
    assert!(
        soft.set_solver_settings(SolverSettings::box2d_lite())
            .is_err()
    );
    assert_eq!(*soft.solver_settings(), before);
}

#[test]
fn bad_joint_options_are_refused() {
    let mut w = world(Vec2::ZERO);
    let g = ground(&mut w);
    let body = dynamic(&mut w, Vec2::ZERO, square(0.5));
    let backwards = RevoluteJointDef {
        limit: Some(Limit {
            lower: 1.0,
            upper: -1.0,
        }),
        ..RevoluteJointDef::at(Vec2::ZERO)
    };
    let cases = [
        (JointKind::Revolute(backwards), "limit.lower"),
        (
            JointKind::Prismatic(PrismaticJointDef::new(Vec2::ZERO, Vec2::ZERO)),
            "axis",
        ),
        (
            JointKind::Distance(DistanceJointDef {
                length: -1.0,
                ..DistanceJointDef::rod(Vec2::ZERO, Vec2::X)
            }),
            "length",
        ),
        (
            JointKind::Mouse(MouseJointDef::new(Vec2::ZERO, -1.0)),
            "max_force",
        ),
    ];
    for (kind, field) in cases {
        let err = w.create_joint(&JointDef::new(g, body, kind)).unwrap_err();
        assert_eq!(err.field(), Some(field), "{kind:?}");
    }
    assert_eq!(w.joint_ids().count(), 0);
}
