//! The broad phase: which shapes' fattened boxes overlap, found with AABB trees.
//!
//! Shapes on static bodies live in one tree and all others in a second, so static shapes
//! are never tested against each other. A shape's tree box is its AABB grown by a margin;
//! it is moved only when the shape leaves it, and new pairs are only looked for among
//! those with a moved proxy. New pairs come out sorted, so contacts are created in a
//! defined order.

mod pair_batch;
mod proxy_filter;
mod tree;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::math::Aabb;
use pair_batch::PairBatch;
pub(crate) use pair_batch::PairCheck;
pub(crate) use proxy_filter::ProxyFilter;
use tree::{DynamicTree, WideTree};
pub(crate) use tree::{RayStep, TreeRay};

/// How far a shape's tree box reaches past its AABB (and, once refitted, past the next
/// step's sweep). Larger: fewer tree moves, more contacts whose shapes are near but not
/// touching, which the narrow phase reads every step (docs/decisions.md, "Tree boxes:
/// the next step's sweep and a small margin").
pub(crate) const AABB_MARGIN: f32 = 0.025;

/// A leaf in one of the two trees. The top bit says which.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
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

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct BroadPhase {
    static_tree: DynamicTree,
    moving_tree: DynamicTree,
    /// Proxies created or moved since the last `find_new_pairs`, in that order.
    moved: Vec<ProxyKey>,
    /// Each shape's tree box, by shape index, as its leaf holds it: the narrow phase
    /// and the refit read a shape's box for every contact and every shape, and from
    /// this dense copy they miss the cache a quarter as often as from the tree's nodes.
    /// Entries of destroyed shapes are stale until their index is reused. Not saved:
    /// the leaves hold the same boxes, and `restore_shape_boxes` copies them out.
    #[serde(skip)]
    shape_boxes: Vec<Aabb>,
    /// Moving-tree proxies given new boxes by `stage_proxy` and not yet put back in
    /// place by `settle`. Scratch: empty between steps, so not saved.
    #[serde(skip)]
    staged: Vec<u32>,
    /// Scratch of `find_new_pairs`: the moving tree's moved leaves and their ancestors.
    #[serde(skip)]
    moved_marks: Vec<bool>,
    /// The four-wide copy of both trees that the world's queries read once it is made:
    /// by the query that finds as many asked since the trees last changed as a quarter
    /// of the trees' nodes, about where copying has paid for itself. A world whose
    /// shapes rest in their boxes keeps it from step to step; one asked a few times a
    /// step while its shapes move never makes it. Not state: a pure function of the
    /// trees, and the queries that read it answer the same either way.
    #[serde(skip)]
    wide: OnceLock<WideTree>,
    /// Queries asked since the trees last changed.
    #[serde(skip)]
    asked: AtomicUsize,
}

/// By hand so that `clone_from` reuses the trees' buffers (see `SimState`'s `Clone`).
/// The scratch is not state and starts empty in a clone.
impl Clone for BroadPhase {
    fn clone(&self) -> Self {
        BroadPhase {
            static_tree: self.static_tree.clone(),
            moving_tree: self.moving_tree.clone(),
            moved: self.moved.clone(),
            shape_boxes: self.shape_boxes.clone(),
            staged: Vec::new(),
            moved_marks: Vec::new(),
            wide: OnceLock::new(),
            asked: AtomicUsize::new(0),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.static_tree.clone_from(&source.static_tree);
        self.moving_tree.clone_from(&source.moving_tree);
        self.moved.clone_from(&source.moved);
        self.shape_boxes.clone_from(&source.shape_boxes);
        self.trees_changed();
    }
}

impl BroadPhase {
    pub fn create_proxy(
        &mut self,
        aabb: Aabb,
        shape: u32,
        is_static: bool,
        filter: ProxyFilter,
    ) -> ProxyKey {
        let fat = aabb.grown(AABB_MARGIN);
        self.trees_changed();
        let proxy = self.tree_mut(is_static).create_proxy(fat, shape, filter);
        let key = ProxyKey::new(proxy, is_static);
        self.moved.push(key);
        self.record_box(shape, fat);
        key
    }

    /// Keeps `shape_boxes` in step with a leaf given box `fat`.
    fn record_box(&mut self, shape: u32, fat: Aabb) {
        record(&mut self.shape_boxes, shape, fat);
    }

    pub fn destroy_proxy(&mut self, key: ProxyKey) {
        self.moved.retain(|&k| k != key);
        self.trees_changed();
        self.tree_mut(key.is_static()).destroy_proxy(key.proxy());
    }

