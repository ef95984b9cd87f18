//! ARCHITECTURE.md must not drift: every path it names in backticks exists.

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
