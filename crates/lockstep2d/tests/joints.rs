//! The revolute (Box2D-Lite) joint: a pendulum swings at the period physics predicts,
//! and the pin holds.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, Circle, Geometry, JointDef, JointKind, RevoluteJointDef, ShapeDef, SolverSettings,
    Vec2, World, WorldDef,
};

/// A disc of radius r hanging from a pivot at the origin on a massless arm of length L,
/// released at `angle` from the vertical. Returns the world and the disc.
fn pendulum(length: f32, radius: f32, angle: f32) -> (World, lockstep2d::BodyId) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let pivot = world.create_body(&BodyDef::default()).unwrap();
    let at = length * Vec2::new(lockstep2d::math::sin(angle), -lockstep2d::math::cos(angle));
    let bob = world.create_body(&BodyDef::dynamic(at)).unwrap();
    let disc = Circle {
        center: Vec2::ZERO,
        radius,
    };
    world
        .create_shape(bob, &ShapeDef::new(Geometry::Circle(disc)))
        .unwrap();
    world
        .create_joint(&JointDef::revolute(pivot, bob, Vec2::ZERO))
        .unwrap();
    (world, bob)
}

#[test]
fn pendulum_swings_at_the_physical_pendulum_period() {
    let (length, radius) = (2.0f32, 0.2f32);
    let (mut world, bob) = pendulum(length, radius, 0.05);
    // Physical pendulum: T = 2π √(I_pivot / (m g L)), I_pivot = m r²/2 + m L².
    let i_over_m = 0.5 * radius * radius + length * length;
    let expected = std::f32::consts::TAU * (i_over_m / (10.0 * length)).sqrt();

    // Time the upward zero crossings of x, interpolated within the step.
    let mut crossings = Vec::new();
    let mut last_x = world.position(bob).unwrap().x;
    for step in 1..=1200 {
        world.step(support::DT).unwrap();
        let x = world.position(bob).unwrap().x;
        if last_x < 0.0 && x >= 0.0 {
            let fraction = -last_x / (x - last_x);
            crossings.push((step as f32 - 1.0 + fraction) * support::DT);
        }
        last_x = x;
    }
    assert!(crossings.len() >= 5, "the pendulum did not swing");
    let measured = (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f32;
    let error = (measured - expected).abs() / expected;
    assert!(error < 0.01, "period {measured} s, expected {expected} s");
}

#[test]
fn the_pin_holds_under_a_swing() {
    let (mut world, bob) = pendulum(3.0, 0.3, 1.2);
    let mut worst = 0.0f32;
    for _ in 0..600 {
        world.step(support::DT).unwrap();
        let stretch = (world.position(bob).unwrap().length() - 3.0).abs();
        worst = minmax::max(worst, stretch);
    }
    assert!(worst < 0.02, "the pin stretched {worst} m");
}

/// Box2D-Lite's soft joint (a PGS feature) settles where the bias balances the softness
/// term: β/h · e = s · P with P = m·g·h per step, so the sag is e = s·m·g·h² / β.
#[test]
fn soft_joint_sags_by_its_softness() {
    let (softness, bias_factor) = (10.0f32, 0.2f32);
    let mut world = World::new(&WorldDef {
        solver: SolverSettings::box2d_lite(),
        ..WorldDef::default()
    })
    .unwrap();
    let pivot = world.create_body(&BodyDef::default()).unwrap();
    let bob = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, -1.0)))
        .unwrap();
    let disc = Circle {
        center: Vec2::ZERO,
        radius: 0.2,
    };
    world
        .create_shape(bob, &ShapeDef::new(Geometry::Circle(disc)))
        .unwrap();
    let pin = RevoluteJointDef {
        softness,
        bias_factor,
        ..RevoluteJointDef::at(Vec2::new(0.0, -1.0))
    };
    let def = JointDef::new(pivot, bob, JointKind::Revolute(pin));
    world.create_joint(&def).unwrap();
    support::run(&mut world, 600);

    let h = support::DT;
    let expected = softness * world.mass(bob).unwrap() * 10.0 * h * h / bias_factor;
    let sag = -1.0 - world.position(bob).unwrap().y;
    assert!(
        (sag - expected).abs() / expected < 0.05,
        "sag {sag} m, expected {expected} m"
    );
}

