//! Collision filtering: which shapes may touch, by category and by group (Box2D's rule).

use crate::broadphase::ProxyFilter;

/// Which shapes a shape may touch. Two shapes in the same non-zero group always touch
/// (a positive group) or never do (a negative one), whatever their categories: the
/// limbs of one ragdoll share a negative group. Otherwise each shape must be in a
/// category the other's mask accepts.
///
/// Fields left out of a scene file take the defaults: category 1, every category
/// accepted, group 0 (none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Filter {
    /// The categories the shape is in, one bit each.
    pub category_bits: u64,
    /// The categories it touches.
    pub mask_bits: u64,
    /// The shape's group: 0 for none, shapes sharing a positive group always touch and
    /// shapes sharing a negative one never do.
    pub group_index: i32,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            category_bits: 1,
            mask_bits: u64::MAX,
            group_index: 0,
        }
    }
}

impl Filter {
    /// Whether shapes with these two filters may touch.
    pub fn should_collide(&self, other: &Filter) -> bool {
        if self.group_index == other.group_index && self.group_index != 0 {
            return self.group_index > 0;
        }
        self.mask_bits & other.category_bits != 0 && other.mask_bits & self.category_bits != 0
    }
}

impl Filter {
    /// What the broad phase keeps of this filter to prune its trees: the categories,
    /// and the mask unless a positive group may override it.
    pub(crate) fn proxy_filter(&self) -> ProxyFilter {
        ProxyFilter {
            category: self.category_bits,
            mask: if self.group_index > 0 {
                u64::MAX
            } else {
                self.mask_bits
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(category_bits: u64, mask_bits: u64, group_index: i32) -> Filter {
        Filter {
            category_bits,
            mask_bits,
            group_index,
        }
    }

    #[test]
    fn categories_must_be_accepted_both_ways() {
        let (player, enemy) = (filter(0b01, 0b10, 0), filter(0b10, 0b11, 0));
        assert!(player.should_collide(&enemy) && enemy.should_collide(&player));
        // A ghost accepts nothing: it touches no one, even those that accept it.
        let ghost = filter(0b01, 0, 0);
        assert!(!ghost.should_collide(&enemy) && !enemy.should_collide(&ghost));
        assert!(
            !player.should_collide(&player),
            "players pass through each other"
        );
        assert!(Filter::default().should_collide(&Filter::default()));
    }

    #[test]
    fn a_shared_group_overrides_the_categories() {
        let (limb, other_limb) = (filter(1, u64::MAX, -3), filter(1, u64::MAX, -3));
        assert!(
            !limb.should_collide(&other_limb),
            "a negative group never touches"
        );
        let (a, b) = (filter(0b01, 0b01, 4), filter(0b10, 0b10, 4));
        assert!(a.should_collide(&b), "a positive group always touches");
        // Different groups fall back on the categories.
        assert!(limb.should_collide(&filter(1, u64::MAX, -4)));
    }
}
