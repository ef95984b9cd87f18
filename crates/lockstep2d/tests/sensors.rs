//! Sensors: they push nothing, and report each shape that enters and leaves them exactly
//! once, in the step it happens.

use crate::support;

use lockstep2d::{
    BodyDef, BodyId, QueryFilter, SensorEvent, ShapeDef, ShapeId, Vec2, World, WorldDef,
};
use support::{DT, add_ball};

/// A static sensor over x in [4, 6], y in [0, 2], above frictionless ground.
fn world_with_gate() -> (World, ShapeId) {
    let mut world = support::world_with_ground(&WorldDef::default(), 0.0);
    let post = world
        .create_body(&BodyDef::static_at(Vec2::new(5.0, 1.0)))
        .unwrap();
    let gate = ShapeDef::new_box(1.0, 1.0).unwrap().sensor();
    let sensor = world.create_shape(post, &gate).unwrap();
    (world, sensor)
}

/// Boxes of half-size 0.25 resting on the ground at `xs`, all sliding right at `speed`.
fn sliding_row(world: &mut World, xs: &[f32], speed: f32) -> Vec<BodyId> {
    xs.iter()
        .map(|&x| {
            let def =
                BodyDef::dynamic(Vec2::new(x, 0.25)).with_velocity(Vec2::new(speed, 0.0), 0.0);
            let body = world.create_body(&def).unwrap();
            let shape = ShapeDef::new_box(0.25, 0.25).unwrap().with_friction(0.0);
            world.create_shape(body, &shape).unwrap();
            body
        })
        .collect()
}

#[test]
fn a_row_sliding_through_a_sensor_enters_and_leaves_once_each_when_it_should() {
    let (mut world, sensor) = world_with_gate();
    // 3 m/s at 60 Hz is 5 cm a step. The boxes' leading edges start 2.5 cm off the
    // step grid, so every crossing falls mid-step, away from rounding.
    let xs = [0.225, -0.775, -1.775, -2.775];
    let speed = 3.0;
    let row = sliding_row(&mut world, &xs, speed);
    let (mut begins, mut ends) = (Vec::new(), Vec::new());
    for step in 1..=200u32 {
        world.step(DT).unwrap();
        let events = world.sensor_events();
        for (list, seen) in [(&mut begins, &events.begin), (&mut ends, &events.end)] {
            list.extend(seen.iter().map(|e: &SensorEvent| {
                assert_eq!(e.sensor_shape, sensor);
                (e.visitor_body, step)
            }));
        }
    }
    for (&body, &x) in row.iter().zip(&xs) {
        let travel = speed * DT;
        // Enters when its right edge reaches x = 4, leaves when its left edge passes 6.
        let enter = ((4.0 - (x + 0.25)) / travel).ceil() as u32;
        let leave = ((6.0 - (x - 0.25)) / travel).ceil() as u32;
        let of = |list: &Vec<(BodyId, u32)>| -> Vec<u32> {
            list.iter()
                .filter(|(b, _)| *b == body)
                .map(|&(_, s)| s)
                .collect()
        };
        assert_eq!(of(&begins), vec![enter], "box from x = {x}: begin steps");
        assert_eq!(of(&ends), vec![leave], "box from x = {x}: end steps");
    }
    assert_eq!(
        begins.len(),
        4,
        "only the boxes: not the ground under the gate"
    );
}

#[test]
fn a_sensor_neither_pushes_nor_is_pushed_and_says_what_is_inside() {
    let (mut world, sensor) = world_with_gate();
    // A ball falls through the gate as if it were not there.
    let ball = add_ball(&mut world, Vec2::new(5.0, 1.8), 0.1, 0.0);
    for _ in 0..5 {
        world.step(DT).unwrap();
    }
    let inside = world.sensor_overlaps(sensor).unwrap();
    assert_eq!(inside.len(), 1);
    assert_eq!(inside[0].body, ball);
    let v = world.linear_velocity(ball).unwrap();
    assert!((v.y + 10.0 * 5.0 * DT).abs() < 1e-4, "falls freely: {v}");
    // Queries skip sensors unless asked.
    let down = Vec2::new(0.0, -3.0);
    let from = Vec2::new(5.5, 2.5);
    let plain = world
        .cast_ray_closest(from, down, &QueryFilter::default())
        .unwrap();
    assert_ne!(plain.map(|h| h.shape), Some(sensor));
    let with =
        (world.cast_ray_closest(from, down, &QueryFilter::default().with_sensors())).unwrap();
    assert_eq!(with.map(|h| h.shape), Some(sensor));
    assert!(
        world
            .sensor_overlaps(world.body_shapes(ball).unwrap()[0])
            .is_err()
    );
}

#[test]
fn a_visitor_destroyed_inside_a_sensor_ends_at_the_next_step() {
    let (mut world, sensor) = world_with_gate();
    let inside = sliding_row(&mut world, &[5.0], 0.0)[0];
    world.step(DT).unwrap();
    assert_eq!(world.sensor_events().begin.len(), 1);
    let shape = world.body_shapes(inside).unwrap()[0];
    world.destroy_body(inside).unwrap();
    world.step(DT).unwrap();
    let ends = &world.sensor_events().end;
    assert_eq!(ends.len(), 1);
    assert_eq!(
        (ends[0].visitor_shape, ends[0].visitor_body),
        (shape, inside)
    );
    assert!(world.sensor_overlaps(sensor).unwrap().is_empty());
}

#[test]
fn a_restored_world_reports_the_same_sensor_events() {
    let (mut world, _) = world_with_gate();
    sliding_row(&mut world, &[2.0, 1.0, 0.0], 2.0);
    for _ in 0..50 {
        world.step(DT).unwrap();
    }
    let saved = world.snapshot();
    let record = |world: &mut World| {
        (0..150)
            .map(|_| {
                world.step(DT).unwrap();
                world.sensor_events().clone()
            })
            .collect::<Vec<_>>()
    };
    let first = record(&mut world);
    world.restore(&saved);
    assert_eq!(record(&mut world), first);
    assert!(first.iter().any(|e| !e.begin.is_empty()) && first.iter().any(|e| !e.end.is_empty()));
}
