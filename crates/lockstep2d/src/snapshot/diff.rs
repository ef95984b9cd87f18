//! Where two snapshots differ: both states flattened into their leaves, matched by
//! path, and each differing leaf named by what it belongs to (a body, a shape, a joint,
//! a contact, or a part of the state) and its field.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::Snapshot;
use super::flatten::{StateValue, leaves};

/// How two snapshots differ in one thing (a body, a shape, a joint, a contact, a part
/// of the state): the first of its leaves, in the order a snapshot saves them, that
/// differs, with what each snapshot holds there (`None`: that snapshot has no such
/// leaf, as when it has a body fewer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotDifference {
    /// What differs: `body 3`, `contact 12 (bodies 4 and 9)`, `step_count`.
    pub subject: String,
    /// The leaf's field within it: `v.x`; empty when the subject is the leaf.
    pub field: String,
    /// The first snapshot's value there.
    pub first: Option<StateValue>,
    /// The second snapshot's value there.
    pub second: Option<StateValue>,
}

impl Snapshot {
    /// Where this snapshot and `other` differ: for each thing that differs, the first
    /// of its leaves that does, in the order the first snapshot saves them (the
    /// leaves only the second has come last). Empty when they hold the same bits;
    /// numbers compare by their bits, so -0.0 is not +0.0. Meant for a desync report,
    /// not for every step: it walks both states whole.
    pub fn differences(&self, other: &Snapshot) -> Vec<SnapshotDifference> {
        let (first, second) = (leaves(self.state()), leaves(other.state()));
        let in_second: HashMap<&str, &StateValue> = second
            .iter()
            .map(|(path, value)| (path.as_str(), value))
            .collect();
        let in_first: HashMap<&str, &StateValue> = first
            .iter()
            .map(|(path, value)| (path.as_str(), value))
            .collect();
        let mut found = Differences::new(&first);
        for (path, value) in &first {
            let other = in_second.get(path.as_str()).copied();
            if other != Some(value) {
                found.add(path, Some(value), other);
            }
        }
        for (path, value) in &second {
            if !in_first.contains_key(path.as_str()) {
                found.add(path, None, Some(value));
            }
        }
        found.list
    }

    /// The first of `differences`, or `None` when the snapshots hold the same bits.
    pub fn first_difference(&self, other: &Snapshot) -> Option<SnapshotDifference> {
        self.differences(other).into_iter().next()
    }
}

/// The differences found so far, one per subject.
struct Differences<'a> {
    state: &'a [(String, StateValue)],
    list: Vec<SnapshotDifference>,
    subjects: HashSet<String>,
}

impl<'a> Differences<'a> {
    fn new(state: &'a [(String, StateValue)]) -> Self {
        Differences {
            state,
            list: Vec::new(),
            subjects: HashSet::new(),
        }
    }

    /// The leaf at `path`, unless its subject already has a difference.
    fn add(&mut self, path: &str, first: Option<&StateValue>, second: Option<&StateValue>) {
        let (subject, field) = name(path, self.state);
        if self.subjects.insert(subject.clone()) {
            self.list.push(SnapshotDifference {
                subject,
                field,
                first: first.cloned(),
                second: second.cloned(),
            });
        }
    }
}

/// The slot storages whose entries are named by kind and slot.
const NAMED_SLOTS: [(&str, &str); 3] =
    [("bodies", "body"), ("shapes", "shape"), ("joints", "joint")];

/// `path` as what it belongs to and the field within it.
fn name(path: &str, state: &[(String, StateValue)]) -> (String, String) {
    for (storage, kind) in NAMED_SLOTS {
        let prefix = format!("{storage}.entries[");
        if let Some((slot, rest)) = indexed(path, &prefix) {
            let field = rest.strip_prefix(".value").unwrap_or(rest);
            return (format!("{kind} {slot}"), field_of(field));
        }
    }
    if let Some((index, rest)) = indexed(path, "contacts[") {
        return (contact(index, state), field_of(rest));
    }
    match path.split_once('.') {
        Some((part, field)) => (part.to_string(), field.to_string()),
        None => (path.to_string(), String::new()),
    }
}

/// What follows a subject's path, without its leading dot.
fn field_of(rest: &str) -> String {
    rest.strip_prefix('.').unwrap_or(rest).to_string()
}

/// The index after `prefix` and what follows its `]`, if `path` starts with `prefix`.
fn indexed<'a>(path: &'a str, prefix: &str) -> Option<(usize, &'a str)> {
    let (index, rest) = path.strip_prefix(prefix)?.split_once(']')?;
    Some((index.parse().ok()?, rest))
}

/// `contact 12 (bodies 4 and 9)`: the contact in solver order and the slots of its
/// bodies, as the first state has them.
fn contact(index: usize, state: &[(String, StateValue)]) -> String {
    let body = |end: &str| {
        let path = format!("contacts[{index}].{end}");
        state
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, value)| value.to_string())
    };
    match (body("body_a"), body("body_b")) {
        (Some(a), Some(b)) => format!("contact {index} (bodies {a} and {b})"),
        _ => format!("contact {index}"),
    }
}

impl fmt::Display for SnapshotDifference {
    /// `body 3, v.x: 1.0 (0x3f800000) against 1.0000001 (0x3f800001)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.subject)?;
        if !self.field.is_empty() {
            write!(f, ", {}", self.field)?;
        }
        let side = |value: &Option<StateValue>| match value {
            Some(value) => value.to_string(),
            None => "nothing".to_string(),
        };
        write!(f, ": {} against {}", side(&self.first), side(&self.second))
    }
}
