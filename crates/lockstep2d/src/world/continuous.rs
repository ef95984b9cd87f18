//! Continuous collision: a body that moved fast this step is swept from where it began
//! to where the solver put it, against the static shapes its path crosses, and stopped
//! at the first it would touch. A bullet (`BodyDef::is_bullet`) is swept afterwards
//! against the other moving bodies too, where this stage left them (as in Box2D v3), so
//! a fast projectile stops at a thin dynamic target instead of passing it.
//!
//! Speculative contacts already stop most fast bodies at a wall, but only those whose
//! contacts exist in time and whose solve holds: a body squeezed into a wall by a
//! stronger one (a spinner's bar at 100 m/s) is pushed straight through. The sweep is
//! the guarantee: a dynamic body's core never crosses a static shape within a step.
//!
//! As in Box2D v3, the body keeps its velocity, so the next step's contacts deal with
//! the impact; and a shape that starts the step touching the wall (sliding along it) is
//! swept as a small disc at its centroid instead, so it may sink into the wall by most of
//! its size but not pass it, and does not stick where it touches. Only the soft step
//! finds fast bodies; under PGS no body is swept.

use super::World;
use super::collision::may_collide;
use super::state::SimState;
use crate::body::{Body, JointEdge};
use crate::broadphase::BroadPhase;
use crate::collide::{Core, Impact, Sweep, time_of_impact};
use crate::id::Slots;
use crate::math::Transform;
use crate::shape::{Geometry, Shape};

/// The disc that stands in for a shape already touching at the sweep's start, as a
/// fraction of the shape's smallest extent (Box2D v3's choice).
const CORE_DISC_FRACTION: f32 = 0.25;

impl World {
    /// Moves each fast body back along its sweep to its first impact with a static
    /// shape, in slot order (each body's result depends only on static shapes, so the
    /// order does not matter either).
    pub(super) fn solve_continuous(&mut self) {
        // Without a static shape and without bullets there is nothing to sweep against,
        // and looking the fast bodies up would still cost a scene like `smash` time
        // every step (docs/decisions.md, "Continuous pass skipped without static
        // shapes").
        let has_bullets = self.solver.fast.iter().any(|&(index, _)| {
            let body = self.state.bodies.get(index).expect("fast bodies are live");
            body.is_bullet
        });
        if !self.state.broadphase.has_static_shapes() && !has_bullets {
            return;
        }
        for bullets in [false, true] {
            self.sweep_fast_bodies(bullets);
        }
    }

    /// Moves each fast body back to its first impact: the ordinary ones against static
    /// shapes, or the bullets against static and moving shapes.
    fn sweep_fast_bodies(&mut self, bullets: bool) {
        let SimState {
            bodies,
            shapes,
            joint_edges,
            broadphase,
            ..
        } = &mut self.state;
        for &(index, sweep) in &self.solver.fast {
            if bodies.get(index).expect("fast bodies are live").is_bullet != bullets {
                continue;
            }
            let links = (&**shapes, &*bodies, joint_edges.as_slice());
            let t = first_impact(index, &sweep, links, broadphase);
            if t < 1.0 {
                let body = bodies.get_mut(index).expect("fast bodies are live");
                body.xf = sweep.pose(t);
                body.center = body.xf.apply(body.local_center);
            }
        }
    }
}

/// The fraction of `sweep` at which body `index` first touches a static shape (or, for
/// a bullet, any shape not on a bullet) it may collide with; 1 if none.
fn first_impact(
    index: u32,
    sweep: &Sweep,
    (shapes, bodies, edges): (&Slots<Shape>, &Slots<Body>, &[JointEdge]),
    broadphase: &mut BroadPhase,
) -> f32 {
    let body = bodies.get(index).expect("fast bodies are live");
    let (start, end) = (sweep.pose(0.0), body.xf);
    let mut first = 1.0;
    for s in body.shapes.iter(shapes) {
        let shape = shapes.get(s).expect("bodies list live shapes");
        let path = shape.collider.aabb(start).union(&shape.collider.aabb(end));
        let core = Core::of(&shape.collider);
        let filter = shape.def.filter.proxy_filter();
        let mut against = |other: u32| {
            if !may_collide((shapes, bodies, edges), s, other) {
                return;
            }
            let wall = shapes.get(other).expect("the tree lists live shapes");
            let wall_body = bodies.get(wall.body).expect("shapes name live bodies");
            let dropping = body.drop_through && wall.def.one_way;
            if wall_body.is_bullet || dropping || starts_behind(wall, wall_body, shape, start) {
                return;
            }
            let fixed = Core::of(&wall.collider).placed(wall_body.xf);
            let impact = match time_of_impact(&core, sweep, &fixed, first) {
                Impact::Touching => {
                    let centroid = shape.collider.centroid();
                    let radius = CORE_DISC_FRACTION * shape.collider.min_extent();
                    time_of_impact(&Core::disc(centroid, radius), sweep, &fixed, first)
                }
                impact => impact,
            };
            if let Impact::At(t) = impact {
                first = t;
            }
        };
        broadphase.query_static(&path, filter, &mut against);
        if body.is_bullet {
            broadphase.visit_moving_box(&path, filter, against);
        }
    }
    first
}

/// Whether `shape` (on a body at `start`) begins the sweep with its centroid behind
/// `wall`'s front: a chain link or a one-way platform, which collide only from the
/// front, so a body behind one passes it (Box2D v3 skips chain links so too).
fn starts_behind(wall: &Shape, wall_body: &Body, shape: &Shape, start: Transform) -> bool {
    let Some((on_wall, front)) = wall.def.geometry.front() else {
        return false;
    };
    if !wall.def.one_way && !matches!(wall.def.geometry, Geometry::ChainSegment(_)) {
        return false;
    }
    let centroid = start.apply(shape.collider.centroid());
    let (front, on_wall) = (wall_body.xf.q.rotate(front), wall_body.xf.apply(on_wall));
    front.dot(centroid - on_wall) < 0.0
}
