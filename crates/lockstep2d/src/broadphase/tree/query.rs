//! Read-only walks of the binary tree: leaves whose boxes overlap a box, and leaves
//! whose boxes a ray (or a box swept along it) crosses, nearest first. The step's own
//! searches use them, and so do the world's queries until enough of them have been
//! asked to pay for the four-wide copy (`wide.rs`). They take `&self` and keep their
//! stack on the call stack, so a shared world can be queried from several threads at
//! once and a walk allocates nothing.

use super::stack::Stack;
use super::{DynamicTree, NULL};
use crate::broadphase::ProxyFilter;
use crate::math::{Aabb, Vec2};

/// A segment `origin + t · translation`, `t` in `[0, limit]`, swept by a box of
/// half-size `extent` (zero for a ray), kept as the slab test wants it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeRay {
    pub(super) origin: Vec2,
    pub(super) extent: Vec2,
    /// The translation's reciprocal on each axis, or `f32::MAX` where it does not move:
    /// a product with a finite distance is then never NaN, and a box beside a segment
    /// that does not move along that axis is entered far past any limit.
    pub(super) inverse: Vec2,
}

impl TreeRay {
    pub fn new(origin: Vec2, translation: Vec2, extent: Vec2) -> TreeRay {
        let reciprocal = |d: f32| {
            let r = 1.0 / d;
            if r.is_finite() { r } else { f32::MAX }
        };
        TreeRay {
            origin,
            extent,
            inverse: Vec2::new(reciprocal(translation.x), reciprocal(translation.y)),
        }
    }

    /// The fraction at which the swept box first overlaps `aabb`, or infinity if it does
    /// not by `limit` (the slab test, on the box grown by the sweep's extent). Plain
    /// comparisons instead of `f32::min` and `max`: no operand can be NaN, so the
    /// checks for one those make are wasted.
    fn entry(&self, aabb: &Aabb, limit: f32) -> f32 {
        let low = (aabb.min - self.extent - self.origin) * self.inverse;
        let high = (aabb.max + self.extent - self.origin) * self.inverse;
        let (near_x, far_x) = ordered(low.x, high.x);
        let (near_y, far_y) = ordered(low.y, high.y);
        let enter = larger(larger(near_x, near_y), 0.0);
        let exit = smaller(smaller(far_x, far_y), limit);
        if enter <= exit { enter } else { f32::INFINITY }
    }
}

fn ordered(a: f32, b: f32) -> (f32, f32) {
    if a < b { (a, b) } else { (b, a) }
}

fn larger(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

fn smaller(a: f32, b: f32) -> f32 {
    if a < b { a } else { b }
}

/// What a ray's leaf callback says: the new limit, or stop.
pub(crate) enum RayStep {
    Continue(f32),
    Stop,
}

impl DynamicTree {
    /// Calls `found(user)` for every leaf whose box overlaps `aabb` and whose filter may
    /// pair with `filter`, until it returns false; returns false if it was stopped.
    pub fn visit_box(
        &self,
        aabb: &Aabb,
        filter: ProxyFilter,
        mut found: impl FnMut(u32) -> bool,
    ) -> bool {
        if self.root == NULL {
            return true;
        }
        // A filter that takes every category prunes almost nothing above the leaves, so
        // it is only tried on them: inner nodes are then read for their boxes alone.
        let prune = filter != ProxyFilter::EVERY;
        let mut stack = Stack::new(NULL);
        stack.push(self.root);
        while let Some(index) = stack.pop() {
            let node = &self.nodes[index as usize];
            if !node.aabb.overlaps(aabb) {
                continue;
            }
            if node.is_leaf() {
                if node.filter.may_pair(filter) && !found(node.user) {
                    return false;
                }
            } else if !prune || node.filter.may_pair(filter) {
                stack.push(node.child2);
                stack.push(node.child1);
            }
        }
        true
    }

    /// Calls `hit(user, limit)` for the leaves whose boxes `ray` crosses before `limit`,
    /// nearer subtrees first, skipping those past a limit the calls lowered. Returns the
    /// final limit, or `None` if a call stopped the walk.
    pub fn visit_ray(
        &self,
        ray: &TreeRay,
        filter: ProxyFilter,
        mut limit: f32,
        mut hit: impl FnMut(u32, f32) -> RayStep,
    ) -> Option<f32> {
        if self.root == NULL {
            return Some(limit);
        }
        let prune = filter != ProxyFilter::EVERY;
        let mut stack = Stack::new((NULL, 0.0));
        stack.push((
            self.root,
            ray.entry(&self.nodes[self.root as usize].aabb, limit),
        ));
        while let Some((index, entry)) = stack.pop() {
            if entry > limit {
                continue;
            }
            let node = &self.nodes[index as usize];
            if node.is_leaf() {
                if node.filter.may_pair(filter) {
                    match hit(node.user, limit) {
                        RayStep::Continue(new_limit) => limit = new_limit,
                        RayStep::Stop => return None,
                    }
                }
                continue;
            }
            if prune && !node.filter.may_pair(filter) {
                continue;
            }
            let (c1, c2) = (node.child1, node.child2);
            let e1 = ray.entry(&self.nodes[c1 as usize].aabb, limit);
            let e2 = ray.entry(&self.nodes[c2 as usize].aabb, limit);
            // The nearer child goes on top; a child the ray misses has entry infinity
            // and is dropped when popped.
            let (near, far) = if e2 < e1 {
                ((c2, e2), (c1, e1))
            } else {
                ((c1, e1), (c2, e2))
            };
            if far.1 <= limit {
                stack.push(far);
            }
            stack.push(near);
        }
        Some(limit)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_grid_ray_walk, grid};
    use super::*;

    #[test]
    fn a_ray_walk_meets_the_boxes_it_crosses_nearest_first() {
        let tree = grid();
        check_grid_ray_walk(&|ray, hit| {
            tree.visit_ray(ray, ProxyFilter::ALL, 1.0, hit);
        });
    }

    #[test]
    fn a_box_visit_finds_the_overlapping_leaves_and_stops_when_told() {
        let tree = grid();
        let query = Aabb {
            min: Vec2::new(1.5, 1.5),
            max: Vec2::new(2.5, 2.5),
        };
        let mut seen = Vec::new();
        assert!(tree.visit_box(&query, ProxyFilter::ALL, |u| {
            seen.push(u);
            true
        }));
        assert_eq!(seen, vec![11]);
        assert!(!tree.visit_box(&query, ProxyFilter::ALL, |_| false));
    }
}
