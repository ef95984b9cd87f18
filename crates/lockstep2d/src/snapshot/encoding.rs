//! The snapshot's bytes: a 24-byte header, then the state in postcard, deflated.
//!
//! ```text
//! magic "LS2D" | format version: u32 LE | stored length: u32 LE | CRC-32 of stored: u32 LE
//!     | payload length: u32 LE | CRC-32 of payload: u32 LE
//! stored: the postcard payload (varint integers, f32 as its 4 little-endian bytes, no
//!     usize), compressed with raw deflate
//! ```
//!
//! postcard is compact (small integers take one byte) and a pure function of the
//! value, so the same state always gives the same payload. Deflate then takes the
//! repetition out of it (a pyramid's boxes share their shape, their contacts' anchors
//! and much of their coordinates' bytes): it makes `large_pyramid`'s snapshot four times
//! smaller. The stored bytes' checksum catches any change to them, even to bits deflate
//! ignores; the payload's checks the decompression and stays the same if a new version
//! of the compressor changes its output, so it is what the golden-bytes test pins. The
//! header lets a load tell a truncated, corrupted or foreign buffer from a snapshot;
//! the payload length bounds the decompression, so a forged header cannot make it
//! allocate without limit.
//! Rejected: bincode, which is unmaintained (RUSTSEC-2025-0141).

use super::Snapshot;
use crate::error::{Error, Result};
use crate::world::SimState;

const MAGIC: [u8; 4] = *b"LS2D";

/// The layout of `SimState` and everything in it. Bump it with any change to a saved
/// type: the golden-bytes test in `tests/snapshot.rs` fails until one does.
pub const SNAPSHOT_FORMAT_VERSION: u32 = 22;

const HEADER_LEN: usize = 24;

/// Deflate's level: 1 is the fastest. Higher levels take several times as long for
/// little less (docs/decisions.md, "Snapshot bytes deflated").
const DEFLATE_LEVEL: u8 = 1;

impl Snapshot {
    /// The snapshot as bytes, to store or send; `from_bytes` reads them back.
    ///
    /// A 24-byte header, then the state in postcard, deflated:
    ///
    /// ```text
    /// magic "LS2D" | format version: u32 LE | stored length: u32 LE | CRC-32 of stored: u32 LE
    ///     | payload length: u32 LE | CRC-32 of payload: u32 LE
    /// stored: the postcard payload (varint integers, f32 as its 4 little-endian bytes, no
    ///     usize), compressed with raw deflate
    /// ```
    ///
    /// The same state always gives the same payload. The format version is
    /// `SNAPSHOT_FORMAT_VERSION`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let payload = postcard::to_allocvec(self.state())
            .expect("the state holds only plain data, which postcard always encodes");
        let stored = miniz_oxide::deflate::compress_to_vec(&payload, DEFLATE_LEVEL);
        let mut bytes = Vec::with_capacity(HEADER_LEN + stored.len());
        bytes.extend_from_slice(&MAGIC);
        for word in [
            SNAPSHOT_FORMAT_VERSION,
            stored.len() as u32,
            crc32fast::hash(&stored),
            payload.len() as u32,
            crc32fast::hash(&payload),
        ] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(&stored);
        bytes
    }

    /// Decodes `to_bytes`' output. A buffer that is short, altered, of another format
    /// version or not a snapshot at all is an error, never a panic or a wrong world; so
    /// is one whose settings, bodies, shapes or contacts hold a value that the calls
    /// building them would have refused. The errors: `SnapshotTruncated`,
    /// `SnapshotVersion`, `SnapshotCorrupt` and `SnapshotValue`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Snapshot> {
        let payload = checked_payload(bytes)?;
        let (mut state, rest) =
            postcard::take_from_bytes::<SimState>(&payload).map_err(|_| corrupt("undecodable"))?;
        if !rest.is_empty() {
            return Err(corrupt("bytes left over after the state"));
        }
        state.check_links().map_err(corrupt)?;
        state
            .check_values()
            .map_err(|error| Error::SnapshotValue(Box::new(error)))?;
        state.broadphase.restore_shape_boxes();
        Ok(Snapshot::new(state))
    }
}

