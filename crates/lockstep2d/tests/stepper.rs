//! The fixed-step driver: time accounting, overload policies, smoothing, forces,
//! controllers, inputs and time control.

use crate::support;

use std::time::Duration;

use lockstep2d::{
    BodyDef, Buoyancy, BuoyancyDef, Circle, Controller, FixedClock, FixedStepper, Geometry,
    InputQueue, OverloadPolicy, Rot, ShapeDef, Smoothing, StepperConfig, TICKS_PER_STEP, Transform,
    Vec2, Wind, WindDef, World, WorldDef, interpolate,
};

const STEP_60HZ_NS: f64 = 1e9 / 60.0;

fn ms(x: u64) -> Duration {
    Duration::from_millis(x)
}

/// A deterministic stream of numbers in [0, 1).
fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn slow_down_clock() -> FixedClock {
    FixedClock::new(60, OverloadPolicy::default(), 8).unwrap()
}

#[test]
fn step_count_is_conserved_over_random_frames() {
    let mut clock = slow_down_clock();
    let mut next = uniform(1);
    let (mut total_ns, mut steps) = (0u128, 0u64);
    for _ in 0..10_000 {
        let frame_ns = (1e6 + next() * 39e6) as u64; // uniform, one to forty milliseconds
        total_ns += frame_ns as u128;
        steps += clock.tick(Duration::from_nanos(frame_ns)).steps as u64;
        assert!(clock.accumulator_ticks() < TICKS_PER_STEP);
    }
    assert_eq!(steps as u128, total_ns * 60 / 1_000_000_000);

    for _ in 0..990_000 {
        let frame_ns = (1e6 + next() * 39e6) as u64;
        total_ns += frame_ns as u128;
        steps += clock.tick(Duration::from_nanos(frame_ns)).steps as u64;
    }
    // steps·dt + accumulator = total time, exactly, in ticks of a sixtieth of a
    // nanosecond.
    let accounted = steps as u128 * TICKS_PER_STEP as u128 + clock.accumulator_ticks() as u128;
    assert_eq!(accounted, total_ns * 60);
}

#[test]
fn a_long_frame_is_clamped_and_the_excess_reported() {
    let mut clock = slow_down_clock();
    let tick = clock.tick(Duration::from_secs(10));
    let limit = (0.25 * 60.0f64).ceil() as u32;
    assert!(tick.steps <= limit, "{} steps", tick.steps);
    assert_eq!(tick.dropped, Duration::from_millis(9750));
}

#[test]
fn carry_drop_and_stretch_cap_the_steps_of_an_overloaded_frame() {
    let twenty_steps = Duration::from_nanos((20.0 * STEP_60HZ_NS).ceil() as u64);
    let clock = |policy| FixedClock::new(60, policy, 8).unwrap();

    let mut carry = clock(OverloadPolicy::Carry);
    let tick = carry.tick(twenty_steps);
    assert_eq!((tick.steps, tick.dropped), (8, Duration::ZERO));
    // The other 12 steps come in the next frames, 8 and then 4.
    assert_eq!(carry.tick(Duration::ZERO).steps, 8);
    assert_eq!(carry.tick(Duration::ZERO).steps, 4);
    assert_eq!(carry.tick(Duration::ZERO).steps, 0);

    let mut drop = clock(OverloadPolicy::Drop);
    let tick = drop.tick(twenty_steps);
    assert_eq!(tick.steps, 8);
    let twelve_steps = 12.0 * STEP_60HZ_NS / 1e9;
    assert!((tick.dropped.as_secs_f64() - twelve_steps).abs() < 1e-8);
    assert_eq!(drop.tick(Duration::ZERO).steps, 0);

    let mut stretch = clock(OverloadPolicy::Stretch);
    let tick = stretch.tick(twenty_steps);
    assert_eq!(tick.steps, 8);
    let dt = tick.stretched_dt.expect("stretched");
    assert!(
        (dt * 8.0 - 20.0 / 60.0).abs() < 1e-12,
        "8 steps cover the 20 due"
    );
}

