//! What `--json` prints: one object on one line, whose first field is `format`, the
//! version of the command's JSON. It changes when a field is removed or renamed or
//! changes meaning; new fields may appear without it changing.

use std::io::Write;

use serde::Serialize;

use crate::exit::CliResult;

/// The `format` every JSON object the command prints carries.
pub const JSON_FORMAT: u32 = 1;

#[derive(Serialize)]
struct Versioned<'a, T> {
    format: u32,
    #[serde(flatten)]
    report: &'a T,
}

/// Prints `report`, a struct, as one JSON object with `format` in front of its fields.
pub fn print<T: Serialize>(report: &T) -> CliResult {
    let versioned = Versioned {
        format: JSON_FORMAT,
        report,
    };
    let mut text = serde_json::to_string(&versioned).map_err(|e| e.to_string())?;
    text.push('\n');
    match std::io::stdout().write_all(text.as_bytes()) {
        // A reader that closed the pipe (`| head -c 100`) is no failure.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("writing the JSON: {e}").into())
        }
        _ => Ok(()),
    }
}
