//! Where a run's time went: the engine's per-stage timings of every step, summed.

use lockstep2d::StepProfile;
use serde::Serialize;

/// Mean milliseconds per step in each stage (`World::profile`).
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct StageMs {
    pub controllers: f64,
    pub broad_phase: f64,
    pub narrow_phase: f64,
    pub solve: f64,
    pub refit: f64,
    pub sleep: f64,
}

/// Stage times summed over steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct StageSum {
    sum: StageMs,
}

impl StageSum {
    /// Adds one step's profile.
    pub fn add(&mut self, p: &StepProfile) {
        let s = &mut self.sum;
        s.controllers += p.controllers;
        s.broad_phase += p.broad_phase;
        s.narrow_phase += p.narrow_phase;
        s.solve += p.solve;
        s.refit += p.refit;
        s.sleep += p.sleep;
    }

    /// The means over `steps` steps.
    pub fn mean(&self, steps: u64) -> StageMs {
        let n = steps.max(1) as f64;
        let s = &self.sum;
        StageMs {
            controllers: s.controllers / n,
            broad_phase: s.broad_phase / n,
            narrow_phase: s.narrow_phase / n,
            solve: s.solve / n,
            refit: s.refit / n,
            sleep: s.sleep / n,
        }
    }
}

impl std::fmt::Display for StageMs {
    /// One line: each stage's share of the step.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts = [
            ("controllers", self.controllers),
            ("broad phase", self.broad_phase),
            ("narrow phase", self.narrow_phase),
            ("solve", self.solve),
            ("refit", self.refit),
            ("sleep", self.sleep),
        ];
        let total: f64 = parts.iter().map(|(_, ms)| ms).sum();
        write!(f, "  stages:")?;
        for (name, ms) in parts {
            let share = if total > 0.0 { 100.0 * ms / total } else { 0.0 };
            write!(f, " {name} {ms:.3} ms ({share:.0} %)")?;
        }
        Ok(())
    }
}
