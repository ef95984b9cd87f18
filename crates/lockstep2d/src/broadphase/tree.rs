//! A dynamic AABB tree: a binary tree of boxes whose leaves are shapes' fattened AABBs.
//!
//! Leaves are inserted where they grow the tree's total perimeter least (the surface
//! area heuristic in 2D), and the path back to the root is kept balanced by AVL-style
//! rotations, so queries stay logarithmic however shapes are added. Every operation is a
//! pure function of the sequence of calls, so the tree, and the order in which a query
//! reports leaves, is deterministic.

mod query;
mod stack;
mod wide;

pub(crate) use query::{RayStep, TreeRay};
pub(crate) use wide::WideTree;

use super::ProxyFilter;
use crate::math::Aabb;
use crate::minmax;

pub(crate) const NULL: u32 = u32::MAX;

/// How far a settled leaf may be from its sibling and keep its place: the perimeter of
/// the box around both at most this many times the sum of theirs. Two equal squares side
/// by side may then be a dozen widths apart; the inner boxes above stay exact, and a
/// leaf that wanders further is inserted again where it fits.
const NEAR_SIBLING: f32 = 4.0;

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Node {
    aabb: Aabb,
    /// Parent for nodes in the tree, next free node for nodes on the free list.
    parent: u32,
    child1: u32,
    child2: u32,
    /// 0 for leaves, -1 for free nodes.
    height: i32,
    /// The shape index of a leaf.
    user: u32,
    /// A leaf's filter; an inner node's, the union of its leaves', so a query no leaf
    /// below may pair with skips the whole subtree.
    filter: ProxyFilter,
}

impl Node {
    fn is_leaf(&self) -> bool {
        self.child1 == NULL
    }
}

#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct DynamicTree {
    nodes: Vec<Node>,
    root: u32,
    free: u32,
    /// Reused stack for queries, so a query does not allocate once warm. Scratch: empty
    /// between queries, so not saved.
    #[serde(skip)]
    stack: Vec<u32>,
    /// Reused by `overlapping_pairs`. Scratch, so not saved.
    #[serde(skip)]
    pair_stack: Vec<(u32, u32)>,
    /// Reused by `rebuild`: leaf centres and proxy ids. Scratch, so not saved.
    #[serde(skip)]
    build_scratch: Vec<(glam::Vec2, u32)>,
}

