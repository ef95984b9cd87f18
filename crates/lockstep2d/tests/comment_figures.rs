//! Comments say why the code is as it is, not what it measured: a timing, a
//! percentage or a before-and-after pair goes stale as soon as the code around it
//! changes, so those live in `docs/decisions.md`, dated, with the command that
//! reproduces them.
//!
//! The rule is mechanical. In every `.rs` file under the workspace's `crates/`
//! directory (skipping `target` directories), a comment may not hold
//!
//! - a number followed by a unit of measured time or length: `ms`, `µs`, `us`,
//!   `ns`, `µm` or `um`, with or without a space between. The number stands on its
//!   own (not the tail of a name such as `vec2`) and the unit ends at a word boundary,
//!   so `ms` inside a word (`items`) or a longer word after a number (`3 msgs`) is not
//!   one;
//! - a number followed by a percent sign, with or without a space between;
//! - the right arrow (U+2192) that reads as "before, then after".
//!
//! Bounds count too: a test's tolerance is written in words ("within a hundredth",
//! "within one percent"), not as a figure with a percent sign.
//!
//! Finding the comments: each file goes through a small lexer that knows just enough
//! Rust to tell a comment from the inside of a literal. It walks the whole file (not
//! line by line, since strings and raw strings may span lines) and tracks whether it
//! is in code, in a string (`"…"` with backslash escapes, also `b"…"` and `c"…"`), in
//! a raw string (`r"…"`, `r#"…"#` and so on, ended only by a quote and the same
//! number of hashes), in a character literal (`'"'`, `'\''`; a quote not closed one
//! character later is a lifetime or a label and is left alone) or in a block comment
//! (`/* … */`, nested). Only a `//` met in code starts a line comment, which runs to
//! the end of its line; so `"http://…"` or `let s = "// …";` is never taken for one,
//! while a comment after code on the same line is. Block comments are checked the
//! same way, each line on its own.

use crate::source_files::rust_files;
use std::path::Path;

/// The comments of a Rust source: `(line number from 1, text of the comment on that
/// line)`, the text including its opening `//` (or, in a block comment, the part of
/// the block on that line).
fn comments(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if next == Some('/') => {
                let start = i;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                found.push((line, chars[start..i].iter().collect()));
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                let mut text = String::new();
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        text.push_str("/*");
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        text.push_str("*/");
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else if chars[i] == '\n' {
                        found.push((line, std::mem::take(&mut text)));
                        line += 1;
                        i += 1;
                    } else {
                        text.push(chars[i]);
                        i += 1;
                    }
                }
                found.push((line, text));
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    if chars.get(i) == Some(&'\n') {
                        line += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            'r' | 'b' | 'c' if i == 0 || !is_ident(chars[i - 1]) => {
                // A raw string: `r`, `br` or `cr`, any number of hashes, then a quote.
                let mut j = i + 1;
                if c != 'r' && chars.get(j) == Some(&'r') {
                    j += 1;
                } else if c != 'r' {
                    // `b"…"` or `c"…"`: the quote is read as a plain string next.
                    i += 1;
                    continue;
                }
                let hashes_start = j;
                while chars.get(j) == Some(&'#') {
                    j += 1;
                }
                let hashes = j - hashes_start;
                if chars.get(j) != Some(&'"') {
                    // An identifier starting with r, b or c, or a raw identifier.
                    i += 1;
                    while i < chars.len() && is_ident(chars[i]) {
                        i += 1;
                    }
                    continue;
                }
                i = j + 1;
                loop {
                    match chars.get(i) {
                        None => break,
                        Some('\n') => line += 1,
                        Some('"') if (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) => {
                            i += 1 + hashes;
                            break;
                        }
                        Some(_) => {}
                    }
                    i += 1;
                }
            }
            '\'' => {
                if next == Some('\\') {
                    // An escaped character: skip to the closing quote.
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' && chars[i] != '\n' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    // A lifetime or a label.
                    i += 1;
                }
            }
            c if is_ident(c) => {
                // A whole identifier or number, so `r`, `b` and `c` inside one are
                // never taken for a raw string's prefix.
                while i < chars.len() && is_ident(chars[i]) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    found
}

/// Whether a comment's text holds a measured figure: a number followed by a unit of
/// measured time or length or by a percent sign, or the right arrow.
fn has_figure(comment: &str) -> bool {
    const UNITS: [&str; 8] = ["ms", "µs", "μs", "us", "ns", "µm", "μm", "um"];
    if comment.contains('\u{2192}') {
        return true;
    }
    let chars: Vec<char> = comment.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts_number {
            i += 1;
            continue;
        }
        // Digits, with a decimal point or a thousands comma only between digits.
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], '.' | ',')
                    && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            i += 1;
        }
        // Any spaces between the number and its unit: plain, no-break, thin.
        let mut j = i;
        while chars
            .get(j)
            .is_some_and(|c| matches!(c, ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}'))
        {
            j += 1;
        }
        if chars.get(j) == Some(&'%') {
            return true;
        }
        for unit in UNITS {
            let unit: Vec<char> = unit.chars().collect();
            let end = j + unit.len();
            if chars.get(j..end) == Some(&unit[..])
                && !chars
                    .get(end)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                return true;
            }
        }
    }
    false
}

