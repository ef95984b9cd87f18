//! The broad phase's trees as the world's queries read them: one read-only copy of both,
//! four children to a node, nodes in depth-first order.
//!
//! The step's trees are binary and their nodes lie wherever insertion and removal left
//! them, each in its own place in memory with the bookkeeping a tree that changes needs.
//! A query only reads boxes: here a node holds its children's boxes side by side (one
//! node, four box tests done at once), the tree is half as deep, and a descent reads
//! memory in the order it was written. The copy is made from the binary trees by
//! lifting grandchildren into their grandparent, so it is a pure function of them and
//! queries stay deterministic.

use super::query::{RayStep, TreeRay};
use super::stack::Stack;
use super::{DynamicTree, NULL};
use crate::broadphase::ProxyFilter;
use crate::math::{Aabb, Vec2};
use crate::minmax;
use glam::{BVec4A, Vec4};

/// A child entry that names a leaf: the top bit set, a shape index below it.
const LEAF: u32 = 1 << 31;

/// Four children: their boxes by axis and bound, their entries, and the union of the
/// filters below, so a filtered query skips a node no leaf under it may pair with.
#[derive(Clone, Debug)]
struct WideNode {
    min_x: Vec4,
    min_y: Vec4,
    max_x: Vec4,
    max_y: Vec4,
    /// A node index, or `LEAF | shape`. Only the first `count` are children.
    child: [u32; 4],
    count: u32,
    filter: ProxyFilter,
}

impl WideNode {
    /// The children whose boxes overlap `aabb`, one bit each.
    fn overlapping(&self, aabb: &Aabb) -> u32 {
        let x =
            self.min_x.cmple(Vec4::splat(aabb.max.x)) & self.max_x.cmpge(Vec4::splat(aabb.min.x));
        let y =
            self.min_y.cmple(Vec4::splat(aabb.max.y)) & self.max_y.cmpge(Vec4::splat(aabb.min.y));
        self.live(x & y)
    }

    /// Where `ray` enters each child's box (infinity for one it misses by `limit`), and
    /// the children it enters.
    fn entries(&self, ray: &TreeRay, limit: f32) -> (Vec4, u32) {
        let axis = |min: Vec4, max: Vec4, origin: f32, extent: f32, inverse: f32| {
            let (origin, extent, inverse) = (
                Vec4::splat(origin),
                Vec4::splat(extent),
                Vec4::splat(inverse),
            );
            let low = (min - extent - origin) * inverse;
            let high = (max + extent - origin) * inverse;
            (minmax::min_vec4(low, high), minmax::max_vec4(low, high))
        };
        let (r, e, i) = (ray.origin, ray.extent, ray.inverse);
        let (near_x, far_x) = axis(self.min_x, self.max_x, r.x, e.x, i.x);
        let (near_y, far_y) = axis(self.min_y, self.max_y, r.y, e.y, i.y);
        let enter = minmax::max_vec4(minmax::max_vec4(near_x, near_y), Vec4::ZERO);
        let exit = minmax::min_vec4(minmax::min_vec4(far_x, far_y), Vec4::splat(limit));
        let hit = self.live(enter.cmple(exit));
        (enter, hit)
    }

    fn aabb(&self, slot: usize) -> Aabb {
        Aabb {
            min: Vec2::new(self.min_x[slot], self.min_y[slot]),
            max: Vec2::new(self.max_x[slot], self.max_y[slot]),
        }
    }

    fn live(&self, mask: BVec4A) -> u32 {
        mask.bitmask() & ((1 << self.count) - 1)
    }
}

/// The read-only four-wide copy of the broad phase's trees.
#[derive(Clone, Debug, Default)]
pub(crate) struct WideTree {
    /// Depth first; the root, if any, first.
    nodes: Vec<WideNode>,
}

/// A binary node to be copied: from which tree, and which wide node and slot it fills.
struct Pending<'a> {
    tree: &'a DynamicTree,
    node: u32,
    parent: usize,
    slot: usize,
}

