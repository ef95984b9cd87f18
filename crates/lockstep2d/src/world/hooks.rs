//! Contact hooks: the game's say over which shapes collide and how, step by step (see
//! `ContactHook`).

use super::World;
use crate::body::Body;
use crate::collide::Manifold;
use crate::contact::Contact;
use crate::error::Result;
use crate::id::{BodyId, ShapeId, Slots};
use crate::limits::{check_coefficient, check_speed};
use crate::math::Vec2;
use crate::shape::Shape;

/// The game's hook into contact creation and solving: its say over which shapes collide
/// and how, step by step. Install one with `World::set_contact_hook`.
///
/// A hook is asked two things, always on the stepping thread, in an order that is a
/// function of the world's state alone (so a deterministic hook keeps the world
/// deterministic):
///
/// - `allow_pair`, when the broad phase finds two shapes whose boxes began to overlap
///   and their filters let them touch, in the broad phase's sorted pair order: `false`
///   and they get no contact. A refused pair is asked again when the broad phase finds
///   it anew (after one of them moves out of its box).
/// - `pre_solve`, each step after the narrow phase and before the solve, for every
///   touching contact in contact order: it may turn the contact off for this step, or
///   change its friction, restitution and tangent speed for this step.
///
/// What a hook changes lasts one step: the next step starts again from the shapes'
/// materials. The hook itself is not part of the world's saved state. A hook that
/// decides from the world alone (shape user data, normals, a fixed rule) replays and
/// rolls back exactly; one that keeps its own state (a counter, a set of shapes it let
/// through) must have the game save and restore that state with each snapshot, or a
/// rollback will see the hook of the later time.
pub trait ContactHook: std::fmt::Debug + ContactHookClone + Send + Sync {
    /// Whether shapes `a` and `b` (with their user data) may have a contact at all.
    fn allow_pair(&mut self, pair: &PairView) -> bool {
        let _ = pair;
        true
    }

    /// Looks at one touching contact before the solve, and may change it for this step.
    fn pre_solve(&mut self, contact: &mut PreSolve) {
        let _ = contact;
    }
}

/// Lets a `World` holding a hook be cloned; implemented for every `Clone` hook.
pub trait ContactHookClone {
    /// A boxed copy of this hook.
    fn clone_box(&self) -> Box<dyn ContactHook>;
}

impl<T: ContactHook + Clone + 'static> ContactHookClone for T {
    fn clone_box(&self) -> Box<dyn ContactHook> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn ContactHook> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Two shapes (whose boxes began to overlap, or which touch), their bodies and their
/// user data.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairView {
    /// The first shape.
    pub shape_a: ShapeId,
    /// The second shape.
    pub shape_b: ShapeId,
    /// The body of `shape_a`.
    pub body_a: BodyId,
    /// The body of `shape_b`.
    pub body_b: BodyId,
    /// The user data of `shape_a` (`ShapeDef::user_data`).
    pub user_data_a: u64,
    /// The user data of `shape_b`.
    pub user_data_b: u64,
}

/// One touching contact before the solve, and what the hook makes of it this step.
#[derive(Debug)]
pub struct PreSolve<'a> {
    /// The two shapes, their bodies and their user data.
    pub pair: PairView,
    /// Normal from A to B, points (anchors from each body's origin) and separations.
    pub manifold: &'a Manifold,
    /// Body A's position, where the points' `anchor_a` start.
    origin_a: Vec2,
    contact: &'a mut Contact,
}

