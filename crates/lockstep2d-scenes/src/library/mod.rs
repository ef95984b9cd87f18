//! The named scenes, one file per origin, and the few helpers they share.

mod benchmarks;

pub use benchmarks::many_pyramids_sized;
mod bouncy;
mod box2d_lite;
mod character;
mod determinism;
mod joints;
mod outlines;
mod queries;
mod robustness;
mod sensors;
mod stacking;
mod terrain;

use crate::def::{BodyJson, SceneDef, ShapeJson};

/// Box2D-Lite's demos in its order; then the robustness and stacking samples of Box2D
/// v3 and Solver2D, from single stacks to whole structures; the joint samples; Box2D's
/// determinism scene; a scene of sensors and one to cast rays into; concave bodies in a
/// concave bowl; a platformer's level of chains, one-way ledges and a conveyor, and a
/// level for a character mover; then Box2D v3's benchmarks, the big ones; the chain
/// benchmark, two kilometres of hills; the heightfield benchmark, rolling ground strewn
/// with boulders; and last Box2D's `many_pyramids` grown to a hundred thousand boxes.
const NAMES: [&str; 40] = [
    "single_box",
    "simple_pendulum",
    "varying_friction",
    "randomized_stacking",
    "pyramid",
    "teeter",
    "suspension_bridge",
    "dominos",
    "multi_pendulum",
    "vertical_stack",
    "circle_stack",
    "high_mass_ratio_1",
    "high_mass_ratio_2",
    "friction_ramp",
    "overlap_recovery",
    "arch",
    "double_domino",
    "card_house",
    "confined",
    "far_pyramid",
    "bridge",
    "ball_and_chain",
    "ragdoll",
    "falling_hinges",
    "sensor_gate",
    "ray_cast",
    "outline",
    "platformer",
    "character",
    "large_pyramid",
    "many_pyramids",
    "joint_grid",
    "rain",
    "smash",
    "spinner",
    "tumbler",
    "bouncy_pile",
    "terrain",
    "heightfield",
    "huge_pyramids",
];

/// The named scenes: Box2D-Lite's demos in its order; then the robustness and
/// stacking samples of Box2D v3 and Solver2D, from single stacks to whole structures;
/// the joint samples; Box2D's determinism scene; a scene of sensors and one to cast rays
/// into; concave bodies in a concave bowl; a platformer's level and a level for a
/// character mover; then Box2D v3's benchmarks and a bouncy pile; the chain benchmark,
/// two kilometres of hills; the heightfield benchmark; and last `many_pyramids` grown to
/// a hundred thousand boxes.
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
        "vertical_stack" => robustness::vertical_stack,
        "circle_stack" => stacking::circle_stack,
        "high_mass_ratio_1" => robustness::high_mass_ratio_1,
        "high_mass_ratio_2" => robustness::high_mass_ratio_2,
        "friction_ramp" => robustness::friction_ramp,
        "overlap_recovery" => robustness::overlap_recovery,
        "arch" => stacking::arch,
        "double_domino" => stacking::double_domino,
        "card_house" => stacking::card_house,
        "confined" => stacking::confined,
        "far_pyramid" => robustness::far_pyramid,
        "bridge" => joints::bridge,
        "ball_and_chain" => joints::ball_and_chain,
        "ragdoll" => joints::ragdoll,
        "falling_hinges" => determinism::falling_hinges,
        "sensor_gate" => sensors::sensor_gate,
        "ray_cast" => queries::ray_cast,
        "outline" => outlines::outline,
        "platformer" => terrain::platformer,
        "character" => character::character,
        "large_pyramid" => benchmarks::large_pyramid,
        "many_pyramids" => benchmarks::many_pyramids,
        "joint_grid" => benchmarks::joint_grid,
        "rain" => benchmarks::rain,
        "smash" => benchmarks::smash,
        "spinner" => benchmarks::spinner,
        "tumbler" => benchmarks::tumbler,
        "bouncy_pile" => bouncy::bouncy_pile,
        "terrain" => terrain::terrain,
        "heightfield" => terrain::heightfield,
        "huge_pyramids" => benchmarks::huge_pyramids,
        _ => return None,
    };
    Some(define())
}

/// A static ground: a box of half extents `hx` × `hy` whose top face is centred at
/// `top`, so bodies built from y = top upward rest on it.
fn ground_box(top: [f32; 2], hx: f32, hy: f32) -> BodyJson {
    BodyJson::static_at([top[0], top[1] - hy]).with_shape(ShapeJson::new_box(hx, hy))
}

/// Sets the friction of every shape of `body` (most scene bodies have one shape).
fn with_friction(mut body: BodyJson, friction: f32) -> BodyJson {
    for shape in &mut body.shapes {
        shape.material_mut().friction = friction;
    }
    body
}
