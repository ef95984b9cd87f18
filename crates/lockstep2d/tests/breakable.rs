//! Breakable joints: a joint is reported in the step its force goes over its threshold,
//! and removed there when its definition asks.

use crate::support;

use lockstep2d::{BodyDef, JointDef, ShapeDef, Vec2, World, WorldDef};
use support::DT;

const LINK_MASS: f32 = 1.0;
const LINKS: usize = 4;
const THRESHOLD: f32 = 400.0;
/// How fast the pull on the last link grows (N/s).
const GROWTH: f32 = 600.0;

/// Four 1 kg links hanging in a vertical chain from a ceiling, each joint breaking above
/// `THRESHOLD`; the top joint carries the most.
fn hanging_chain() -> (World, Vec<lockstep2d::BodyId>, Vec<lockstep2d::JointId>) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ceiling = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, 10.0)))
        .unwrap();
    world
        .create_shape(ceiling, &ShapeDef::new_box(1.0, 0.1).unwrap())
        .unwrap();
    let (mut above, mut links, mut joints) = (ceiling, Vec::new(), Vec::new());
    for i in 0..LINKS {
        let y = 9.5 - i as f32;
        let link = world
            .create_body(&BodyDef::dynamic(Vec2::new(0.0, y)))
            .unwrap();
        // 0.1 m × 1 m at density 10: 1 kg.
        let shape = ShapeDef::new_box(0.05, 0.5)
            .unwrap()
            .with_density(10.0 * LINK_MASS);
        world.create_shape(link, &shape).unwrap();
        let pin = JointDef::revolute(above, link, Vec2::new(0.0, y + 0.5))
            .breakable(THRESHOLD, f32::INFINITY)
            .with_user_data(i as u64);
        joints.push(world.create_joint(&pin).unwrap());
        (above, links) = (link, [links, vec![link]].concat());
    }
    (world, links, joints)
}

#[test]
fn a_chain_under_a_growing_pull_breaks_at_its_top_joint_at_the_threshold() {
    let (mut world, links, joints) = hanging_chain();
    let last = *links.last().unwrap();
    let weight = LINKS as f32 * LINK_MASS * 10.0;
    for _ in 0..120 {
        world.step(DT).unwrap();
    }
    let top_force = world.joint_force(joints[0]).unwrap().length();
    assert!(
        (top_force - weight).abs() < 0.02 * weight,
        "at rest the top holds the chain: {top_force}"
    );
    let mut pull = 0.0;
    for step in 0..200 {
        pull += GROWTH * DT;
        world
            .apply_force_to_center(last, Vec2::new(0.0, -pull))
            .unwrap();
        let force_before = world.joint_force(joints[0]).unwrap().length();
        world.step(DT).unwrap();
        world.clear_forces();
        let events = world.joint_events();
        if events.is_empty() {
            continue;
        }
        assert_eq!(events.len(), 1, "only the top joint breaks");
        let event = events[0];
        assert_eq!(
            (event.joint, event.user_data, event.removed),
            (joints[0], 0, true)
        );
        assert!(event.force.length() > THRESHOLD, "{event:?}");
        // The load it broke under is the threshold to within one step's growth.
        let load = weight + pull;
        assert!(
            load > THRESHOLD && load - THRESHOLD <= GROWTH * DT + 0.02 * THRESHOLD,
            "broke at step {step} under {load} N"
        );
        assert!(
            force_before <= THRESHOLD,
            "the step before held {force_before} N"
        );
        assert!(
            world.joint_force(joints[0]).is_err(),
            "the joint was removed"
        );
        let top = world.position(links[0]).unwrap().y;
        for _ in 0..20 {
            world.step(DT).unwrap();
        }
        let fell = top - world.position(links[0]).unwrap().y;
        assert!(
            fell > 0.5,
            "the chain falls free: {fell} m in a third of a second"
        );
        return;
    }
    panic!("the chain never broke");
}

#[test]
fn a_joint_that_only_reports_stays_and_keeps_reporting() {
    let (mut world, _, joints) = hanging_chain();
    let mut def_over = JointDef::revolute(
        world.body_ids().nth(1).unwrap(),
        world.body_ids().nth(2).unwrap(),
        Vec2::new(0.0, 9.0),
    );
    def_over.force_threshold = 1.0;
    let reporting = world.create_joint(&def_over).unwrap();
    for _ in 0..10 {
        world.step(DT).unwrap();
        let events = world.joint_events();
        assert!(events.iter().any(|e| e.joint == reporting && !e.removed));
        assert!(events.iter().all(|e| e.joint != joints[0]));
    }
    assert!(world.joint_force(reporting).is_ok());
}