    /// Refits a proxy to `aabb` if the shape has left its fattened box; returns whether
    /// it moved. `force` refits even if not (after a teleport).
    pub fn update_proxy(&mut self, key: ProxyKey, aabb: Aabb, force: bool) -> bool {
        let tree = self.tree_mut(key.is_static());
        if !force && tree.fat_aabb(key.proxy()).contains(&aabb) {
            return false;
        }
        let fat = aabb.grown(AABB_MARGIN);
        tree.move_proxy(key.proxy(), fat);
        self.trees_changed();
        let tree = self.tree(key.is_static());
        let shape = tree.user(key.proxy());
        self.record_box(shape, fat);
        // A repeat (a teleport and a move in one step) only costs a repeated query:
        // `find_new_pairs` removes repeated pairs.
        self.moved.push(key);
        true
    }

    /// Gives a proxy its shape's new filter.
    pub fn set_filter(&mut self, key: ProxyKey, filter: ProxyFilter) {
        self.trees_changed();
        self.tree_mut(key.is_static())
            .set_filter(key.proxy(), filter);
    }

    /// Whether `shape`'s tree box still contains `aabb`.
    pub fn covers(&self, shape: u32, aabb: &Aabb) -> bool {
        self.shape_box(shape).contains(aabb)
    }

    /// A live shape's tree box.
    pub fn shape_box(&self, shape: u32) -> Aabb {
        self.shape_boxes[shape as usize]
    }

    /// Like `update_proxy` for a moving (not static) proxy that left its box (see
    /// `covers`), but only records the new box, `predicted` grown by the margin: the
    /// tree is put right by `settle`, which must follow before any query.
    pub fn stage_proxy(&mut self, key: ProxyKey, predicted: Aabb) {
        debug_assert!(!key.is_static(), "static proxies are updated at once");
        let fat = predicted.grown(AABB_MARGIN);
        self.trees_changed();
        self.moving_tree.set_leaf_box(key.proxy(), fat);
        self.record_box(self.moving_tree.user(key.proxy()), fat);
        self.staged.push(key.proxy());
        self.moved.push(key);
    }

    /// Puts the staged proxies in place: one by one when fewer than half the moving
    /// tree's leaves moved (`settle_leaf`, cheap while a leaf stays near its sibling);
    /// when more did, by rebuilding the moving tree, which then costs less than settling
    /// them and leaves tighter boxes.
    pub fn settle(&mut self) {
        if self.staged.is_empty() {
            return;
        }
        self.trees_changed();
        if self.staged.len() * 4 >= self.moving_tree.node_count() {
            self.moving_tree.rebuild();
        } else {
            for &proxy in &self.staged {
                self.moving_tree.settle_leaf(proxy);
            }
        }
        self.staged.clear();
    }

    pub fn fat_aabb(&self, key: ProxyKey) -> Aabb {
        self.tree(key.is_static()).fat_aabb(key.proxy())
    }

    /// Every pair (lower shape index, higher) whose boxes overlap and whose filters may
    /// pair, of which at least one proxy moved since the last call, and that `check`
    /// does not skip, sorted and without repeats, into `pairs`: at most `room`
    /// of them. Returns false if there were more: the search stopped there, and the
    /// moved proxies stay moved, so the next call looks for their pairs again.
    ///
    /// Moving proxies are paired among themselves by one descent of the moving tree
    /// against itself, then each moved proxy queries the other tree; a static proxy
    /// skips the moved moving ones, which found it. Skipped pairs are dropped as they
    /// are found, a batch at a time (`PairBatch`): in a crowd most overlaps are old, and
    /// sorting them all cost more than finding them.
    pub fn find_new_pairs(
        &mut self,
        pairs: &mut Vec<(u32, u32)>,
        room: usize,
        check: impl PairCheck,
    ) -> bool {
        let moved = std::mem::take(&mut self.moved);
        let mut marks = std::mem::take(&mut self.moved_marks);
        marks.clear();
        marks.resize(self.moving_tree.node_count(), false);
        for key in moved.iter().filter(|k| !k.is_static()) {
            self.moving_tree
                .mark_with_ancestors(&mut marks, key.proxy());
        }
        // False once a pair finds no room: every walk then stops.
        let mut batch = PairBatch::new(pairs, room, check);
        let mut complete = self
            .moving_tree
            .overlapping_pairs(&marks, |s1, s2| batch.offer(s1, s2));
        for &key in &moved {
            if !complete {
                break;
            }
            let aabb = self.fat_aabb(key);
            let tree = self.tree(key.is_static());
            let (shape, filter) = (tree.user(key.proxy()), tree.filter(key.proxy()));
            complete = if key.is_static() {
                self.moving_tree.query(&aabb, filter, |proxy, other| {
                    marks[proxy as usize] || batch.offer(shape, other)
                })
            } else {
                self.static_tree
                    .query(&aabb, filter, |_, other| batch.offer(shape, other))
            };
        }
        complete = complete && batch.flush();
        self.moved = moved;
        if complete {
            self.moved.clear();
        } else {
            // Kept without repeats, so a world that stays over its budget while its
            // shapes move does not grow the list step after step.
            self.moved.sort_unstable();
            self.moved.dedup();
        }
        self.moved_marks = marks;
        pairs.sort_unstable();
        pairs.dedup();
        complete
    }

