//! Read-only walks of the tree for the world's queries: leaves whose boxes overlap a
//! box, and leaves whose boxes a ray (or a box swept along it) crosses, nearest first.
//! They take `&self` and keep their stack on the call stack, so a shared world can be
//! queried from several threads at once and a query allocates nothing.

use super::{DynamicTree, NULL};
use crate::broadphase::ProxyFilter;
use crate::math::{Aabb, Vec2};

/// A segment `origin + t · translation`, `t` in `[0, limit]`, swept by a box of
/// half-size `extent` (zero for a ray).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeRay {
    pub origin: Vec2,
    pub translation: Vec2,
    pub extent: Vec2,
}

impl TreeRay {
    /// The fraction at which the swept box first overlaps `aabb`, if it does by `limit`
    /// (the slab test, on the box grown by the sweep's extent).
    fn entry(&self, aabb: &Aabb, limit: f32) -> Option<f32> {
        let (min, max) = (aabb.min - self.extent, aabb.max + self.extent);
        let (mut enter, mut exit) = (0.0f32, limit);
        for (o, d, lo, hi) in [
            (self.origin.x, self.translation.x, min.x, max.x),
            (self.origin.y, self.translation.y, min.y, max.y),
        ] {
            if d == 0.0 {
                if o < lo || o > hi {
                    return None;
                }
                continue;
            }
            let (t1, t2) = ((lo - o) / d, (hi - o) / d);
            enter = enter.max(t1.min(t2));
            exit = exit.min(t1.max(t2));
        }
        (enter <= exit).then_some(enter)
    }
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
        let mut stack = Stack::new(NULL);
        stack.push(self.root);
        while let Some(index) = stack.pop() {
            let node = &self.nodes[index as usize];
            if !node.filter.may_pair(filter) || !node.aabb.overlaps(aabb) {
                continue;
            }
            if node.is_leaf() {
                if !found(node.user) {
                    return false;
                }
            } else {
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
        let Some(root_entry) = ray.entry(&self.nodes[self.root as usize].aabb, limit) else {
            return Some(limit);
        };
        let mut stack = Stack::new((NULL, 0.0));
        stack.push((self.root, root_entry));
        while let Some((index, entry)) = stack.pop() {
            let node = &self.nodes[index as usize];
            if entry > limit || !node.filter.may_pair(filter) {
                continue;
            }
            if node.is_leaf() {
                match hit(node.user, limit) {
                    RayStep::Continue(new_limit) => limit = new_limit,
                    RayStep::Stop => return None,
                }
                continue;
            }
            let child = |c: u32| (c, ray.entry(&self.nodes[c as usize].aabb, limit));
            let (near, far) = match (child(node.child1), child(node.child2)) {
                ((c1, Some(e1)), (c2, Some(e2))) if e2 < e1 => ((c2, e2), Some((c1, e1))),
                ((c1, Some(e1)), (c2, e2)) => ((c1, e1), e2.map(|e| (c2, e))),
                ((_, None), (c2, Some(e2))) => ((c2, e2), None),
                ((_, None), (_, None)) => continue,
            };
            if let Some(far) = far {
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
        let ray = TreeRay {
            origin: Vec2::new(-5.0, 4.5),
            translation: Vec2::new(40.0, 0.0),
            extent: Vec2::ZERO,
        };
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
        let sweep = TreeRay {
            // Between the rows at y in [2, 3] and [4, 5], reaching 0.6 into both.
            origin: Vec2::new(-5.0, 3.5),
            translation: Vec2::new(40.0, 0.0),
            extent: Vec2::new(0.6, 0.6),
        };
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
