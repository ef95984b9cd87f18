//! Refitting the broad phase after the solve: each moving shape that left its tree box
//! gets a new one.
//!
//! Which shapes left their boxes is found on the world's threads (a box per shape and a
//! containment test, read-only); the tree is then changed on one thread, in shape slot
//! order, so the result does not depend on the thread count.

use super::World;
use super::state::SimState;
use crate::body::BodyType;
use crate::broadphase::{AABB_MARGIN, BroadPhase};
use crate::math::{Aabb, Vec2};
use rayon::prelude::*;

/// Shapes per task when the boxes are checked on threads.
const SHAPES_PER_TASK: usize = 512;

impl World {
    /// Refits the broad-phase box of every shape that left it during the step. The box
    /// must cover where the shape is and where its velocity takes it in the next step of
    /// `dt`, so a fast body's pairs are found before it reaches them. A refitted box
    /// also leads the shape by up to one margin more along its path: a body moving
    /// steadily (a swinging grid, falling rain) then leaves its box a third less often,
    /// and a refit (query, pairs, tree) costs as much as updating five to ten contacts,
    /// of which the longer boxes add about one per refit saved.
    pub(super) fn synchronize_proxies(&mut self, dt: f32) {
        let SimState {
            bodies,
            shapes,
            broadphase,
            ..
        } = &mut self.state;
        let refit = |slot: usize, tree: &BroadPhase| {
            let shape = shapes.get(slot as u32)?;
            let body = bodies.get(shape.body).expect("shapes name live bodies");
            if body.body_type == BodyType::Static || !body.awake {
                return None;
            }
            let travel = dt * body.v;
            let lead = travel.clamp_length_max(AABB_MARGIN);
            let now = shape.collider.aabb(body.xf);
            let ahead = |shift: Vec2| Aabb {
                min: now.min + shift,
                max: now.max + shift,
            };
            let covered = tree.covers(slot as u32, &now.union(&ahead(travel)));
            (!covered).then(|| (shape.proxy, now.union(&ahead(travel + lead))))
        };
        if self.pool.is_some() {
            let mut refits = std::mem::take(&mut self.refits);
            refits.clear();
            refits.resize(shapes.capacity(), None);
            let tree: &BroadPhase = broadphase;
            let tasks = refits.par_iter_mut().with_min_len(SHAPES_PER_TASK);
            tasks
                .enumerate()
                .for_each(|(slot, out)| *out = refit(slot, tree));
            for &(proxy, predicted) in refits.iter().flatten() {
                broadphase.stage_proxy(proxy, predicted);
            }
            self.refits = refits;
        } else {
            for slot in 0..shapes.capacity() {
                if let Some((proxy, predicted)) = refit(slot, broadphase) {
                    broadphase.stage_proxy(proxy, predicted);
                }
            }
        }
        broadphase.settle();
    }
}
