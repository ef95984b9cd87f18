//! The engine's modules depend on each other one way only: no module reaches, through
//! the paths its code names (`use crate::…`, `super::…`, `crate::…::f()`), another
//! that reaches it back. A module and the modules inside it may name each other (a
//! `mod.rs` re-exports its files, and they use what it holds); any other cycle fails.
//!
//! The graph is checked at three depths: the crate's top-level modules (`solver`,
//! `joint`), the modules one level in (`solver::stages`), and every file. A cycle
//! between two folders shows at the first, one between two files of a folder at the
//! last. Unit tests (`#[cfg(test)] mod tests`, last in their file) and comments are not
//! read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::source_files::rust_files;

type Module = Vec<String>;
type Graph = BTreeMap<Module, BTreeSet<Module>>;

#[test]
fn the_engines_modules_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = read_edges(&src);
    assert!(
        edges.len() > 50,
        "found too few dependencies: {}",
        edges.len()
    );
    for depth in [1, 2, usize::MAX] {
        let graph = collapse(&edges, depth);
        if let Some(cycle) = find_cycle(&graph) {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            panic!(
                "the engine's modules import each other in a cycle: {}",
                names.join(" -> ")
            );
        }
    }
}

#[test]
fn a_cycle_is_found() {
    let module = |name: &str| vec![name.to_string()];
    let edges = vec![
        (module("a"), module("b")),
        (module("b"), module("c")),
        (module("c"), module("a")),
    ];
    let cycle = find_cycle(&collapse(&edges, 1)).expect("a cycle");
    assert_eq!(cycle.len(), 4, "{cycle:?}");
    assert_eq!(cycle.first(), cycle.last());
    let edges = vec![(module("a"), module("b")), (module("b"), module("c"))];
    assert_eq!(find_cycle(&collapse(&edges, 1)), None);
    let nested = vec![(vec!["a".into(), "x".into()], module("a"))];
    assert_eq!(
        find_cycle(&collapse(&nested, 2)),
        None,
        "a parent is no cycle"
    );
}

/// Every dependency of every file under `src`: (the file's module, the module a path
/// in its code names).
fn read_edges(src: &Path) -> Vec<(Module, Module)> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges = Vec::new();
    for file in &files {
        let from = module_of(src, file);
        let text = std::fs::read_to_string(file).expect("source file");
        for path in named_paths(&code_of(&text), &from) {
            let to = longest_module(&modules, &path);
            if !to.is_empty() {
                edges.push((from.clone(), to));
            }
        }
    }
    edges
}

/// `src/solver/stages.rs` is `solver::stages`; `src/joint/axis/mod.rs` is
/// `joint::axis`; `src/lib.rs` is the crate root (no segments).
fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).expect("under src");
    let mut parts: Module = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file's code: without its unit tests and without comments.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each path the code names from the crate root: `crate::a::b::{C, d}` gives `a::b`
/// and, for each brace item, `a::b::C` and `a::b::d` (the longest module among them
/// is taken later); `super::x` is resolved against `from`.
fn named_paths(code: &str, from: &[String]) -> Vec<Module> {
    let mut paths = Vec::new();
    for (start, root) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        // `super` of `solver::soft` (solver/soft.rs) and of `solver` (solver/mod.rs)
        // alike is the module one segment up.
        let mut base: Module = match root {
            "crate::" => Vec::new(),
            _ => from[..from.len().saturating_sub(1)].to_vec(),
        };
        let mut rest = &code[start + root.len()..];
        while let Some(tail) = rest.strip_prefix("super::") {
            base.pop();
            rest = tail;
        }
        let segment_end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        base.extend(
            rest[..segment_end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        paths.push(base.clone());
        if rest[segment_end..].starts_with('{') {
            let inner = &rest[segment_end + 1..];
            let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
            for item in inner.split(',') {
                let item = item.trim().split(" as ").next().unwrap_or("");
                let mut path = base.clone();
                path.extend(
                    item.split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_string),
                );
                paths.push(path);
            }
        }
    }
    paths
}

/// The longest prefix of `path` that is a module of the crate.
fn longest_module(modules: &BTreeSet<Module>, path: &[String]) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
        .unwrap_or_default()
}

/// The graph of modules cut to their first `depth` segments, without the edges
/// between a module and one inside it.
fn collapse(edges: &[(Module, Module)], depth: usize) -> Graph {
    let mut graph = Graph::new();
    for (from, to) in edges {
        let from = from[..from.len().min(depth)].to_vec();
        let to = to[..to.len().min(depth)].to_vec();
        if from.starts_with(&to) || to.starts_with(&from) {
            continue;
        }
        graph.entry(from).or_default().insert(to);
    }
    graph
}

/// A cycle in `graph`, first module repeated at the end, if there is one.
fn find_cycle(graph: &Graph) -> Option<Vec<Module>> {
    let mut finished = BTreeSet::new();
    for start in graph.keys() {
        let mut path = Vec::new();
        if let Some(cycle) = visit(graph, start, &mut path, &mut finished) {
            return Some(cycle);
        }
    }
    None
}

fn visit(
    graph: &Graph,
    node: &Module,
    path: &mut Vec<Module>,
    finished: &mut BTreeSet<Module>,
) -> Option<Vec<Module>> {
    if let Some(at) = path.iter().position(|m| m == node) {
        let mut cycle = path[at..].to_vec();
        cycle.push(node.clone());
        return Some(cycle);
    }
    if finished.contains(node) {
        return None;
    }
    path.push(node.clone());
    for next in graph.get(node).into_iter().flatten() {
        if let Some(cycle) = visit(graph, next, path, finished) {
            return Some(cycle);
        }
    }
    path.pop();
    finished.insert(node.clone());
    None
}
