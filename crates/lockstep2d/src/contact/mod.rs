//! Persistent contacts: one per pair of shapes whose broad-phase boxes overlap.
//!
//! A contact outlives the touching: it is created when the fattened boxes of two shapes
//! begin to overlap and destroyed when they stop. Each step its manifold is rebuilt, and
//! each new point takes the accumulated impulses of last step's point with the same
//! feature id, so the solver starts from last step's answer (warm starting).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub(crate) mod block;
pub(crate) mod impacts;
pub(crate) mod scalar;
pub(crate) mod wide;

use crate::collide::{Manifold, ManifoldPoint};
use crate::constraint::shared_states::HasRow;
use crate::limits::MAX_SPEED;
use crate::math::Vec2;
use crate::minmax;
use crate::pair_set::{PairSet, pair_key};
use crate::recycle::ManifoldCache;
use crate::shape::ShapeDef;
use std::mem::offset_of;

/// A contact between shape A and shape B (A is the polygon when one is a circle).
/// `repr(C)`: the bodies, the material and the roundings are the row the prepare takes
/// into lanes (`HasRow`).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[repr(C)]
pub(crate) struct Contact {
    pub shape_a: u32,
    pub shape_b: u32,
    pub body_a: u32,
    pub body_b: u32,
    /// Mixed material (`mix_material`).
    pub friction: f32,
    pub restitution: f32,
    pub tangent_speed: f32,
    pub rolling_resistance: f32,
    /// Shape A's and shape B's rounding radii (`Geometry::rounding`): where a round
    /// surface touches as its body turns, between steps (`recycle.rs`) and, for a disc
    /// turning about its own centre of mass, through the substeps
    /// (`wide.rs`).
    pub rounding: [f32; 2],
    pub manifold: Manifold,
    /// What the manifold was built from, to keep it while the bodies barely move.
    pub cache: Option<ManifoldCache>,
    /// A one-way platform letting the other shape through (`world/one_way.rs`): the
    /// manifold is kept empty until they part or the shape is clear in front of it.
    pub passing: bool,
    /// False when a contact hook left it out of this step's solve (`world/hooks.rs`).
    pub enabled: bool,
    /// Whether either shape is a one-way platform (`ShapeDef::one_way`, fixed when a
    /// shape is made): kept here so that a recycled manifold reads no shape at all.
    /// Reading the two shapes' flags is a large share of a pile's narrow phase, as the
    /// shapes lie all over memory (docs/decisions.md, "A contact keeps its shapes'
    /// one-way flag").
    pub one_way: bool,
}

// SAFETY: `repr(C)` keeps the declared order, and the asserts below pin the eight
// 4-byte fields from `body_a` to `rounding` next to each other; `ManifoldPoint` is
// `repr(C)` and all eight of its fields are 4-byte numbers.
unsafe impl HasRow for Contact {
    const ROW_AT: usize = offset_of!(Contact, body_a);
}

unsafe impl HasRow for ManifoldPoint {
    const ROW_AT: usize = 0;
}

const _: () = {
    let at = offset_of!(Contact, body_a);
    assert!(offset_of!(Contact, body_b) == at + 4 && offset_of!(Contact, friction) == at + 8);
    assert!(offset_of!(Contact, restitution) == at + 12);
    assert!(offset_of!(Contact, tangent_speed) == at + 16);
    assert!(offset_of!(Contact, rolling_resistance) == at + 20);
    assert!(offset_of!(Contact, rounding) == at + 24);
    assert!(size_of::<ManifoldPoint>() == 32 && offset_of!(ManifoldPoint, separation) == 16);
    assert!(offset_of!(ManifoldPoint, normal_impulse) == 24);
    assert!(offset_of!(ManifoldPoint, tangent_impulse) == 28);
};

impl Contact {
    pub fn is_touching(&self) -> bool {
        self.manifold.point_count > 0
    }

    /// Stores a solve's accumulated (normal, tangent) impulses on the manifold's points,
    /// in order, and its rolling impulse, for the next step's warm start.
    pub fn store_impulses(&mut self, impulses: impl Iterator<Item = (f32, f32)>, rolling: f32) {
        for (point, (normal, tangent)) in self.manifold.points.iter_mut().zip(impulses) {
            point.normal_impulse = normal;
            point.tangent_impulse = tangent;
        }
        self.manifold.rolling_impulse = rolling;
    }

    /// Sets the contact's material and rounding radii from its two shapes'.
    pub fn mix_material(&mut self, a: &ShapeDef, b: &ShapeDef) {
        self.friction = mix_friction(a.friction, b.friction);
        self.restitution = mix_restitution(a.restitution, b.restitution);
        // Each is within MAX_SPEED; their sum is held there too.
        self.tangent_speed = (a.tangent_speed + b.tangent_speed).clamp(-MAX_SPEED, MAX_SPEED);
        self.rolling_resistance = mix_rolling_resistance(a, b);
        self.rounding = [a.geometry.rounding(), b.geometry.rounding()];
    }
}

/// Box2D's rule: the larger resistance, times the larger rounding radius (a disc's or
/// capsule's radius, a polygon's rounding; none for a line), so that it is a torque per
/// newton of normal force.
fn mix_rolling_resistance(a: &ShapeDef, b: &ShapeDef) -> f32 {
    let resistance = minmax::max(a.rolling_resistance, b.rolling_resistance);
    if resistance == 0.0 {
        return 0.0;
    }
    resistance * minmax::max(a.geometry.rounding(), b.geometry.rounding())
}

/// Friction of a contact between two materials: √(μa·μb), so that zero on either side
/// means no friction and equal values give that value.
pub(crate) fn mix_friction(a: f32, b: f32) -> f32 {
    (a * b).sqrt()
}

