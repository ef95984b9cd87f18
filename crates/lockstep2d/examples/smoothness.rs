//! How smooth each smoothing mode looks: a disc glides at 3 m/s with no gravity, and a
//! renderer at a rate unrelated to the physics rate draws it every frame.
//!
//! `cargo run --release --example smoothness` prints, for 60 Hz physics on a 144 Hz
//! screen and 10 Hz physics on a 60 Hz screen, per smoothing mode:
//! - the coefficient of variation of the on-screen distance moved per frame (0 is
//!   perfectly even motion; judder shows as tens of percent), and
//! - how far the drawn disc is from where it truly is at that frame's time (interpolation
//!   lags one step, extrapolation predicts).

use std::time::Duration;

use lockstep2d::{
    BodyDef, Circle, FixedStepper, Geometry, ShapeDef, Smoothing, StepperConfig, Vec2, World,
    WorldDef,
};

const SPEED: f32 = 3.0;
const FRAMES: u32 = 2000;

fn main() -> Result<(), lockstep2d::Error> {
    println!("physics → screen   smoothing     per-frame move CV   distance from truth");
    for (physics_hz, render_hz) in [(60, 144), (10, 60)] {
        for smoothing in [
            Smoothing::None,
            Smoothing::Interpolate,
            Smoothing::Extrapolate,
        ] {
            let (cv, error) = measure(physics_hz, render_hz, smoothing)?;
            println!(
                "{physics_hz:>3} Hz → {render_hz:>3} Hz   {:<12}  {:>14.4} %   {:>12.4} m",
                format!("{smoothing:?}"),
                100.0 * cv,
                error
            );
        }
    }
    Ok(())
}

/// Runs `FRAMES` frames; returns the CV of the per-frame on-screen move and the largest
/// distance between the drawn position and the true one.
fn measure(
    physics_hz: u32,
    render_hz: u32,
    smoothing: Smoothing,
) -> Result<(f64, f64), lockstep2d::Error> {
    let mut world = World::new(&WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    })?;
    let disc = world
        .create_body(&BodyDef::dynamic(Vec2::ZERO).with_velocity(Vec2::new(SPEED, 0.0), 0.0))?;
    let circle = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.5,
    });
    world.create_shape(disc, &ShapeDef::new(circle))?;
    let mut stepper = FixedStepper::new(StepperConfig {
        hz: physics_hz,
        smoothing,
        ..StepperConfig::default()
    })?;
    let frame = Duration::from_nanos(1_000_000_000 / render_hz as u64);
    let (mut moves, mut worst, mut last) = (Vec::new(), 0.0f64, None);
    for index in 1..=FRAMES {
        stepper.advance(&mut world, frame, |_, _| Ok(()))?;
        let shown = stepper.smoothed_pose(&world, disc)?.p.x as f64;
        let truth = SPEED as f64 * frame.as_secs_f64() * index as f64;
        // Before the first step there is nothing to blend from; skip that start-up.
        if world.step_count() > 1 {
            worst = worst.max((shown - truth).abs());
            if let Some(previous) = last {
                moves.push(shown - previous);
            }
            last = Some(shown);
        }
    }
    let mean = moves.iter().sum::<f64>() / moves.len() as f64;
    let variance = moves.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / moves.len() as f64;
    Ok((variance.sqrt() / mean, worst))
}