impl PreSolve<'_> {
    /// The manifold's points in the world.
    pub fn world_points(&self) -> impl Iterator<Item = Vec2> + '_ {
        let origin = self.origin_a;
        self.manifold
            .points()
            .iter()
            .map(move |p| origin + p.anchor_a)
    }

    /// Leaves the contact out of this step's solve: the shapes pass through each other
    /// for a step. It still counts as touching for events.
    pub fn disable(&mut self) {
        self.contact.enabled = false;
    }

    /// This step's friction coefficient: the shapes' mix, or what the hook set.
    pub fn friction(&self) -> f32 {
        self.contact.friction
    }

    /// This step's restitution: the shapes' mix, or what the hook set.
    pub fn restitution(&self) -> f32 {
        self.contact.restitution
    }

    /// This step's tangent speed (m/s): the shapes' sum, or what the hook set.
    pub fn tangent_speed(&self) -> f32 {
        self.contact.tangent_speed
    }

    /// This step's friction coefficient (0 to `MAX_COEFFICIENT`).
    pub fn set_friction(&mut self, friction: f32) -> Result<()> {
        check_coefficient("friction", friction)?;
        self.contact.friction = friction;
        Ok(())
    }

    /// This step's restitution (0 to `MAX_COEFFICIENT`).
    pub fn set_restitution(&mut self, restitution: f32) -> Result<()> {
        check_coefficient("restitution", restitution)?;
        self.contact.restitution = restitution;
        Ok(())
    }

    /// This step's tangent speed (m/s, within `MAX_SPEED`), as `ShapeDef::tangent_speed`
    /// with the contact's normal: B moves along the tangent (normal turned clockwise)
    /// at this speed relative to A.
    pub fn set_tangent_speed(&mut self, speed: f32) -> Result<()> {
        check_speed("tangent_speed", speed)?;
        self.contact.tangent_speed = speed;
        Ok(())
    }
}

impl World {
    /// Installs a contact hook (or, with `None`, removes it), returning the one it
    /// replaces. It is asked from the next step on.
    pub fn set_contact_hook(
        &mut self,
        hook: Option<Box<dyn ContactHook>>,
    ) -> Option<Box<dyn ContactHook>> {
        std::mem::replace(&mut self.hook, hook)
    }

    /// The pairs the hook allows, of the broad phase's new pairs, in order.
    pub(super) fn filter_new_pairs(&mut self, pairs: &mut Vec<(u32, u32)>) {
        let Some(hook) = self.hook.as_mut() else {
            return;
        };
        let (shapes, bodies) = (&self.state.shapes, &self.state.bodies);
        pairs.retain(|&(a, b)| hook.allow_pair(&PairView::of((shapes, bodies), a, b)));
    }

    /// Restores every contact's material and switch from its shapes, then lets the hook
    /// see each touching one. Nothing to do without a hook, unless the last step's hook
    /// left changes (the hook was removed since, or this state was saved with one).
    pub(super) fn run_contact_hook(&mut self) {
        let contacts = &mut self.state.contacts;
        if self.hook.is_none() && !contacts.edited {
            return;
        }
        let (shapes, bodies) = (&self.state.shapes, &self.state.bodies);
        for contact in contacts.contacts.iter_mut() {
            let (shape_a, shape_b) = (live(shapes, contact.shape_a), live(shapes, contact.shape_b));
            contact.mix_material(&shape_a.def, &shape_b.def);
            contact.enabled = true;
            let Some(hook) = self.hook.as_mut() else {
                continue;
            };
            if !contact.is_touching() {
                continue;
            }
            let manifold = contact.manifold;
            let origin_a = bodies.get(contact.body_a).expect("live body").xf.p;
            let mut view = PreSolve {
                pair: PairView::of((shapes, bodies), contact.shape_a, contact.shape_b),
                manifold: &manifold,
                origin_a,
                contact,
            };
            hook.pre_solve(&mut view);
        }
        contacts.edited = self.hook.is_some();
        contacts.refresh_heads();
    }
}

impl PairView {
    fn of((shapes, bodies): (&Slots<Shape>, &Slots<Body>), a: u32, b: u32) -> PairView {
        let (shape_a, shape_b) = (live(shapes, a), live(shapes, b));
        PairView {
            shape_a: shapes.id_of(a),
            shape_b: shapes.id_of(b),
            body_a: bodies.id_of(shape_a.body),
            body_b: bodies.id_of(shape_b.body),
            user_data_a: shape_a.def.user_data,
            user_data_b: shape_b.def.user_data,
        }
    }
}

fn live(shapes: &Slots<Shape>, index: u32) -> &Shape {
    shapes
        .get(index)
        .expect("contacts and pairs name live shapes")
}
