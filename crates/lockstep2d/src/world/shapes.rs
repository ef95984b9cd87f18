//! Attaching shapes to bodies and taking them off.

use std::sync::Arc;

use super::collision::may_collide;
use super::{SimState, World};
use crate::body::{BodyType, combined_mass};
use crate::broadphase::ProxyKey;
use crate::contact::Contact;
use crate::error::Result;
use crate::events::{ContactEnd, ContactEvents};
use crate::id::{BodyId, ShapeId, Slots};
use crate::list::Link;
use crate::math::{Aabb, Transform};
use crate::minmax;
use crate::shape::{Filter, MassData, Shape, ShapeDef};

impl World {
    /// Attaches a shape to a body and updates the body's mass.
    pub fn create_shape(&mut self, body: BodyId, def: &ShapeDef) -> Result<ShapeId> {
        let body_index = self.state.bodies.resolve(body)?;
        self.refuse_character_shapes(body_index)?;
        let owner = self.body(body_index);
        def.validate(owner.is_dynamic())?;
        if owner.is_dynamic() {
            self.check_mass_with(body_index, std::slice::from_ref(def))?;
        }
        let id = self.attach_shape(body_index, def);
        self.update_mass(body_index);
        self.wake_island(body_index);
        Ok(id)
    }

    /// Adds checked shapes to body `body_index`, in order, then updates its mass once
    /// and wakes its island: the shapes of a chain or an outline. Returns their ids.
    pub(super) fn attach_checked_shapes(
        &mut self,
        body_index: u32,
        defs: &[ShapeDef],
    ) -> Vec<ShapeId> {
        let ids = defs
            .iter()
            .map(|def| self.attach_shape(body_index, def))
            .collect();
        self.update_mass(body_index);
        self.wake_island(body_index);
        ids
    }

    /// Adds a checked shape to body `body_index`, its broad phase proxy and its sensor
    /// entry; the caller updates the body's mass.
    pub(super) fn attach_shape(&mut self, body_index: u32, def: &ShapeDef) -> ShapeId {
        let owner = self.body(body_index);
        let collider = def.collider();
        let aabb = collider.aabb(owner.xf);
        let (is_static, enabled) = (owner.body_type == BodyType::Static, owner.enabled);
        let id: ShapeId = self.shapes_mut().insert(Shape {
            body: body_index,
            def: *def,
            collider,
            proxy: ProxyKey::PLACEHOLDER,
            link: Link::default(),
        });
        let filter = def.filter.proxy_filter();
        // A disabled body's shapes join the broad phase when it is enabled.
        let proxy = if enabled {
            (self.state.broadphase).create_proxy(aabb, id.index, is_static, filter)
        } else {
            ProxyKey::PLACEHOLDER
        };
        self.shapes_mut()
            .get_mut(id.index)
            .expect("just inserted")
            .proxy = proxy;
        let SimState { bodies, shapes, .. } = &mut self.state;
        let owner = bodies.get_mut(body_index).expect("resolved");
        owner.shapes.push_back(Arc::make_mut(shapes), id.index);
        if def.is_sensor {
            self.add_sensor(id.index);
        }
        id
    }

    /// Removes a shape, its contacts, and its share of the body's mass.
    pub fn destroy_shape(&mut self, id: ShapeId) -> Result<()> {
        let index = self.state.shapes.resolve(id)?;
        let body = self.shape(index).body;
        self.refuse_character_shapes(body)?;
        self.wake_island(body);
        self.remove_shape(index);
        self.update_mass(body);
        Ok(())
    }