impl WideTree {
    /// Copies `trees` under one root.
    pub fn build(trees: [&DynamicTree; 2]) -> WideTree {
        let mut wide = WideTree { nodes: Vec::new() };
        // The two roots are the children of a root above both.
        let roots: Vec<(&DynamicTree, u32)> = trees
            .into_iter()
            .filter(|t| t.root != NULL)
            .flat_map(|t| expanded(t, t.root))
            .collect();
        if roots.is_empty() {
            return wide;
        }
        let mut pending = Vec::new();
        wide.push_node(&roots, &mut pending);
        let mut children = Vec::with_capacity(4);
        while let Some(Pending {
            tree,
            node,
            parent,
            slot,
        }) = pending.pop()
        {
            // An inner node's wide node holds its grandchildren: one level in two is lifted.
            let n = &tree.nodes[node as usize];
            children.clear();
            children.extend(expanded(tree, n.child1).chain(expanded(tree, n.child2)));
            let index = wide.push_node(&children, &mut pending);
            wide.nodes[parent].child[slot] = index as u32;
        }
        wide
    }

    /// Appends a wide node over `children` (binary nodes, at most four) and queues its
    /// inner children; returns its index.
    fn push_node<'a>(
        &mut self,
        children: &[(&'a DynamicTree, u32)],
        pending: &mut Vec<Pending<'a>>,
    ) -> usize {
        let index = self.nodes.len();
        let mut node = WideNode {
            min_x: Vec4::ZERO,
            min_y: Vec4::ZERO,
            max_x: Vec4::ZERO,
            max_y: Vec4::ZERO,
            child: [NULL; 4],
            count: children.len() as u32,
            filter: ProxyFilter {
                category: 0,
                mask: 0,
            },
        };
        // Queued last child first, so the first is copied next: depth-first order.
        for (slot, &(tree, binary)) in children.iter().enumerate().rev() {
            let source = &tree.nodes[binary as usize];
            let b = source.aabb;
            node.min_x[slot] = b.min.x;
            node.min_y[slot] = b.min.y;
            node.max_x[slot] = b.max.x;
            node.max_y[slot] = b.max.y;
            node.filter = node.filter.union(source.filter);
            if source.is_leaf() {
                debug_assert!(
                    source.user < LEAF,
                    "shape index out of the leaf tag's range"
                );
                node.child[slot] = LEAF | source.user;
            } else {
                pending.push(Pending {
                    tree,
                    node: binary,
                    parent: index,
                    slot,
                });
            }
        }
        self.nodes.push(node);
        index
    }

    /// Calls `found(shape, leaf_box)` for every leaf whose box overlaps `aabb` under a
    /// node whose filter may pair with `filter`, until it returns false.
    pub fn visit_box(
        &self,
        aabb: &Aabb,
        filter: ProxyFilter,
        mut found: impl FnMut(u32, &Aabb) -> bool,
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let prune = filter != ProxyFilter::EVERY;
        let mut stack = Stack::new(0u32);
        stack.push(0);
        while let Some(index) = stack.pop() {
            let node = &self.nodes[index as usize];
            if prune && !node.filter.may_pair(filter) {
                continue;
            }
            let mut hits = node.overlapping(aabb);
            while hits != 0 {
                let slot = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let child = node.child[slot];
                if child & LEAF == 0 {
                    stack.push(child);
                } else if !found(child & !LEAF, &node.aabb(slot)) {
                    return;
                }
            }
        }
    }

    /// Calls `hit(shape, limit)` for the leaves whose boxes `ray` enters before `limit`,
    /// nearer boxes first, skipping those past a limit the calls lowered, until a call
    /// says stop.
    pub fn visit_ray(
        &self,
        ray: &TreeRay,
        filter: ProxyFilter,
        mut limit: f32,
        mut hit: impl FnMut(u32, f32) -> RayStep,
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let prune = filter != ProxyFilter::EVERY;
        let mut stack = Stack::new((0u32, 0.0f32));
        stack.push((0, 0.0));
        while let Some((child, entry)) = stack.pop() {
            if entry > limit {
                continue;
            }
            if child & LEAF != 0 {
                match hit(child & !LEAF, limit) {
                    RayStep::Continue(new_limit) => limit = new_limit,
                    RayStep::Stop => return,
                }
                continue;
            }
            let node = &self.nodes[child as usize];
            if prune && !node.filter.may_pair(filter) {
                continue;
            }
            let (entries, hits) = node.entries(ray, limit);
            // Farthest pushed first so the nearest is popped first; equal entries keep
            // slot order, so the walk does not depend on how a sort treats ties.
            let mut order = [(0.0f32, 0u32); 4];
            let mut count = 0;
            let mut rest = hits;
            while rest != 0 {
                let slot = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let item = (entries[slot], node.child[slot]);
                let mut at = count;
                while at > 0 && order[at - 1].0 > item.0 {
                    order[at] = order[at - 1];
                    at -= 1;
                }
                order[at] = item;
                count += 1;
            }
            for &(entry, child) in order[..count].iter().rev() {
                stack.push((child, entry));
            }
        }
    }
}

/// Binary node `node` as entries of a wide node: a leaf stands for itself, an inner
/// node for its two children (its own box is not needed: theirs are stored).
fn expanded(tree: &DynamicTree, node: u32) -> impl Iterator<Item = (&DynamicTree, u32)> {
    let n = &tree.nodes[node as usize];
    let pair = if n.is_leaf() {
        [node, NULL]
    } else {
        [n.child1, n.child2]
    };
    pair.into_iter()
        .filter(|&c| c != NULL)
        .map(move |c| (tree, c))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_grid_ray_walk, grid, unit_at};
    use super::*;

