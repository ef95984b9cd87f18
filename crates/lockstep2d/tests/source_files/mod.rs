//! The source files the tests that read the code walk: every `.rs` file under a
//! directory, `target` directories skipped.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `path`, walked with `std::fs`, skipping `target` directories.
pub fn rust_files(path: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for entry in entries {
        let entry = entry.expect("directory entry");
        let path = entry.path();
        let kind = entry.file_type().expect("file type");
        if kind.is_dir() {
            if entry.file_name() != "target" {
                rust_files(&path, found);
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}
