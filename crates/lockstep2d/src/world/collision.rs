//! The collision stages of a step: new pairs from the broad phase, then every contact's
//! manifold updated (the narrow phase).

use super::World;
use super::one_way;
use super::state::SimState;
use crate::body::{Body, BodyType, JointEdge};
use crate::broadphase::{BroadPhase, PairCheck};
use crate::collide::Manifold;
use crate::collide::{SPECULATIVE_DISTANCE, collide, goes_first};
use crate::contact::{Contact, ContactSet, carry_impulses};
use crate::events::{ContactBegin, ContactEnd, ContactEvents, ContactHit};
use crate::id::Slots;
use crate::math::{Vec2, cross_sv};
use crate::minmax;
use crate::recycle::ManifoldCache;
use crate::shape::Shape;
#[cfg(feature = "threads")]
use rayon::prelude::*;

impl World {
    /// Creates a contact for every new overlapping pair the broad phase reports that is
    /// allowed to collide, in the broad phase's sorted order: as many as `max_contacts`
    /// leaves room for.
    pub(super) fn find_new_contacts(&mut self) {
        let mut pairs = std::mem::take(&mut self.new_pairs);
        let SimState {
            broadphase,
            contacts,
            shapes,
            bodies,
            joint_edges,
            max_contacts,
            contact_budget_reached,
            ..
        } = &mut self.state;
        // Pairs that may not collide (say, two links of a jointed chain) are dropped in
        // the query, before the sort: in a joint grid they are nearly all the overlaps.
        let check = NewPairCheck {
            contacts: &*contacts,
            links: (&**shapes, &*bodies, joint_edges.as_slice()),
        };
        let room = (*max_contacts as usize).saturating_sub(contacts.contacts.len());
        *contact_budget_reached = !broadphase.find_new_pairs(&mut pairs, room, check);
        self.filter_new_pairs(&mut pairs);
        for &(s1, s2) in &pairs {
            let contact = self.new_contact(s1, s2);
            self.state.contacts.insert(contact);
        }
        self.new_pairs = pairs;
    }

    fn new_contact(&self, s1: u32, s2: u32) -> Contact {
        let (shape1, shape2) = (self.shape(s1), self.shape(s2));
        let (a, b) = if goes_first(&shape2.collider, &shape1.collider) {
            (s2, s1)
        } else {
            (s1, s2)
        };
        let (shape_a, shape_b) = (self.shape(a), self.shape(b));
        let mut contact = Contact {
            shape_a: a,
            shape_b: b,
            body_a: shape_a.body,
            body_b: shape_b.body,
            friction: 0.0,
            restitution: 0.0,
            tangent_speed: 0.0,
            rolling_resistance: 0.0,
            rounding: [0.0; 2],
            manifold: Manifold::default(),
            cache: None,
            passing: false,
            enabled: true,
            one_way: shape_a.def.one_way || shape_b.def.one_way,
        };
        contact.mix_material(&shape_a.def, &shape_b.def);
        contact
    }

