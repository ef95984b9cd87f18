//! A state flattened into its leaves, in order: every number, flag and name it holds,
//! each with the path that leads to it (`bodies.entries[3].value.sweep.c.x`). Done by
//! serde, through the same `Serialize` the snapshot's bytes use, so every field a
//! snapshot saves is a leaf here, and a new field needs nothing more.

use std::fmt;

use serde::Serialize;
use serde::ser::{self, Impossible};

/// One value of a state. Numbers compare by their bits, so -0.0 and +0.0 differ, and
/// a NaN equals a NaN with the same bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateValue {
    /// A flag.
    Bool(bool),
    /// A signed integer.
    Int(i128),
    /// An unsigned integer, or a sequence's length.
    UInt(u128),
    /// An `f32`, by its bits.
    F32(u32),
    /// An `f64`, by its bits.
    F64(u64),
    /// A name: a unit variant or a unit struct.
    Name(&'static str),
    /// Text.
    Text(String),
    /// An absent `Option`.
    None,
    /// `()`.
    Unit,
}

impl fmt::Display for StateValue {
    /// The value, and for a float its bits: `1.5 (0x3fc00000)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateValue::Bool(b) => write!(f, "{b}"),
            StateValue::Int(i) => write!(f, "{i}"),
            StateValue::UInt(u) => write!(f, "{u}"),
            StateValue::F32(bits) => write!(f, "{:?} ({bits:#010x})", f32::from_bits(*bits)),
            StateValue::F64(bits) => write!(f, "{:?} ({bits:#018x})", f64::from_bits(*bits)),
            StateValue::Name(name) => write!(f, "{name}"),
            StateValue::Text(text) => write!(f, "{text:?}"),
            StateValue::None => write!(f, "none"),
            StateValue::Unit => write!(f, "()"),
        }
    }
}

/// `value`'s leaves in order, each with its path.
pub(crate) fn leaves<T: Serialize>(value: &T) -> Vec<(String, StateValue)> {
    let mut flat = Flatten::default();
    value
        .serialize(&mut flat)
        .expect("flattening only fails on map keys, and a state has no maps");
    flat.leaves
}

/// The leaves so far, and the path to where the serializer stands.
#[derive(Default)]
struct Flatten {
    path: String,
    leaves: Vec<(String, StateValue)>,
}

impl Flatten {
    fn leaf(&mut self, leaf: StateValue) -> Result<(), Error> {
        self.leaves.push((self.path.clone(), leaf));
        Ok(())
    }

    /// Serializes `value` under `segment` (`.name` or `[3]`) of the current path.
    fn under<T: Serialize + ?Sized>(
        &mut self,
        segment: fmt::Arguments<'_>,
        value: &T,
    ) -> Result<(), Error> {
        let length = self.path.len();
        fmt::write(&mut self.path, segment).expect("writing to a String never fails");
        let result = value.serialize(&mut *self);
        self.path.truncate(length);
        result
    }

    /// `name` as a field of the current path: `.name`, or `name` at the root.
    fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), Error> {
        if self.path.is_empty() {
            self.under(format_args!("{name}"), value)
        } else {
            self.under(format_args!(".{name}"), value)
        }
    }
}

/// Why a value could not be flattened: only a map, which a state does not hold.
#[derive(Debug)]
pub(crate) struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

/// A sequence, tuple or the fields of a struct being flattened: elements are numbered
/// from 0; a sequence's length follows its elements, so that of two sequences of
/// different lengths, the first element one has and the other has not is where they
/// differ.
struct Compound<'a> {
    flat: &'a mut Flatten,
    index: usize,
    /// Names for the elements, where the type has them (a vector's `x` and `y`).
    names: &'static [&'static str],
    /// Whether the length is a leaf (sequences) or fixed by the type (tuples).
    counted: bool,
    /// Whether a variant's name was added to the path, to take off at the end.
    variant_length: Option<usize>,
}

impl<'a> Compound<'a> {
    fn new(flat: &'a mut Flatten, counted: bool, variant: Option<&'static str>) -> Self {
        let variant_length = variant.map(|name| {
            let length = flat.path.len();
            flat.path.push('.');
            flat.path.push_str(name);
            length
        });
        Compound {
            flat,
            index: 0,
            names: &[],
            counted,
            variant_length,
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let index = self.index;
        self.index += 1;
        match self.names.get(index) {
            Some(name) => self.flat.field(name, value),
            None => self.flat.under(format_args!("[{index}]"), value),
        }
    }

    fn end(self) -> Result<(), Error> {
        if self.counted {
            self.flat.field("len", &(self.index as u64))?;
        }
        if let Some(length) = self.variant_length {
            self.flat.path.truncate(length);
        }
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Flatten {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.leaf(StateValue::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.leaf(StateValue::Int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.leaf(StateValue::Int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.leaf(StateValue::Int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.leaf(StateValue::Int(v.into()))
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.leaf(StateValue::Int(v))
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.leaf(StateValue::UInt(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.leaf(StateValue::UInt(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.leaf(StateValue::UInt(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.leaf(StateValue::UInt(v.into()))
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.leaf(StateValue::UInt(v))
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.leaf(StateValue::F32(v.to_bits()))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.leaf(StateValue::F64(v.to_bits()))
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.leaf(StateValue::Text(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.leaf(StateValue::Text(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut bytes = Compound::new(self, true, None);
        v.iter().try_for_each(|b| bytes.element(b))?;
        bytes.end()
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.leaf(StateValue::None)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.leaf(StateValue::Unit)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Error> {
        self.leaf(StateValue::Name(name))
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.leaf(StateValue::Name(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(variant, value)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(Compound::new(self, true, None))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(Compound::new(self, false, None))
    }
    fn serialize_tuple_struct(
        self,
        name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        let mut compound = Compound::new(self, false, None);
        compound.names = component_names(name);
        Ok(compound)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Ok(Compound::new(self, false, Some(variant)))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(ser::Error::custom(
            "a map: a state's leaves have no order of their own there",
        ))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(Compound::new(self, false, None))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Ok(Compound::new(self, false, Some(variant)))
    }
}

/// The names of a vector type's components (glam writes vectors as tuple structs).
fn component_names(type_name: &str) -> &'static [&'static str] {
    match type_name {
        "Vec2" | "DVec2" => &["x", "y"],
        "Vec3" | "DVec3" => &["x", "y", "z"],
        _ => &[],
    }
}

/// The six compound serializers: elements (sequences, tuples, tuple structs and
/// variants) are numbered or named by `Compound::element`, fields by their names.
macro_rules! compound {
    ($($trait:ident :: $method:ident (element)),* ; $($named:ident :: $field:ident (field)),*) => {
        $(impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        })*
        $(impl ser::$named for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.flat.field(key, value)
            }
            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        })*
    };
}

compound!(
    SerializeSeq::serialize_element(element),
    SerializeTuple::serialize_element(element),
    SerializeTupleStruct::serialize_field(element),
    SerializeTupleVariant::serialize_field(element);
    SerializeStruct::serialize_field(field),
    SerializeStructVariant::serialize_field(field)
);
