//! Refitting the broad phase after the solve: each moving shape that left its tree box
//! gets a new one.
//!
//! The shapes to check are found through the moving bodies: in a scene such as
//! `terrain`, 1,335 static links under 300 bodies, most shapes stand still, and reading
//! every shape only to skip it is a visible part of the step (docs/decisions.md, "Refit
//! through the moving bodies"). Which shapes left their boxes is found body by body, on
//! the world's threads (a box per shape and a containment test, read-only); only those
//! few are then sorted by shape slot and the tree changed on one thread in that order,
//! so the result does not depend on the thread count. (Collecting and sorting every
//! moving shape first, on one thread, leaves a large scene's refit no faster on more
//! threads; docs/decisions.md, "Refit on the world's threads".)

use super::World;
use super::state::SimState;
use crate::body::{Body, BodyType};
use crate::broadphase::{BroadPhase, ProxyKey};
use crate::id::Slots;
use crate::math::Aabb;
use crate::shape::Shape;
#[cfg(feature = "threads")]
use rayon::prelude::*;

/// Bodies per task when the boxes are checked on threads.
#[cfg(feature = "threads")]
const BODIES_PER_TASK: usize = 256;

/// A shape that left its tree box: its slot, its proxy and its new box.
pub(super) type Refit = (u32, ProxyKey, Aabb);

impl World {
    /// Refits the broad-phase box of every shape that left it during the step. The box
    /// must cover where the shape is and the whole of its sweep over the next step of
    /// `dt`, moving at its velocity and turning at its spin, so a fast or spinning
    /// body's pairs are found before it reaches them. Past that the tree's margin is
    /// small: a box that reaches further holds more pairs of shapes near but not
    /// touching, each read by the narrow phase every step, and that costs more than
    /// the refits it saves (docs/decisions.md, "Tree boxes: the next step's sweep and
    /// a small margin").
    pub(super) fn synchronize_proxies(&mut self, dt: f32) {
        let SimState {
            bodies,
            shapes,
            broadphase,
            ..
        } = &mut self.state;
        let refits = &mut self.refits;
        refits.clear();
        let (shapes, tree): (&Slots<Shape>, &BroadPhase) = (shapes, broadphase);
        let moves = |body: &&Body| body.body_type != BodyType::Static && body.awake;
        match self.pool.is_some() {
            #[cfg(feature = "threads")]
            true => {
                let tasks = bodies.par_values(BODIES_PER_TASK).filter(moves);
                refits.par_extend(tasks.flat_map_iter(|body| refits_of(body, (shapes, tree), dt)));
            }
            _ => {
                let moving = bodies.values().filter(moves);
                refits.extend(moving.flat_map(|body| refits_of(body, (shapes, tree), dt)));
            }
        }
        refits.sort_unstable_by_key(|&(slot, ..)| slot);
        for &(_, proxy, predicted) in refits.iter() {
            broadphase.stage_proxy(proxy, predicted);
        }
        broadphase.settle();
    }
}

/// The shapes of `body` that left their boxes in `tree`, with their new boxes.
fn refits_of<'a>(
    body: &'a Body,
    (shapes, tree): (&'a Slots<Shape>, &'a BroadPhase),
    dt: f32,
) -> impl Iterator<Item = Refit> + 'a {
    let travel = dt * body.v;
    let turn = dt * body.w.abs();
    body.shapes.iter(shapes).filter_map(move |slot| {
        let shape = shapes.get(slot).expect("bodies list live shapes");
        let now = shape.collider.aabb(body.xf);
        let ahead = Aabb {
            min: now.min + travel,
            max: now.max + travel,
        };
        let turned = turn * shape.collider.turn_reach(body.local_center);
        let swept = now.union(&ahead).grown(turned);
        (!tree.covers(slot, &swept)).then_some((slot, shape.proxy, swept))
    })
}
