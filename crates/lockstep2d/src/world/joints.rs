//! Creating, destroying and reading joints.

use super::World;
use crate::error::{Error, Result};
use crate::id::{BodyId, JointId};
use crate::joint::{Joint, JointDef, JointKind, JointState, RevoluteJoint};
use crate::math::Vec2;

impl World {
    /// Connects two bodies. Unless `collide_connected`, their shapes stop colliding.
    pub fn create_joint(&mut self, def: &JointDef) -> Result<JointId> {
        let a = self.bodies.resolve(def.body_a)?;
        let b = self.bodies.resolve(def.body_b)?;
        if a == b {
            return Err(Error::JointToSelf);
        }
        if !self.body(a).is_dynamic() && !self.body(b).is_dynamic() {
            return Err(Error::InvalidValue {
                field: "body_b",
                reason: "a joint needs at least one dynamic body",
            });
        }
        let kind = match &def.kind {
            JointKind::Revolute(r) => {
                r.validate()?;
                JointState::Revolute(RevoluteJoint::new(r, self.body(a), self.body(b)))
            }
        };
        let id: JointId = self.joints.insert(Joint {
            body_a: a,
            body_b: b,
            collide_connected: def.collide_connected,
            kind,
        });
        for body in [a, b] {
            self.bodies
                .get_mut(body)
                .expect("resolved")
                .joints
                .push(id.index);
        }
        if !def.collide_connected {
            self.contacts.remove_where(|c| {
                (c.body_a == a && c.body_b == b) || (c.body_a == b && c.body_b == a)
            });
        }
        Ok(id)
    }

    pub fn destroy_joint(&mut self, id: JointId) -> Result<()> {
        let index = self.joints.resolve(id)?;
        self.remove_joint(index);
        Ok(())
    }

    /// The force (N) the joint applied to body B during the last step.
    pub fn joint_force(&self, id: JointId) -> Result<Vec2> {
        let index = self.joints.resolve(id)?;
        let joint = self.joints.get(index).expect("resolved");
        Ok(joint.kind.linear_impulse() * self.impulse_to_force)
    }

    /// Live joints in slot order.
    pub fn joint_ids(&self) -> impl Iterator<Item = JointId> + '_ {
        self.joints.iter().map(|(i, _)| self.joints.id_of(i))
    }

    /// The joint's two bodies, each with its anchor in that body's own frame. Local, not
    /// world, anchors: a renderer places them with the poses it draws (smoothed between
    /// steps), so the joint stays on the bodies it connects.
    pub fn joint_local_anchors(&self, id: JointId) -> Result<[(BodyId, Vec2); 2]> {
        let index = self.joints.resolve(id)?;
        let joint = self.joints.get(index).expect("resolved");
        let (anchor_a, anchor_b) = match &joint.kind {
            JointState::Revolute(r) => (r.local_anchor_a, r.local_anchor_b),
        };
        Ok([
            (self.bodies.id_of(joint.body_a), anchor_a),
            (self.bodies.id_of(joint.body_b), anchor_b),
        ])
    }

    /// Removes a joint. Shapes of the two bodies that overlap will collide again: their
    /// proxies are queued so the broad phase re-reports those pairs.
    pub(super) fn remove_joint(&mut self, index: u32) {
        let joint = self
            .joints
            .remove(index)
            .expect("internal joint index is live");
        for body in [joint.body_a, joint.body_b] {
            let Some(b) = self.bodies.get_mut(body) else {
                continue;
            };
            b.joints.retain(|&j| j != index);
            if joint.collide_connected {
                continue;
            }
            self.refresh_proxies(body);
        }
    }
}