    /// Rebuilds every contact's manifold from the current poses, carrying impulses over
    /// by feature id, drops contacts whose broad-phase boxes no longer overlap, and
    /// records begin, end and hit events.
    ///
    /// Points are made for features up to a speculative distance apart that grows with
    /// how far the two shapes can close in a step of `dt`: the solver then lets them close
    /// exactly the gap and no more, so a fast body stops at a thin wall instead of
    /// passing through it between two steps.
    pub(super) fn update_contacts(&mut self, dt: f32) {
        let mut outcomes = std::mem::take(&mut self.outcomes);
        let scene = Narrow {
            shapes: &self.state.shapes,
            bodies: &self.state.bodies,
            broadphase: &self.state.broadphase,
            dt,
            recycle_distance: self.state.settings.contact_recycle_distance,
        };
        // Each contact's manifold depends only on its own shapes and bodies, so they are
        // updated on the world's threads; events, waking and removal then follow in
        // contact order on one, so the result does not depend on the thread count.
        let contacts = &mut self.state.contacts.contacts;
        outcomes.clear();
        outcomes.resize(contacts.len(), Outcome::default());
        let update = |(contact, outcome): (&mut Contact, &mut Outcome)| {
            *outcome = scene.update(contact);
        };
        match self.pool.as_deref() {
            #[cfg(feature = "threads")]
            Some(pool) => pool.install(|| {
                contacts
                    .par_iter_mut()
                    .zip(outcomes.par_iter_mut())
                    .with_min_len(NARROW_CHUNK)
                    .for_each(update)
            }),
            _ => contacts
                .iter_mut()
                .zip(outcomes.iter_mut())
                .for_each(update),
        }
        self.report_contact_changes(&outcomes);
        self.outcomes = outcomes;
        self.wake_queued();
    }

    /// Events, waking and removal after the manifolds were updated, in contact order.
    fn report_contact_changes(&mut self, outcomes: &[Outcome]) {
        // Most steps of a settled scene change nothing: skip the pass over every contact.
        if outcomes.iter().all(Outcome::is_quiet) {
            return;
        }
        let mut changes = ContactChanges {
            shapes: &self.state.shapes,
            bodies: &self.state.bodies,
            events: &mut self.state.events,
            to_wake: &mut self.islands.to_wake,
            hit_threshold: self.state.hit_event_threshold,
        };
        let mut outcomes = outcomes.iter();
        self.state.contacts.update_all(|contact| {
            let outcome = *outcomes.next().expect("one outcome per contact");
            // Nothing to report, wake or remove: skip the lookups, which miss the cache
            // (a busy scene has some change every step, but in few contacts).
            outcome.is_quiet() || changes.report(contact, outcome)
        });
    }
}

/// What reporting a contact's change reads, and the events and wake list it writes.
struct ContactChanges<'a> {
    shapes: &'a Slots<Shape>,
    bodies: &'a Slots<Body>,
    events: &'a mut ContactEvents,
    to_wake: &'a mut Vec<u32>,
    hit_threshold: f32,
}

impl ContactChanges<'_> {
    /// Reports what `outcome` says changed of `contact` and queues its sleeping bodies
    /// to wake; false when the contact goes.
    fn report(&mut self, contact: &Contact, outcome: Outcome) -> bool {
        let (bodies, shapes) = (self.bodies, self.shapes);
        let ended = ContactEnd {
            shape_a: shapes.id_of(contact.shape_a),
            shape_b: shapes.id_of(contact.shape_b),
            body_a: bodies.id_of(contact.body_a),
            body_b: bodies.id_of(contact.body_b),
        };
        if !outcome.kept {
            if outcome.was_touching {
                self.events.end.push(ended);
            }
            return false;
        }
        let a = bodies.get(contact.body_a).expect("live body");
        let b = bodies.get(contact.body_b).expect("live body");
        // An active body touching a sleeping one wakes its island before the solve.
        if contact.is_touching() {
            for (body, index) in [(a, contact.body_a), (b, contact.body_b)] {
                if body.is_dynamic() && !body.awake {
                    self.to_wake.push(index);
                }
            }
        }
        match (outcome.was_touching, contact.is_touching()) {
            (false, true) => self.begin(contact, ended, a, b),
            (true, false) => self.events.end.push(ended),
            _ => {}
        }
        true
    }

    /// A contact that began touching: its begin event, and a hit if it came in fast.
    fn begin(&mut self, contact: &Contact, pair: ContactEnd, a: &Body, b: &Body) {
        let ContactEnd {
            shape_a,
            shape_b,
            body_a,
            body_b,
        } = pair;
        self.events.begin.push(ContactBegin {
            shape_a,
            shape_b,
            body_a,
            body_b,
        });
        let hit = fastest_approach(&contact.manifold, a, b);
        if let Some((point, approach_speed)) = hit
            && approach_speed > self.hit_threshold
        {
            self.events.hit.push(ContactHit {
                shape_a,
                shape_b,
                body_a,
                body_b,
                point,
                normal: contact.manifold.normal,
                approach_speed,
            });
        }
    }
}