    pub fn has_static_shapes(&self) -> bool {
        !self.static_tree.is_empty()
    }

    /// Calls `found(shape)` for every static shape whose tree box overlaps `aabb` and
    /// whose filter may pair with `filter`.
    pub fn query_static(&mut self, aabb: &Aabb, filter: ProxyFilter, mut found: impl FnMut(u32)) {
        self.static_tree.query(aabb, filter, |_, shape| {
            found(shape);
            true
        });
    }

    /// Calls `found(shape)` for every shape in either tree whose tree box overlaps
    /// `aabb` and whose filter may pair with `filter` (static shapes first), until it
    /// returns false.
    pub fn visit_box(&self, aabb: &Aabb, filter: ProxyFilter, mut found: impl FnMut(u32) -> bool) {
        if self.static_tree.visit_box(aabb, filter, &mut found) {
            self.moving_tree.visit_box(aabb, filter, found);
        }
    }

    /// Walks both trees along `ray` (static shapes first, each tree nearest first), with
    /// the limit the calls to `hit(shape, limit)` set carried from one tree to the other:
    /// the binary trees' order, whichever walk `query_ray` takes.
    pub fn visit_ray(
        &self,
        ray: &TreeRay,
        filter: ProxyFilter,
        limit: f32,
        mut hit: impl FnMut(u32, f32) -> RayStep,
    ) {
        if let Some(limit) = self.static_tree.visit_ray(ray, filter, limit, &mut hit) {
            self.moving_tree.visit_ray(ray, filter, limit, hit);
        }
    }

    /// For queries whose answer does not depend on the order shapes are met in: calls
    /// `found(shape, tree_box)` for every shape whose tree box overlaps `aabb` and whose
    /// filter may pair with `filter`, until it returns false.
    pub fn query_box(
        &self,
        aabb: &Aabb,
        filter: ProxyFilter,
        mut found: impl FnMut(u32, &Aabb) -> bool,
    ) {
        match self.wide_if_worth_it() {
            Some(wide) => wide.visit_box(aabb, filter, found),
            None => self.visit_box(aabb, filter, |shape| {
                found(shape, &self.shape_boxes[shape as usize])
            }),
        }
    }

    /// For queries whose answer does not depend on the order shapes are met in: walks
    /// the tree boxes along `ray`, nearer ones first, calling `hit(shape, limit)` with
    /// the limit the calls set.
    pub fn query_ray(
        &self,
        ray: &TreeRay,
        filter: ProxyFilter,
        limit: f32,
        hit: impl FnMut(u32, f32) -> RayStep,
    ) {
        match self.wide_if_worth_it() {
            Some(wide) => wide.visit_ray(ray, filter, limit, hit),
            None => self.visit_ray(ray, filter, limit, hit),
        }
    }

    /// The four-wide copy, made now if this query brings the queries asked since the
    /// trees last changed to a quarter of their nodes.
    fn wide_if_worth_it(&self) -> Option<&WideTree> {
        if let Some(wide) = self.wide.get() {
            return Some(wide);
        }
        let asked = self.asked.fetch_add(1, Ordering::Relaxed) + 1;
        let nodes = self.static_tree.node_count() + self.moving_tree.node_count();
        (4 * asked >= nodes).then(|| {
            self.wide
                .get_or_init(|| WideTree::build([&self.static_tree, &self.moving_tree]))
        })
    }

    /// Drops the queries' copy of the trees, which a change to either makes stale.
    fn trees_changed(&mut self) {
        self.wide.take();
        *self.asked.get_mut() = 0;
    }

    /// Calls `found(shape)` for every moving (not static) shape whose tree box overlaps
    /// `aabb` and whose filter may pair with `filter`.
    pub fn visit_moving_box(&self, aabb: &Aabb, filter: ProxyFilter, mut found: impl FnMut(u32)) {
        self.moving_tree.visit_box(aabb, filter, |shape| {
            found(shape);
            true
        });
    }

    pub fn filter(&self, key: ProxyKey) -> ProxyFilter {
        self.tree(key.is_static()).filter(key.proxy())
    }

    pub fn leaf_user(&self, key: ProxyKey) -> Option<u32> {
        self.tree(key.is_static()).leaf_user(key.proxy())
    }

