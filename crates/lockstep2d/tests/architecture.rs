//! ARCHITECTURE.md must not drift: every path it names in backticks exists, and
//! every source file under `crates/` is named in it.

use crate::source_files::rust_files;
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

/// Each crate's integration tests link into one binary, since every test binary links
/// the whole engine: a crate with more than one test file gathers them as modules of
/// `tests/main.rs` and turns off cargo's binary per file, and no file or shared folder
/// is left out of `main.rs`, where it would never be built or run.
#[test]
fn each_crate_links_its_integration_tests_into_one_binary() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut gathered = 0;
    for entry in std::fs::read_dir(&crates).expect("crates/") {
        let krate = entry.expect("directory entry").path();
        let tests = krate.join("tests");
        let Ok(entries) = std::fs::read_dir(&tests) else {
            continue;
        };
        let mut modules = Vec::new();
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .to_string();
            if path.extension().is_some_and(|ext| ext == "rs") || path.join("mod.rs").exists() {
                modules.push(name);
            } else if path.join("main.rs").exists() {
                modules.push(format!("{name}/main"));
            }
        }
        let Some(main) = modules.iter().position(|module| module == "main") else {
            assert!(
                modules.len() <= 1,
                "{} has {} test binaries: {modules:?}",
                tests.display(),
                modules.len()
            );
            continue;
        };
        modules.remove(main);
        let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).expect("Cargo.toml");
        assert!(
            manifest.contains("autotests = false"),
            "{} has a tests/main.rs but builds a binary per file",
            krate.display()
        );
        let main = std::fs::read_to_string(tests.join("main.rs")).expect("tests/main.rs");
        let left_out: Vec<&String> = modules
            .iter()
            .filter(|module| !main.contains(&format!("mod {module};")))
            .collect();
        assert!(
            left_out.is_empty(),
            "{}/main.rs leaves out {left_out:?}",
            tests.display()
        );
        gathered += 1;
    }
    assert!(gathered >= 7, "only {gathered} crates gather their tests");
}
