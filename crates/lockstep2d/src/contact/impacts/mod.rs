//! Impacts passed on from body to body, after a solver has found the step's velocities.
//!
//! Both solvers solve a step's contacts together, as if every impact were perfectly
//! inelastic, and then make the bouncy ones bounce. A point that struck leaving at e
//! times the speed it struck at, each on its own, is right for one ball on the ground
//! but makes energy from nothing wherever contacts act at once: a ball that strikes a
//! row of touching balls finds the whole row moving with it, and every touching pair
//! then bouncing apart from that shared motion adds kinetic energy the strike never had.
//!
//! Impacts of contacts whose restitution is at least `IN_TURN` are here what they are
//! in the textbook cradle instead: collisions between pairs of bodies, one after
//! another, each with the velocities the ones before it left. For each group the
//! step's strikes reach (the bouncy contacts that pushed this step or touch, joined
//! through the moving bodies they share):
//!
//! 1. every point's impulse of the step is taken back, leaving the velocities the
//!    bodies would have without the group's contacts; the points that approach at
//!    least at the restitution threshold by their own motion then have struck;
//! 2. the other points take back the load they carried into the step (a pile's
//!    weight), and sequential impulses settle them, so the group stands as it did
//!    before the strikes;
//! 3. the group is swept in the order the strikes spread through it (breadth first
//!    from the struck contacts): a struck point leaves at the speed its solver's
//!    restitution gives it, any point approaching at least at the threshold leaves at
//!    e times its approach, and the rest keep from approaching with sequential
//!    impulses. The two points of a face contact move together where they ask alike.
//!
//! Each collision of step 3 is a pair's collision at e ≤ 1, which never adds kinetic
//! energy; a struck point's speed is held to at most its approach for the same reason.
//! A ball striking a row of touching balls stops, and the last ball leaves at its
//! speed. Everything here runs on one thread in the contacts' order, so it gives the
//! same bits on every machine and thread count. The impulses stored for the next
//! step's warm start stay the solver's, but for the points that bounced, which leave
//! none.
//!
//! Contacts on bodies with joints stay out of the groups (the joints' impulses are not
//! solved here) and bounce point by point from the solver's velocities, as contacts
//! below `IN_TURN` do in the solvers themselves.

mod contact;
mod visit;

use contact::Coupled;
use contact::Pair;
pub(crate) use contact::{ImpactContact, ImpactPoint, Velocities};
use visit::{Held, Sweep, visit};

use crate::body::Body;
use crate::contact::ContactSet;
use crate::id::Slots;
use crate::minmax::{max, min};

/// The restitution from which a contact's strikes are passed on here, in turn. Below
/// it each solver bounces a point on its own, from the velocities it solved: a slow
/// bounce returns little of what the shared inelastic motion took, and the tests' rows
/// and piles lose energy that way at every restitution up to a half. Passing strikes
/// on costs scalar sweeps over every contact they reach, which a pile bouncing at a
/// tenth (Box2D's `spinner`, where most contacts strike every step) cannot pay.
pub(crate) const IN_TURN: f32 = 0.5;

/// Sweeps over a group to settle it, and again to pass its strikes on. Taken in the
/// order strikes spread, one sweep carries a strike down a row of touching bodies; the
/// rest settle what a pile's loads shifted. A sweep unfinished leaves what it would
/// have pushed to the next step's solve, and each of its collisions is one of a pair at
/// e ≤ 1, so stopping early costs no energy.
const MAX_SWEEPS: usize = 8;

/// A sweep whose largest change of a point's normal velocity is below this (m/s) has
/// settled the group: a tenth of a millimetre a second, nothing a sweep more would
/// change is visible.
const SETTLED: f32 = 1e-4;

/// An approach this close to the threshold, relative to it, reaches it: a strike at
/// the threshold's speed passed from body to body arrives a few roundings short.
const THRESHOLD_ROUNDING: f32 = 1e-4;

