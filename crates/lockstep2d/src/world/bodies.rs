//! Creating, destroying, reading and pushing bodies.

use super::World;
use crate::body::{Body, BodyDef, BodyType, edge_joint};
use crate::error::{Error, Result, check_finite, check_finite_vec};
use crate::id::{BodyId, ShapeId};
use crate::limits::{check_point, check_speed, check_velocity};
use crate::math::{Transform, Vec2};

impl World {
    /// Adds a body with no shapes and returns its id. Fails with `NotFinite` or
    /// `InvalidValue`, naming the field, if the position is past `MAX_COORDINATE`, a
    /// velocity past `MAX_SPEED`, a damping negative or a number not finite.
    pub fn create_body(&mut self, def: &BodyDef) -> Result<BodyId> {
        def.validate()?;
        Ok(self.state.bodies.insert(Body::new(def)))
    }

    /// Destroys a body with its shapes, their contacts, and the joints attached to it.
    /// Its island wakes: what rested on it must fall.
    pub fn destroy_body(&mut self, id: BodyId) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.wake_island(index);
        let body = *self.body(index);
        let joints: Vec<u32> = body
            .joints
            .iter(self.state.joint_edges.as_slice())
            .collect();
        let shapes: Vec<u32> = body.shapes.iter(self.state.shapes.as_ref()).collect();
        for key in joints {
            self.remove_joint(edge_joint(key).0);
        }
        for s in shapes {
            self.remove_shape(s);
        }
        self.forget_character(index);
        self.state.bodies.remove(index);
        Ok(())
    }

    /// Live bodies in slot order (creation order while none has been destroyed).
    pub fn body_ids(&self) -> impl Iterator<Item = BodyId> + '_ {
        self.state
            .bodies
            .iter()
            .map(|(i, _)| self.state.bodies.id_of(i))
    }

    /// How many bodies the world holds.
    pub fn body_count(&self) -> usize {
        self.state.bodies.len()
    }

    /// Whether the body is static, kinematic or dynamic.
    pub fn body_type(&self, id: BodyId) -> Result<BodyType> {
        Ok(self.body_ref(id)?.body_type)
    }

    /// World position of the body origin.
    pub fn position(&self, id: BodyId) -> Result<Vec2> {
        Ok(self.body_ref(id)?.xf.p)
    }

    /// Angle in (−π, π].
    pub fn angle(&self, id: BodyId) -> Result<f32> {
        Ok(self.body_ref(id)?.xf.q.angle())
    }

    /// The body's position and rotation together.
    pub fn transform(&self, id: BodyId) -> Result<Transform> {
        Ok(self.body_ref(id)?.xf)
    }

    /// World position of the centre of mass.
    pub fn center_of_mass(&self, id: BodyId) -> Result<Vec2> {
        Ok(self.body_ref(id)?.center)
    }

    /// Velocity of the centre of mass.
    pub fn linear_velocity(&self, id: BodyId) -> Result<Vec2> {
        Ok(self.body_ref(id)?.v)
    }

    /// Angular velocity in rad/s, counter-clockwise.
    pub fn angular_velocity(&self, id: BodyId) -> Result<f32> {
        Ok(self.body_ref(id)?.w)
    }

    /// Mass in kg (0 for static and kinematic bodies).
    pub fn mass(&self, id: BodyId) -> Result<f32> {
        Ok(self.body_ref(id)?.mass)
    }

    /// Rotational inertia about the centre of mass, kg·m².
    pub fn inertia(&self, id: BodyId) -> Result<f32> {
        Ok(self.body_ref(id)?.inertia)
    }

    /// The body's shapes, in the order they were added.
    pub fn body_shapes(&self, id: BodyId) -> Result<Vec<ShapeId>> {
        let body = self.body_ref(id)?;
        let shapes = self.state.shapes.as_ref();
        Ok(body.shapes.iter(shapes).map(|s| shapes.id_of(s)).collect())
    }

    /// Sets the velocity of the centre of mass (m/s) and wakes the body's island. Fails
    /// with `InvalidValue` if a component is past `MAX_SPEED` or the body is static.
    pub fn set_linear_velocity(&mut self, id: BodyId, v: Vec2) -> Result<()> {
        check_velocity("linear_velocity", v)?;
        let body = self.movable_body(id)?;
        body.v = v;
        Ok(())
    }

    /// Sets the angular velocity (rad/s, counter-clockwise) and wakes the body's island.
    /// Fails with `InvalidValue` if `w` is past `MAX_SPEED` or the body is static.
    pub fn set_angular_velocity(&mut self, id: BodyId, w: f32) -> Result<()> {
        check_speed("angular_velocity", w)?;
        let body = self.movable_body(id)?;
        body.w = w;
        Ok(())
    }

    /// Teleports the body origin. Contacts are re-found at the new place next step.
    pub fn set_transform(&mut self, id: BodyId, position: Vec2, angle: f32) -> Result<()> {
        check_point("position", position)?;
        check_finite("angle", angle)?;
        let index = self.state.bodies.resolve(id)?;
        self.wake_island(index);
        let body = self.state.bodies.get_mut(index).expect("resolved");
        body.set_transform(Transform::new(position, angle));
        self.refresh_proxies(index);
        Ok(())
    }

    /// Refits a body's broad-phase boxes and queues them, so the next step looks for
    /// their pairs afresh (after a teleport, or when a joint stops filtering them).
    pub(super) fn refresh_proxies(&mut self, index: u32) {
        let body = self
            .state
            .bodies
            .get(index)
            .expect("internal body index is live");
        if !body.enabled {
            return;
        }
        let shapes = self.state.shapes.as_ref();
        for s in body.shapes.iter(shapes) {
            let shape = shapes.get(s).expect("bodies list live shapes");
            self.state
                .broadphase
                .update_proxy(shape.proxy, shape.collider.aabb(body.xf), true);
        }
    }

    /// Adds a force (N) at a world point. Forces stay until `clear_forces`, so a force
    /// applied once per frame acts on every step of that frame. No effect on bodies that
    /// are not dynamic.
    pub fn apply_force(&mut self, id: BodyId, force: Vec2, point: Vec2) -> Result<()> {
        check_finite_vec("force", force)?;
        check_finite_vec("point", point)?;
        self.push_body(id, |body| body.apply_force(force, point))
    }

    /// Adds a force (N) at the centre of mass.
    pub fn apply_force_to_center(&mut self, id: BodyId, force: Vec2) -> Result<()> {
        check_finite_vec("force", force)?;
        self.push_body(id, |body| body.apply_force(force, body.center))
    }

    /// Adds a torque (N·m) that stays until `clear_forces`.
    pub fn apply_torque(&mut self, id: BodyId, torque: f32) -> Result<()> {
        check_finite("torque", torque)?;
        self.push_body(id, |body| body.apply_torque(torque, false))
    }

    /// Changes the velocity at once by an impulse (N·s) at a world point.
    pub fn apply_linear_impulse(&mut self, id: BodyId, impulse: Vec2, point: Vec2) -> Result<()> {
        check_finite_vec("impulse", impulse)?;
        check_finite_vec("point", point)?;
        self.push_body(id, |body| body.apply_impulse(impulse, point, 0.0))
    }

    /// Changes the angular velocity at once by an angular impulse (N·m·s).
    pub fn apply_angular_impulse(&mut self, id: BodyId, impulse: f32) -> Result<()> {
        check_finite("impulse", impulse)?;
        self.push_body(id, |body| {
            body.apply_impulse(Vec2::ZERO, body.center, impulse)
        })
    }

    /// Adds a force (N) at a world point for the coming step only: what controllers use.
    pub fn apply_step_force(&mut self, id: BodyId, force: Vec2, point: Vec2) -> Result<()> {
        check_finite_vec("force", force)?;
        check_finite_vec("point", point)?;
        self.body_mut(id)?.apply_step_force(force, point)
    }

    /// Adds a torque (N·m) for the coming step only.
    pub fn apply_step_torque(&mut self, id: BodyId, torque: f32) -> Result<()> {
        check_finite("torque", torque)?;
        self.body_mut(id)?.apply_torque(torque, true)
    }

    /// A counter that grows each time the body is teleported (`set_transform`). A
    /// renderer that blends poses over time compares it to know when not to blend.
    pub fn pose_epoch(&self, id: BodyId) -> Result<u32> {
        Ok(self.body_ref(id)?.pose_epoch)
    }

    /// The force and torque a body has accumulated since the last `clear_forces`.
    pub fn applied_force(&self, id: BodyId) -> Result<(Vec2, f32)> {
        let body = self.body_ref(id)?;
        Ok((body.force, body.torque))
    }

    /// Zeroes every body's accumulated force and torque.
    pub fn clear_forces(&mut self) {
        for body in self.state.bodies.values_mut() {
            body.force = Vec2::ZERO;
            body.torque = 0.0;
        }
    }

    /// Every non-static body with its teleport count and pose, in slot order.
    pub(crate) fn moving_poses(&self) -> impl Iterator<Item = (BodyId, u32, Transform)> + '_ {
        self.state
            .bodies
            .iter()
            .filter(|(_, b)| b.body_type != BodyType::Static)
            .map(|(i, b)| (self.state.bodies.id_of(i), b.pose_epoch, b.xf))
    }

    pub(super) fn body(&self, index: u32) -> &Body {
        self.state
            .bodies
            .get(index)
            .expect("internal body index is live")
    }

    pub(super) fn body_at_mut(&mut self, index: u32) -> &mut Body {
        self.state
            .bodies
            .get_mut(index)
            .expect("internal body index is live")
    }

    pub(super) fn body_ref(&self, id: BodyId) -> Result<&Body> {
        let index = self.state.bodies.resolve(id)?;
        Ok(self.body(index))
    }

    /// A body that user forces may act on (any type: non-dynamic bodies ignore forces).
    fn body_mut(&mut self, id: BodyId) -> Result<&mut Body> {
        let index = self.state.bodies.resolve(id)?;
        let body = self.state.bodies.get_mut(index).expect("resolved");
        Ok(body)
    }

    /// Pushes body `id` with `push` (which changes nothing if it fails), then wakes
    /// its island.
    fn push_body(&mut self, id: BodyId, push: impl FnOnce(&mut Body) -> Result<()>) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        push(self.state.bodies.get_mut(index).expect("resolved"))?;
        self.wake_island(index);
        Ok(())
    }

    /// A body that user forces, impulses or velocities are about to act on: woken, with
    /// its island, so that they take effect.
    fn pushed_body(&mut self, id: BodyId) -> Result<&mut Body> {
        let index = self.state.bodies.resolve(id)?;
        self.wake_island(index);
        Ok(self.state.bodies.get_mut(index).expect("resolved"))
    }

    /// A body whose velocity may be set: not static.
    fn movable_body(&mut self, id: BodyId) -> Result<&mut Body> {
        let body = self.pushed_body(id)?;
        if body.body_type == BodyType::Static {
            return Err(Error::InvalidValue {
                field: "body",
                reason: "a static body cannot be given a velocity",
            });
        }
        Ok(body)
    }
}
