//! The fuzzer over bytes: snapshots forged with right checksums, and damaged scene
//! files. Every load must be an error or a world that steps on with finite poses;
//! never a panic, a hang or an unbounded allocation (the runner would abort or time
//! out).
//!
//! A snapshot is forged as an attacker would: the payload is decompressed, edited,
//! compressed again and sealed with fresh checksums in the documented header
//! (`lockstep2d::Snapshot::to_bytes`), so the edit reaches the decoder's value checks
//! instead of stopping at the checksum.

use lockstep2d::math::{cos, sin};
use lockstep2d::{Outline, Snapshot, Vec2, World, WorldDef};
use lockstep2d_scenes::{SceneDef, ShapeJson, from_json, named};

use crate::values::Draw;

/// The header: magic, version, stored length and checksum, payload length and checksum.
const HEADER_LEN: usize = 24;

/// What a run tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tried {
    /// Buffers or scene texts loaded.
    pub loads: u64,
    /// Loads that gave a world (which then stepped to finite poses).
    pub accepted: u64,
}

impl Tried {
    /// Both runs' counts added.
    pub fn plus(self, other: Tried) -> Tried {
        Tried {
            loads: self.loads + other.loads,
            accepted: self.accepted + other.accepted,
        }
    }
}

/// The payload of a snapshot made by `to_bytes`.
fn payload_of(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::inflate::decompress_to_vec(&bytes[HEADER_LEN..])
        .expect("to_bytes stores a deflate stream")
}

/// `payload` compressed and sealed as `to_bytes` would seal it, with `version`.
fn sealed(payload: &[u8], version: [u8; 4]) -> Vec<u8> {
    let stored = miniz_oxide::deflate::compress_to_vec(payload, 1);
    let mut bytes = b"LS2D".to_vec();
    bytes.extend_from_slice(&version);
    for word in [
        stored.len() as u32,
        crc32fast::hash(&stored),
        payload.len() as u32,
        crc32fast::hash(payload),
    ] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&stored);
    bytes
}

/// Loads `bytes`; if they load, restores them and steps on, checking every pose.
fn load_and_step(bytes: &[u8], tried: &mut Tried) -> Result<(), String> {
    tried.loads += 1;
    let Ok(snapshot) = Snapshot::from_bytes(bytes) else {
        return Ok(());
    };
    tried.accepted += 1;
    let mut world = World::new(&WorldDef::default()).expect("the default world is valid");
    world.restore(&snapshot);
    for step in 0..30 {
        world
            .step(1.0 / 60.0)
            .map_err(|e| format!("step {step} refused: {e}"))?;
        crate::api::check_bodies(&world).map_err(|e| format!("after step {step}: {e}"))?;
    }
    Ok(())
}

/// The snapshot of `scene` after `steps` steps.
fn scene_snapshot(scene: &str, steps: u32) -> Vec<u8> {
    let mut built = named(scene)
        .expect("a named scene")
        .build()
        .expect("it builds");
    for _ in 0..steps {
        built.world.step(built.dt()).expect("named scenes step");
    }
    built.world.snapshot().to_bytes()
}

/// Every byte of `scene`'s payload (after `steps` steps) set in turn to each of
/// `values` (and flipped in its top bit), each sealed with right checksums and loaded.
pub fn sweep_snapshot_bytes(scene: &str, steps: u32, values: &[u8]) -> Result<Tried, String> {
    let bytes = scene_snapshot(scene, steps);
    let version: [u8; 4] = bytes[4..8].try_into().expect("a header");
    let payload = payload_of(&bytes);
    let mut tried = Tried::default();
    for at in 0..payload.len() {
        let original = payload[at];
        for value in values.iter().copied().chain([original ^ 0x80]) {
            if value == original {
                continue;
            }
            let mut edited = payload.clone();
            edited[at] = value;
            load_and_step(&sealed(&edited, version), &mut tried)
                .map_err(|e| format!("{scene}: payload byte {at} set to {value:#04x}: {e}"))?;
        }
    }
    Ok(tried)
}

/// `edits` random damages (a few bytes changed, bytes cut or inserted) of `scene`'s
/// payload, sealed, and `edits` of its raw bytes, unsealed.
pub fn fuzz_snapshot_bytes(scene: &str, seed: u64, edits: u32) -> Result<Tried, String> {
    let bytes = scene_snapshot(scene, 60);
    let version: [u8; 4] = bytes[4..8].try_into().expect("a header");
    let payload = payload_of(&bytes);
    let mut draw = Draw::new(seed, false);
    let mut tried = Tried::default();
    for edit in 0..edits {
        let forged = sealed(&damaged(&payload, &mut draw), version);
        load_and_step(&forged, &mut tried)
            .map_err(|e| format!("{scene}, seed {seed}, forged edit {edit}: {e}"))?;
        load_and_step(&damaged(&bytes, &mut draw), &mut tried)
            .map_err(|e| format!("{scene}, seed {seed}, raw edit {edit}: {e}"))?;
    }
    Ok(tried)
}

