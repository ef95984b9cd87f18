//! The world's simulation state: everything a step reads from the steps before it.
//!
//! `World` is this state plus what is not: the solvers' and the island pass's working
//! arrays (rebuilt from scratch every step), the controllers (user trait objects), the
//! thread pool and the step profile. Keeping the state in one struct is what makes a
//! snapshot one `clone` and a restore one assignment, and keeps a new field from being
//! forgotten by either: a field added here is saved, a field added to `World` is not.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::SleepSettings;
use super::sensor::SensorState;
use crate::body::{Body, BodyType, JointEdge, edge_joint};
use crate::broadphase::BroadPhase;
use crate::character::Character;
use crate::constraint::SolverSettings;
use crate::contact::{Contact, ContactSet};
use crate::events::{ContactEvents, JointEvent, SensorEvents};
use crate::id::{BodyId, Slots};
use crate::joint::Joint;
use crate::math::{Aabb, Vec2};
use crate::shape::Shape;

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct SimState {
    pub gravity: Vec2,
    pub settings: SolverSettings,
    pub bodies: Slots<Body>,
    /// Shared with the snapshots taken since the last shape edit (copy on write, see
    /// `shapes_mut`): a step never changes a shape, so a snapshot or a restore of a
    /// world whose shapes did not change copies a pointer, not megabytes of polygons
    /// for a 5,000-box pyramid (docs/decisions.md, "Snapshots share the world's
    /// shapes").
    pub shapes: Arc<Slots<Shape>>,
    pub joints: Slots<Joint>,
    /// Two per joint slot, `JointEdge`s in its bodies' joint lists (`edge_key`); a free
    /// slot's are unlinked. Apart from the joints so that the broad phase's filter
    /// walks a few dense bytes, not whole joints.
    pub joint_edges: Vec<JointEdge>,
    pub contacts: ContactSet,
    /// The trees' shapes decide the order pairs are found in, so they are state too.
    pub broadphase: BroadPhase,
    pub step_count: u64,
    /// Turns the stored joint impulses into forces: 1 / the time they acted over (the
    /// last step's dt for PGS, one substep for the soft step).
    pub impulse_to_force: f32,
    pub hit_event_threshold: f32,
    /// Events of the last step.
    pub events: ContactEvents,
    /// Events caused between steps (destroying a touching shape), delivered with the
    /// next step's.
    pub pending_events: ContactEvents,
    /// Joint events of the last step.
    pub joint_events: Vec<JointEvent>,
    /// Sensor shapes in slot order, each with what overlapped it after the last step.
    pub sensors: Vec<SensorState>,
    /// The characters, in body slot order (`character/mod.rs`).
    pub characters: Vec<Character>,
    /// Sensor events of the last step.
    pub sensor_events: SensorEvents,
    pub bounds: Option<Aabb>,
    /// Bodies the last step removed for leaving `bounds`.
    pub removed: Vec<BodyId>,
    pub sleep: SleepSettings,
    /// `WorldDef::max_contacts`.
    pub max_contacts: u32,
    /// Whether the last step left new pairs waiting for room under `max_contacts`.
    pub contact_budget_reached: bool,
}

/// Written out so that `clone_from` (what `World::restore` and `World::snapshot_into`
/// use) reuses every buffer: the derived one allocates the whole state anew, and on a
/// 5,000-body pyramid the fresh pages cost more than the copying. The fields are listed
/// once, for both methods, and both destructure the state whole, so a new field does not
/// compile until it is listed here too.
macro_rules! clone_by_field {
    (copied: [$($copied:ident),*], cloned: [$($cloned:ident),*]) => {
        impl Clone for SimState {
            fn clone(&self) -> Self {
                let SimState { $($copied,)* $($cloned,)* } = self;
                SimState {
                    $($copied: *$copied,)*
                    $($cloned: $cloned.clone(),)*
                }
            }

            fn clone_from(&mut self, source: &Self) {
                let SimState { $($copied,)* $($cloned,)* } = source;
                $(self.$copied = *$copied;)*
                $(self.$cloned.clone_from($cloned);)*
            }
        }
    };
}

clone_by_field!(
    copied: [
        gravity, settings, step_count, impulse_to_force, hit_event_threshold, bounds, sleep,
        max_contacts, contact_budget_reached
    ],
    cloned: [
        bodies, shapes, joints, joint_edges, contacts, broadphase, events, pending_events,
        sensors, characters, sensor_events, joint_events, removed
    ]
);

