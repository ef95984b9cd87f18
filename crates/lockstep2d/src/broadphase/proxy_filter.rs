//! What the broad phase knows of a shape's collision filter: enough to skip whole
//! subtrees that cannot hold a pair allowed to collide.

/// A leaf's categories and the categories it accepts; an inner node's, the union of
/// its leaves'. Pairs that pass still go through the full filter (`shape::Filter::should_collide`,
/// joints); this only prunes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ProxyFilter {
    pub category: u64,
    /// The filter's mask, or every category when a positive group could override it.
    #[serde(with = "inverted")]
    pub mask: u64,
}

impl ProxyFilter {
    /// In every category and accepting every category: pairs with every filter that
    /// is in a category and accepts one.
    pub const EVERY: ProxyFilter = ProxyFilter {
        category: u64::MAX,
        mask: u64::MAX,
    };

    /// Pairs with every filter that accepts anything.
    #[cfg(test)]
    pub const ALL: ProxyFilter = ProxyFilter {
        category: u64::MAX,
        mask: u64::MAX,
    };

    pub fn union(self, other: ProxyFilter) -> ProxyFilter {
        ProxyFilter {
            category: self.category | other.category,
            mask: self.mask | other.mask,
        }
    }

    /// False when no leaf under `self` may collide with any leaf under `other`: each
    /// side's categories must meet the other's mask, and unions only widen both.
    pub fn may_pair(self, other: ProxyFilter) -> bool {
        self.category & other.mask != 0 && other.category & self.mask != 0
    }
}

/// A mask saved inverted: a default mask (every category) is then one byte, not ten.
mod inverted {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(super) fn serialize<S: Serializer>(mask: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        (!mask).serialize(serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        u64::deserialize(deserializer).map(|inverse| !inverse)
    }
}