/// `bytes` with one to four random bytes changed, or a run cut out or repeated.
fn damaged(bytes: &[u8], draw: &mut Draw) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match draw.below(4) {
        0 | 1 => {
            for _ in 0..1 + draw.below(4) {
                let at = draw.below(out.len());
                out[at] = draw.below(256) as u8;
            }
        }
        2 => {
            let at = draw.below(out.len());
            let end = (at + 1 + draw.below(16)).min(out.len());
            out.drain(at..end);
        }
        _ => {
            let at = draw.below(out.len());
            let end = (at + 1 + draw.below(16)).min(out.len());
            let run: Vec<u8> = out[at..end].to_vec();
            out.splice(at..at, run);
        }
    }
    out
}

/// `edits` random damages of `scene`'s JSON (characters changed, cut or repeated):
/// each must fail to load or build with an error, or build a world that steps on
/// with finite poses. In a scene with outlines, half the edits damage a text where one
/// outline has random holes (see `with_random_holes`).
pub fn fuzz_scene_text(scene: &str, seed: u64, edits: u32) -> Result<Tried, String> {
    let def = named(scene).expect("a named scene");
    let text = def.to_json();
    let outlines = outline_shapes(&def);
    let mut draw = Draw::new(seed, false);
    let mut tried = Tried::default();
    for edit in 0..edits {
        let source = if !outlines.is_empty() && draw.chance(0.5) {
            with_random_holes(&def, &outlines, &mut draw).to_json()
        } else {
            text.clone()
        };
        let damaged = String::from_utf8_lossy(&damaged(source.as_bytes(), &mut draw)).into_owned();
        tried.loads += 1;
        let Ok(def) = from_json(&damaged) else {
            continue;
        };
        let Ok(mut built) = def.build() else { continue };
        tried.accepted += 1;
        for step in 0..30 {
            let stepped = built.world.step(built.dt());
            stepped.map_err(|e| format!("{scene} edit {edit}, step {step} refused: {e}"))?;
            crate::api::check_bodies(&built.world)
                .map_err(|e| format!("{scene}, seed {seed}, edit {edit}, step {step}: {e}"))?;
        }
    }
    Ok(tried)
}

/// Where `def`'s outlines are: (body, shape) indices.
fn outline_shapes(def: &SceneDef) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (b, body) in def.bodies.iter().enumerate() {
        for (s, shape) in body.shapes.iter().enumerate() {
            if matches!(shape, ShapeJson::Outline { .. }) {
                found.push((b, s));
            }
        }
    }
    found
}

/// `def` with one or two random holes in one of its `outlines`: rings of three to
/// eight points at drawn distances about the middle of one of the outline's pieces, so
/// that some lie inside it apart, and others cross it or each other (which building
/// must refuse).
fn with_random_holes(def: &SceneDef, outlines: &[(usize, usize)], draw: &mut Draw) -> SceneDef {
    let mut holed = def.clone();
    let (b, s) = outlines[draw.below(outlines.len())];
    let ShapeJson::Outline { points, holes, .. } = &mut holed.bodies[b].shapes[s] else {
        return holed;
    };
    let outer: Vec<Vec2> = points.iter().map(|&[x, y]| Vec2::new(x, y)).collect();
    let Ok(outline) = Outline::new(&outer) else {
        return holed;
    };
    for _ in 0..1 + draw.below(2) {
        let piece = outline.pieces()[draw.below(outline.pieces().len())].vertices();
        let middle = piece.iter().fold(Vec2::ZERO, |sum, &v| sum + v) / piece.len() as f32;
        let room = piece
            .iter()
            .map(|&v| v.distance(middle))
            .fold(f32::MAX, lockstep2d::minmax::min);
        let count = 3 + draw.below(6);
        let hole = (0..count)
            .map(|i| {
                let angle = std::f32::consts::TAU * i as f32 / count as f32;
                let reach = draw.range(0.1, 0.9) * room;
                let p = middle + reach * Vec2::new(cos(angle), sin(angle));
                [p.x, p.y]
            })
            .collect();
        holes.push(hole);
    }
    holed
}
