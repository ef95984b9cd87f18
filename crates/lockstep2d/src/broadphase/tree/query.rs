//! Read-only walks of the tree for the world's queries: leaves whose boxes overlap a
//! box, and leaves whose boxes a ray (or a box swept along it) crosses, nearest first.
//! They take `&self` and keep their stack on the call stack, so a shared world can be
//! queried from several threads at once and a query allocates nothing.

use super::{DynamicTree, NULL};
use crate::broadphase::ProxyFilter;
use crate::math::{Aabb, Vec2};

/// A segment `origin + t · translation`, `t` in `[0, limit]`, swept by a box of
/// half-size `extent` (zero for a ray), kept as the slab test wants it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeRay {
    origin: Vec2,
    extent: Vec2,
    /// The translation's reciprocal on each axis, or `f32::MAX` where it does not move:
    /// a product with a finite distance is then never NaN, and a box beside a segment
    /// that does not move along that axis is entered far past any limit.
    inverse: Vec2,
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

/// A depth-first stack that lives on the call stack. A balanced tree of a billion leaves
/// is about forty deep, so it spills to the heap only for trees no query should meet.
struct Stack<T: Copy> {
    inline: [T; 64],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy> Stack<T> {
    fn new(fill: T) -> Self {
        Stack {
            inline: [fill; 64],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn push(&mut self, item: T) {
        if self.len < self.inline.len() {
            self.inline[self.len] = item;
            self.len += 1;
        } else {
            self.spill.push(item);
        }
    }

    fn pop(&mut self) -> Option<T> {
        if let Some(item) = self.spill.pop() {
            return Some(item);
        }
        self.len = self.len.checked_sub(1)?;
        Some(self.inline[self.len])
    }
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
    use super::super::tests::unit_at;
    use super::*;

    fn grid() -> DynamicTree {
        let mut tree = DynamicTree::default();
        for i in 0..100u32 {
            let (x, y) = ((i % 10) as f32 * 2.0, (i / 10) as f32 * 2.0);
            tree.create_proxy(unit_at(x, y), i, ProxyFilter::ALL);
        }
        tree
    }

    #[test]
    fn a_ray_visits_the_boxes_it_crosses_nearest_first() {
        let tree = grid();
        // Along the row y = 4.5, from the left: boxes 20, 21, … 29 in that order.
        let ray = TreeRay::new(Vec2::new(-5.0, 4.5), Vec2::new(40.0, 0.0), Vec2::ZERO);
        let mut seen = Vec::new();
        tree.visit_ray(&ray, ProxyFilter::ALL, 1.0, |user, limit| {
            seen.push(user);
            RayStep::Continue(limit)
        });
        assert_eq!(seen, (20..30).collect::<Vec<_>>());
        // Clipping at the first box leaves nothing else to visit.
        let mut clipped = Vec::new();
        tree.visit_ray(&ray, ProxyFilter::ALL, 1.0, |user, _| {
            clipped.push(user);
            RayStep::Continue(0.15)
        });
        assert_eq!(clipped, vec![20]);
    }

    #[test]
    fn a_swept_box_visits_the_rows_it_brushes() {
        let tree = grid();
        // Between the rows at y in [2, 3] and [4, 5], reaching 0.6 into both.
        let sweep = TreeRay::new(
            Vec2::new(-5.0, 3.5),
            Vec2::new(40.0, 0.0),
            Vec2::new(0.6, 0.6),
        );
        let mut seen = Vec::new();
        tree.visit_ray(&sweep, ProxyFilter::ALL, 1.0, |user, limit| {
            seen.push(user);
            RayStep::Continue(limit)
        });
        seen.sort_unstable();
        assert_eq!(seen, (10..30).collect::<Vec<_>>());
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
