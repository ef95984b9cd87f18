//! ARCHITECTURE.md must not drift: every path it names in backticks exists, and
//! every source file under `crates/` is named in it.

mod source_files;

use source_files::rust_files;
use std::path::Path;

#[test]
fn every_path_in_architecture_md_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paths: Vec<&str> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("crates/"))
        .collect();
    assert!(paths.len() > 10, "ARCHITECTURE.md names too few paths");
    let missing: Vec<&&str> = paths.iter().filter(|p| !root.join(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names missing paths: {missing:?}"
    );
}

#[test]
fn every_source_file_is_named_in_architecture_md() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let named: std::collections::BTreeSet<&str> = text.split('`').skip(1).step_by(2).collect();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    assert!(
        files.len() > 100,
        "found too few source files under crates/"
    );
    let mut unnamed: Vec<String> = files
        .iter()
        .map(|file| {
            let relative = file.strip_prefix(&root).expect("under the repository root");
            let parts: Vec<_> = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect();
            parts.join("/")
        })
        .filter(|path| !named.contains(path.as_str()))
        .collect();
    unnamed.sort();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md does not name {} source files:\n{}",
        unnamed.len(),
        unnamed.join("\n")
    );
}

/// The README's main command is a bare `cargo run --release`: cargo runs it only if
/// the workspace's default members hold exactly one binary (the `lockstep2d` command),
/// so no other default member may have a `src/main.rs` or `src/bin/`.
#[test]
fn the_default_members_hold_one_binary_so_cargo_run_needs_no_flag() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let defaults = manifest
        .split("default-members")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the workspace lists its default members");
    let with_binaries: Vec<&str> = defaults
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|member| {
            let src = root.join(member).join("src");
            src.join("main.rs").exists() || src.join("bin").exists()
        })
        .collect();
    assert_eq!(
        with_binaries,
        ["crates/lockstep2d-cli"],
        "default members with binaries"
    );
}
