//! Creating, destroying and reading joints.

use super::{SimState, World};
use crate::body::{JointEdge, edge_key};
use crate::constraint::SolverKind;
use crate::error::{Error, Result};
use crate::events::JointEvent;
use crate::id::{BodyId, JointId};
use crate::joint::{Joint, JointDef, JointState};
use crate::limits::check_point;
use crate::math::Vec2;

impl World {
    /// Connects two bodies. Unless `collide_connected`, their shapes stop colliding.
    pub fn create_joint(&mut self, def: &JointDef) -> Result<JointId> {
        let a = self.state.bodies.resolve(def.body_a)?;
        let b = self.state.bodies.resolve(def.body_b)?;
        if a == b {
            return Err(Error::JointToSelf);
        }
        if !self.body(a).is_dynamic() && !self.body(b).is_dynamic() {
            return Err(Error::InvalidValue {
                field: "body_b",
                reason: "a joint needs at least one dynamic body",
            });
        }
        def.kind.validate()?;
        def.validate_thresholds()?;
        if self.state.settings.kind == SolverKind::Pgs && def.kind.needs_soft_step() {
            return Err(Error::InvalidValue {
                field: "kind",
                reason: "needs the soft-step solver: PGS (Box2D-Lite) solves only the plain revolute pin",
            });
        }
        self.wake_island(a);
        self.wake_island(b);
        let joint = Joint::new(def, (a, self.body(a)), (b, self.body(b)));
        let id: JointId = self.state.joints.insert(joint);
        let SimState {
            bodies,
            joints,
            joint_edges,
            ..
        } = &mut self.state;
        joint_edges.resize(2 * joints.capacity(), JointEdge::default());
        for (side, (body, other)) in [(a, b), (b, a)].into_iter().enumerate() {
            let key = edge_key(id.index, side as u32);
            joint_edges[key as usize] = JointEdge {
                other,
                collide_connected: def.collide_connected,
                ..JointEdge::default()
            };
            let body = bodies.get_mut(body).expect("resolved");
            body.joints.push_back(joint_edges.as_mut_slice(), key);
        }
        if !def.collide_connected {
            self.state.contacts.remove_where(|c| {
                (c.body_a == a && c.body_b == b) || (c.body_a == b && c.body_b == a)
            });
        }
        Ok(id)
    }

    /// Removes a joint and wakes its bodies.
    pub fn destroy_joint(&mut self, id: JointId) -> Result<()> {
        let index = self.state.joints.resolve(id)?;
        let joint = self.state.joints.get(index).expect("resolved");
        let (a, b) = (joint.body_a, joint.body_b);
        self.wake_island(a);
        self.wake_island(b);
        self.remove_joint(index);
        Ok(())
    }

    /// The force (N) the joint applied to body B during the last step.
    pub fn joint_force(&self, id: JointId) -> Result<Vec2> {
        Ok(self.joint_ref(id)?.kind.impulses().0 * self.state.impulse_to_force)
    }

    /// The torque (N·m) the joint applied to body B during the last step, besides the
    /// torque of its force: a motor's, a spring's, a limit's or an angular lock's.
    pub fn joint_torque(&self, id: JointId) -> Result<f32> {
        Ok(self.joint_ref(id)?.kind.impulses().1 * self.state.impulse_to_force)
    }

    /// The joint's user data (`JointDef::user_data`).
    pub fn joint_user_data(&self, id: JointId) -> Result<u64> {
        Ok(self.joint_ref(id)?.user_data)
    }

    /// Sets the joint's user data.
    pub fn set_joint_user_data(&mut self, id: JointId, user_data: u64) -> Result<()> {
        let index = self.state.joints.resolve(id)?;
        self.state
            .joints
            .get_mut(index)
            .expect("resolved")
            .user_data = user_data;
        Ok(())
    }

    /// The joint events of the last step: joints over their force or torque threshold,
    /// in joint slot order.
    pub fn joint_events(&self) -> &[JointEvent] {
        &self.state.joint_events
    }

