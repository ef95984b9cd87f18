//! One number per scene that says whether an engine kept the scene together, so a fast
//! engine cannot win by simulating badly.
//!
//! - Pyramids: the largest sideways drift of any dynamic body (m). A pyramid that
//!   stands still drifts millimetres; one that slumps, metres.
//! - Every other scene: how many dynamic bodies ended outside the scene's initial
//!   bounds grown by 50 m — bodies that tunnelled out or were flung away.

use lockstep2d::BodyType;
use lockstep2d_scenes::SceneDef;

use crate::engine::BodyEnd;
use crate::geometry::reach;

/// How far outside the initial bounds a body must end to count as escaped (m).
const ESCAPE_MARGIN: f32 = 50.0;

/// Which quality figure a scene is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Largest |x − x₀| of a dynamic body, metres.
    DriftM,
    /// Dynamic bodies beyond the initial bounds + 50 m.
    Escaped,
}

impl Measure {
    /// The figure for `def`: drift for pyramids, escaped bodies for the rest.
    pub fn for_scene(def: &SceneDef) -> Measure {
        if def.name().contains("pyramid") {
            Measure::DriftM
        } else {
            Measure::Escaped
        }
    }

    /// Its name as the reports print it.
    pub fn name(self) -> &'static str {
        match self {
            Measure::DriftM => "max_drift_m",
            Measure::Escaped => "escaped_bodies",
        }
    }

    /// The figure for `end`, the scene's bodies in order after the run.
    pub fn of(self, def: &SceneDef, end: &[BodyEnd]) -> f64 {
        let dynamic = def
            .bodies
            .iter()
            .zip(end)
            .filter(|(body, _)| body.body_type == BodyType::Dynamic);
        match self {
            Measure::DriftM => dynamic
                .map(|(body, state)| (state.position[0] - body.position[0]).abs())
                .fold(0.0, f32::max)
                .into(),
            Measure::Escaped => {
                let [lo, hi] = initial_bounds(def);
                let outside = |p: [f32; 2]| {
                    (0..2).any(|i| p[i] < lo[i] - ESCAPE_MARGIN || p[i] > hi[i] + ESCAPE_MARGIN)
                };
                dynamic.filter(|(_, state)| outside(state.position)).count() as f64
            }
        }
    }
}

/// The box around every shape of every body as the scene starts.
fn initial_bounds(def: &SceneDef) -> [[f32; 2]; 2] {
    let mut lo = [f32::INFINITY; 2];
    let mut hi = [f32::NEG_INFINITY; 2];
    for body in &def.bodies {
        let reach = body.shapes.iter().map(reach).fold(0.0, f32::max);
        for i in 0..2 {
            lo[i] = lo[i].min(body.position[i] - reach);
            hi[i] = hi[i].max(body.position[i] + reach);
        }
    }
    [lo, hi]
}

/// The fastest dynamic body's speed (m/s): printed beside the figure.
pub fn max_speed(def: &SceneDef, end: &[BodyEnd]) -> f32 {
    def.bodies
        .iter()
        .zip(end)
        .filter(|(body, _)| body.body_type == BodyType::Dynamic)
        .map(|(_, s)| s.velocity[0].hypot(s.velocity[1]))
        .fold(0.0, f32::max)
}
