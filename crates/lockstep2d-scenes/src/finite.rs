//! Numbers that fit in an `f32`.
//!
//! serde reads an `f32` as an `f64` and casts it, so `1e39` silently becomes infinity.
//! Scene fields are read through [`deserialize`] instead, which rejects such numbers at
//! the value that overflowed (`gravity[1]: 1e39 is out of range for a 32-bit float`).

use serde::de::{Deserialize, DeserializeOwned, Deserializer, Error};

/// One number, checked to be finite as an `f32`.
pub(crate) struct Finite(f32);

impl<'de> Deserialize<'de> for Finite {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Finite, D::Error> {
        let wide = f64::deserialize(deserializer)?;
        let narrow = wide as f32;
        if narrow.is_finite() {
            Ok(Finite(narrow))
        } else {
            Err(D::Error::custom(format!(
                "{wide:e} is out of range for a 32-bit float"
            )))
        }
    }
}

/// A field type made of `f32`s, read through its checked form `Checked`.
pub(crate) trait Narrow: Sized {
    type Checked: DeserializeOwned;
    fn from_checked(checked: Self::Checked) -> Self;
}

impl Narrow for f32 {
    type Checked = Finite;
    fn from_checked(checked: Finite) -> f32 {
        checked.0
    }
}

impl Narrow for [f32; 2] {
    type Checked = [Finite; 2];
    fn from_checked([x, y]: [Finite; 2]) -> [f32; 2] {
        [x.0, y.0]
    }
}

impl<T: Narrow> Narrow for Option<T> {
    type Checked = Option<T::Checked>;
    fn from_checked(checked: Self::Checked) -> Option<T> {
        checked.map(T::from_checked)
    }
}

impl<T: Narrow> Narrow for Vec<T> {
    type Checked = Vec<T::Checked>;
    fn from_checked(checked: Self::Checked) -> Vec<T> {
        checked.into_iter().map(T::from_checked).collect()
    }
}

/// `#[serde(deserialize_with = "crate::finite::deserialize")]` for `f32` fields and
/// vectors, options and lists of them.
pub(crate) fn deserialize<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Narrow,
{
    T::Checked::deserialize(deserializer).map(T::from_checked)
}
