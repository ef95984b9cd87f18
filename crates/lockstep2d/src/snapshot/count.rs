//! Saves a `usize` count of used array entries as a `u32`, so the encoding does not
//! depend on the width of `usize`, and refuses on load a count the array cannot hold,
//! which would otherwise make a later slice panic.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

pub(crate) fn serialize<S: Serializer>(count: &usize, serializer: S) -> Result<S::Ok, S::Error> {
    // Counts are of fixed-size arrays (at most a polygon's vertices), far below u32::MAX.
    serializer.serialize_u32(*count as u32)
}

/// A count of at most `MAX` (the length of the array it counts into).
pub(crate) fn deserialize<'de, D: Deserializer<'de>, const MAX: usize>(
    deserializer: D,
) -> Result<usize, D::Error> {
    let count = u32::deserialize(deserializer)? as usize;
    if count > MAX {
        return Err(D::Error::custom("a count larger than its array"));
    }
    Ok(count)
}