    /// Reports every joint the step solved whose force or torque went over its
    /// threshold, and removes those whose definition asked (waking their bodies).
    pub(super) fn check_joint_thresholds(&mut self) {
        let to_force = self.state.impulse_to_force;
        let (joints, bodies) = (&self.state.joints, &self.state.bodies);
        let events = &mut self.state.joint_events;
        for (index, joint) in joints.iter() {
            if !joint.active {
                continue;
            }
            let (impulse, angular) = joint.kind.impulses();
            let (force, torque) = (impulse * to_force, angular * to_force);
            if force.length() > joint.force_threshold || torque.abs() > joint.torque_threshold {
                events.push(JointEvent {
                    joint: joints.id_of(index),
                    body_a: bodies.id_of(joint.body_a),
                    body_b: bodies.id_of(joint.body_b),
                    force,
                    torque,
                    removed: joint.remove_over_threshold,
                    user_data: joint.user_data,
                });
            }
        }
        let broken = self.state.joint_events.iter().filter(|e| e.removed);
        let broken: Vec<u32> = broken.map(|e| e.joint.index).collect();
        for index in broken {
            let joint = self
                .state
                .joints
                .get(index)
                .expect("reported joints are live");
            let (a, b) = (joint.body_a, joint.body_b);
            self.wake_island(a);
            self.wake_island(b);
            self.remove_joint(index);
        }
    }

    /// Moves a mouse joint's target.
    pub fn set_mouse_target(&mut self, id: JointId, target: Vec2) -> Result<()> {
        check_point("target", target)?;
        let index = self.state.joints.resolve(id)?;
        match &mut self.state.joints.get_mut(index).expect("resolved").kind {
            JointState::Mouse(mouse) => {
                mouse.def.target = target;
                Ok(())
            }
            _ => Err(Error::InvalidValue {
                field: "joint",
                reason: "is not a mouse joint",
            }),
        }
    }

    fn joint_ref(&self, id: JointId) -> Result<&Joint> {
        let index = self.state.joints.resolve(id)?;
        Ok(self.state.joints.get(index).expect("resolved"))
    }

    /// Live joints in slot order.
    pub fn joint_ids(&self) -> impl Iterator<Item = JointId> + '_ {
        self.state
            .joints
            .iter()
            .map(|(i, _)| self.state.joints.id_of(i))
    }

    /// The joint's two bodies, each with its anchor in that body's own frame. Local, not
    /// world, anchors: a renderer places them with the poses it draws (smoothed between
    /// steps), so the joint stays on the bodies it connects.
    pub fn joint_local_anchors(&self, id: JointId) -> Result<[(BodyId, Vec2); 2]> {
        let joint = self.joint_ref(id)?;
        let (a, b) = (self.body(joint.body_a), self.body(joint.body_b));
        let (anchor_a, anchor_b) = joint.kind.local_anchors(a, b);
        Ok([
            (self.state.bodies.id_of(joint.body_a), anchor_a),
            (self.state.bodies.id_of(joint.body_b), anchor_b),
        ])
    }

    /// Removes a joint. Shapes of the two bodies that overlap will collide again: their
    /// proxies are queued so the broad phase re-reports those pairs.
    pub(super) fn remove_joint(&mut self, index: u32) {
        let joint = self
            .state
            .joints
            .remove(index)
            .expect("internal joint index is live");
        for (side, body) in [joint.body_a, joint.body_b].into_iter().enumerate() {
            let key = edge_key(index, side as u32);
            let edges = self.state.joint_edges.as_mut_slice();
            let owner = self
                .state
                .bodies
                .get_mut(body)
                .expect("a joint's bodies outlive it");
            owner.joints.remove(edges, key);
            edges[key as usize] = JointEdge::default();
            if joint.collide_connected {
                continue;
            }
            self.refresh_proxies(body);
        }
    }
}
