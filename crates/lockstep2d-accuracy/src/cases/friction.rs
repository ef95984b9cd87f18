//! A block on a slope: it should slide with acceleration g·(sin θ − μ·cos θ) where
//! tan θ > μ, and stay put where tan θ < μ.

use crate::rate::Rate;
use crate::setup::{G, Material, block, ground, percent_off, run, scene, slope_gravity};
use crate::simulation::Engine;

const HALF: [f64; 2] = [0.5, 0.5];

/// The sliding block's slope and friction: tan 30° = 0.58 > 0.3.
const SLIDE_DEGREES: f64 = 30.0;
const SLIDE_FRICTION: f64 = 0.3;
const SLIDE_SECONDS: f64 = 2.0;

/// The friction whose boundary is looked for: arctan 0.5 = 26.57°.
const BOUNDARY_FRICTION: f64 = 0.5;
/// The search looks this far (degrees) either side of arctan μ.
const SEARCH: f64 = 3.0;
/// Halvings of the search: 6° / 2¹² is 0.0015°.
const HALVINGS: u32 = 12;
/// The block settles this long before it is watched, and is watched this long.
const SETTLE_SECONDS: f64 = 0.5;
const WATCH_SECONDS: f64 = 2.0;
/// A block that moves further than this while watched slides. Just past the boundary
/// (0.01°) it slides 4 mm in two seconds.
const SLIDES: f64 = 0.001;

/// How far the sliding block's speed after two seconds is from
/// g·(sin θ − μ·cos θ)·t, in per cent.
pub(crate) fn sliding_error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let steps = rate.steps(SLIDE_SECONDS);
    let trace = run(
        engine,
        &block_on_slope(rate, SLIDE_DEGREES, SLIDE_FRICTION),
        steps,
    )?;
    let angle = SLIDE_DEGREES.to_radians();
    let acceleration = G * (libm::sin(angle) - SLIDE_FRICTION * libm::cos(angle));
    let t = f64::from(steps) * rate.dt();
    Ok(percent_off(
        trace[steps as usize][1].velocity[0],
        acceleration * t,
    ))
}

/// How far (degrees) the steepest slope the block stays on is from arctan μ, found by
/// halving the range around it.
pub(crate) fn boundary_error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let boundary = libm::atan(BOUNDARY_FRICTION).to_degrees();
    let (mut holds, mut slides) = (boundary - SEARCH, boundary + SEARCH);
    for _ in 0..HALVINGS {
        let middle = 0.5 * (holds + slides);
        if block_slides(engine, rate, middle)? {
            slides = middle;
        } else {
            holds = middle;
        }
    }
    Ok((0.5 * (holds + slides) - boundary).abs())
}

fn block_slides(engine: &dyn Engine, rate: Rate, degrees: f64) -> Result<bool, String> {
    let settle = rate.steps(SETTLE_SECONDS) as usize;
    let steps = rate.steps(SETTLE_SECONDS + WATCH_SECONDS);
    let trace = run(
        engine,
        &block_on_slope(rate, degrees, BOUNDARY_FRICTION),
        steps,
    )?;
    let moved = trace[steps as usize][1].position[0] - trace[settle][1].position[0];
    Ok(moved.abs() > SLIDES)
}

fn block_on_slope(rate: Rate, degrees: f64, friction: f64) -> lockstep2d_scenes::SceneDef {
    let mut def = scene("block on a slope", rate, slope_gravity(degrees));
    let material = Material {
        friction,
        restitution: 0.0,
    };
    def.bodies.push(ground(material));
    def.bodies.push(block([0.0, HALF[1]], HALF, material));
    def
}
