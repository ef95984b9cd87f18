//! The game loop to copy: variable frames in, fixed physics steps out, smooth poses to
//! the screen ("fix your timestep", as in "Fixed time-step implementation in Box2D").
//!
//! `cargo run --release --example game_loop` runs it for about two seconds at ~60 fps,
//! with scripted input standing in for a player: a ball pushed right into a row of
//! boxes, jumping twice on the way.

use std::thread;
use std::time::{Duration, Instant};

use lockstep2d::{
    BodyDef, BodyId, Circle, FixedStepper, Geometry, InputQueue, Polygon, ShapeDef, StepperConfig,
    Vec2, World, WorldDef,
};

/// What the player can do. One-shot actions (`Jump`) are pressed; continuous ones
/// (`PushRight`) are held.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Action {
    Jump,
    PushRight,
}

/// The frame rate the loop paces itself to; a real game lets vsync do this.
const TARGET_FRAME: Duration = Duration::from_micros(16_667);
const RUN_FOR: Duration = Duration::from_secs(2);
/// Upward impulse of a jump (N·s): the ball's mass is about 0.8 kg, so ~6 m/s.
const JUMP_IMPULSE: f32 = 5.0;
/// Push while `PushRight` is held (N).
const PUSH_FORCE: f32 = 6.0;

fn main() -> Result<(), lockstep2d::Error> {
    let (mut world, player) = build_world()?;
    // 60 steps per second, at most 8 per frame, interpolated poses: the defaults.
    let mut stepper = FixedStepper::new(StepperConfig::default())?;
    let mut inputs = InputQueue::new();

    let start = Instant::now();
    let mut last_frame = start;
    let mut frames = 0u32;
    while start.elapsed() < RUN_FOR {
        // 1. Input. A real game reads its window's events here (key down, key up);
        //    this script presses and holds keys on fixed frames instead.
        script_input(frames, &mut inputs);

        // 2. Time. How long the last frame really took, whatever the target was:
        //    the stepper turns it into whole steps and carries the remainder.
        let now = Instant::now();
        let frame_time = now - last_frame;
        last_frame = now;

        // 3. Physics. Game logic that touches bodies runs inside `per_step`, once
        //    before each fixed step, never once per frame: a frame may run zero, one
        //    or several steps, and only per-step logic gives the same motion at any
        //    frame rate (and replays bit for bit).
        stepper.advance(&mut world, frame_time, |world, _step| {
            for action in inputs.drain_step() {
                apply(world, player, action)?;
            }
            Ok(())
        })?;

        // 4. Render. Draw the smoothed pose, not `world.transform`: the world only
        //    moves in whole steps, so raw poses stutter when frames and steps do not
        //    line up; the stepper blends the last two steps by the leftover fraction.
        if frames.is_multiple_of(30) {
            let pose = stepper.smoothed_pose(&world, player)?;
            println!(
                "frame {frames:3}: player at ({:6.3}, {:6.3}), angle {:6.3}, alpha {:.2}",
                pose.p.x,
                pose.p.y,
                pose.q.angle(),
                stepper.alpha()
            );
        }
        frames += 1;

        // Pace to ~60 fps. Sleeping is coarse, which is fine: the next frame_time
        // measures what really happened.
        thread::sleep(TARGET_FRAME.saturating_sub(now.elapsed()));
    }
    println!(
        "{frames} frames, {} steps, state hash {:016x}",
        world.step_count(),
        world.state_hash()
    );
    Ok(())
}

/// The player's keys over time: push right for a second, jump twice on the way.
fn script_input(frame: u32, inputs: &mut InputQueue<Action>) {
    match frame {
        10 => inputs.hold(Action::PushRight),
        30 | 75 => inputs.press(Action::Jump),
        70 => inputs.release(&Action::PushRight),
        _ => {}
    }
}

/// One action in one step.
fn apply(world: &mut World, player: BodyId, action: Action) -> lockstep2d::Result<()> {
    let center = world.center_of_mass(player)?;
    match action {
        // A one-shot: an impulse changes the velocity at once, and the input queue
        // hands a press to exactly one step, so a jump is the same height however
        // many steps the frame runs (even none: it then waits for the next step).
        Action::Jump => world.apply_linear_impulse(player, Vec2::new(0.0, JUMP_IMPULSE), center),
        // Held: a force for this step only, given again every step while the key is
        // down. (`apply_force` would persist until the frame ends and pile up over
        // the frame's steps: a force meant per frame belongs outside `per_step`.)
        Action::PushRight => world.apply_step_force(player, Vec2::new(PUSH_FORCE, 0.0), center),
    }
}

/// Ground, a row of boxes, and the player's ball to their left.
fn build_world() -> lockstep2d::Result<(World, BodyId)> {
    let mut world = World::new(&WorldDef::default())?;
    let ground = world.create_body(&BodyDef::static_at(Vec2::new(0.0, -0.5)))?;
    let ground_box = Polygon::new_box(20.0, 0.5)?;
    world.create_shape(ground, &ShapeDef::new(Geometry::Polygon(ground_box)))?;

    let crate_box = Polygon::new_box(0.25, 0.25)?;
    for i in 0..4 {
        let at = Vec2::new(2.0 + 0.6 * i as f32, 0.25);
        let body = world.create_body(&BodyDef::dynamic(at))?;
        world.create_shape(body, &ShapeDef::new(Geometry::Polygon(crate_box)))?;
    }

    let player = world.create_body(&BodyDef::dynamic(Vec2::new(-2.0, 0.5)))?;
    let ball = Circle {
        center: Vec2::ZERO,
        radius: 0.5,
    };
    world.create_shape(
        player,
        &ShapeDef::new(Geometry::Circle(ball)).with_friction(0.6),
    )?;
    Ok((world, player))
}