impl SimState {
    /// Whether every index the state holds names what it should: the checks a decoded
    /// state must pass before a step can index with it. A state taken from a world
    /// always passes; one decoded from bytes could fail only if it was written by other
    /// code under the same format version, since the checksum catches damage. Returns
    /// what is wrong.
    pub fn check_links(&self) -> Result<(), &'static str> {
        let slots_ok = self.bodies.free_list_is_exact()
            && self.shapes.free_list_is_exact()
            && self.joints.free_list_is_exact();
        if !slots_ok {
            return Err("a free list that does not match the empty slots");
        }
        if !self.bodies_link_back() {
            return Err("a body, shape or joint naming one that does not name it back");
        }
        let contact_ok = |c: &Contact| {
            let body_of = |s: u32| self.shapes.get(s).map(|shape| shape.body);
            body_of(c.shape_a) == Some(c.body_a) && body_of(c.shape_b) == Some(c.body_b)
        };
        if !self.characters_sound() {
            return Err(
                "a character list out of body slot order, or naming a body that is not kinematic with one shape",
            );
        }
        if !self.sensors_listed() {
            return Err("a sensor list that is not the sensor shapes in slot order");
        }
        if !self.contacts.contacts.iter().all(contact_ok) {
            return Err("a contact naming a shape or body that is not there");
        }
        let owns = |shape: u32, key| {
            let filter = self.broadphase.filter(key);
            self.shapes
                .get(shape)
                .is_some_and(|s| s.proxy == key && s.def.filter.proxy_filter() == filter)
        };
        let proxies_ok = self.shapes.iter().all(|(i, s)| {
            let enabled = self.bodies.get(s.body).is_some_and(|b| b.enabled);
            if enabled {
                self.broadphase.leaf_user(s.proxy) == Some(i)
            } else {
                s.proxy == crate::broadphase::ProxyKey::PLACEHOLDER
            }
        });
        if !(proxies_ok && self.broadphase.is_consistent(owns)) {
            return Err("a broad-phase tree out of shape or out of step with the shapes");
        }
        Ok(())
    }

    /// The characters are in body slot order, each on a kinematic body with one shape.
    fn characters_sound(&self) -> bool {
        let ordered = self.characters.windows(2).all(|w| w[0].body < w[1].body);
        let bodies_ok = self.characters.iter().all(|c| {
            self.bodies
                .get(c.body)
                .is_some_and(|b| b.body_type == BodyType::Kinematic && b.shapes.len == 1)
        });
        ordered && bodies_ok
    }

    /// The sensor list names every sensor shape once, in slot order, and nothing else.
    fn sensors_listed(&self) -> bool {
        let listed = self.sensors.iter().map(|s| s.shape);
        let sensors = self.shapes.iter().filter(|(_, s)| s.def.is_sensor);
        listed.eq(sensors.map(|(i, _)| i))
    }

    /// Each body's shape and joint lists are well formed and hold only what names the
    /// body; together they hold every shape once and both edges of every joint once
    /// (a list has no repeats, and the lengths add up to the totals); each joint's edges
    /// name its other body and its flag.
    fn bodies_link_back(&self) -> bool {
        let shapes = self.shapes.as_ref();
        let edges = self.joint_edges.as_slice();
        let joint_body = |key: u32| {
            let (joint, side) = edge_joint(key);
            let joint = self.joints.get(joint)?;
            Some(if side == 0 {
                joint.body_a
            } else {
                joint.body_b
            })
        };
        let (mut shape_count, mut edge_count) = (0, 0);
        let lists_ok = self.bodies.iter().all(|(i, body)| {
            shape_count += body.shapes.len as usize;
            edge_count += body.joints.len as usize;
            let owns_shape = |s: u32| shapes.get(s).is_some_and(|shape| shape.body == i);
            body.shapes.is_well_formed(shapes, owns_shape)
                && body
                    .joints
                    .is_well_formed(edges, |key| joint_body(key) == Some(i))
        });
        let edges_ok = self.joint_edges.len() == 2 * self.joints.capacity()
            && self.joints.iter().all(|(i, joint)| {
                let edge = |side: usize| edges[2 * i as usize + side];
                let names = |edge: JointEdge, other| {
                    edge.other == other && edge.collide_connected == joint.collide_connected
                };
                names(edge(0), joint.body_b) && names(edge(1), joint.body_a)
            });
        lists_ok
            && edges_ok
            && shape_count == self.shapes.len()
            && edge_count == 2 * self.joints.len()
    }
}
