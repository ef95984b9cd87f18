//! A body's options after creation: user data, fixed rotation, bullet, and enabling or
//! disabling it.

use std::sync::Arc;

use super::{SimState, World};
use crate::broadphase::ProxyKey;
use crate::error::Result;
use crate::id::BodyId;

impl World {
    /// The body's user data (`BodyDef::user_data`).
    pub fn body_user_data(&self, id: BodyId) -> Result<u64> {
        Ok(self.body_ref(id)?.user_data)
    }

    /// Sets the body's user data.
    pub fn set_body_user_data(&mut self, id: BodyId, user_data: u64) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.body_at_mut(index).user_data = user_data;
        Ok(())
    }

    /// Whether the body is kept from turning (`BodyDef::fixed_rotation`).
    pub fn is_fixed_rotation(&self, id: BodyId) -> Result<bool> {
        Ok(self.body_ref(id)?.fixed_rotation)
    }

    /// Stops the body turning (its spin is zeroed and its inertia ignored) or lets it
    /// turn again.
    pub fn set_fixed_rotation(&mut self, id: BodyId, fixed: bool) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.wake_island(index);
        let body = self.body_at_mut(index);
        body.fixed_rotation = fixed;
        if fixed {
            body.w = 0.0;
        }
        self.update_mass(index);
        Ok(())
    }

    /// Whether the body is a bullet (`BodyDef::is_bullet`).
    pub fn is_bullet(&self, id: BodyId) -> Result<bool> {
        Ok(self.body_ref(id)?.is_bullet)
    }

    /// Makes the body a bullet (see `BodyDef::is_bullet`) or an ordinary body.
    pub fn set_bullet(&mut self, id: BodyId, bullet: bool) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.body_at_mut(index).is_bullet = bullet;
        Ok(())
    }

    /// Whether the body falls through one-way platforms (see `set_drop_through`).
    pub fn drops_through(&self, id: BodyId) -> Result<bool> {
        Ok(self.body_ref(id)?.drop_through)
    }

    /// Lets the body fall through one-way platforms (a game's "down and jump"), or stops
    /// it. A platform it meets while dropping stays open to it until they part, even if
    /// the switch is turned off before; one it stands on when turned on opens at the
    /// next step. The switch is part of the saved state.
    pub fn set_drop_through(&mut self, id: BodyId, drop_through: bool) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.body_at_mut(index).drop_through = drop_through;
        self.wake_island(index);
        Ok(())
    }

    /// Whether the body takes part in the simulation (see `set_enabled`).
    pub fn is_enabled(&self, id: BodyId) -> Result<bool> {
        Ok(self.body_ref(id)?.enabled)
    }

    /// Takes the body out of the simulation, or puts it back. A disabled body keeps its
    /// id, shapes, joints, pose and velocity, but is in no broad-phase tree (no contacts,
    /// no queries, no sensors see it), is not moved, and its joints are not solved. Its
    /// contacts end now (with end events) and its island wakes. Enabled again, it is
    /// awake and its shapes are found afresh by the next step.
    pub fn set_enabled(&mut self, id: BodyId, enabled: bool) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        if self.body(index).enabled == enabled {
            return Ok(());
        }
        self.wake_island(index);
        if enabled {
            let body = self.body_at_mut(index);
            body.enabled = true;
            body.wake();
            self.add_proxies(index);
        } else {
            self.remove_proxies(index);
            self.end_contacts_of(index);
            let body = self.body_at_mut(index);
            body.enabled = false;
            body.awake = false;
            body.island = u32::MAX;
        }
        Ok(())
    }

    /// Gives each shape of body `index` a leaf in the broad phase.
    fn add_proxies(&mut self, index: u32) {
        let SimState {
            bodies,
            shapes,
            broadphase,
            ..
        } = &mut self.state;
        let body = bodies.get(index).expect("resolved");
        let is_static = body.body_type == crate::BodyType::Static;
        let shapes = Arc::make_mut(shapes);
        let members: Vec<u32> = body.shapes.iter(shapes).collect();
        for s in members {
            let shape = shapes.get_mut(s).expect("bodies list live shapes");
            let aabb = shape.collider.aabb(body.xf);
            let filter = shape.def.filter.proxy_filter();
            shape.proxy = broadphase.create_proxy(aabb, s, is_static, filter);
        }
    }

    /// Takes the leaves of body `index`'s shapes out of the broad phase.
    fn remove_proxies(&mut self, index: u32) {
        let SimState {
            bodies,
            shapes,
            broadphase,
            ..
        } = &mut self.state;
        let body = bodies.get(index).expect("resolved");
        let shapes = Arc::make_mut(shapes);
        let members: Vec<u32> = body.shapes.iter(shapes).collect();
        for s in members {
            let shape = shapes.get_mut(s).expect("bodies list live shapes");
            broadphase.destroy_proxy(shape.proxy);
            shape.proxy = ProxyKey::PLACEHOLDER;
        }
    }
}
