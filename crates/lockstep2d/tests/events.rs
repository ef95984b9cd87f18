//! Contact events and world bounds, per step and gathered per frame.

use crate::support;

use std::time::Duration;

use lockstep2d::{Aabb, FixedStepper, StepperConfig, Vec2, WorldDef};
use support::*;

#[test]
fn a_bouncing_ball_begins_hits_and_ends_contact() {
    let mut world = world_with_ground(&WorldDef::default(), 0.2);
    let drop = 3.0;
    let ball = add_ball(&mut world, Vec2::new(0.0, 0.25 + drop), 0.25, 0.6);
    let ball_shape = world.body_shapes(ball).unwrap()[0];
    let (mut begins, mut ends, mut hits) = (Vec::new(), Vec::new(), Vec::new());
    for step in 0..150 {
        world.step(DT).unwrap();
        let events = world.contact_events();
        for e in &events.begin {
            assert_eq!(
                e.shape_b, ball_shape,
                "the circle is shape B of a polygon pair"
            );
            begins.push(step);
        }
        ends.extend(events.end.iter().map(|_| step));
        hits.extend(events.hit.iter().map(|h| h.approach_speed));
    }
    assert!(
        begins.len() >= 2 && !ends.is_empty(),
        "begins {begins:?}, ends {ends:?}"
    );
    assert!(
        begins[0] < ends[0] && ends[0] < begins[1],
        "begin, end, begin in order"
    );
    // The first impact comes at about √(2 g h).
    let expected = (2.0f32 * 10.0 * drop).sqrt();
    assert!(
        (hits[0] - expected).abs() / expected < 0.05,
        "hit at {} m/s",
        hits[0]
    );
}

#[test]
fn destroying_a_touching_body_ends_its_contact_in_the_next_step() {
    let mut world = world_with_ground(&WorldDef::default(), 0.2);
    let body = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let shape = world.body_shapes(body).unwrap()[0];
    run(&mut world, 10);
    world.destroy_body(body).unwrap();
    world.step(DT).unwrap();
    let ends = &world.contact_events().end;
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].shape_b, shape);
}

#[test]
fn frame_reports_gather_every_step_and_per_step_code_sees_each_once() {
    let mut world = world_with_ground(&WorldDef::default(), 0.2);
    for i in 0..5 {
        add_ball(
            &mut world,
            Vec2::new(i as f32 * 1.5, 0.3 + i as f32),
            0.25,
            0.0,
        );
    }
    let mut stepper = FixedStepper::new(StepperConfig::default()).unwrap();
    let (mut per_frame, mut per_step) = (0, 0);
    for _ in 0..60 {
        let report = stepper
            .advance(&mut world, Duration::from_millis(50), |world, _| {
                per_step += world.contact_events().begin.len();
                Ok(())
            })
            .unwrap();
        per_frame += report.events.begin.len();
    }
    // The callback runs before each step, so it sees the previous step's events; the
    // last step's are still waiting in the world.
    per_step += world.contact_events().begin.len();
    assert_eq!(per_frame, 5, "every ball lands once");
    assert_eq!(per_step, per_frame);
}

#[test]
fn bodies_leaving_the_bounds_are_removed_and_reported() {
    let bounds = Aabb {
        min: Vec2::new(-20.0, -5.0),
        max: Vec2::new(20.0, 50.0),
    };
    let def = WorldDef {
        bounds: Some(bounds),
        ..WorldDef::default()
    };
    let mut world = world_with_ground(&def, 0.2);
    let stays = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let falls = add_ball(&mut world, Vec2::new(60.0, 10.0), 0.25, 0.0);
    let falls_later = add_ball(&mut world, Vec2::new(19.5, 1.0), 0.25, 0.0);
    world
        .set_linear_velocity(falls_later, Vec2::new(10.0, 0.0))
        .unwrap();

    let mut stepper = FixedStepper::new(StepperConfig::default()).unwrap();
    let first = stepper
        .advance(&mut world, Duration::from_millis(17), |_, _| Ok(()))
        .unwrap();
    assert_eq!(first.removed, vec![falls], "outside from the start");
    let mut removed = Vec::new();
    for _ in 0..30 {
        let report = stepper
            .advance(&mut world, Duration::from_millis(17), |_, _| Ok(()))
            .unwrap();
        removed.extend(report.removed);
    }
    assert_eq!(removed, vec![falls_later]);
    assert!(world.position(falls).is_err() && world.position(falls_later).is_err());
    assert!(world.position(stays).is_ok());
    assert!(
        world
            .set_bounds(Some(Aabb {
                min: Vec2::ONE,
                max: Vec2::ZERO
            }))
            .is_err()
    );
}