/// A ball moving at constant velocity in empty space.
fn coasting_ball(velocity: Vec2, angular: f32) -> (World, lockstep2d::BodyId) {
    let mut world = World::new(&WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    })
    .unwrap();
    let def = BodyDef::dynamic(Vec2::ZERO).with_velocity(velocity, angular);
    let ball = world.create_body(&def).unwrap();
    let disc = Circle {
        center: Vec2::ZERO,
        radius: 0.5,
    };
    world
        .create_shape(ball, &ShapeDef::new(Geometry::Circle(disc)))
        .unwrap();
    (world, ball)
}

fn stepper(hz: u32, smoothing: Smoothing) -> FixedStepper {
    FixedStepper::new(StepperConfig {
        hz,
        smoothing,
        ..StepperConfig::default()
    })
    .unwrap()
}

#[test]
fn interpolation_shows_the_state_one_step_back() {
    let v = Vec2::new(3.0, -1.0);
    let (mut world, ball) = coasting_ball(v, 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut next = uniform(2);
    let mut elapsed = 0.0f64;
    for _ in 0..500 {
        let frame = Duration::from_nanos((2e6 + next() * 30e6) as u64);
        elapsed += frame.as_secs_f64();
        let report = stepper.advance(&mut world, frame, |_, _| Ok(())).unwrap();
        assert!((0.0..1.0).contains(&report.alpha), "alpha {}", report.alpha);
        // Interpolated pose = x(t − dt), with t the frame's time (clamping never kicks in).
        let shown = stepper.smoothed_pose(&world, ball).unwrap().p;
        let expected = v * (elapsed - 1.0 / 60.0).max(0.0) as f32;
        if elapsed > 1.0 / 30.0 {
            assert!(
                (shown - expected).length() < 1e-5 * (1.0 + expected.length()),
                "{shown} vs {expected}"
            );
        }
    }
}

#[test]
fn a_clock_elsewhere_gets_the_pose_at_its_own_alpha_and_bad_alphas_are_refused() {
    let v = Vec2::new(3.0, -1.0);
    let (mut world, ball) = coasting_ball(v, 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    // Steps timed by another clock: one step per call, no frame time.
    let info = lockstep2d::StepInfo {
        step: 0,
        index_in_frame: 0,
        steps_in_frame: 1,
        dt: 1.0 / 60.0,
    };
    for _ in 0..3 {
        stepper.step(&mut world, &info).unwrap();
    }
    let before = world.transform(ball).unwrap();
    stepper.step(&mut world, &info).unwrap();
    let last = world.transform(ball).unwrap();
    let at = |alpha| stepper.smoothed_pose_at(&world, ball, alpha);
    assert_eq!(at(0.0).unwrap(), before);
    assert_eq!(at(1.0).unwrap().p, last.p);
    let quarter = at(0.25).unwrap().p;
    assert!((quarter - (before.p + 0.25 * (last.p - before.p))).length() < 1e-6);
    for bad in [-0.01, 1.01, f32::NAN, f32::INFINITY] {
        assert!(
            matches!(
                at(bad),
                Err(lockstep2d::Error::InvalidValue { field: "alpha", .. })
            ),
            "alpha {bad}"
        );
    }
}

#[test]
fn interpolating_at_alpha_zero_returns_the_previous_pose_bit_for_bit() {
    let from = Transform {
        p: Vec2::new(-0.0, 1.2345678),
        q: Rot::from_angle(2.5),
    };
    let to = Transform::new(Vec2::new(7.0, -3.0), -2.9);
    assert_eq!(interpolate(from, to, 0.0), from);
}

#[test]
fn rotation_blends_the_short_way_round() {
    let deg = std::f32::consts::PI / 180.0;
    let from = Transform::new(Vec2::ZERO, 179.0 * deg);
    let to = Transform::new(Vec2::ZERO, -179.0 * deg);
    let halfway = interpolate(from, to, 0.5).q.angle().abs();
    assert!(
        (halfway - 180.0 * deg).abs() < 1e-5,
        "got {} degrees",
        halfway / deg
    );
}

#[test]
fn extrapolation_leads_by_velocity_times_alpha_dt() {
    let (v, w) = (Vec2::new(2.0, 5.0), 1.5);
    let (mut world, ball) = coasting_ball(v, w);
    let mut stepper = stepper(60, Smoothing::Extrapolate);
    stepper.advance(&mut world, ms(40), |_, _| Ok(())).unwrap();
    let alpha = stepper.alpha();
    assert!(
        alpha > 0.1,
        "pick a frame that leaves a fraction: alpha {alpha}"
    );
    let now = world.transform(ball).unwrap();
    let shown = stepper.smoothed_pose(&world, ball).unwrap();
    let lead = alpha / 60.0;
    assert!((shown.p - (now.p + v * lead)).length() < 1e-6);
    let turned = now.q.inv_mul(shown.q);
    assert!((lockstep2d::math::atan2(turned.s, turned.c) - w * lead).abs() < 1e-6);
}

/// Coefficient of variation of the per-frame displacement of a coasting ball.
fn frame_step_variation(physics_hz: u32, render_hz: u32, smoothing: Smoothing) -> f64 {
    let (mut world, ball) = coasting_ball(Vec2::new(3.0, 0.0), 0.0);
    let mut stepper = stepper(physics_hz, smoothing);
    let frame = Duration::from_nanos(1_000_000_000 / render_hz as u64);
    let mut last = 0.0f32;
    let mut moves = Vec::new();
    for i in 0..400 {
        stepper.advance(&mut world, frame, |_, _| Ok(())).unwrap();
        let x = stepper.smoothed_pose(&world, ball).unwrap().p.x;
        if i > 10 {
            moves.push((x - last) as f64);
        }
        last = x;
    }
    let mean = moves.iter().sum::<f64>() / moves.len() as f64;
    let var = moves.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / moves.len() as f64;
    var.sqrt() / mean
}

#[test]
fn interpolation_is_smooth_where_raw_steps_judder() {
    let smooth = frame_step_variation(60, 144, Smoothing::Interpolate);
    let raw = frame_step_variation(60, 144, Smoothing::None);
    assert!(smooth < 0.01, "interpolated CV {smooth}");
    assert!(raw > 0.30, "raw CV {raw}");
}

#[test]
fn teleports_and_new_bodies_do_not_streak() {
    let (mut world, ball) = coasting_ball(Vec2::new(1.0, 0.0), 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    stepper.advance(&mut world, ms(50), |_, _| Ok(())).unwrap();
    world
        .set_transform(ball, Vec2::new(100.0, 50.0), 0.0)
        .unwrap();
    let shown = stepper.smoothed_pose(&world, ball).unwrap().p;
    assert_eq!(
        shown,
        Vec2::new(100.0, 50.0),
        "teleport blended from the old place"
    );

    let newcomer = world
        .create_body(&BodyDef::dynamic(Vec2::new(-5.0, 2.0)))
        .unwrap();
    assert_eq!(
        stepper.smoothed_pose(&world, newcomer).unwrap().p,
        Vec2::new(-5.0, 2.0)
    );
    // A body created in a destroyed body's slot does not inherit its history.
    world.destroy_body(ball).unwrap();
    let reuse = world
        .create_body(&BodyDef::dynamic(Vec2::new(9.0, 9.0)))
        .unwrap();
    assert_eq!(
        stepper.smoothed_pose(&world, reuse).unwrap().p,
        Vec2::new(9.0, 9.0)
    );
}

#[test]
fn a_force_set_once_per_frame_acts_on_each_step_of_that_frame() {
    for frame_ms in [5u64, 17, 50] {
        let (mut world, ball) = coasting_ball(Vec2::ZERO, 0.0);
        let mut stepper = stepper(60, Smoothing::Interpolate);
        let force = Vec2::new(4.0, 0.0);
        world.apply_force_to_center(ball, force).unwrap();
        let report = stepper
            .advance(&mut world, ms(frame_ms), |_, _| Ok(()))
            .unwrap();
        let m = world.mass(ball).unwrap();
        let expected = force.x / m * report.steps as f32 / 60.0;
        let v = world.linear_velocity(ball).unwrap().x;
        assert!(
            (v - expected).abs() < 1e-6,
            "{} steps: v {v}, expected {expected}",
            report.steps
        );
        assert_eq!(
            world.applied_force(ball).unwrap().0,
            Vec2::ZERO,
            "not cleared"
        );
        if frame_ms == 50 {
            assert_eq!(report.steps, 3);
        }
    }
}

#[derive(Clone, Debug, Default)]
struct CountingController {
    runs: std::sync::Arc<std::sync::atomic::AtomicU32>,
}

impl Controller for CountingController {
    fn apply(&mut self, _world: &mut World, _dt: f32) {
        self.runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn controllers_run_once_per_step() {
    let (mut world, _) = coasting_ball(Vec2::ZERO, 0.0);
    let counter = CountingController::default();
    let runs = counter.runs.clone();
    world.add_controller(Box::new(counter));
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut next = uniform(3);
    for _ in 0..200 {
        let before = runs.load(std::sync::atomic::Ordering::Relaxed);
        let frame = Duration::from_nanos((next() * 60e6) as u64);
        let report = stepper.advance(&mut world, frame, |_, _| Ok(())).unwrap();
        assert_eq!(
            runs.load(std::sync::atomic::Ordering::Relaxed) - before,
            report.steps
        );
    }
}

#[test]
fn each_step_is_told_its_index_since_the_world_began_and_a_rollback_repeats_it() {
    let (mut world, _) = coasting_ball(Vec2::new(1.0, 0.0), 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut told = Vec::new();
    let mut saved = None;
    for frame_ms in [5u64, 12, 50, 3, 3, 17, 50, 1] {
        stepper
            .advance(&mut world, ms(frame_ms), |world, info| {
                assert_eq!(info.step, world.step_count(), "{info:?}");
                if info.step == 4 {
                    saved = Some(world.snapshot());
                }
                told.push(info.step);
                Ok(())
            })
            .unwrap();
    }
    let count = world.step_count();
    assert!(count > 6, "only {count} steps ran");
    assert_eq!(told, (0..count).collect::<Vec<u64>>());
    // Rolled back to the start of step 4, the next frame's steps are 4, 5, …
    world.restore(&saved.unwrap());
    let mut again = Vec::new();
    stepper
        .advance(&mut world, ms(50), |_, info| {
            again.push(info.step);
            Ok(())
        })
        .unwrap();
    assert!(again.len() >= 3, "{again:?}");
    assert_eq!(again, (4..4 + again.len() as u64).collect::<Vec<u64>>());
}

#[test]
fn no_input_is_lost_or_doubled() {
    let (mut world, _) = coasting_ball(Vec2::ZERO, 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut inputs: InputQueue<u32> = InputQueue::new();
    let mut seen = Vec::new();
    let mut held_steps = 0;
    let mut total_steps = 0;
    // Frames of 0, 1 and 3 steps, a one-shot pressed before each, a key held throughout.
    inputs.hold(999);
    for (i, frame_ms) in [5u64, 12, 50, 3, 3, 17, 50, 1].into_iter().enumerate() {
        inputs.press(i as u32);
        let report = stepper
            .advance(&mut world, ms(frame_ms), |_, _| {
                for input in inputs.drain_step() {
                    if input == 999 {
                        held_steps += 1;
                    } else {
                        seen.push(input);
                    }
                }
                Ok(())
            })
            .unwrap();
        total_steps += report.steps;
    }
    assert_eq!(
        held_steps, total_steps,
        "held input missed or doubled a step"
    );
    // Every one-shot pressed before the last step-running frame arrived exactly once.
    assert_eq!(seen, (0..7).collect::<Vec<u32>>());
}

#[test]
fn pause_single_step_time_scale_and_rate_change() {
    let (mut world, _) = coasting_ball(Vec2::ZERO, 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    stepper.advance(&mut world, ms(25), |_, _| Ok(())).unwrap();
    let alpha = stepper.alpha();
    stepper.pause();
    let paused = stepper.advance(&mut world, ms(100), |_, _| Ok(())).unwrap();
    assert_eq!((paused.steps, paused.alpha), (0, alpha));
    stepper.single_step();
    assert_eq!(
        stepper
            .advance(&mut world, ms(100), |_, _| Ok(()))
            .unwrap()
            .steps,
        1
    );
    assert_eq!(
        stepper
            .advance(&mut world, ms(100), |_, _| Ok(()))
            .unwrap()
            .steps,
        0
    );
    stepper.resume();

    // Slow motion: 0.5 halves the steps over many frames, to within one.
    let count = |stepper: &mut FixedStepper, world: &mut World| {
        (0..600)
            .map(|_| {
                stepper
                    .advance(world, Duration::from_nanos(16_666_667), |_, _| Ok(()))
                    .unwrap()
                    .steps
            })
            .sum::<u32>()
    };
    stepper.set_time_scale(0.5).unwrap();
    let slow = count(&mut stepper, &mut world);
    assert!(slow.abs_diff(300) <= 1, "{slow} steps at half speed");
    stepper.set_time_scale(2.0).unwrap();
    let fast = count(&mut stepper, &mut world);
    assert!(fast.abs_diff(1200) <= 1, "{fast} steps at double speed");
    assert!(stepper.set_time_scale(f64::NAN).is_err());

    // Changing the rate keeps the accumulated time: half a 60 Hz step is a whole 120 Hz one.
    stepper.set_time_scale(1.0).unwrap();
    let mut fresh = FixedStepper::new(StepperConfig::default()).unwrap();
    fresh
        .advance(&mut world, Duration::from_nanos(8_333_334), |_, _| Ok(()))
        .unwrap();
    assert!((fresh.alpha() - 0.5).abs() < 1e-6);
    fresh.set_hz(120).unwrap();
    assert_eq!(
        fresh
            .advance(&mut world, Duration::ZERO, |_, _| Ok(()))
            .unwrap()
            .steps,
        1
    );
}

/// Air drag on every body, as a controller: a per-step force that depends on state.
#[derive(Clone, Debug)]
struct Drag;

impl Controller for Drag {
    fn apply(&mut self, world: &mut World, _dt: f32) {
        let bodies: Vec<_> = world.body_ids().collect();
        for body in bodies {
            let v = world.linear_velocity(body).unwrap();
            let center = world.center_of_mass(body).unwrap();
            world.apply_step_force(body, -0.3 * v, center).unwrap();
        }
    }
}

/// A world with every stage busy: contacts, a pile of boxes half in water, wind, and a
/// user controller.
fn busy_world() -> World {
    let mut world = support::world_with_ground(&WorldDef::default(), 0.6);
    for i in 0..12 {
        let p = Vec2::new((i % 4) as f32 - 1.5, 0.6 + (i / 4) as f32 * 1.2);
        support::add_box(&mut world, p, 0.45, 1.0);
    }
    world.add_controller(Box::new(Drag));
    let water = BuoyancyDef {
        surface_point: Vec2::new(0.0, 1.5),
        density: 1.5,
        flow: Vec2::new(0.3, 0.0),
        ..BuoyancyDef::default()
    };
    world.add_controller(Box::new(Buoyancy::new(&water).unwrap()));
    let wind = WindDef {
        velocity: Vec2::new(-2.0, 0.5),
        ..WindDef::default()
    };
    world.add_controller(Box::new(Wind::new(&wind).unwrap()));
    world
}

#[test]
fn how_frames_split_600_steps_does_not_change_the_result() {
    let mut reference = busy_world();
    support::run(&mut reference, 600);

    for seed in [1, 2, 3] {
        let mut world = busy_world();
        let mut stepper = stepper(60, Smoothing::Interpolate);
        let mut next = uniform(seed);
        let mut steps = 0;
        while steps < 600 {
            // A frame worth 0 to 3 whole steps (rounded up to the nanosecond, which never
            // adds up to an extra step within 600 frames).
            let want = ((next() * 4.0) as u32).min(600 - steps);
            let frame = Duration::from_nanos((want as f64 * STEP_60HZ_NS).ceil() as u64);
            let report = stepper.advance(&mut world, frame, |_, _| Ok(())).unwrap();
            assert_eq!(report.steps, want);
            steps += report.steps;
        }
        assert_eq!(
            world.state_hash(),
            reference.state_hash(),
            "frame split {seed} diverged"
        );
    }
}

/// A game engine whose per-step systems borrow the world themselves runs the frame in
/// parts: `begin_frame`, `step` for each step, `end_frame`. That is `advance`, bit for
/// bit: the same steps, forces applied per step, alpha and smoothed poses.
#[test]
fn a_frame_run_in_parts_is_advance_bit_for_bit() {
    let push = |world: &mut World, step: u32| {
        let id = world.body_ids().last().unwrap();
        world.apply_force_to_center(id, Vec2::new(3.0, step as f32 % 5.0))
    };
    let (mut whole, mut parts) = (busy_world(), busy_world());
    let (mut whole_driver, mut parts_driver) = (
        stepper(60, Smoothing::Interpolate),
        stepper(60, Smoothing::Interpolate),
    );
    let mut next = uniform(7);
    let (mut whole_steps, mut parts_steps) = (0, 0);
    for _ in 0..200 {
        let frame = Duration::from_nanos((next() * 3.0 * STEP_60HZ_NS) as u64);
        let report = whole_driver
            .advance(&mut whole, frame, |world, _| {
                whole_steps += 1;
                push(world, whole_steps)
            })
            .unwrap();
        let plan = parts_driver.begin_frame(frame);
        for info in plan.step_infos(&parts) {
            parts_steps += 1;
            push(&mut parts, parts_steps).unwrap();
            parts_driver.step(&mut parts, &info).unwrap();
        }
        let alpha = parts_driver.end_frame(&mut parts);
        assert_eq!(
            (plan.steps, alpha.to_bits()),
            (report.steps, report.alpha.to_bits())
        );
        let body = whole.body_ids().last().unwrap();
        assert_eq!(
            parts_driver.smoothed_pose(&parts, body).unwrap(),
            whole_driver.smoothed_pose(&whole, body).unwrap()
        );
    }
    assert!(whole_steps > 200, "{whole_steps} steps");
    assert_eq!(parts.state_hash(), whole.state_hash());
}

/// Rolling back a game driven by the stepper: the world's snapshot and a copy of the
/// stepper (its accumulator, time scale and pose history) taken together and put back
/// together replay the same frames to the same steps, alphas and bits.
#[test]
fn a_world_snapshot_and_a_stepper_copy_roll_back_a_game_loop_exactly() {
    let (mut world, ball) = coasting_ball(Vec2::new(1.0, 0.5), 0.3);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut frame_ms = uniform(7);
    let mut frames: Vec<Duration> = (0..120)
        .map(|_| Duration::from_secs_f64(0.004 + 0.02 * frame_ms()))
        .collect();
    // A frame that leaves time in the accumulator before the save.
    frames[59] = Duration::from_micros(23_456);
    let play = |world: &mut World, stepper: &mut FixedStepper, frames: &[Duration]| {
        frames
            .iter()
            .map(|&frame| {
                let report = stepper.advance(world, frame, |_, _| Ok(())).unwrap();
                let pose = stepper.smoothed_pose(world, ball).unwrap();
                (report.steps, stepper.alpha().to_bits(), pose.p.x.to_bits())
            })
            .collect::<Vec<_>>()
    };
    play(&mut world, &mut stepper, &frames[..60]);
    let (saved_world, saved_stepper) = (world.snapshot(), stepper.clone());
    assert_ne!(stepper.clock().accumulator_ticks(), 0, "time is carried");
    let first = play(&mut world, &mut stepper, &frames[60..]);
    let first_hash = world.state_hash();

    world.restore(&saved_world);
    stepper = saved_stepper;
    let again = play(&mut world, &mut stepper, &frames[60..]);
    assert_eq!(first, again);
    assert_eq!(world.state_hash(), first_hash);
}

#[test]
fn an_error_in_the_per_step_callback_stops_the_frame_after_the_steps_before_it() {
    let (mut world, ball) = coasting_ball(Vec2::new(1.0, 0.0), 0.0);
    let mut stepper = stepper(60, Smoothing::Interpolate);
    let mut calls = 0;
    // Fifty milliseconds is three steps; the second callback fails on a body that is
    // gone.
    let result = stepper.advance(&mut world, ms(50), |world, _| {
        calls += 1;
        if calls == 2 {
            world.destroy_body(ball)?;
            world.position(ball)?;
        }
        Ok(())
    });
    assert!(
        matches!(result, Err(lockstep2d::Error::StaleId { .. })),
        "{result:?}"
    );
    assert_eq!(calls, 2);
    assert_eq!(
        world.step_count(),
        1,
        "the step after the failed callback did not run"
    );
}
