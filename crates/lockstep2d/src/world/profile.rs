//! How long each stage of the last step took: where a step's time goes.
//!
//! Reading the clock does not touch the simulation, so the results stay bit-identical
//! whatever the timings. Without the `profile` feature every time is zero.

use crate::solver::SolveProfile;

/// Milliseconds spent in each stage of the last step (or, summed by a caller, of many).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[non_exhaustive]
pub struct StepProfile {
    /// Running the controllers.
    pub controllers: f64,
    /// Moving the characters.
    pub characters: f64,
    /// Broad phase: finding new pairs and creating their contacts.
    pub broad_phase: f64,
    /// Narrow phase: rebuilding manifolds, events, waking.
    pub narrow_phase: f64,
    /// Integration and constraints.
    pub solve: f64,
    /// Where the soft step's part of `solve` went (zero under PGS).
    pub solve_parts: SolveProfile,
    /// Sweeping fast bodies against static shapes (and bullets against moving ones too).
    pub continuous: f64,
    /// Refitting the broad-phase boxes.
    pub refit: f64,
    /// Finding what overlaps each sensor.
    pub sensors: f64,
    /// Islands and sleep.
    pub sleep: f64,
    /// The whole step, the stages and what lies between them.
    pub total: f64,
}

impl StepProfile {
    /// Adds another profile's times, stage by stage.
    pub fn add(&mut self, other: &StepProfile) {
        self.controllers += other.controllers;
        self.characters += other.characters;
        self.broad_phase += other.broad_phase;
        self.narrow_phase += other.narrow_phase;
        self.solve += other.solve;
        self.solve_parts.prepare += other.solve_parts.prepare;
        self.solve_parts.constraints += other.solve_parts.constraints;
        self.solve_parts.store += other.solve_parts.store;
        self.continuous += other.continuous;
        self.refit += other.refit;
        self.sensors += other.sensors;
        self.sleep += other.sleep;
        self.total += other.total;
    }

    /// Every stage's time divided by `n`.
    pub fn divided(&self, n: f64) -> StepProfile {
        StepProfile {
            controllers: self.controllers / n,
            characters: self.characters / n,
            broad_phase: self.broad_phase / n,
            narrow_phase: self.narrow_phase / n,
            solve: self.solve / n,
            solve_parts: SolveProfile {
                prepare: self.solve_parts.prepare / n,
                constraints: self.solve_parts.constraints / n,
                store: self.solve_parts.store / n,
            },
            continuous: self.continuous / n,
            refit: self.refit / n,
            sensors: self.sensors / n,
            sleep: self.sleep / n,
            total: self.total / n,
        }
    }
}
