//! The named scenes, one file per origin.

mod benchmarks;
mod box2d_lite;

use crate::def::SceneDef;

const NAMES: [&str; 10] = [
    "single_box",
    "simple_pendulum",
    "varying_friction",
    "randomized_stacking",
    "pyramid",
    "teeter",
    "suspension_bridge",
    "dominos",
    "multi_pendulum",
    "large_pyramid",
];

/// The named scenes: Box2D-Lite's nine demos in its order, then Box2D v3's benchmarks.
pub fn names() -> &'static [&'static str] {
    &NAMES
}

/// A named scene's definition, or `None` for a name not in [`names`].
pub fn named(name: &str) -> Option<SceneDef> {
    let define = match name {
        "single_box" => box2d_lite::single_box,
        "simple_pendulum" => box2d_lite::simple_pendulum,
        "varying_friction" => box2d_lite::varying_friction,
        "randomized_stacking" => box2d_lite::randomized_stacking,
        "pyramid" => box2d_lite::pyramid,
        "teeter" => box2d_lite::teeter,
        "suspension_bridge" => box2d_lite::suspension_bridge,
        "dominos" => box2d_lite::dominos,
        "multi_pendulum" => box2d_lite::multi_pendulum,
        "large_pyramid" => benchmarks::large_pyramid,
        _ => return None,
    };
    Some(define())
}