/// The `(line, comment)` pairs of `source` whose comment holds a measured figure.
fn figures(source: &str) -> Vec<(usize, String)> {
    comments(source)
        .into_iter()
        .filter(|(_, text)| has_figure(text))
        .collect()
}

#[test]
fn no_comment_under_crates_holds_a_measured_figure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    files.sort();
    assert!(
        files.len() > 100,
        "found too few source files under crates/"
    );
    let mut offences = Vec::new();
    for file in &files {
        let source =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let relative = file.strip_prefix(&root).expect("under the repository root");
        for (line, text) in figures(&source) {
            offences.push(format!("{}:{line}: {}", relative.display(), text.trim()));
        }
    }
    assert!(
        offences.is_empty(),
        "{} comments hold measured figures; say why in words and move the figures, \
         dated, with the command that measures them, to docs/decisions.md:\n{}",
        offences.len(),
        offences.join("\n")
    );
}

#[test]
fn the_detector_flags_figures_in_comments_only() {
    let flagged = [
        "// took 3.2 ms",
        "// took 3.2ms a step",
        "/// about 30 µs",
        "//! 40 us on the laptop",
        "// 12 %",
        "// 12% of the step",
        "// within 0.5 % of the analytic value",
        "// 0 \u{2192} 1",
        "// 1.2 \u{2192} 0.9",
        "let x = 1; // 250 ns",
        "let s = \"http://x\"; // 5 ms",
        "let c = '\"'; // 5 ms",
        "let c = '\\''; // 5 ms",
        "fn f<'a>(x: &'a str) {} // 5 ms",
        "/* 5 ms */",
        "// a 2 um gap",
        "// 5,000 ms in all",
        "// 16.7\u{202f}ms",
    ];
    for line in flagged {
        assert_eq!(figures(line).len(), 1, "should flag: {line}");
    }
    let clean = [
        "// see http://x",
        "let s = \"// 5 ms\";",
        "let s = r#\"// 5 ms \"quoted\" \"#;",
        "let s = br\"// 5 ms\";",
        "let url = \"ws://host:5 ms\"; let y = 2;",
        "// 10 steps",
        "// 3 items, 4 forms, 2 nsteps",
        "// speed in m/s, lengths in metres",
        "// within one percent, a fifth",
        "// vec2 ms",
        "let x = 5 % 3; let y = \"12 %\";",
        "// x -> y",
        "// steps 1, 2 and 3, ns aside",
        "// version 2. Us too",
    ];
    for line in clean {
        assert!(figures(line).is_empty(), "should not flag: {line}");
    }
    // A string spanning lines hides a `//` on its second line; the comment after it
    // is on the right line.
    let source = "let s = \"a\n// 5 ms\";\n// 7 ms\n";
    assert_eq!(figures(source), vec![(3, "// 7 ms".to_string())]);
}