/// The decompressed payload of a buffer whose header is right and whose checksum
/// matches.
fn checked_payload(bytes: &[u8]) -> Result<Vec<u8>> {
    let Some((header, stored)) = bytes.split_first_chunk::<HEADER_LEN>() else {
        return Err(Error::SnapshotTruncated {
            expected: HEADER_LEN,
            found: bytes.len(),
        });
    };
    let word =
        |i: usize| u32::from_le_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
    if header[..4] != MAGIC {
        return Err(corrupt("not a lockstep2d snapshot (wrong magic)"));
    }
    if word(4) != SNAPSHOT_FORMAT_VERSION {
        return Err(Error::SnapshotVersion {
            found: word(4),
            supported: SNAPSHOT_FORMAT_VERSION,
        });
    }
    let stored_len = word(8) as usize;
    if stored.len() < stored_len {
        return Err(Error::SnapshotTruncated {
            expected: HEADER_LEN + stored_len,
            found: bytes.len(),
        });
    }
    if stored.len() > stored_len {
        return Err(corrupt("bytes after the end of the snapshot"));
    }
    if crc32fast::hash(stored) != word(12) {
        return Err(corrupt("checksum mismatch"));
    }
    let payload = inflate(stored, word(16) as usize).ok_or(corrupt("undecompressable"))?;
    if crc32fast::hash(&payload) != word(20) {
        return Err(corrupt("checksum mismatch after decompression"));
    }
    Ok(payload)
}

/// Deflate expands data at most this many times: a header claiming more is forged.
const MAX_DEFLATE_RATIO: usize = 1032;

/// `stored` inflated into exactly `payload_len` bytes, allocated once; `None` unless
/// the stream ends exactly there, having read all of `stored`.
fn inflate(stored: &[u8], payload_len: usize) -> Option<Vec<u8>> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};
    if payload_len > stored.len().saturating_mul(MAX_DEFLATE_RATIO) {
        return None;
    }
    let mut payload = vec![0; payload_len];
    let whole_output = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut inflater = Box::<DecompressorOxide>::default();
    let (status, read, written) = decompress(&mut inflater, stored, &mut payload, 0, whole_output);
    (status == TINFLStatus::Done && read == stored.len() && written == payload_len)
        .then_some(payload)
}