/// Contacts per task when the narrow phase runs on threads.
#[cfg(feature = "threads")]
const NARROW_CHUNK: usize = 256;

/// What updating one contact's manifold did.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Outcome {
    /// False when neither body moves: the manifold stands and nothing is reported.
    updated: bool,
    /// False when the broad-phase boxes parted: the contact goes.
    kept: bool,
    was_touching: bool,
    touching: bool,
    /// Touching a sleeping dynamic body, which must wake.
    wakes: bool,
}

impl Outcome {
    /// Nothing to report, wake or remove.
    fn is_quiet(&self) -> bool {
        !self.updated || (self.kept && self.was_touching == self.touching && !self.wakes)
    }
}

/// What the narrow phase reads: shared by the threads, written by none.
struct Narrow<'a> {
    shapes: &'a Slots<Shape>,
    bodies: &'a Slots<Body>,
    broadphase: &'a BroadPhase,
    dt: f32,
    recycle_distance: f32,
}

impl Narrow<'_> {
    /// Rebuilds (or recycles) one contact's manifold, carrying impulses over by feature
    /// id.
    fn update(&self, contact: &mut Contact) -> Outcome {
        let body_a = self.bodies.get(contact.body_a).expect("live body");
        let body_b = self.bodies.get(contact.body_b).expect("live body");
        let was_touching = contact.is_touching();
        // Between sleeping and still bodies nothing moves: the manifold stands.
        if !body_a.is_active() && !body_b.is_active() {
            return Outcome {
                updated: false,
                kept: true,
                was_touching,
                touching: was_touching,
                wakes: false,
            };
        }
        let fat_a = self.broadphase.shape_box(contact.shape_a);
        let kept = fat_a.overlaps(&self.broadphase.shape_box(contact.shape_b));
        if kept {
            self.update_manifold(contact, (body_a, body_b), was_touching);
        }
        let touching = kept && contact.is_touching();
        let asleep = |body: &Body| body.is_dynamic() && !body.awake;
        Outcome {
            updated: true,
            kept,
            was_touching,
            touching,
            wakes: touching && (asleep(body_a) || asleep(body_b)),
        }
    }

    fn update_manifold(
        &self,
        contact: &mut Contact,
        (body_a, body_b): (&Body, &Body),
        was_touching: bool,
    ) {
        // A platform's manifold is rebuilt every step: whether it lets the shape through
        // is decided from the shapes' true overlap.
        let one_way = contact.one_way;
        // Read only when the manifold is built or gated: a recycled one needs neither.
        let ids = (contact.shape_a, contact.shape_b);
        let shapes = || {
            let shape = |s: u32| self.shapes.get(s).expect("contacts refer to live shapes");
            (shape(ids.0), shape(ids.1))
        };
        let recycle_distance = if one_way { 0.0 } else { self.recycle_distance };
        // Not touching, the manifold is only kept within the speculative distance, so
        // that no approach is missed.
        let tolerance = if was_touching {
            recycle_distance
        } else {
            minmax::min(recycle_distance, SPECULATIVE_DISTANCE)
        };
        let reach = (
            minmax::max(moving_extent(body_a), moving_extent(body_b)),
            contact.rounding,
        );
        let poses = (body_a.xf, body_b.xf);
        let recycled = contact
            .cache
            .is_some_and(|cache| cache.recycle(&mut contact.manifold, poses, reach, tolerance));
        if !recycled {
            let reach = closing_reach(body_a, body_b);
            let speculative = SPECULATIVE_DISTANCE + self.dt * reach;
            let (shape_a, shape_b) = shapes();
            let (a, b) = (&shape_a.collider, &shape_b.collider);
            let mut manifold = collide(a, body_a.xf, b, body_b.xf, speculative);
            carry_impulses(&mut manifold, &contact.manifold);
            contact.manifold = manifold;
            contact.cache = (recycle_distance > 0.0)
                .then(|| ManifoldCache::new(&contact.manifold, body_a.xf, body_b.xf));
        }
        if one_way {
            one_way::gate(contact, shapes(), (body_a, body_b), was_touching);
        }
    }
}