/// A contact whose points gave more or less than their load by this share of the
/// restitution threshold, as a speed, carried a strike this step and joins the group
/// it touches; one that gave its load stands as its solver left it and bounds the
/// group. A pile at rest carries nothing, so a strike at its edge does not sweep the
/// whole pile.
const CARRIES: f32 = 0.01;

/// Whether `contact` joins the group it touches: it carried a strike (a point gave
/// its bodies more or less than its load by `CARRIES` times the restitution
/// `threshold`, as a change of its normal velocity), or it holds no load, and so may
/// be struck next without anything to stand on.
fn carries(contact: &ImpactContact, threshold: f32) -> bool {
    let least = CARRIES * threshold;
    let as_speed = |impulse: f32, p: &ImpactPoint| (impulse / p.normal_mass).abs();
    (contact.points().iter())
        .any(|p| as_speed(p.applied - p.load, p) >= least || as_speed(p.load, p) < least)
}

/// The stage's working arrays, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct Impacts {
    /// This step's contacts, sorted by `index`.
    contacts: Vec<ImpactContact>,
    /// (moving body, contact) for every moving end of every contact, sorted.
    ends: Vec<(u32, u32)>,
    /// The contacts of the groups strikes reach, in the order strikes spread.
    group: Vec<u32>,
    reached: Vec<bool>,
    held: Vec<[Held; 2]>,
    /// The points that bounced in the last `resolve`, by contact index and slot.
    bounced: Vec<(u32, u8)>,
}

impl Impacts {
    /// The contacts a solver hands over; `resolve` takes them.
    pub fn contacts(&mut self) -> &mut Vec<ImpactContact> {
        &mut self.contacts
    }

    /// Marks the contacts handed over whose bodies have joints, by body slot.
    pub fn note_joints(&mut self, bodies: &Slots<Body>) {
        let jointed = |index: u32| bodies.get(index).is_some_and(|b| b.joints.len > 0);
        for contact in &mut self.contacts {
            contact.jointed = contact.bodies.map(jointed);
        }
    }

    /// Passes the strikes among the contacts handed over on through their groups (see
    /// the module docs), changing `velocities`; `threshold` is the restitution
    /// threshold.
    pub fn resolve<V: Velocities + ?Sized>(&mut self, velocities: &mut V, threshold: f32) {
        if self.contacts.iter().any(ImpactContact::struck) {
            self.contacts.sort_unstable_by_key(|c| c.index);
            self.find_groups(threshold);
            let threshold = threshold * (1.0 - THRESHOLD_ROUNDING);
            self.bounce_jointed(velocities);
            self.take_back(velocities, threshold);
            self.sweep(velocities, threshold, Sweep::Settle);
            self.sweep(velocities, threshold, Sweep::Strike);
            self.note_bounced();
        }
        self.contacts.clear();
    }

    /// Bounces the struck points of contacts on jointed bodies one by one, as they
    /// are: from the velocities the solver left, each leaves at its rebound.
    fn bounce_jointed<V: Velocities + ?Sized>(&self, velocities: &mut V) {
        for contact in self.contacts.iter().filter(|c| c.jointed()) {
            let mut pair = Pair::load(&*velocities, contact);
            for point in contact.points() {
                if let Some(rebound) = point.rebound {
                    let vn = pair.normal_velocity(contact, point);
                    pair.push(contact, point, max(point.normal_mass * (rebound - vn), 0.0));
                }
            }
            pair.store(velocities, contact);
        }
    }

    /// Clears the impulses the points that bounced leave for the next step's warm
    /// start: what they carried was the strike's, solved as if inelastic, and they
    /// have passed it on (or leave); given again, it would push bodies that now rest.
    pub fn forget_bounced(&mut self, contacts: &mut ContactSet) {
        for (index, slot) in self.bounced.drain(..) {
            let point = &mut contacts.contacts[index as usize].manifold.points[usize::from(slot)];
            (point.normal_impulse, point.tangent_impulse) = (0.0, 0.0);
        }
    }

