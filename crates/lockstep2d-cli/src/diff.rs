//! `lockstep2d diff A B`: where two saved states differ (`run --save-state`, a desync
//! report's snapshots): each differing body, shape, joint, contact or part of the
//! state, with its first differing field and both values with their bits.

use std::path::{Path, PathBuf};

use clap::Args;
use lockstep2d::{Snapshot, SnapshotDifference};
use serde::Serialize;

use crate::exit::{CliError, CliResult};
use crate::json;

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The first saved state.
    first: PathBuf,
    /// The second saved state.
    second: PathBuf,
    /// How many differing things to list (the first is always shown).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    most: u32,
    /// Print one JSON object instead of the list.
    #[arg(long)]
    json: bool,
}

/// Compares the two states: exit 0 when they hold the same bits, 3 when they differ,
/// 1 when a file cannot be read or is not a saved state.
pub fn run(args: &DiffArgs) -> CliResult {
    let first = load(&args.first)?;
    let second = load(&args.second)?;
    let differences = first.differences(&second);
    if args.json {
        json::print(&Report::of(&first, &second, &differences))?;
    } else {
        print_list(args, &first, &second, &differences);
    }
    if differences.is_empty() {
        return Ok(());
    }
    Err(CliError::mismatch(format!(
        "the states differ in {} places",
        differences.len()
    )))
}

/// A saved state, or why the file is not one.
fn load(path: &Path) -> Result<Snapshot, CliError> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Snapshot::from_bytes(&bytes)
        .map_err(|e| CliError::from(format!("{}: not a saved state: {e}", path.display())))
}

fn print_list(
    args: &DiffArgs,
    first: &Snapshot,
    second: &Snapshot,
    differences: &[SnapshotDifference],
) {
    let steps = (first.step_count(), second.step_count());
    println!(
        "{} (step {}) against {} (step {})",
        args.first.display(),
        steps.0,
        args.second.display(),
        steps.1
    );
    if differences.is_empty() {
        println!("the same bits");
        return;
    }
    println!(
        "{} things differ; the first field of each:",
        differences.len()
    );
    for difference in differences.iter().take(args.most as usize) {
        println!("  {difference}");
    }
    if differences.len() > args.most as usize {
        println!("  … and {} more", differences.len() - args.most as usize);
    }
}

/// `--json`'s object.
#[derive(Serialize)]
struct Report {
    steps: [u64; 2],
    same: bool,
    differences: Vec<Entry>,
}

/// One difference, the values as text with their bits.
#[derive(Serialize)]
struct Entry {
    subject: String,
    field: String,
    first: Option<String>,
    second: Option<String>,
}

impl Report {
    fn of(first: &Snapshot, second: &Snapshot, differences: &[SnapshotDifference]) -> Report {
        let text = |value: &Option<lockstep2d::StateValue>| value.as_ref().map(|v| v.to_string());
        Report {
            steps: [first.step_count(), second.step_count()],
            same: differences.is_empty(),
            differences: differences
                .iter()
                .map(|d| Entry {
                    subject: d.subject.clone(),
                    field: d.field.clone(),
                    first: text(&d.first),
                    second: text(&d.second),
                })
                .collect(),
        }
    }
}
