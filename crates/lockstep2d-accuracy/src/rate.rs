//! The rates and substeps the cases are swept over.

use lockstep2d::SolverSettings;

/// Steps per second and substeps per step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Steps per second.
    pub hz: u32,
    /// Solver substeps per step.
    pub substeps: u32,
}

impl Rate {
    /// 60 Hz with the solver's default substeps: what a game gets unless it asks.
    pub fn default_rate() -> Rate {
        Rate {
            hz: 60,
            substeps: SolverSettings::default().substeps,
        }
    }

    /// Seconds per step.
    pub fn dt(self) -> f64 {
        1.0 / f64::from(self.hz)
    }

    /// The number of steps that cover `seconds`.
    pub fn steps(self, seconds: f64) -> u32 {
        (seconds * f64::from(self.hz)).round() as u32
    }

    /// The rate sweep: 30, 60, 120 and 240 Hz at the default substeps.
    pub fn rate_sweep() -> Vec<Rate> {
        let substeps = Rate::default_rate().substeps;
        [30, 60, 120, 240]
            .into_iter()
            .map(|hz| Rate { hz, substeps })
            .collect()
    }

    /// The substep sweep: 1, 2, 4 and 8 substeps at 60 Hz.
    pub fn substep_sweep() -> Vec<Rate> {
        [1, 2, 4, 8]
            .into_iter()
            .map(|substeps| Rate { hz: 60, substeps })
            .collect()
    }
}