    fn note_bounced(&mut self) {
        for &index in &self.group {
            let contact = &self.contacts[index as usize];
            for (point, held) in contact.points().iter().zip(&self.held[index as usize]) {
                if held.bounced {
                    self.bounced.push((contact.index, point.slot));
                }
            }
        }
    }

    /// Every contact a strike reaches through moving bodies, breadth first from the
    /// contacts that struck, each once.
    fn find_groups(&mut self, threshold: f32) {
        self.ends.clear();
        for (index, contact) in self.contacts.iter().enumerate() {
            if contact.jointed() {
                continue;
            }
            for end in 0..2 {
                if contact.moves(end) {
                    self.ends.push((contact.bodies[end], index as u32));
                }
            }
        }
        self.ends.sort_unstable();
        self.reached.clear();
        self.reached.resize(self.contacts.len(), false);
        self.group.clear();
        for (index, contact) in self.contacts.iter().enumerate() {
            if contact.struck() && !contact.jointed() {
                self.reached[index] = true;
                self.group.push(index as u32);
            }
        }
        let mut next = 0;
        while next < self.group.len() {
            let contact = self.contacts[self.group[next] as usize];
            next += 1;
            for end in 0..2 {
                if contact.moves(end) {
                    self.reach_from(contact.bodies[end], threshold);
                }
            }
        }
        for &index in &self.group {
            let contact = &mut self.contacts[index as usize];
            contact.coupled = (contact.count == 2).then(|| Coupled::of(contact)).flatten();
        }
    }

    /// Adds the contacts touching `body` that carried a strike (`carries`) and are
    /// not yet reached to the group.
    fn reach_from(&mut self, body: u32, threshold: f32) {
        let first = self.ends.partition_point(|&(b, _)| b < body);
        for &(b, index) in &self.ends[first..] {
            if b != body {
                break;
            }
            let contact = &self.contacts[index as usize];
            if !self.reached[index as usize] && carries(contact, threshold) {
                self.reached[index as usize] = true;
                self.group.push(index);
            }
        }
    }

    /// Takes back every group point's impulse of the step; marks the points that then
    /// approach at least at `threshold`, and had struck by their solver's account, as
    /// struck; gives the others back their load.
    fn take_back<V: Velocities + ?Sized>(&mut self, velocities: &mut V, threshold: f32) {
        for &index in &self.group {
            let contact = &self.contacts[index as usize];
            let mut pair = Pair::load(&*velocities, contact);
            for point in contact.points() {
                pair.push(contact, point, -point.applied);
            }
            pair.store(velocities, contact);
        }
        self.held.clear();
        self.held.resize(self.contacts.len(), [Held::default(); 2]);
        for &index in &self.group {
            let contact = &self.contacts[index as usize];
            let mut pair = Pair::load(&*velocities, contact);
            for (point, held) in contact.points().iter().zip(&mut self.held[index as usize]) {
                let approach = -pair.normal_velocity(contact, point);
                let struck = point.rebound.is_some() && approach >= threshold;
                let impulse = if struck {
                    0.0
                } else {
                    max(min(point.load, point.applied), 0.0)
                };
                pair.push(contact, point, impulse);
                *held = Held {
                    impulse,
                    struck,
                    bounced: false,
                };
            }
            pair.store(velocities, contact);
        }
    }

    /// Sweeps the group in order until a sweep changes no velocity visibly, at most
    /// `MAX_SWEEPS` times.
    fn sweep<V: Velocities + ?Sized>(&mut self, velocities: &mut V, threshold: f32, how: Sweep) {
        for _ in 0..MAX_SWEEPS {
            let mut largest = 0.0f32;
            for &index in &self.group {
                let contact = &self.contacts[index as usize];
                let held = &mut self.held[index as usize];
                let change = visit(contact, held, velocities, (threshold, how));
                largest = max(largest, change);
            }
            if largest < SETTLED {
                return;
            }
        }
    }
}