/// By hand so that `clone_from` reuses the node buffer (see `SimState`'s `Clone`). The
/// scratch is not state and starts empty in a clone.
impl Clone for DynamicTree {
    fn clone(&self) -> Self {
        DynamicTree {
            nodes: self.nodes.clone(),
            root: self.root,
            free: self.free,
            stack: Vec::new(),
            pair_stack: Vec::new(),
            build_scratch: Vec::new(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.nodes.clone_from(&source.nodes);
        self.root = source.root;
        self.free = source.free;
    }
}

impl Default for DynamicTree {
    fn default() -> Self {
        DynamicTree {
            nodes: Vec::new(),
            root: NULL,
            free: NULL,
            stack: Vec::new(),
            pair_stack: Vec::new(),
            build_scratch: Vec::new(),
        }
    }
}

impl DynamicTree {
    /// Adds a leaf for `user` with `filter` and returns its proxy id.
    pub fn create_proxy(&mut self, aabb: Aabb, user: u32, filter: ProxyFilter) -> u32 {
        let leaf = self.allocate();
        let node = &mut self.nodes[leaf as usize];
        node.aabb = aabb;
        node.user = user;
        node.height = 0;
        node.filter = filter;
        self.insert_leaf(leaf);
        leaf
    }

    pub fn destroy_proxy(&mut self, proxy: u32) {
        self.remove_leaf(proxy);
        self.release(proxy);
    }

    /// Moves a leaf to a new box (re-inserting it where it now fits best).
    pub fn move_proxy(&mut self, proxy: u32, aabb: Aabb) {
        self.set_leaf_box(proxy, aabb);
        self.remove_leaf(proxy);
        self.insert_leaf(proxy);
    }

    /// Gives a leaf a new box without fixing its ancestors: the tree is not valid for
    /// queries until the leaf is settled (`settle_leaf`) or the tree rebuilt.
    pub fn set_leaf_box(&mut self, proxy: u32, aabb: Aabb) {
        self.nodes[proxy as usize].aabb = aabb;
    }

    /// Puts a leaf whose box changed back in place. While its box stays near its
    /// sibling's (`NEAR_SIBLING`), the leaf keeps its place and its ancestors' boxes are
    /// fitted again, up to the first that does not change: far cheaper than taking it
    /// out and inserting it again, which it is once it has left its sibling behind.
    pub fn settle_leaf(&mut self, proxy: u32) {
        let parent = self.nodes[proxy as usize].parent;
        if parent == NULL {
            return;
        }
        let sibling = self.sibling_of(proxy);
        let (leaf, beside) = (
            &self.nodes[proxy as usize].aabb,
            &self.nodes[sibling as usize].aabb,
        );
        let near = leaf.union(beside).perimeter()
            <= NEAR_SIBLING * (leaf.perimeter() + beside.perimeter());
        if !near {
            self.remove_leaf(proxy);
            self.insert_leaf(proxy);
            return;
        }
        let mut index = parent;
        while index != NULL {
            let before = self.nodes[index as usize].aabb;
            self.fit(index);
            if self.nodes[index as usize].aabb == before {
                break;
            }
            index = self.nodes[index as usize].parent;
        }
    }

    pub fn fat_aabb(&self, proxy: u32) -> Aabb {
        self.nodes[proxy as usize].aabb
    }

    /// Gives a leaf a new filter, and its ancestors theirs.
    pub fn set_filter(&mut self, proxy: u32, filter: ProxyFilter) {
        self.nodes[proxy as usize].filter = filter;
        let mut index = self.nodes[proxy as usize].parent;
        while index != NULL {
            self.fit(index);
            index = self.nodes[index as usize].parent;
        }
    }

    pub fn filter(&self, proxy: u32) -> ProxyFilter {
        self.nodes[proxy as usize].filter
    }

    /// The shape index stored in a leaf.
    pub fn user(&self, proxy: u32) -> u32 {
        self.nodes[proxy as usize].user
    }

    /// Calls `found(proxy, user)` for every leaf whose box overlaps `aabb` and whose
    /// filter may pair with `filter`, until it returns false; returns false if it was
    /// stopped.
    pub fn query(
        &mut self,
        aabb: &Aabb,
        filter: ProxyFilter,
        mut found: impl FnMut(u32, u32) -> bool,
    ) -> bool {
        if self.root == NULL {
            return true;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(self.root);
        while let Some(index) = stack.pop() {
            let node = &self.nodes[index as usize];
            if !node.filter.may_pair(filter) || !node.aabb.overlaps(aabb) {
                continue;
            }
            if node.is_leaf() {
                if !found(index, node.user) {
                    self.stack = stack;
                    return false;
                }
            } else {
                stack.push(node.child1);
                stack.push(node.child2);
            }
        }
        self.stack = stack;
        true
    }

    /// Marks `proxy` and every node above it in `marks` (indexed by node), stopping at
    /// the first node already marked: what `overlapping_pairs` keeps to.
    pub fn mark_with_ancestors(&self, marks: &mut [bool], proxy: u32) {
        let mut index = proxy;
        while index != NULL && !marks[index as usize] {
            marks[index as usize] = true;
            index = self.nodes[index as usize].parent;
        }
    }

    /// Calls `found(user_a, user_b)` once for every pair of leaves whose boxes overlap,
    /// whose filters may pair, and of which at least one is marked (see
    /// `mark_with_ancestors`), by descending the tree against itself. When many leaves
    /// moved, this tests far fewer nodes than a query per moved leaf, and it walks
    /// neighbouring subtrees one after another (docs/decisions.md, "Moved shapes paired
    /// by one descent of the tree"). Stops when `found` returns false; returns false if
    /// it was stopped.
    pub fn overlapping_pairs(
        &mut self,
        marks: &[bool],
        mut found: impl FnMut(u32, u32) -> bool,
    ) -> bool {
        if self.root == NULL {
            return true;
        }
        let mut stack = std::mem::take(&mut self.pair_stack);
        stack.clear();
        stack.push((self.root, self.root));
        while let Some((a, b)) = stack.pop() {
            let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
            if !(marks[a as usize] || marks[b as usize]) || !na.filter.may_pair(nb.filter) {
                continue;
            }
            if a == b {
                // The pairs within one subtree: within each child, and across the two.
                if !na.is_leaf() {
                    let (c1, c2) = (na.child1, na.child2);
                    stack.extend([(c1, c2), (c2, c2), (c1, c1)]);
                }
                continue;
            }
            if !na.aabb.overlaps(&nb.aabb) {
                continue;
            }
            match (na.is_leaf(), nb.is_leaf()) {
                (true, true) => {
                    if !found(na.user, nb.user) {
                        self.pair_stack = stack;
                        return false;
                    }
                }
                (false, true) => stack.extend([(na.child2, b), (na.child1, b)]),
                (true, false) => stack.extend([(a, nb.child2), (a, nb.child1)]),
                (false, false) => stack.extend([
                    (na.child2, nb.child2),
                    (na.child2, nb.child1),
                    (na.child1, nb.child2),
                    (na.child1, nb.child1),
                ]),
            }
        }
        self.pair_stack = stack;
        true
    }

    /// Rebuilds the tree's inner nodes top-down around its leaves, which keep their
    /// proxy ids. Inserting leaves one by one as they move leaves a crowd of moving
    /// boxes with inner boxes that overlap more and more, so that each query visits a
    /// large part of the tree; a fresh median split restores tight boxes
    /// (docs/decisions.md, "Moving tree rebuilt top-down"). Leaves large against the
    /// crowd get a subtree of their own under the root (`apart_large`). A pure
    /// function of the tree, so still deterministic.
    pub fn rebuild(&mut self) {
        let mut leaves = std::mem::take(&mut self.build_scratch);
        leaves.clear();
        for (index, node) in self.nodes.iter().enumerate() {
            if node.height == 0 {
                let b = &node.aabb;
                leaves.push((b.min + b.max, index as u32));
            }
        }
        for index in 0..self.nodes.len() as u32 {
            if self.nodes[index as usize].height > 0 {
                self.release(index);
            }
        }
        self.root = if leaves.is_empty() {
            NULL
        } else {
            self.build_apart(&mut leaves)
        };
        if self.root != NULL {
            self.nodes[self.root as usize].parent = NULL;
        }
        self.build_scratch = leaves;
    }

    /// Builds the subtree over `leaves` (each with twice its box centre), the large
    /// ones in a subtree of their own beside the rest (`apart_large`). A median split
    /// goes by centres alone: a drum's walls, each wider than a quarter of the crowd
    /// inside, would sit deep among the small boxes, and every inner box above them would
    /// span the drum, so a ray or a pair search meets them all the way down
    /// (docs/decisions.md, "Large leaves apart in the moving tree").
    fn build_apart(&mut self, leaves: &mut [(glam::Vec2, u32)]) -> u32 {
        let small = self.apart_large(leaves);
        if small == 0 || small == leaves.len() {
            return self.build(leaves);
        }
        let (rest, large) = leaves.split_at_mut(small);
        let (child1, child2) = (self.build(large), self.build(rest));
        self.join(child1, child2)
    }

    /// Moves the leaves whose box is wider or taller than a quarter of the spread of
    /// all the leaves' centres to the end; returns how many are not. (Each part's
    /// order does not matter: a median split with ties by proxy id makes the same
    /// subtree from any order.)
    fn apart_large(&self, leaves: &mut [(glam::Vec2, u32)]) -> usize {
        let (mut lo, mut hi) = (glam::Vec2::splat(f32::MAX), glam::Vec2::splat(f32::MIN));
        for &(c, _) in leaves.iter() {
            (lo, hi) = (minmax::min_vec2(lo, c), minmax::max_vec2(hi, c));
        }
        // The centres are doubled, so the boxes' sizes are too.
        let quarter = 0.25 * (hi - lo);
        let mut small = 0;
        for i in 0..leaves.len() {
            let b = &self.nodes[leaves[i].1 as usize].aabb;
            let size = 2.0 * (b.max - b.min);
            if !(size.x > quarter.x || size.y > quarter.y) {
                leaves.swap(i, small);
                small += 1;
            }
        }
        small
    }

    /// Builds the subtree over `leaves` (each with twice its box centre): split at the
    /// median centre along the wider axis of the centres (ties by proxy id),
    /// recursively. Returns its root.
    fn build(&mut self, leaves: &mut [(glam::Vec2, u32)]) -> u32 {
        if let [(_, leaf)] = leaves {
            return *leaf;
        }
        let (mut lo, mut hi) = (glam::Vec2::splat(f32::MAX), glam::Vec2::splat(f32::MIN));
        for &(c, _) in leaves.iter() {
            (lo, hi) = (minmax::min_vec2(lo, c), minmax::max_vec2(hi, c));
        }
        let span = hi - lo;
        let axis = usize::from(span.y > span.x);
        let middle = leaves.len() / 2;
        leaves.select_nth_unstable_by(middle, |(ca, a), (cb, b)| {
            ca[axis].total_cmp(&cb[axis]).then(a.cmp(b))
        });
        let (left, right) = leaves.split_at_mut(middle);
        let (child1, child2) = (self.build(left), self.build(right));
        self.join(child1, child2)
    }

    /// A new inner node over `child1` and `child2`.
    fn join(&mut self, child1: u32, child2: u32) -> u32 {
        let parent = self.allocate();
        let node = &mut self.nodes[parent as usize];
        node.child1 = child1;
        node.child2 = child2;
        self.fit(parent);
        self.nodes[child1 as usize].parent = parent;
        self.nodes[child2 as usize].parent = parent;
        parent
    }

    fn allocate(&mut self) -> u32 {
        let fresh = Node {
            aabb: Aabb {
                min: glam::Vec2::ZERO,
                max: glam::Vec2::ZERO,
            },
            parent: NULL,
            child1: NULL,
            child2: NULL,
            height: 0,
            user: NULL,
            filter: ProxyFilter {
                category: 0,
                mask: 0,
            },
        };
        if self.free == NULL {
            self.nodes.push(fresh);
            (self.nodes.len() - 1) as u32
        } else {
            let index = self.free;
            self.free = self.nodes[index as usize].parent;
            self.nodes[index as usize] = fresh;
            index
        }
    }

    fn release(&mut self, index: u32) {
        let node = &mut self.nodes[index as usize];
        node.parent = self.free;
        node.height = -1;
        self.free = index;
    }

    fn insert_leaf(&mut self, leaf: u32) {
        if self.root == NULL {
            self.root = leaf;
            self.nodes[leaf as usize].parent = NULL;
            return;
        }
        let sibling = self.best_sibling(self.nodes[leaf as usize].aabb);
        let old_parent = self.nodes[sibling as usize].parent;
        let new_parent = self.allocate();
        {
            let union = self.nodes[leaf as usize]
                .aabb
                .union(&self.nodes[sibling as usize].aabb);
            let height = self.nodes[sibling as usize].height + 1;
            let node = &mut self.nodes[new_parent as usize];
            node.parent = old_parent;
            node.aabb = union;
            node.height = height;
            node.child1 = sibling;
            node.child2 = leaf;
        }
        self.nodes[sibling as usize].parent = new_parent;
        self.nodes[leaf as usize].parent = new_parent;
        if old_parent == NULL {
            self.root = new_parent;
        } else {
            self.replace_child(old_parent, sibling, new_parent);
        }
        self.refit_upwards(new_parent);
    }

    /// Descends from the root towards the node that, paired with a new leaf, adds the
    /// least perimeter to the tree (counting the growth of every ancestor on the way).
    fn best_sibling(&self, leaf_box: Aabb) -> u32 {
        let mut index = self.root;
        while !self.nodes[index as usize].is_leaf() {
            let node = &self.nodes[index as usize];
            let combined = node.aabb.union(&leaf_box).perimeter();
            // Making a new parent here costs the combined box; pushing the leaf further
            // down grows this node's box by (combined - own) at least.
            let cost_here = 2.0 * combined;
            let inherited = 2.0 * (combined - node.aabb.perimeter());
            let child_cost = |child: u32| {
                let c = &self.nodes[child as usize];
                let grown = c.aabb.union(&leaf_box).perimeter();
                if c.is_leaf() {
                    grown + inherited
                } else {
                    grown - c.aabb.perimeter() + inherited
                }
            };
            let cost1 = child_cost(node.child1);
            let cost2 = child_cost(node.child2);
            if cost_here < cost1 && cost_here < cost2 {
                break;
            }
            index = if cost1 <= cost2 {
                node.child1
            } else {
                node.child2
            };
        }
        index
    }

    /// The other child of `node`'s parent (`node` is not the root).
    fn sibling_of(&self, node: u32) -> u32 {
        let parent = &self.nodes[self.nodes[node as usize].parent as usize];
        if parent.child1 == node {
            parent.child2
        } else {
            parent.child1
        }
    }

    fn remove_leaf(&mut self, leaf: u32) {
        if leaf == self.root {
            self.root = NULL;
            return;
        }
        let parent = self.nodes[leaf as usize].parent;
        let grand_parent = self.nodes[parent as usize].parent;
        let sibling = self.sibling_of(leaf);
        if grand_parent == NULL {
            self.root = sibling;
            self.nodes[sibling as usize].parent = NULL;
        } else {
            self.replace_child(grand_parent, parent, sibling);
            self.nodes[sibling as usize].parent = grand_parent;
            self.refit_upwards(grand_parent);
        }
        self.release(parent);
    }

    fn replace_child(&mut self, parent: u32, old: u32, new: u32) {
        let node = &mut self.nodes[parent as usize];
        if node.child1 == old {
            node.child1 = new;
        } else {
            node.child2 = new;
        }
    }

    /// Walks from `index` to the root, rebalancing and refitting boxes and heights.
    fn refit_upwards(&mut self, mut index: u32) {
        while index != NULL {
            index = self.balance(index);
            self.fit(index);
            index = self.nodes[index as usize].parent;
        }
    }

    /// If one subtree of `a` is more than one level taller, rotates its taller child up
    /// into `a`'s place. Returns the node now at `a`'s position.
    fn balance(&mut self, a: u32) -> u32 {
        let node = &self.nodes[a as usize];
        if node.is_leaf() || node.height < 2 {
            return a;
        }
        let (b, c) = (node.child1, node.child2);
        let imbalance = self.nodes[c as usize].height - self.nodes[b as usize].height;
        if imbalance > 1 {
            self.rotate_up(a, c, b)
        } else if imbalance < -1 {
            self.rotate_up(a, b, c)
        } else {
            a
        }
    }

    /// Lifts `tall` (a child of `a`) into `a`'s place; `a` adopts `short` and the shorter
    /// of `tall`'s children, and `tall` keeps its taller child.
    fn rotate_up(&mut self, a: u32, tall: u32, short: u32) -> u32 {
        let (f, g) = {
            let t = &self.nodes[tall as usize];
            (t.child1, t.child2)
        };
        let a_parent = self.nodes[a as usize].parent;
        self.nodes[tall as usize].parent = a_parent;
        self.nodes[a as usize].parent = tall;
        if a_parent == NULL {
            self.root = tall;
        } else {
            self.replace_child(a_parent, a, tall);
        }
        let (keep, give) = if self.nodes[f as usize].height > self.nodes[g as usize].height {
            (f, g)
        } else {
            (g, f)
        };
        {
            let t = &mut self.nodes[tall as usize];
            t.child1 = a;
            t.child2 = keep;
        }
        {
            let n = &mut self.nodes[a as usize];
            n.child1 = short;
            n.child2 = give;
        }
        self.nodes[give as usize].parent = a;
        self.fit(a);
        self.fit(tall);
        tall
    }

    /// Sets an inner node's box, height and filter from its two children.
    fn fit(&mut self, index: u32) {
        let (c1, c2) = {
            let n = &self.nodes[index as usize];
            (
                &self.nodes[n.child1 as usize],
                &self.nodes[n.child2 as usize],
            )
        };
        let aabb = c1.aabb.union(&c2.aabb);
        let height = 1 + c1.height.max(c2.height);
        let filter = c1.filter.union(c2.filter);
        let node = &mut self.nodes[index as usize];
        node.aabb = aabb;
        node.height = height;
        node.filter = filter;
    }

    pub fn is_empty(&self) -> bool {
        self.root == NULL
    }

    /// Nodes allocated: about twice the leaves.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The leaves' proxies with their shape indices, in node order.
    pub fn leaves(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.nodes.len() as u32)
            .filter(|&i| self.nodes[i as usize].height == 0)
            .map(|i| (i, self.nodes[i as usize].user))
    }

    /// The shape index of `proxy` if it is a leaf.
    pub fn leaf_user(&self, proxy: u32) -> Option<u32> {
        let node = self.nodes.get(proxy as usize)?;
        (node.height == 0).then_some(node.user)
    }

    /// Whether the nodes form one tree from the root with true parent links and
    /// heights, and the free list is a chain of free nodes: what a decoded tree must be
    /// before an insert, removal or query can trust its indices.
    pub fn is_well_formed(&self) -> bool {
        let in_tree = (0..self.nodes.len() as u32).filter(|&i| self.nodes[i as usize].height >= 0);
        let linked = in_tree.clone().all(|i| self.links_hold(i));
        linked && self.reachable_from_root() == in_tree.count() && self.free_list_is_free()
    }

    /// A node's parent names it as a child (or it is the root), its children name it as
    /// their parent, and its height is one more than its taller child's.
    fn links_hold(&self, index: u32) -> bool {
        let node = &self.nodes[index as usize];
        let child = |c: u32| {
            self.nodes
                .get(c as usize)
                .filter(|n| n.height >= 0 && n.parent == index)
        };
        let parent_ok = if node.parent == NULL {
            index == self.root
        } else {
            self.nodes
                .get(node.parent as usize)
                .is_some_and(|p| p.child1 == index || p.child2 == index)
        };
        let children_ok = match (node.child1, child(node.child1), child(node.child2)) {
            (NULL, _, _) => node.child2 == NULL && node.height == 0,
            (_, Some(a), Some(b)) => {
                node.height == 1 + a.height.max(b.height) && node.filter == a.filter.union(b.filter)
            }
            _ => false,
        };
        parent_ok && children_ok
    }

    /// How many nodes a walk down from the root meets. With `links_hold` true for every
    /// node, each node has one parent, so the walk cannot revisit one.
    fn reachable_from_root(&self) -> usize {
        if self.root == NULL {
            return 0;
        }
        let Some(root) = self.nodes.get(self.root as usize) else {
            return usize::MAX;
        };
        if root.height < 0 || root.parent != NULL {
            return usize::MAX;
        }
        let (mut stack, mut count) = (vec![self.root], 0);
        while let Some(index) = stack.pop() {
            count += 1;
            let node = &self.nodes[index as usize];
            if node.child1 != NULL {
                stack.extend([node.child1, node.child2]);
            }
        }
        count
    }

    /// The free list visits only free nodes, and ends (no loop).
    fn free_list_is_free(&self) -> bool {
        let mut index = self.free;
        for _ in 0..=self.nodes.len() {
            match self.nodes.get(index as usize) {
                _ if index == NULL => return true,
                Some(node) if node.height == -1 => index = node.parent,
                _ => return false,
            }
        }
        false
    }

    #[cfg(test)]
    fn height(&self) -> i32 {
        if self.root == NULL {
            0
        } else {
            self.nodes[self.root as usize].height
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// A 1 m square with its lower corner at (x, y).
    pub(super) fn unit_at(x: f32, y: f32) -> Aabb {
        Aabb {
            min: Vec2::new(x, y),
            max: Vec2::new(x + 1.0, y + 1.0),
        }
    }

    /// What a ray walk calls for each leaf it meets.
    pub(super) type LeafVisit<'a> = &'a mut dyn FnMut(u32, f32) -> RayStep;

    /// Checks a ray walk over `grid()` (`walk(ray, hit)` walks from limit 1): a ray
    /// along a row meets its boxes nearest first, and clipped at the first meets no
    /// other; a box swept between two rows meets both.
    pub(super) fn check_grid_ray_walk(walk: &dyn Fn(&TreeRay, LeafVisit)) {
        // Along the row y = 4.5, from the left: boxes 20, 21, … 29 in that order.
        let ray = TreeRay::new(Vec2::new(-5.0, 4.5), Vec2::new(40.0, 0.0), Vec2::ZERO);
        let mut seen = Vec::new();
        walk(&ray, &mut |user, limit| {
            seen.push(user);
            RayStep::Continue(limit)
        });
        assert_eq!(seen, (20..30).collect::<Vec<_>>());
        let mut clipped = Vec::new();
        walk(&ray, &mut |user, _| {
            clipped.push(user);
            RayStep::Continue(0.15)
        });
        assert_eq!(clipped, vec![20]);
        // Between the rows at y in [2, 3] and [4, 5], reaching 0.6 into both.
        let sweep = TreeRay::new(
            Vec2::new(-5.0, 3.5),
            Vec2::new(40.0, 0.0),
            Vec2::new(0.6, 0.6),
        );
        let mut brushed = Vec::new();
        walk(&sweep, &mut |user, limit| {
            brushed.push(user);
            RayStep::Continue(limit)
        });
        brushed.sort_unstable();
        assert_eq!(brushed, (10..30).collect::<Vec<_>>());
    }

    /// `count` unit boxes (users 0, 1, …), `per_row` to a row, `spacing` apart; and
    /// their proxies.
    fn unit_grid(count: u32, per_row: u32, spacing: f32) -> (DynamicTree, Vec<u32>) {
        let mut tree = DynamicTree::default();
        let proxies = (0..count)
            .map(|i| {
                let (x, y) = ((i % per_row) as f32, (i / per_row) as f32);
                tree.create_proxy(unit_at(x * spacing, y * spacing), i, ProxyFilter::ALL)
            })
            .collect();
        (tree, proxies)
    }

    /// A hundred unit boxes, ten rows of ten, two metres apart.
    pub(super) fn grid() -> DynamicTree {
        let mut tree = DynamicTree::default();
        for i in 0..100u32 {
            let (x, y) = ((i % 10) as f32 * 2.0, (i / 10) as f32 * 2.0);
            tree.create_proxy(unit_at(x, y), i, ProxyFilter::ALL);
        }
        tree
    }

    #[test]
    fn a_rebuilt_tree_keeps_its_proxies_and_finds_what_overlaps() {
        let mut tree = DynamicTree::default();
        let place =
            |i: u32, shift: f32| unit_at((i % 20) as f32 * 1.5 + shift, (i / 20) as f32 * 1.5);
        let proxies: Vec<u32> = (0..400)
            .map(|i| tree.create_proxy(place(i, 0.0), i, ProxyFilter::ALL))
            .collect();
        // Every other leaf moves without fixing the tree, then one rebuild fixes it all.
        for (i, &proxy) in proxies.iter().enumerate().step_by(2) {
            tree.set_leaf_box(proxy, place(i as u32, 0.7));
        }
        tree.rebuild();
        assert!(tree.is_well_formed());
        assert!(tree.height() <= 10, "height {}", tree.height());
        for (i, &proxy) in proxies.iter().enumerate() {
            assert_eq!(tree.user(proxy), i as u32, "proxy ids survive");
        }
        let probe = unit_at(6.2, 3.1);
        let mut found = Vec::new();
        tree.query(&probe, ProxyFilter::ALL, |_, u| {
            found.push(u);
            true
        });
        found.sort();
        let expected: Vec<u32> = (0..400)
            .filter(|&i| tree.fat_aabb(proxies[i as usize]).overlaps(&probe))
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(found, expected);
    }

    #[test]
    fn a_rebuild_keeps_a_drums_walls_apart_from_the_crowd_inside() {
        let (mut tree, crowd) = unit_grid(400, 20, 0.9);
        let wall = |min: (f32, f32), max: (f32, f32)| Aabb {
            min: Vec2::new(min.0, min.1),
            max: Vec2::new(max.0, max.1),
        };
        let walls = [
            wall((-1.0, -1.0), (0.0, 20.0)),
            wall((19.0, -1.0), (20.0, 20.0)),
            wall((-1.0, -1.0), (20.0, 0.0)),
            wall((-1.0, 19.0), (20.0, 20.0)),
        ]
        .map(|b| tree.create_proxy(b, 1000, ProxyFilter::ALL));
        tree.rebuild();
        assert!(tree.is_well_formed());
        let depth = |proxy: u32| {
            let mut depth = 0;
            let mut node = proxy;
            while tree.nodes[node as usize].parent != NULL {
                node = tree.nodes[node as usize].parent;
                depth += 1;
            }
            depth
        };
        // Under the root: the walls' subtree (four leaves, two levels) and the crowd's.
        for proxy in walls {
            assert_eq!(depth(proxy), 3, "each wall is a leaf of the walls' subtree");
        }
        let mut top = tree.nodes[crowd[0] as usize].parent;
        while tree.nodes[top as usize].parent != tree.root {
            top = tree.nodes[top as usize].parent;
        }
        // The crowd's subtree spans the crowd alone, not the drum.
        let spread = tree.nodes[top as usize].aabb;
        assert_eq!(spread, wall((0.0, 0.0), (18.1, 18.1)));
    }

    #[test]
    fn query_finds_exactly_the_overlapping_leaves() {
        let mut tree = DynamicTree::default();
        for i in 0..200u32 {
            tree.create_proxy(unit_at(2.0 * i as f32, 0.0), i, ProxyFilter::ALL);
        }
        let mut found = Vec::new();
        tree.query(&unit_at(10.5, 0.0), ProxyFilter::ALL, |_, u| {
            found.push(u);
            true
        });
        found.sort();
        assert_eq!(found, vec![5]);
        // A row of 200 leaves inserted in order must still be shallow.
        assert!(tree.height() <= 12, "height {}", tree.height());
    }

    /// Leaf `i` in category `1 << (i % 2)`, accepting every category.
    fn in_category(i: u32) -> ProxyFilter {
        ProxyFilter {
            category: 1 << (i % 2),
            mask: u64::MAX,
        }
    }

    fn accepting(mask: u64) -> ProxyFilter {
        ProxyFilter {
            category: u64::MAX,
            mask,
        }
    }

    #[test]
    fn a_query_keeps_to_the_categories_its_mask_takes() {
        let mut tree = DynamicTree::default();
        // Overlapping leaves, alternately in category 1 and category 2.
        let proxies: Vec<u32> = (0..64u32)
            .map(|i| tree.create_proxy(unit_at(0.01 * i as f32, 0.0), i, in_category(i)))
            .collect();
        let found = |tree: &mut DynamicTree, filter: ProxyFilter| {
            let mut found = Vec::new();
            tree.query(&unit_at(0.3, 0.0), filter, |_, u| {
                found.push(u);
                true
            });
            found.sort();
            found
        };
        let evens: Vec<u32> = (0..64).step_by(2).collect();
        assert_eq!(found(&mut tree, accepting(1)), evens);
        assert_eq!(
            found(&mut tree, accepting(!1)),
            (1..64).step_by(2).collect::<Vec<_>>()
        );
        assert_eq!(found(&mut tree, accepting(3)).len(), 64);
        // A leaf moved to category 4 leaves category 1's query and enters category 4's,
        // and the tree's inner nodes still sum their leaves' filters.
        let moved = ProxyFilter {
            category: 4,
            mask: u64::MAX,
        };
        tree.set_filter(proxies[0], moved);
        assert_eq!(found(&mut tree, accepting(1)), evens[1..]);
        assert_eq!(found(&mut tree, accepting(4)), vec![0]);
        // A leaf that accepts nothing is found by no query.
        tree.set_filter(proxies[0], accepting(0));
        assert_eq!(
            found(&mut tree, ProxyFilter::ALL),
            (1..64).collect::<Vec<_>>()
        );
        assert!(tree.is_well_formed());
    }

    /// The descent of the tree against itself finds what testing every pair of leaves
    /// does: overlapping, allowed by both filters, and with a marked leaf.
    #[test]
    fn overlapping_pairs_are_those_of_marked_leaves_that_overlap_and_may_pair() {
        let mut tree = DynamicTree::default();
        let place = |i: u32| unit_at((i % 30) as f32 * 0.7, (i / 30) as f32 * 0.7);
        // Category 1 accepts everything, category 2 only category 1: twos never pair.
        let filter = |i: u32| ProxyFilter {
            category: 1 << (i % 2),
            mask: if i.is_multiple_of(2) { u64::MAX } else { 1 },
        };
        let proxies: Vec<u32> = (0..600)
            .map(|i| tree.create_proxy(place(i), i, filter(i)))
            .collect();
        tree.rebuild();
        let mut marks = vec![false; tree.node_count()];
        let marked = |i: u32| i.is_multiple_of(7) || i % 11 == 3;
        for i in (0..600).filter(|&i| marked(i)) {
            tree.mark_with_ancestors(&mut marks, proxies[i as usize]);
        }
        let mut found = Vec::new();
        tree.overlapping_pairs(&marks, |a, b| {
            found.push((a.min(b), a.max(b)));
            true
        });
        let count = found.len();
        found.sort();
        found.dedup();
        assert_eq!(found.len(), count, "each pair once");
        let mut expected = Vec::new();
        for i in 0..600 {
            for j in i + 1..600 {
                let overlap = tree
                    .fat_aabb(proxies[i as usize])
                    .overlaps(&tree.fat_aabb(proxies[j as usize]));
                if overlap && (marked(i) || marked(j)) && filter(i).may_pair(filter(j)) {
                    expected.push((i, j));
                }
            }
        }
        assert!(expected.len() > 500, "too few pairs to mean anything");
        assert_eq!(found, expected);
    }

    #[test]
    fn moved_and_destroyed_leaves_are_found_where_they_are() {
        let mut tree = DynamicTree::default();
        let proxies: Vec<u32> = (0..50)
            .map(|i| tree.create_proxy(unit_at(i as f32 * 3.0, 0.0), i, ProxyFilter::ALL))
            .collect();
        tree.move_proxy(proxies[3], unit_at(500.0, 500.0));
        tree.destroy_proxy(proxies[4]);
        let mut found = Vec::new();
        tree.query(&unit_at(500.0, 500.0), ProxyFilter::ALL, |_, u| {
            found.push(u);
            true
        });
        assert_eq!(found, vec![3]);
        found.clear();
        tree.query(&unit_at(12.0, 0.0), ProxyFilter::ALL, |_, u| {
            found.push(u);
            true
        });
        assert!(found.is_empty());
        assert!(tree.is_well_formed());
    }

    /// Every inner node's box is exactly the union of its children's.
    fn boxes_fit(tree: &DynamicTree) -> bool {
        let inner = tree.nodes.iter().filter(|n| n.height > 0);
        inner.into_iter().all(|n| {
            let (a, b) = (
                &tree.nodes[n.child1 as usize],
                &tree.nodes[n.child2 as usize],
            );
            n.aabb == a.aabb.union(&b.aabb)
        })
    }

    #[test]
    fn a_settled_leaf_keeps_its_place_near_its_sibling_and_moves_when_far() {
        let (mut tree, proxies) = unit_grid(100, 10, 2.0);
        let found_at = |tree: &mut DynamicTree, aabb: &Aabb| {
            let mut found = Vec::new();
            tree.query(aabb, ProxyFilter::ALL, |_, u| {
                found.push(u);
                true
            });
            found
        };
        // User 55, the box at (10, 10): moved a little, it keeps its sibling; moved
        // far, it is inserted again elsewhere.
        let leaf = proxies[55];
        let beside = tree.sibling_of(leaf);
        let near = unit_at(10.4, 10.3);
        for (to, keeps_place) in [(near, true), (unit_at(500.0, 500.0), false)] {
            tree.set_leaf_box(leaf, to);
            tree.settle_leaf(leaf);
            assert_eq!(tree.sibling_of(leaf) == beside, keeps_place, "to {to:?}");
            assert!(tree.is_well_formed() && boxes_fit(&tree));
            assert_eq!(found_at(&mut tree, &to), vec![55]);
        }
        assert!(found_at(&mut tree, &near).is_empty());
    }

    /// The check a decoded tree must pass: it holds for a tree the code built, and
    /// fails for a broken parent link, a wrong height and a looping free list.
    #[test]
    fn a_broken_tree_is_not_well_formed() {
        let mut tree = DynamicTree::default();
        for i in 0..20 {
            tree.create_proxy(unit_at(i as f32 * 3.0, 0.0), i, ProxyFilter::ALL);
        }
        tree.destroy_proxy(7);
        assert!(tree.is_well_formed());
        let breaks: [fn(&mut DynamicTree); 3] = [
            |t| t.nodes[3].parent = 5,
            |t| t.nodes[t.root as usize].height += 1,
            |t| t.nodes[t.free as usize].parent = t.free,
        ];
        for (i, break_tree) in breaks.iter().enumerate() {
            let mut broken = tree.clone();
            break_tree(&mut broken);
            assert!(!broken.is_well_formed(), "break {i}");
        }
    }
}
