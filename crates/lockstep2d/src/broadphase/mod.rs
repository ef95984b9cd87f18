//! The broad phase: which shapes' fattened boxes overlap, found with AABB trees.
//!
//! Shapes on static bodies live in one tree and all others in a second, so static shapes
//! are never tested against each other. A shape's tree box is its AABB grown by a margin;
//! it is moved only when the shape leaves it, and only moved proxies are queried for new
//! pairs. New pairs come out sorted, so contacts are created in a defined order.

mod tree;

use crate::math::Aabb;
use tree::DynamicTree;

/// How far a shape's tree box reaches past its AABB. Larger: fewer tree moves, more
/// contacts whose shapes are near but not touching.
pub(crate) const AABB_MARGIN: f32 = 0.1;

/// A leaf in one of the two trees. The top bit says which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProxyKey(u32);

const STATIC_BIT: u32 = 1 << 31;

impl ProxyKey {
    /// Stands in for a key between a shape's creation and its proxy's.
    pub const PLACEHOLDER: ProxyKey = ProxyKey(u32::MAX);

    fn new(proxy: u32, is_static: bool) -> ProxyKey {
        ProxyKey(proxy | if is_static { STATIC_BIT } else { 0 })
    }

    fn is_static(self) -> bool {
        self.0 & STATIC_BIT != 0
    }

    fn proxy(self) -> u32 {
        self.0 & !STATIC_BIT
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct BroadPhase {
    static_tree: DynamicTree,
    moving_tree: DynamicTree,
    /// Proxies created or moved since the last `find_new_pairs`, in that order.
    moved: Vec<ProxyKey>,
}

impl BroadPhase {
    pub fn create_proxy(&mut self, aabb: Aabb, shape: u32, is_static: bool) -> ProxyKey {
        let fat = aabb.grown(AABB_MARGIN);
        let proxy = self.tree_mut(is_static).create_proxy(fat, shape);
        let key = ProxyKey::new(proxy, is_static);
        self.moved.push(key);
        key
    }

    pub fn destroy_proxy(&mut self, key: ProxyKey) {
        self.moved.retain(|&k| k != key);
        self.tree_mut(key.is_static()).destroy_proxy(key.proxy());
    }

    /// Refits a proxy to `aabb` if the shape has left its fattened box; returns whether
    /// it moved. `force` refits even if not (after a teleport).
    pub fn update_proxy(&mut self, key: ProxyKey, aabb: Aabb, force: bool) -> bool {
        let tree = self.tree_mut(key.is_static());
        if !force && tree.fat_aabb(key.proxy()).contains(&aabb) {
            return false;
        }
        tree.move_proxy(key.proxy(), aabb.grown(AABB_MARGIN));
        // A repeat (a teleport and a move in one step) only costs a repeated query:
        // `find_new_pairs` removes repeated pairs.
        self.moved.push(key);
        true
    }

    pub fn fat_aabb(&self, key: ProxyKey) -> Aabb {
        self.tree(key.is_static()).fat_aabb(key.proxy())
    }

    /// Every pair (lower shape index, higher) whose boxes overlap and of which at least
    /// one proxy moved since the last call, sorted and without repeats, into `pairs`.
    pub fn find_new_pairs(&mut self, pairs: &mut Vec<(u32, u32)>) {
        pairs.clear();
        let moved = std::mem::take(&mut self.moved);
        for &key in &moved {
            let aabb = self.fat_aabb(key);
            let shape = self.tree(key.is_static()).user(key.proxy());
            let mut add = |other: u32| {
                if other != shape {
                    pairs.push((shape.min(other), shape.max(other)));
                }
            };
            self.moving_tree.query(&aabb, &mut add);
            if !key.is_static() {
                self.static_tree.query(&aabb, &mut add);
            }
        }
        self.moved = moved;
        self.moved.clear();
        pairs.sort_unstable();
        pairs.dedup();
    }

    fn tree(&self, is_static: bool) -> &DynamicTree {
        if is_static {
            &self.static_tree
        } else {
            &self.moving_tree
        }
    }

    fn tree_mut(&mut self, is_static: bool) -> &mut DynamicTree {
        if is_static {
            &mut self.static_tree
        } else {
            &mut self.moving_tree
        }
    }
}