    /// Whether both trees are well formed, `owns(shape, key)` holds for every leaf, and
    /// the move buffer names only leaves: what a decoded broad phase must satisfy.
    pub fn is_consistent(&self, owns: impl Fn(u32, ProxyKey) -> bool) -> bool {
        let trees = [(&self.static_tree, true), (&self.moving_tree, false)];
        trees.iter().all(|(tree, is_static)| {
            tree.is_well_formed()
                && tree
                    .leaves()
                    .all(|(proxy, shape)| owns(shape, ProxyKey::new(proxy, *is_static)))
        }) && self.moved.iter().all(|&key| self.leaf_user(key).is_some())
    }

    /// Fills the dense shape boxes from the leaves, for a decoded broad phase (they are
    /// not saved). Only after `is_consistent`: a leaf's shape index sizes the array.
    pub fn restore_shape_boxes(&mut self) {
        let BroadPhase {
            static_tree,
            moving_tree,
            shape_boxes,
            ..
        } = self;
        shape_boxes.clear();
        for tree in [&*static_tree, &*moving_tree] {
            for (proxy, shape) in tree.leaves() {
                record(shape_boxes, shape, tree.fat_aabb(proxy));
            }
        }
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

/// Sets shape `shape`'s entry of the dense boxes to `fat`, growing them if needed.
fn record(boxes: &mut Vec<Aabb>, shape: u32, fat: Aabb) {
    let index = shape as usize;
    if boxes.len() <= index {
        boxes.resize(index + 1, fat);
    }
    boxes[index] = fat;
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// A fixed sequence of pseudo-random numbers in [0, 1).
    fn randoms(seed: u64) -> impl FnMut() -> f32 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    fn random_box(next: &mut impl FnMut() -> f32) -> Aabb {
        let min = Vec2::new(next() * 50.0, next() * 50.0);
        Aabb {
            min,
            max: min + Vec2::new(0.2 + 2.0 * next(), 0.2 + 2.0 * next()),
        }
    }

    /// Pairs whose fat boxes overlap, by testing all of them; static–static excluded.
    fn brute_force(boxes: &[(Aabb, bool)]) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                let (a, b) = (boxes[i], boxes[j]);
                if !(a.1 && b.1) && a.0.grown(AABB_MARGIN).overlaps(&b.0.grown(AABB_MARGIN)) {
                    pairs.push((i as u32, j as u32));
                }
            }
        }
        pairs
    }

    #[test]
    fn finds_the_same_pairs_as_testing_all_of_them() {
        let mut next = randoms(7);
        let mut boxes: Vec<(Aabb, bool)> = (0..400)
            .map(|i| (random_box(&mut next), i % 5 == 0))
            .collect();
        let mut bp = BroadPhase::default();
        let keys: Vec<ProxyKey> = boxes
            .iter()
            .enumerate()
            .map(|(i, &(aabb, is_static))| {
                bp.create_proxy(aabb, i as u32, is_static, ProxyFilter::ALL)
            })
            .collect();
        let mut pairs = Vec::new();
        bp.find_new_pairs(&mut pairs, usize::MAX, |_, _| false);
        assert_eq!(pairs, brute_force(&boxes));
        assert!(pairs.len() > 50, "too few pairs to mean anything");

        // Move every movable box somewhere else: the pairs of moved proxies are re-found.
        for (i, key) in keys.iter().enumerate() {
            if !boxes[i].1 {
                boxes[i].0 = random_box(&mut next);
                assert!(bp.update_proxy(*key, boxes[i].0, false));
            }
        }
        bp.find_new_pairs(&mut pairs, usize::MAX, |_, _| false);
        assert_eq!(pairs, brute_force(&boxes));
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(bp.shape_box(i as u32), bp.fat_aabb(*key), "shape {i}'s box");
        }
    }

    #[test]
    fn pairs_without_room_are_looked_for_again_without_another_move() {
        let mut bp = BroadPhase::default();
        let unit = Aabb {
            min: glam::Vec2::ZERO,
            max: glam::Vec2::ONE,
        };
        for shape in 0..4 {
            bp.create_proxy(unit, shape, false, ProxyFilter::ALL);
        }
        let mut pairs = Vec::new();
        assert!(!bp.find_new_pairs(&mut pairs, 2, |_, _| false));
        assert_eq!(pairs.len(), 2);
        let made = pairs.clone();
        // Nothing moved since, yet the other four of the six pairs are found.
        let known = |a, b| made.contains(&(a, b));
        assert!(bp.find_new_pairs(&mut pairs, usize::MAX, known));
        assert_eq!(pairs.len(), 4);
        assert!(pairs.iter().all(|p| !made.contains(p)));
        assert!(bp.find_new_pairs(&mut pairs, usize::MAX, |_, _| false));
        assert!(
            pairs.is_empty(),
            "found again with nothing moved: {pairs:?}"
        );
    }
}
