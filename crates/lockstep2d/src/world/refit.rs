//! Refitting the broad phase after the solve: each moving shape that left its tree box
//! gets a new one.
//!
//! The shapes to check are found through the moving bodies: the `terrain` scene, 1,335
//! static links under 300 bodies of which about half sleep, has ten shapes standing
//! still for each one that moves, and reading every shape to skip those cost it 4 % of
//! its step.
//! Which shapes left their boxes is found on the world's threads (a box per shape and a
//! containment test, read-only); the tree is then changed on one thread, in shape slot
//! order, so the result does not depend on the thread count.

use super::World;
use super::state::SimState;
use crate::body::BodyType;
use crate::broadphase::{AABB_MARGIN, BroadPhase};
use crate::math::{Aabb, Vec2};
#[cfg(feature = "threads")]
use rayon::prelude::*;

/// Shapes per task when the boxes are checked on threads.
#[cfg(feature = "threads")]
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
        let moving = &mut self.moving_shapes;
        moving.clear();
        for body in bodies.values() {
            if body.body_type != BodyType::Static && body.awake {
                moving.extend(body.shapes.iter(shapes.as_ref()));
            }
        }
        moving.sort_unstable();
        let refit = |&slot: &u32, tree: &BroadPhase| {
            let shape = shapes.get(slot).expect("bodies list live shapes");
            let body = bodies.get(shape.body).expect("shapes name live bodies");
            let travel = dt * body.v;
            let lead = travel.clamp_length_max(AABB_MARGIN);
            let now = shape.collider.aabb(body.xf);
            let ahead = |shift: Vec2| Aabb {
                min: now.min + shift,
                max: now.max + shift,
            };
            let covered = tree.covers(slot, &now.union(&ahead(travel)));
            (!covered).then(|| (shape.proxy, now.union(&ahead(travel + lead))))
        };
        #[cfg(feature = "threads")]
        if self.pool.is_some() {
            let mut refits = std::mem::take(&mut self.refits);
            refits.clear();
            let tree: &BroadPhase = broadphase;
            let tasks = moving.par_iter().with_min_len(SHAPES_PER_TASK);
            refits.par_extend(tasks.map(|slot| refit(slot, tree)));
            for &(proxy, predicted) in refits.iter().flatten() {
                broadphase.stage_proxy(proxy, predicted);
            }
            self.refits = refits;
            broadphase.settle();
            return;
        }
        for slot in moving.iter() {
            if let Some((proxy, predicted)) = refit(slot, broadphase) {
                broadphase.stage_proxy(proxy, predicted);
            }
        }
        broadphase.settle();
    }
}
