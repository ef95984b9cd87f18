//! Input scripts: the buttons a player holds over time, written as text, so a run can
//! be played headless (a render, a test, the sync test) exactly as from a keyboard.
//!
//! ```text
//! # seconds, then the buttons held from then on
//! 0     right
//! 1.5   right jump
//! 1.6   right
//! 30    end
//! ```
//!
//! Buttons are `left`, `right`, `crouch`, `jump`, `pick`, `drop`, `use`, `switch`; a
//! line with none releases everything. Times must grow line by line. A line `end`
//! closes the script: played looped, it starts again from there. A one-shot button
//! (jump, pick, drop, use, switch) acts when it goes down, so pressing it twice takes a
//! line without it in between.

use std::fmt;

use crate::input::{Buttons, Command};

/// A parsed input script.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// Each change: its time (s) and the buttons held from then on.
    changes: Vec<(f64, Buttons)>,
    /// When the script ends (s): its `end` line, else its last change.
    length: f64,
}

/// A line the parser could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

impl Script {
    /// Reads a script (see the module docs).
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        let mut changes: Vec<(f64, Buttons)> = Vec::new();
        let mut end = None;
        for (number, line) in text.lines().enumerate() {
            let fail = |message: String| ScriptError {
                line: number + 1,
                message,
            };
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            let Some(first) = words.next() else { continue };
            if end.is_some() {
                return Err(fail("nothing may follow `end`".into()));
            }
            let time: f64 = first
                .parse()
                .ok()
                .filter(|t: &f64| t.is_finite() && *t >= 0.0)
                .ok_or_else(|| fail(format!("`{first}` is not a time in seconds")))?;
            if changes.last().is_some_and(|&(last, _)| time <= last) {
                return Err(fail(format!(
                    "{time} s does not come after the line before"
                )));
            }
            let mut buttons = Buttons::default();
            for word in words {
                if word == "end" {
                    end = Some(time);
                    continue;
                }
                let command = Command::from_name(word)
                    .ok_or_else(|| fail(format!("`{word}` is not a button")))?;
                buttons = buttons.with(command);
            }
            changes.push((time, buttons));
        }
        let length = end.or(changes.last().map(|&(t, _)| t)).unwrap_or(0.0);
        Ok(Script { changes, length })
    }

    /// The buttons held at `time` (s): the last change at or before it.
    pub fn buttons_at(&self, time: f64) -> Buttons {
        let after = self.changes.partition_point(|&(t, _)| t <= time);
        after
            .checked_sub(1)
            .map_or(Buttons::default(), |i| self.changes[i].1)
    }

    /// The buttons at `time` with the script played over and over.
    pub fn buttons_looped(&self, time: f64) -> Buttons {
        if self.length > 0.0 {
            self.buttons_at(time % self.length)
        } else {
            self.buttons_at(time)
        }
    }

    /// How long the script runs (s).
    pub fn length(&self) -> f64 {
        self.length
    }
}

/// The climb the guide's picture (`docs/book/src/hiker.md`) shows and the long runs
/// play, looped: run up, jump over rocks and onto ledges, pick up what is in reach, use
/// and switch items.
pub const CLIMB: &str = include_str!("../scripts/climb.txt");
