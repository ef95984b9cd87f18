//! A progress line on stderr for long renders: shown only on a terminal, and only once
//! a render has taken more than a second, so short runs and logs stay quiet.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

const SHOW_AFTER: Duration = Duration::from_secs(1);
const REDRAW_EVERY: Duration = Duration::from_millis(100);

pub struct Progress {
    start: Instant,
    last_shown: Option<Instant>,
    on_terminal: bool,
}

impl Progress {
    pub fn start() -> Progress {
        Progress {
            start: Instant::now(),
            last_shown: None,
            on_terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Reports `done` of `total` frames.
    pub fn update(&mut self, done: u64, total: u64) {
        let now = Instant::now();
        let due = match self.last_shown {
            Some(shown) => now - shown >= REDRAW_EVERY,
            None => now - self.start >= SHOW_AFTER,
        };
        if !(self.on_terminal && due) {
            return;
        }
        self.last_shown = Some(now);
        let percent = 100 * done / total.max(1);
        eprint!("\r  rendering: frame {done} of {total} ({percent}%)");
        let _ = std::io::stderr().flush();
    }

    /// Ends the progress line, if one was shown.
    pub fn finish(self) {
        if self.last_shown.is_some() {
            eprintln!();
        }
    }
}