/// The pairs the broad phase leaves out: those with a contact, and those that may not
/// collide.
struct NewPairCheck<'a> {
    contacts: &'a ContactSet,
    links: (&'a Slots<Shape>, &'a Slots<Body>, &'a [JointEdge]),
}

impl PairCheck for NewPairCheck<'_> {
    fn prefetch(&self, a: u32, b: u32) {
        self.contacts.prefetch(a, b);
    }

    fn skip(&self, a: u32, b: u32) -> bool {
        self.contacts.contains(a, b) || !may_collide(self.links, a, b)
    }
}

/// Whether shapes `s1` and `s2` may touch: on different bodies, neither a sensor, not
/// both lines, one of them dynamic, their filters agreeing, and no joint between the bodies that turns their collision
/// off.
pub(super) fn may_collide(
    (shapes, bodies, edges): (&Slots<Shape>, &Slots<Body>, &[JointEdge]),
    s1: u32,
    s2: u32,
) -> bool {
    let shape = |s: u32| shapes.get(s).expect("pairs name live shapes");
    let (shape1, shape2) = (shape(s1), shape(s2));
    let (b1, b2) = (shape1.body, shape2.body);
    if b1 == b2 || shape1.def.is_sensor || shape2.def.is_sensor {
        return false;
    }
    // Lines (segments, chain links) have no inside for another line to push out of.
    if !shape1.def.geometry.has_area() && !shape2.def.geometry.has_area() {
        return false;
    }
    if !shape1.def.filter.should_collide(&shape2.def.filter) {
        return false;
    }
    let body = |b: u32| bodies.get(b).expect("shapes name live bodies");
    let (body1, body2) = (body(b1), body(b2));
    if !body1.is_dynamic() && !body2.is_dynamic() {
        return false;
    }
    // A joint between the bodies turns their collision off unless it says otherwise.
    let (fewer, other) = if body1.joints.len <= body2.joints.len {
        (body1, b2)
    } else {
        (body2, b1)
    };
    !fewer.joints.iter(edges).any(|key| {
        let edge = &edges[key as usize];
        edge.other == other && !edge.collide_connected
    })
}

/// How far a body's shapes reach from its centre of mass; 0 for a static body, which
/// never turns.
fn moving_extent(body: &Body) -> f32 {
    if body.body_type == BodyType::Static {
        0.0
    } else {
        body.extent
    }
}

/// How fast (m/s) any point of body A can approach any point of body B: their relative
/// linear speed plus each body's spin times the farthest its shapes reach from its
/// centre of mass (kept on the body: measuring the pair's shapes here cost two boxes a
/// contact).
fn closing_reach(a: &Body, b: &Body) -> f32 {
    let spin = |body: &Body| body.w.abs() * moving_extent(body);
    (b.v - a.v).length() + spin(a) + spin(b)
}

/// The manifold point closing fastest along the normal, with its closing speed.
fn fastest_approach(manifold: &Manifold, a: &Body, b: &Body) -> Option<(Vec2, f32)> {
    let velocity = |body: &Body, p: Vec2| body.v + cross_sv(body.w, p - body.center);
    manifold
        .points()
        .iter()
        .map(|p| {
            let point = a.xf.p + p.anchor_a;
            let dv = velocity(b, point) - velocity(a, point);
            (point, -dv.dot(manifold.normal))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
}