/// Restitution of a contact: the bouncier material wins.
pub(crate) fn mix_restitution(a: f32, b: f32) -> f32 {
    minmax::max(a, b)
}

/// Contacts in creation order, plus a set of their shape pairs for fast lookup.
///
/// The order of `contacts` is the order the solver visits them, so it is only changed by
/// appending (pairs come sorted from the broad phase) and by order-keeping removal. The
/// set is only ever asked `contains`, never iterated, so its order cannot leak.
///
/// `contacts` may be changed in place only where touching does not change (impulses),
/// or by the narrow phase followed by `update_all`: `heads` mirrors each contact's
/// bodies and touching, and is rewritten by `update_all`.
#[derive(Debug, Default)]
pub(crate) struct ContactSet {
    pub contacts: Vec<Contact>,
    heads: Vec<ContactHead>,
    pairs: PairSet,
    /// Whether a contact hook may have changed a contact's material or switch since
    /// they were last set from the shapes (`World::run_contact_hook`).
    pub edited: bool,
}

/// What colouring reads of a contact, kept apart from it: reading only these from the
/// contacts themselves streams two of each contact's three cache lines, which makes
/// colouring a large pile markedly slower (docs/decisions.md, "Colouring reads compact
/// contact heads").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ContactHead {
    pub body_a: u32,
    pub body_b: u32,
    /// Touching and not switched off by a hook: solved, and linking islands.
    pub touching: bool,
}

impl ContactHead {
    fn of(contact: &Contact) -> ContactHead {
        ContactHead {
            body_a: contact.body_a,
            body_b: contact.body_b,
            touching: contact.is_touching() && contact.enabled,
        }
    }
}

/// By hand so that `clone_from` reuses the buffers (see `SimState`'s `Clone`).
impl Clone for ContactSet {
    fn clone(&self) -> Self {
        ContactSet {
            contacts: self.contacts.clone(),
            heads: self.heads.clone(),
            pairs: self.pairs.clone(),
            edited: self.edited,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.contacts.clone_from(&source.contacts);
        self.heads.clone_from(&source.heads);
        self.pairs.clone_from(&source.pairs);
        self.edited = source.edited;
    }
}

impl ContactSet {
    pub fn contains(&self, shape_a: u32, shape_b: u32) -> bool {
        self.pairs.contains(pair_key(shape_a, shape_b))
    }

    /// Starts bringing in what `contains(shape_a, shape_b)` will read.
    pub fn prefetch(&self, shape_a: u32, shape_b: u32) {
        self.pairs.prefetch(pair_key(shape_a, shape_b));
    }

    pub fn insert(&mut self, contact: Contact) {
        self.pairs
            .insert(pair_key(contact.shape_a, contact.shape_b));
        self.heads.push(ContactHead::of(&contact));
        self.contacts.push(contact);
    }

    /// Calls `update` on every contact and drops those for which it returns false,
    /// keeping the others' order.
    pub fn update_all(&mut self, mut update: impl FnMut(&mut Contact) -> bool) {
        let (pairs, heads) = (&mut self.pairs, &mut self.heads);
        let mut kept = 0;
        self.contacts.retain_mut(|c| {
            let keep = update(c);
            if keep {
                heads[kept] = ContactHead::of(c);
                kept += 1;
            } else {
                pairs.remove(pair_key(c.shape_a, c.shape_b));
            }
            keep
        });
        heads.truncate(kept);
    }

    /// Rewrites every head from its contact, after contacts changed in place.
    pub fn refresh_heads(&mut self) {
        for (head, contact) in self.heads.iter_mut().zip(&self.contacts) {
            *head = ContactHead::of(contact);
        }
    }

    /// Each contact's bodies and whether it touches, in contact order.
    pub fn heads(&self) -> &[ContactHead] {
        debug_assert!(
            self.heads.len() == self.contacts.len()
                && self
                    .heads
                    .iter()
                    .zip(&self.contacts)
                    .all(|(h, c)| *h == ContactHead::of(c)),
            "contact heads out of step with the contacts"
        );
        &self.heads
    }

    /// Removes every contact for which `dead` is true, keeping the others' order.
    pub fn remove_where(&mut self, mut dead: impl FnMut(&Contact) -> bool) {
        self.update_all(|c| !dead(c));
    }

    pub fn touching_count(&self) -> usize {
        self.contacts.iter().filter(|c| c.is_touching()).count()
    }
}

/// Saved as the contact list alone: the pair set is derived from it, so it is rebuilt on
/// load rather than stored (it could only disagree with the list).
impl Serialize for ContactSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.contacts.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ContactSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut set = ContactSet::default();
        for contact in Vec::<Contact>::deserialize(deserializer)? {
            set.insert(contact);
        }
        // A loaded contact may carry a hook's changes: the next step resets them.
        set.edited = true;
        Ok(set)
    }
}

/// Gives `new` the accumulated impulses of the points of `old` with the same feature id,
/// and `old`'s rolling impulse.
pub(crate) fn carry_impulses(new: &mut Manifold, old: &Manifold) {
    new.rolling_impulse = old.rolling_impulse;
    for point in &mut new.points[..usize::from(new.point_count)] {
        if let Some(previous) = old.points().iter().find(|p| p.id == point.id) {
            point.normal_impulse = previous.normal_impulse;
            point.tangent_impulse = previous.tangent_impulse;
        }
    }
}

/// The friction direction of a contact: its normal turned clockwise (Box2D-Lite's
/// `Cross(n, 1)`).
pub(crate) fn tangent_of(normal: Vec2) -> Vec2 {
    Vec2::new(normal.y, -normal.x)
}
