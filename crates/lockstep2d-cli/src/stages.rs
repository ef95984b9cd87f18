//! Where a run's time went: the engine's per-stage timings of every step, summed.

use lockstep2d::StepProfile;

/// Stage times summed over steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct StageSum {
    sum: StepProfile,
}

impl StageSum {
    /// Adds one step's profile.
    pub fn add(&mut self, p: &StepProfile) {
        self.sum.add(p);
    }

    /// The mean milliseconds per step in each stage over `steps` steps.
    pub fn mean(&self, steps: u64) -> StepProfile {
        self.sum.divided(steps.max(1) as f64)
    }
}

/// One summary line: each stage's mean time and share of the step.
pub fn stage_line(p: &StepProfile) -> String {
    let parts = [
        ("controllers", p.controllers),
        ("characters", p.characters),
        ("broad phase", p.broad_phase),
        ("narrow phase", p.narrow_phase),
        ("solve", p.solve),
        ("continuous", p.continuous),
        ("refit", p.refit),
        ("sensors", p.sensors),
        ("sleep", p.sleep),
    ];
    let total: f64 = parts.iter().map(|(_, ms)| ms).sum();
    let mut line = "  stages:".to_string();
    for (name, ms) in parts {
        let share = if total > 0.0 { 100.0 * ms / total } else { 0.0 };
        line += &format!(" {name} {ms:.3} ms ({share:.0} %)");
    }
    line
}