    /// Changes which shapes this one may touch. Its contacts that the new filter forbids
    /// end now (with end events, waking what rested on it); pairs it newly allows are
    /// found by the next step's broad phase.
    pub fn set_shape_filter(&mut self, id: ShapeId, filter: Filter) -> Result<()> {
        let index = self.state.shapes.resolve(id)?;
        let shape = self.shapes_mut().get_mut(index).expect("resolved");
        shape.def.filter = filter;
        let (proxy, body) = (shape.proxy, shape.body);
        if proxy == ProxyKey::PLACEHOLDER {
            // On a disabled body: the filter takes effect when it is enabled.
            return Ok(());
        }
        self.state
            .broadphase
            .set_filter(proxy, filter.proxy_filter());
        let (shapes, bodies) = (&self.state.shapes, &self.state.bodies);
        let edges = self.state.joint_edges.as_slice();
        let (pending, touched) = (&mut self.state.pending_events, &mut self.islands.to_wake);
        self.state.contacts.remove_where(|c| {
            let involved = c.shape_a == index || c.shape_b == index;
            let doomed = involved && !may_collide((shapes, bodies, edges), c.shape_a, c.shape_b);
            if doomed {
                let ids = (|s| shapes.id_of(s), |b| bodies.id_of(b));
                report_end(c, ids, pending, touched);
            }
            doomed
        });
        self.wake_queued();
        // Queried again, as after a teleport, so that newly allowed pairs are found.
        let shape = self.shape(index);
        let aabb = shape.collider.aabb(self.body(body).xf);
        self.state.broadphase.update_proxy(proxy, aabb, true);
        self.wake_island(body);
        Ok(())
    }

    /// The body the shape is attached to.
    pub fn shape_body(&self, id: ShapeId) -> Result<BodyId> {
        let index = self.state.shapes.resolve(id)?;
        Ok(self.state.bodies.id_of(self.shape(index).body))
    }

    /// The definition the shape was made from.
    pub fn shape_def(&self, id: ShapeId) -> Result<ShapeDef> {
        let index = self.state.shapes.resolve(id)?;
        Ok(self.shape(index).def)
    }

    /// The shape's user data (`ShapeDef::user_data`).
    pub fn shape_user_data(&self, id: ShapeId) -> Result<u64> {
        Ok(self.shape_def(id)?.user_data)
    }

    /// Sets the shape's user data.
    pub fn set_shape_user_data(&mut self, id: ShapeId, user_data: u64) -> Result<()> {
        let index = self.state.shapes.resolve(id)?;
        self.shapes_mut()
            .get_mut(index)
            .expect("resolved")
            .def
            .user_data = user_data;
        Ok(())
    }

    /// The shape's tight bounding box at its body's current pose.
    pub fn shape_aabb(&self, id: ShapeId) -> Result<Aabb> {
        let index = self.state.shapes.resolve(id)?;
        let shape = self.shape(index);
        Ok(shape.collider.aabb(self.body(shape.body).xf))
    }

    /// The shapes, to change. A snapshot taken since the last change still shares them
    /// (`SimState::shapes`), and then they are copied first, once.
    fn shapes_mut(&mut self) -> &mut Slots<Shape> {
        Arc::make_mut(&mut self.state.shapes)
    }

    pub(super) fn shape(&self, index: u32) -> &Shape {
        self.state
            .shapes
            .get(index)
            .expect("internal shape index is live")
    }

    /// Removes a shape from its body, the broad phase and every contact (no mass update).
    pub(super) fn remove_shape(&mut self, index: u32) {
        // The id the shape had, for end events: removal bumps the slot's generation.
        let removed_id: ShapeId = self.state.shapes.id_of(index);
        let owner = self.shape(index).body;
        let SimState { bodies, shapes, .. } = &mut self.state;
        bodies
            .get_mut(owner)
            .expect("a shape's body outlives it")
            .shapes
            .remove(Arc::make_mut(shapes), index);
        let shape = self
            .shapes_mut()
            .remove(index)
            .expect("internal shape index is live");
        if shape.proxy != ProxyKey::PLACEHOLDER {
            self.state.broadphase.destroy_proxy(shape.proxy);
        }
        if shape.def.is_sensor {
            self.remove_sensor(index);
        }
        let (shapes, bodies) = (&self.state.shapes, &self.state.bodies);
        let pending = &mut self.state.pending_events;
        let shape_id = |i: u32| {
            if i == index {
                removed_id
            } else {
                shapes.id_of(i)
            }
        };
        let touched = &mut self.islands.to_wake;
        self.state.contacts.remove_where(|c| {
            let involved = c.shape_a == index || c.shape_b == index;
            if involved {
                report_end(c, (shape_id, |b| bodies.id_of(b)), pending, touched);
            }
            involved
        });
        self.wake_queued();
    }

