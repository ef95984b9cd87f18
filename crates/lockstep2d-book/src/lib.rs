//! The guide's examples as doc tests.
//!
//! The guide to lockstep2d is an mdBook in `docs/book` (`bash .ci/book` builds it into
//! `target/book` and checks its links). This crate holds no code of its own: each
//! chapter's Markdown is the documentation of a struct that exists only while rustdoc
//! collects doc tests, so `cargo test` (or `cargo test -p lockstep2d-book`) compiles
//! and runs every block of the guide fenced as `rust` against the workspace's crates,
//! and an example that no longer matches the API fails the test.
//!
//! A block that needs a crate this one does not build (Bevy, macroquad) is fenced as
//! `rust,ignore` in its chapter, which says where it is compiled instead; shell commands
//! are fenced as `sh` and are not run. Lines starting with `# ` are compiled but hidden,
//! in the book as in rustdoc.

/// One struct per chapter, its documentation the chapter's file under
/// `docs/book/src`, and the list of those files for the test below.
macro_rules! chapters {
    ($($name:ident: $file:literal,)*) => {
        $(
            #[cfg(doctest)]
            #[doc = include_str!(concat!("../../../docs/book/src/", $file))]
            pub struct $name;
        )*

        /// The chapters' files, relative to `docs/book/src`.
        #[cfg(test)]
        const CHAPTERS: &[&str] = &[$($file),*];
    };
}

chapters! {
    Introduction: "introduction.md",
    UsingTheLibrary: "using-the-library.md",
    Solvers: "solvers.md",
    Snapshots: "snapshots.md",
    Joints: "joints.md",
    GameLoop: "game-loop.md",
    AskingTheWorld: "asking-the-world.md",
    SensorsAndOptions: "sensors-and-options.md",
    TerrainAndSurfaces: "terrain-and-surfaces.md",
    Characters: "characters.md",
    Integrators: "integrators.md",
    BevyAndMacroquad: "bevy-and-macroquad.md",
    DebugDrawing: "debug-drawing.md",
    Testbed: "testbed.md",
    Hiker: "hiker.md",
    Browser: "browser.md",
    Command: "command.md",
    SceneFiles: "scene-files.md",
    SceneFormat: "../../scene-format.md",
    Network: "network.md",
    SameBits: "same-bits.md",
    Limits: "limits.md",
    Accuracy: "accuracy.md",
    Benchmarks: "benchmarks.md",
}

#[cfg(test)]
mod tests {
    use super::CHAPTERS;
    use std::path::{Path, PathBuf};

    fn book_src() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/book/src")
    }

    /// The files a chapter's text stands for: itself, or, for a chapter that only
    /// includes another file (`{{#include ../../scene-format.md}}`), that file.
    fn stands_for(chapter: &str) -> Vec<String> {
        let text = std::fs::read_to_string(book_src().join(chapter))
            .unwrap_or_else(|e| panic!("docs/book/src/{chapter}: {e}"));
        let includes: Vec<String> = text
            .lines()
            .filter_map(|line| line.trim().strip_prefix("{{#include "))
            .filter_map(|rest| rest.strip_suffix("}}"))
            .map(|path| path.trim().to_string())
            .collect();
        let only_includes = text
            .lines()
            .all(|line| line.trim().is_empty() || line.trim().starts_with("{{#include "));
        if only_includes && !includes.is_empty() {
            includes
        } else {
            vec![chapter.to_string()]
        }
    }

    /// Every chapter SUMMARY.md lists is compiled as a doc test here, so a chapter
    /// added to the book without a line above would leave its examples untested.
    #[test]
    fn every_chapter_of_the_summary_is_a_doc_test() {
        let summary = std::fs::read_to_string(book_src().join("SUMMARY.md")).expect("SUMMARY.md");
        let listed: Vec<&str> = summary
            .split("](")
            .skip(1)
            .filter_map(|rest| rest.split(')').next())
            .collect();
        assert!(listed.len() > 10, "SUMMARY.md lists too few chapters");
        let mut missing = Vec::new();
        for chapter in listed {
            for file in stands_for(chapter) {
                if !CHAPTERS.contains(&file.as_str()) {
                    missing.push(file);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "chapters not compiled as doc tests: {missing:?}"
        );
    }
}