#[test]
fn joint_local_anchors_place_the_pin_on_both_bodies() {
    let (mut world, bob) = pendulum(2.0, 0.2, 0.5);
    for _ in 0..60 {
        world.step(support::DT).unwrap();
    }
    let joints: Vec<_> = world.joint_ids().collect();
    assert_eq!(joints.len(), 1);
    let [(a, anchor_a), (b, anchor_b)] = world.joint_local_anchors(joints[0]).unwrap();
    assert_eq!(b, bob);
    assert_eq!(anchor_a, Vec2::ZERO, "the pivot body sits at the pin");
    // Both anchors, carried by their bodies' poses, are where the pin holds them.
    let pin_a = world.transform(a).unwrap().apply(anchor_a);
    let pin_b = world.transform(b).unwrap().apply(anchor_b);
    assert!((pin_a - pin_b).length() < 0.01, "{pin_a} vs {pin_b}");

    world.destroy_joint(joints[0]).unwrap();
    assert_eq!(world.joint_ids().count(), 0);
    assert!(
        world.joint_local_anchors(joints[0]).is_err(),
        "a stale id is an error"
    );
}

/// A chain of balls hanging from a fixed point, each pinned to the one above: at rest,
/// every pin holds up exactly the links below it, and stretches as the soft joint's
/// spring predicts: by F / (m·ω²), with m the pin's effective mass (one link for the top
/// pin, half a link between two links) and ω = 2π·`joint_hertz`. Twenty pins fill whole
/// SIMD bundles, so this is the wide pin solver's test as much as the joint's.
#[test]
fn each_pin_of_a_hanging_chain_carries_the_links_below_it() {
    const LINKS: usize = 20;
    let mut def = WorldDef::default();
    // Awake, so the forces read are those of a step at rest, not of the step the chain
    // fell asleep in.
    def.sleep.enabled = false;
    let mut world = World::new(&def).unwrap();
    let mut above = world.create_body(&BodyDef::default()).unwrap();
    let mut pins = Vec::new();
    for k in 1..=LINKS {
        let link = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, -0.5 * k as f32)))
            .unwrap();
        let disc = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.2,
        });
        world.create_shape(link, &ShapeDef::new(disc)).unwrap();
        let anchor = Vec2::new(0.0, 0.25 - 0.5 * k as f32);
        let pin = world
            .create_joint(&JointDef::revolute(above, link, anchor))
            .unwrap();
        pins.push((pin, link));
        above = link;
    }
    for _ in 0..300 {
        world.step(support::DT).unwrap();
    }
    let mass = world.mass(above).unwrap();
    let weight = mass * 10.0;
    let omega = std::f32::consts::TAU * def.solver.joint_hertz;
    let mut stretched = 0.0;
    for (k, &(pin, link)) in pins.iter().enumerate() {
        let carried = (LINKS - k) as f32 * weight;
        let force = world.joint_force(pin).unwrap();
        assert!(
            (force.y - carried).abs() < 1e-3 * carried && force.x.abs() < 1e-3 * carried,
            "pin {k} pulls {force}, the links below weigh {carried} N"
        );
        let effective_mass = if k == 0 { mass } else { 0.5 * mass };
        let expected = carried / (effective_mass * omega * omega);
        let sag = -0.5 * (k + 1) as f32 - world.position(link).unwrap().y;
        let stretch = sag - stretched;
        assert!(
            (stretch - expected).abs() < 0.05 * expected,
            "pin {k} stretched {stretch} m, expected {expected} m"
        );
        stretched = sag;
    }
}

/// Two overlapping boxes tied by a slack rope: by default the joint turns their collision
/// off, so they stay overlapped; with `collide_connected` they touch and push apart; and
/// once the joint is gone, the default pair collides again.
#[test]
fn a_joint_turns_its_bodies_collision_off_unless_told_otherwise() {
    let overlap_after = |collide_connected: bool, drop_joint_at: Option<usize>| {
        let def = WorldDef {
            gravity: Vec2::ZERO,
            ..WorldDef::default()
        };
        let mut world = World::new(&def).unwrap();
        let square = || {
            ShapeDef::new(Geometry::Polygon(
                lockstep2d::Polygon::new_box(0.5, 0.5).unwrap(),
            ))
        };
        let a = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
        let b = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.6, 0.0)))
            .unwrap();
        world.create_shape(a, &square()).unwrap();
        world.create_shape(b, &square()).unwrap();
        // A slack rope: it lets the boxes part, so only collision can move them.
        let rope = lockstep2d::DistanceJointDef::rope(Vec2::ZERO, Vec2::new(0.6, 0.0), 5.0);
        let joint = JointDef::new(a, b, JointKind::Distance(rope))
            .with_collide_connected(collide_connected);
        let id = world.create_joint(&joint).unwrap();
        for step in 0..60 {
            if drop_joint_at == Some(step) {
                world.destroy_joint(id).unwrap();
            }
            world.step(support::DT).unwrap();
        }
        let gap = world.position(b).unwrap().x - world.position(a).unwrap().x;
        1.0 - gap
    };
    assert!(
        overlap_after(false, None) > 0.35,
        "jointed boxes must pass through"
    );
    assert!(
        overlap_after(true, None) < 0.05,
        "collide_connected boxes push apart"
    );
    assert!(
        overlap_after(false, Some(10)) < 0.05,
        "freed boxes collide again"
    );
}