    /// Ends every contact of body `index` now, reporting those that touched and waking
    /// what they touched.
    pub(super) fn end_contacts_of(&mut self, index: u32) {
        let (shapes, bodies) = (&self.state.shapes, &self.state.bodies);
        let (pending, touched) = (&mut self.state.pending_events, &mut self.islands.to_wake);
        self.state.contacts.remove_where(|c| {
            let involved = c.body_a == index || c.body_b == index;
            if involved {
                let ids = (|s| shapes.id_of(s), |b| bodies.id_of(b));
                report_end(c, ids, pending, touched);
            }
            involved
        });
        self.wake_queued();
    }

    /// Fails unless body `body_index` with `defs` added has a usable mass (see
    /// `MassData::check_usable`), or none at all (sensors without density). A shape with
    /// mass must be usable alone too, so that destroying the others never leaves a body
    /// too light to simulate: every subset of usable shapes is usable.
    pub(super) fn check_mass_with(&self, body_index: u32, defs: &[ShapeDef]) -> Result<()> {
        for def in defs {
            let own = def.mass();
            if own.mass > 0.0 {
                own.check_usable()?;
            }
        }
        let shapes = self.state.shapes.as_ref();
        let mut masses: Vec<MassData> = (self.body(body_index).shapes.iter(shapes))
            .map(|s| self.shape(s).def.mass())
            .collect();
        masses.extend(defs.iter().map(ShapeDef::mass));
        let total = combined_mass(&masses);
        if total.mass == 0.0 {
            return Ok(());
        }
        total.check_usable()
    }

    /// Mass, centre of mass and inertia from the shapes, and how far the shapes reach
    /// from the centre of mass.
    pub(super) fn update_mass(&mut self, body_index: u32) {
        let shapes = self.state.shapes.as_ref();
        let members: Vec<&Shape> = (self.body(body_index).shapes.iter(shapes))
            .map(|s| self.shape(s))
            .collect();
        let masses: Vec<_> = members.iter().map(|shape| shape.def.mass()).collect();
        let boxes: Vec<Aabb> = members
            .iter()
            .map(|shape| shape.collider.aabb(Transform::IDENTITY))
            .collect();
        // Lines have no inside: a body is fast when its solid shapes move far.
        let min_extent = members
            .iter()
            .filter(|shape| shape.def.geometry.has_area())
            .map(|shape| shape.collider.min_extent())
            .fold(f32::MAX, minmax::min);
        let body = self.state.bodies.get_mut(body_index).expect("live body");
        body.set_mass(&masses);
        let center = body.local_center;
        body.extent = boxes
            .iter()
            .map(|b| minmax::max_vec2((b.min - center).abs(), (b.max - center).abs()).length())
            .fold(0.0, minmax::max);
        body.min_extent = min_extent;
    }
}

/// For a contact going away: if it touched, an end event (the shapes named by
/// `shape_id`, the bodies by `body_id`) and its bodies queued to wake, since what rested
/// on it must not hang in the air asleep.
fn report_end(
    c: &Contact,
    (shape_id, body_id): (impl Fn(u32) -> ShapeId, impl Fn(u32) -> BodyId),
    pending: &mut ContactEvents,
    to_wake: &mut Vec<u32>,
) {
    if c.is_touching() {
        pending.end.push(ContactEnd {
            shape_a: shape_id(c.shape_a),
            shape_b: shape_id(c.shape_b),
            body_a: body_id(c.body_a),
            body_b: body_id(c.body_b),
        });
        to_wake.extend([c.body_a, c.body_b]);
    }
}
