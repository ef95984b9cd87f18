//! Small copyable handles that users hold instead of references.
//!
//! A handle is a slot index plus the slot's generation when the handle was made. A slot's
//! generation grows each time it is freed, so a handle to a destroyed object (or one from
//! another world whose slot happens to exist) is detected instead of aliasing a new one.

use crate::error::{Error, Result};
#[cfg(feature = "threads")]
use rayon::prelude::*;

macro_rules! define_id {
    ($(#[$doc:meta])* $name:ident, $kind:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        pub struct $name {
            pub(crate) index: u32,
            pub(crate) generation: u32,
        }

        impl $name {
            /// The slot index: dense, stable while the object lives, reused after it dies.
            pub fn index(self) -> usize {
                self.index as usize
            }
        }

        impl std::fmt::Display for $name {
            /// `body 3 (generation 2)`: the slot and how many times it was reused.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{} {} (generation {})", $kind, self.index, self.generation)
            }
        }

        impl Handle for $name {
            const KIND: &'static str = $kind;
            fn slot(self) -> (u32, u32) {
                (self.index, self.generation)
            }
            fn from_slot(index: u32, generation: u32) -> Self {
                $name { index, generation }
            }
        }
    };
}

define_id!(
    /// A handle to a body.
    BodyId,
    "body"
);
define_id!(
    /// A handle to a shape.
    ShapeId,
    "shape"
);
define_id!(
    /// A handle to a joint.
    JointId,
    "joint"
);

/// What every handle type tells its storage.
pub(crate) trait Handle: Copy {
    const KIND: &'static str;
    fn slot(self) -> (u32, u32);
    fn from_slot(index: u32, generation: u32) -> Self;
}

/// Dense storage of `T` addressed by generational handles.
///
/// Freed slots are reused last-freed-first, a deterministic order, so the same sequence of
/// calls always hands out the same handles.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Slots<T> {
    entries: Vec<Slot<T>>,
    free: Vec<u32>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Slot<T> {
    generation: u32,
    value: Option<T>,
}

/// By hand so that `clone_from` reuses the buffers (see `SimState`'s `Clone`).
impl<T: Clone> Clone for Slots<T> {
    fn clone(&self) -> Self {
        Slots {
            entries: self.entries.clone(),
            free: self.free.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.entries.clone_from(&source.entries);
        self.free.clone_from(&source.free);
    }
}

impl<T: Clone> Clone for Slot<T> {
    fn clone(&self) -> Self {
        Slot {
            generation: self.generation,
            value: self.value.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.generation = source.generation;
        self.value.clone_from(&source.value);
    }
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots {
            entries: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T> Slots<T> {
    /// Inserts a value and returns its handle.
    pub fn insert<H: Handle>(&mut self, value: T) -> H {
        let (index, generation) = self.insert_raw(value);
        H::from_slot(index, generation)
    }

    fn insert_raw(&mut self, value: T) -> (u32, u32) {
        if let Some(index) = self.free.pop() {
            let slot = &mut self.entries[index as usize];
            slot.value = Some(value);
            (index, slot.generation)
        } else {
            let index = self.entries.len() as u32;
            self.entries.push(Slot {
                generation: 0,
                value: Some(value),
            });
            (index, 0)
        }
    }

    pub fn remove(&mut self, index: u32) -> Option<T> {
        let slot = self.entries.get_mut(index as usize)?;
        let value = slot.value.take()?;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(index);
        Some(value)
    }

    /// The slot index of a live handle, or `StaleId`.
    pub fn resolve<H: Handle>(&self, id: H) -> Result<u32> {
        let (index, generation) = id.slot();
        match self.entries.get(index as usize) {
            Some(slot) if slot.generation == generation && slot.value.is_some() => Ok(index),
            _ => Err(Error::StaleId {
                kind: H::KIND,
                index,
                generation,
            }),
        }
    }

    pub fn get(&self, index: u32) -> Option<&T> {
        self.entries.get(index as usize)?.value.as_ref()
    }

    pub fn get_mut(&mut self, index: u32) -> Option<&mut T> {
        self.entries.get_mut(index as usize)?.value.as_mut()
    }

    /// The handle of the live value at `index`.
    pub fn id_of<H: Handle>(&self, index: u32) -> H {
        H::from_slot(index, self.entries[index as usize].generation)
    }

    /// The number of slots, live or free.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Live values with their indices, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| slot.value.as_ref().map(|v| (i as u32, v)))
    }

    /// Live values with their indices, mutably, in index order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u32, &mut T)> {
        self.entries
            .iter_mut()
            .enumerate()
            .filter_map(|(i, slot)| slot.value.as_mut().map(|v| (i as u32, v)))
    }

    #[cfg(feature = "threads")]
    /// Live values with their indices, mutably, as a parallel iterator handing out at
    /// least `min_len` slots per task (for work where each value is independent of the
    /// others, so the order cannot matter).
    pub fn par_iter_mut(&mut self, min_len: usize) -> impl ParallelIterator<Item = (u32, &mut T)>
    where
        T: Send,
    {
        self.entries
            .par_iter_mut()
            .with_min_len(min_len)
            .enumerate()
            .filter_map(|(i, slot)| slot.value.as_mut().map(|v| (i as u32, v)))
    }

    #[cfg(feature = "threads")]
    /// Live values, as a parallel iterator handing out at least `min_len` slots per
    /// task.
    pub fn par_values(&self, min_len: usize) -> impl ParallelIterator<Item = &T>
    where
        T: Sync,
    {
        self.entries
            .par_iter()
            .with_min_len(min_len)
            .filter_map(|slot| slot.value.as_ref())
    }

    /// Live values, in index order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.entries.iter().filter_map(|slot| slot.value.as_ref())
    }

    /// Live values, mutably, in index order.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.entries
            .iter_mut()
            .filter_map(|slot| slot.value.as_mut())
    }

    pub fn len(&self) -> usize {
        self.entries.len() - self.free.len()
    }

    /// Whether the free list names every empty slot once and nothing else: what decoded
    /// storage must satisfy before `insert` can trust it.
    pub fn free_list_is_exact(&self) -> bool {
        let mut listed = vec![false; self.entries.len()];
        for &index in &self.free {
            match self.entries.get(index as usize) {
                Some(slot) if slot.value.is_none() && !listed[index as usize] => {
                    listed[index as usize] = true;
                }
                _ => return false,
            }
        }
        let empty = self
            .entries
            .iter()
            .filter(|slot| slot.value.is_none())
            .count();
        empty == self.free.len()
    }
}