    #[test]
    fn a_ray_walk_of_the_copy_meets_the_boxes_it_crosses_nearest_first() {
        let wide = WideTree::build([&grid(), &DynamicTree::default()]);
        check_grid_ray_walk(&|ray, hit| wide.visit_ray(ray, ProxyFilter::ALL, 1.0, hit));
    }

    /// Boxes scattered by a fixed sequence, some large, split over two trees.
    fn scattered() -> (DynamicTree, DynamicTree) {
        let (mut a, mut b) = (DynamicTree::default(), DynamicTree::default());
        let mut seed = 12345u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32
        };
        for i in 0..500u32 {
            let mut b0 = unit_at(100.0 * next(), 100.0 * next());
            b0.max += Vec2::new(5.0 * next(), 5.0 * next());
            let tree = if i % 3 == 0 { &mut a } else { &mut b };
            tree.create_proxy(b0, i, ProxyFilter::ALL);
        }
        b.rebuild();
        (a, b)
    }

    #[test]
    fn the_wide_copy_finds_what_both_binary_trees_find() {
        let (a, b) = scattered();
        let wide = WideTree::build([&a, &b]);
        for k in 0..50 {
            let at = 2.0 * k as f32;
            let query = Aabb {
                min: Vec2::new(at, 100.0 - at),
                max: Vec2::new(at + 7.0, 103.0 - at),
            };
            let mut expected = Vec::new();
            for tree in [&a, &b] {
                tree.visit_box(&query, ProxyFilter::ALL, |u| {
                    expected.push(u);
                    true
                });
            }
            let mut found = Vec::new();
            wide.visit_box(&query, ProxyFilter::ALL, |u, leaf| {
                assert!(leaf.overlaps(&query));
                found.push(u);
                true
            });
            expected.sort_unstable();
            found.sort_unstable();
            assert_eq!(found, expected, "query {k}");
        }
    }

    #[test]
    fn a_ray_through_the_wide_copy_meets_every_box_it_crosses_once() {
        let (a, b) = scattered();
        let wide = WideTree::build([&a, &b]);
        let ray = TreeRay::new(Vec2::new(-1.0, 3.0), Vec2::new(110.0, 95.0), Vec2::ZERO);
        let mut seen = Vec::new();
        wide.visit_ray(&ray, ProxyFilter::ALL, 1.0, |user, limit| {
            seen.push(user);
            RayStep::Continue(limit)
        });
        let mut crossing = Vec::new();
        for tree in [&a, &b] {
            for (proxy, user) in tree.leaves() {
                if crosses(
                    Vec2::new(-1.0, 3.0),
                    Vec2::new(110.0, 95.0),
                    &tree.fat_aabb(proxy),
                ) {
                    crossing.push(user);
                }
            }
        }
        let count = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count, "a leaf was visited twice");
        crossing.sort_unstable();
        assert_eq!(seen, crossing);
    }

    /// Whether the segment `origin + t · translation`, `t` in [0, 1], meets `b` (both
    /// axes moving): clipped against each slab in turn.
    fn crosses(origin: Vec2, translation: Vec2, b: &Aabb) -> bool {
        let (mut enter, mut exit) = (0.0f32, 1.0f32);
        for (o, d, lo, hi) in [
            (origin.x, translation.x, b.min.x, b.max.x),
            (origin.y, translation.y, b.min.y, b.max.y),
        ] {
            let (t1, t2) = ((lo - o) / d, (hi - o) / d);
            enter = minmax::max(enter, minmax::min(t1, t2));
            exit = minmax::min(exit, minmax::max(t1, t2));
        }
        enter <= exit
    }
}