fn corrupt(reason: &'static str) -> Error {
    Error::SnapshotCorrupt { reason }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BodyDef, Geometry, Polygon, ShapeDef, Vec2, World, WorldDef};

    fn two_boxes() -> Snapshot {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let unit = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()));
        for y in [0.0, 1.0] {
            let body = world
                .create_body(&BodyDef::dynamic(Vec2::new(0.0, y)))
                .unwrap();
            world.create_shape(body, &unit).unwrap();
        }
        world.step(1.0 / 60.0).unwrap();
        world.snapshot()
    }

    /// Bytes with a right checksum around a state whose links are broken (as another
    /// program could write them) are refused, not stepped into a panic.
    #[test]
    fn a_well_checksummed_state_with_broken_links_is_refused() {
        let breaks: [fn(&mut SimState); 4] = [
            |state| {
                std::sync::Arc::make_mut(&mut state.shapes)
                    .get_mut(0)
                    .unwrap()
                    .body = 7
            },
            |state| state.contacts.contacts[0].shape_b = 9,
            |state| state.bodies.get_mut(1).unwrap().shapes.len = 2,
            |state| {
                std::sync::Arc::make_mut(&mut state.shapes)
                    .get_mut(0)
                    .unwrap()
                    .link
                    .next = 1
            },
        ];
        for (i, break_links) in breaks.iter().enumerate() {
            let mut snapshot = two_boxes();
            break_links(&mut snapshot.state);
            let error = Snapshot::from_bytes(&snapshot.to_bytes()).unwrap_err();
            assert!(
                matches!(error, Error::SnapshotCorrupt { .. }),
                "break {i}: {error}"
            );
        }
        assert!(Snapshot::from_bytes(&two_boxes().to_bytes()).is_ok());
    }

    /// A change to a saved state, with the field its refusal must name.
    type Forgery<T> = (&'static str, fn(&mut T));

    /// `snapshot`'s bytes are refused on load for a value the API refuses, `field`.
    fn assert_refused_naming(snapshot: &Snapshot, field: &str) {
        let error = Snapshot::from_bytes(&snapshot.to_bytes()).unwrap_err();
        let Error::SnapshotValue(cause) = &error else {
            panic!("{field}: {error}");
        };
        assert_eq!(cause.field(), Some(field), "{error}");
    }

    /// Bytes with right checksums around values the API would have refused are refused
    /// too: settings that would hang the first step or turn it to NaN, and bodies,
    /// shapes and contacts holding what no call could have put there.
    #[test]
    fn a_well_checksummed_state_with_values_the_api_refuses_is_refused() {
        let forgeries: [Forgery<SimState>; 12] = [
            ("substeps", |state| state.settings.substeps = u32::MAX),
            ("substeps", |state| state.settings.substeps = 0),
            ("iterations", |state| state.settings.iterations = u32::MAX),
            ("gravity", |state| state.gravity.y = f32::NAN),
            ("contact_hertz", |state| {
                state.settings.contact_hertz = f32::NAN
            }),
            ("contact_hertz", |state| {
                state.settings.contact_hertz = -30.0
            }),
            ("sleep.time", |state| state.sleep.time = f32::INFINITY),
            ("linear_velocity", |state| {
                state.bodies.get_mut(1).unwrap().v.x = f32::NAN
            }),
            ("inv_mass", |state| {
                state.bodies.get_mut(1).unwrap().inv_mass = -1.0
            }),
            ("friction", |state| {
                std::sync::Arc::make_mut(&mut state.shapes)
                    .get_mut(0)
                    .unwrap()
                    .def
                    .friction = -0.5
            }),
            ("normal_impulse", |state| {
                state.contacts.contacts[0].manifold.points[0].normal_impulse = f32::NAN
            }),
            // Neither box is one-way: their contact cannot be.
            ("one_way", |state| state.contacts.contacts[0].one_way = true),
        ];
        for (field, forge) in forgeries {
            let mut snapshot = two_boxes();
            forge(&mut snapshot.state);
            assert_refused_naming(&snapshot, field);
        }
    }

    /// A joint's stored values are checked as its definition's are, and its impulses
    /// must be finite: a NaN impulse would reach both bodies at the first warm start.
    #[test]
    fn a_well_checksummed_state_with_a_forged_joint_is_refused() {
        let jointed = || {
            let mut snapshot = two_boxes();
            let mut world = World::new(&WorldDef::default()).unwrap();
            world.restore(&snapshot);
            let ids: Vec<_> = world.body_ids().collect();
            let pin = crate::JointDef::revolute(ids[0], ids[1], Vec2::new(0.0, 0.5));
            world.create_joint(&pin).unwrap();
            world.step(1.0 / 60.0).unwrap();
            world.snapshot_into(&mut snapshot);
            snapshot
        };
        let forgeries: [Forgery<crate::joint::Joint>; 3] = [
            ("force_threshold", |joint| joint.force_threshold = f32::NAN),
            ("impulse", |joint| {
                let crate::joint::JointState::Revolute(pin) = &mut joint.kind else {
                    panic!("a revolute joint");
                };
                pin.impulse.y = f32::NAN;
            }),
            ("local_anchor_b", |joint| {
                let crate::joint::JointState::Revolute(pin) = &mut joint.kind else {
                    panic!("a revolute joint");
                };
                pin.local_anchor_b.x = f32::INFINITY;
            }),
        ];
        assert!(Snapshot::from_bytes(&jointed().to_bytes()).is_ok());
        for (field, forge) in forgeries {
            let mut snapshot = jointed();
            forge(snapshot.state.joints.get_mut(0).unwrap());
            assert_refused_naming(&snapshot, field);
        }
    }

    /// A polygon is saved as its hull and rebuilt on load: a hull no polygon could have
    /// (here flattened to a line) is refused.
    #[test]
    fn a_saved_polygon_too_thin_to_build_is_refused() {
        let mut snapshot = two_boxes();
        let shapes = std::sync::Arc::make_mut(&mut snapshot.state.shapes);
        let Geometry::Polygon(polygon) = &mut shapes.get_mut(0).unwrap().def.geometry else {
            panic!("the first shape is a box");
        };
        polygon.vertices[2] = 0.5 * (polygon.vertices[1] + polygon.vertices[3]);
        polygon.vertices[0] = 0.5 * (polygon.vertices[1] + polygon.vertices[3]);
        let error = Snapshot::from_bytes(&snapshot.to_bytes()).unwrap_err();
        assert!(matches!(error, Error::SnapshotCorrupt { .. }), "{error}");
    }
}
