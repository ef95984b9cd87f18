//! Joints: constraints between two bodies, one file per kind, dispatched by `match`.
//!
//! Under the soft step every kind is prepared once per step into a `JointFrame` (masses,
//! lever arms, relative placement) and then warm-started and solved every substep, in
//! slot order, before the contacts. The PGS solver (Box2D-Lite) solves only Box2D-Lite's
//! joint, the revolute pin without options; `World` refuses the others there.

pub(crate) mod axis;
mod distance;
mod frame;
mod mass2;
mod motor;
mod mouse;
mod options;
mod prismatic;
pub(crate) mod revolute;
mod weld;
mod wheel;

pub use distance::DistanceJointDef;
pub use motor::MotorJointDef;
pub use mouse::MouseJointDef;
pub use options::{Limit, Motor, Spring};
pub use prismatic::PrismaticJointDef;
pub use revolute::RevoluteJointDef;
pub use weld::WeldJointDef;
pub use wheel::WheelJointDef;

pub(crate) use axis::AxisImpulses;
#[cfg(test)]
pub(crate) use axis::AxisOptions;
pub(crate) use frame::JointFrame;
pub(crate) use revolute::{RevoluteConstraint, RevoluteJoint};

use crate::body::Body;
use crate::constraint::WarmStart;
use crate::constraint::{BodyState, Softness};
use crate::error::Result;
use crate::id::BodyId;
use crate::math::Vec2;
use axis::wide::AxisSource;
use distance::DistanceJoint;
use motor::MotorJoint;
use mouse::MouseJoint;
use prismatic::PrismaticJoint;
use weld::WeldJoint;
use wheel::WheelJoint;

/// The kind-specific part of a joint definition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointKind {
    /// A pin at one point, with optional limit, motor and spring on the angle.
    Revolute(RevoluteJointDef),
    /// A slider along an axis, without turning.
    Prismatic(PrismaticJointDef),
    /// A rod, spring or rope between two points.
    Distance(DistanceJointDef),
    /// Glued at a point and an angle, rigidly or springily.
    Weld(WeldJointDef),
    /// A wheel on a suspension axis.
    Wheel(WheelJointDef),
    /// Drives B towards a placement relative to A.
    Motor(MotorJointDef),
    /// Pulls a point of B towards a target (dragging).
    Mouse(MouseJointDef),
}

impl JointKind {
    pub(crate) fn validate(&self) -> Result<()> {
        match self {
            JointKind::Revolute(d) => d.validate(),
            JointKind::Prismatic(d) => d.validate(),
            JointKind::Distance(d) => d.validate(),
            JointKind::Weld(d) => d.validate(),
            JointKind::Wheel(d) => d.validate(),
            JointKind::Motor(d) => d.validate(),
            JointKind::Mouse(d) => d.validate(),
        }
    }

    /// True unless the PGS solver can solve it: only Box2D-Lite's plain pin.
    pub(crate) fn needs_soft_step(&self) -> bool {
        match self {
            JointKind::Revolute(d) => d.needs_soft_step(),
            _ => true,
        }
    }
}

/// Everything needed to create a joint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointDef {
    /// The first body.
    pub body_a: BodyId,
    /// The second body: the one `World::joint_force` and joint events report the force
    /// on. It must not be `body_a`.
    pub body_b: BodyId,
    /// Whether shapes of the two bodies still collide with each other. Off by default:
    /// jointed parts usually overlap at the joint.
    pub collide_connected: bool,
    /// What kind of joint, with its kind's settings.
    pub kind: JointKind,
    /// A step whose joint force (N, `World::joint_force`) exceeds this is reported as a
    /// joint event. `f32::MAX` (the default) never is; infinity is allowed too.
    pub force_threshold: f32,
    /// Likewise for the joint torque (N·m, `World::joint_torque`).
    pub torque_threshold: f32,
    /// Whether the joint is removed in the step it goes over a threshold: it breaks.
    pub remove_over_threshold: bool,
    /// The game's own tag: stored, saved and returned, never read.
    pub user_data: u64,
}

impl JointDef {
    /// A joint of `kind` between `body_a` and `body_b`, their shapes not colliding.
    pub fn new(body_a: BodyId, body_b: BodyId, kind: JointKind) -> JointDef {
        JointDef {
            body_a,
            body_b,
            collide_connected: false,
            kind,
            force_threshold: f32::MAX,
            torque_threshold: f32::MAX,
            remove_over_threshold: false,
            user_data: 0,
        }
    }

    /// The same joint, breaking (removed, with a joint event) in the first step its
    /// force exceeds `force` or its torque exceeds `torque`.
    pub fn breakable(self, force: f32, torque: f32) -> JointDef {
        JointDef {
            force_threshold: force,
            torque_threshold: torque,
            remove_over_threshold: true,
            ..self
        }
    }

    /// The same joint with `user_data` as its tag.
    pub fn with_user_data(self, user_data: u64) -> JointDef {
        JointDef { user_data, ..self }
    }

    /// Checks the thresholds: numbers >= 0, infinity allowed.
    pub(crate) fn validate_thresholds(&self) -> Result<()> {
        check_thresholds(self.force_threshold, self.torque_threshold)
    }

    /// A revolute joint pinning `body_a` and `body_b` together at the world point `anchor`.
    pub fn revolute(body_a: BodyId, body_b: BodyId, anchor: Vec2) -> JointDef {
        JointDef::new(
            body_a,
            body_b,
            JointKind::Revolute(RevoluteJointDef::at(anchor)),
        )
    }

    /// The same joint, its two bodies' shapes colliding with each other or not.
    pub fn with_collide_connected(self, collide_connected: bool) -> JointDef {
        JointDef {
            collide_connected,
            ..self
        }
    }
}

/// Force and torque thresholds: numbers >= 0, infinity allowed.
fn check_thresholds(force: f32, torque: f32) -> Result<()> {
    for (field, x) in [("force_threshold", force), ("torque_threshold", torque)] {
        if x.is_nan() || x < 0.0 {
            return Err(crate::Error::InvalidValue {
                field,
                reason: "must be a number >= 0 (infinity allowed)",
            });
        }
    }
    Ok(())
}

/// Both local anchors finite and within the reach of a saved state: what every kind's
/// stored anchors must be.
fn check_anchors(local_anchor_a: Vec2, local_anchor_b: Vec2) -> Result<()> {
    crate::limits::check_stored_point("local_anchor_a", local_anchor_a)?;
    crate::limits::check_stored_point("local_anchor_b", local_anchor_b)
}

/// A joint as the world stores it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Joint {
    pub body_a: u32,
    pub body_b: u32,
    pub collide_connected: bool,
    /// Only the soft step can solve it (see `JointKind::needs_soft_step`).
    pub soft_only: bool,
    /// Solved this step: at least one of its bodies is awake and dynamic.
    pub active: bool,
    /// The soft step's preparation for the current step.
    frame: JointFrame,
    pub kind: JointState,
    pub force_threshold: f32,
    pub torque_threshold: f32,
    pub remove_over_threshold: bool,
    pub user_data: u64,
}

/// The kind-specific stored state, including accumulated impulses for warm starting.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) enum JointState {
    Revolute(RevoluteJoint),
    Prismatic(PrismaticJoint),
    Distance(DistanceJoint),
    Weld(WeldJoint),
    Wheel(WheelJoint),
    Motor(MotorJoint),
    Mouse(MouseJoint),
}

/// What a constraint pass of the soft step needs to know.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SoftPass {
    pub h: f32,
    pub inv_h: f32,
    /// False in the relax pass: no position correction.
    pub use_bias: bool,
    /// The substep's warm start, in whose units a motor is bounded (`WarmStart::bounded`).
    pub warm: WarmStart,
}

impl Joint {
    /// What a decoded joint must hold: the thresholds its definition's checks pass, and
    /// its kind's stored values (see each kind's `check_values`). The frame is not
    /// checked: every step rebuilds it before it is read.
    pub(crate) fn check_values(&self) -> Result<()> {
        check_thresholds(self.force_threshold, self.torque_threshold)?;
        match &self.kind {
            JointState::Revolute(j) => j.check_values(),
            JointState::Prismatic(j) => j.check_values(),
            JointState::Distance(j) => j.check_values(),
            JointState::Weld(j) => j.check_values(),
            JointState::Wheel(j) => j.check_values(),
            JointState::Motor(j) => j.check_values(),
            JointState::Mouse(j) => j.check_values(),
        }
    }

    pub fn new(def: &JointDef, (ia, a): (u32, &Body), (ib, b): (u32, &Body)) -> Joint {
        let kind = match &def.kind {
            JointKind::Revolute(d) => JointState::Revolute(RevoluteJoint::new(d, a, b)),
            JointKind::Prismatic(d) => JointState::Prismatic(PrismaticJoint::new(d, a, b)),
            JointKind::Distance(d) => JointState::Distance(DistanceJoint::new(d, a, b)),
            JointKind::Weld(d) => JointState::Weld(WeldJoint::new(d, a, b)),
            JointKind::Wheel(d) => JointState::Wheel(WheelJoint::new(d, a, b)),
            JointKind::Motor(d) => JointState::Motor(MotorJoint::new(d)),
            JointKind::Mouse(d) => JointState::Mouse(MouseJoint::new(d, b)),
        };
        Joint {
            body_a: ia,
            body_b: ib,
            collide_connected: def.collide_connected,
            soft_only: def.kind.needs_soft_step(),
            active: false,
            frame: JointFrame::default(),
            kind,
            force_threshold: def.force_threshold,
            torque_threshold: def.torque_threshold,
            remove_over_threshold: def.remove_over_threshold,
            user_data: def.user_data,
        }
    }

    /// Readies the joint for a soft step of substeps `h`.
    pub fn prepare_soft(&mut self, a: &Body, b: &Body, softness: Softness, h: f32, warm: bool) {
        let anchors = self.kind.local_anchors(a, b);
        self.frame = JointFrame::new((self.body_a, a), (self.body_b, b), anchors, softness);
        let frame = &mut self.frame;
        match &mut self.kind {
            JointState::Revolute(j) => j.prepare_soft(frame, h, warm),
            JointState::Prismatic(j) => j.prepare_soft(frame, h, warm),
            JointState::Distance(j) => j.prepare_soft(h, warm),
            JointState::Weld(j) => j.prepare_soft(frame, h, warm),
            JointState::Wheel(j) => j.prepare_soft(h, warm),
            JointState::Motor(j) => j.prepare_soft(frame, warm),
            JointState::Mouse(j) => j.prepare_soft(frame, b, h, warm),
        }
    }

    /// The joint as a revolute joint, which the soft step solves eight at a time
    /// (`revolute/wide.rs`).
    pub fn revolute(&self) -> Option<&RevoluteJoint> {
        match &self.kind {
            JointState::Revolute(j) => Some(j),
            _ => None,
        }
    }

    /// A revolute joint's spring, motor and limits as the lane solve takes them, after
    /// `prepare_soft`; `None` for a bare pin or another kind of joint.
    pub fn revolute_axis(&self, h: f32) -> Option<AxisSource> {
        match &self.kind {
            JointState::Revolute(j) => j.axis_source(&self.frame, h),
            _ => None,
        }
    }

    /// Keeps a revolute joint's accumulated impulses after a step, for the next warm
    /// start: the pin's, and its options'.
    pub fn set_revolute_impulses(&mut self, impulse: Vec2, axial: AxisImpulses) {
        if let JointState::Revolute(j) = &mut self.kind {
            j.impulse = impulse;
            j.axial = axial;
        }
    }

    /// Gives the bodies `share` of the accumulated impulses (`solver::WarmStart`).
    pub fn warm_start(&self, states: &mut [BodyState], share: f32) {
        let frame = &self.frame;
        match &self.kind {
            JointState::Revolute(j) => j.warm_start(frame, states, share),
            JointState::Prismatic(j) => j.warm_start(frame, states, share),
            JointState::Distance(j) => j.warm_start(frame, states, share),
            JointState::Weld(j) => j.warm_start(frame, states, share),
            JointState::Wheel(j) => j.warm_start(frame, states, share),
            JointState::Motor(j) => j.warm_start(frame, states, share),
            JointState::Mouse(j) => j.warm_start(frame, states, share),
        }
    }

    pub fn solve(&mut self, states: &mut [BodyState], pass: &SoftPass) {
        let frame = &self.frame;
        match &mut self.kind {
            JointState::Revolute(j) => j.solve(frame, states, pass),
            JointState::Prismatic(j) => j.solve(frame, states, pass),
            JointState::Distance(j) => j.solve(frame, states, pass),
            JointState::Weld(j) => j.solve(frame, states, pass),
            JointState::Wheel(j) => j.solve(frame, states, pass),
            JointState::Motor(j) => j.solve(frame, states, pass),
            JointState::Mouse(j) => j.solve(frame, states, pass),
        }
    }
}

impl JointState {
    /// The anchors in each body's frame. The motor joint works between the centres of
    /// mass; the mouse joint's A end is its target, seen from A.
    pub fn local_anchors(&self, a: &Body, b: &Body) -> (Vec2, Vec2) {
        match self {
            JointState::Revolute(j) => (j.local_anchor_a, j.local_anchor_b),
            JointState::Prismatic(j) => (j.local_anchor_a, j.local_anchor_b),
            JointState::Distance(j) => (j.local_anchor_a, j.local_anchor_b),
            JointState::Weld(j) => (j.local_anchor_a, j.local_anchor_b),
            JointState::Wheel(j) => (j.local_anchor_a, j.local_anchor_b),
            JointState::Motor(_) => (a.local_center, b.local_center),
            JointState::Mouse(j) => (a.xf.inv_apply(j.def.target), j.local_anchor_b),
        }
    }

    /// The accumulated impulse of the last solve on body B: linear (N·s, world) and
    /// angular (N·m·s).
    pub fn impulses(&self) -> (Vec2, f32) {
        match self {
            JointState::Revolute(j) => (j.impulse, j.axial.total()),
            JointState::Prismatic(j) => j.impulses(),
            JointState::Distance(j) => (j.impulse(), 0.0),
            JointState::Weld(j) => j.impulses(),
            JointState::Wheel(j) => j.impulses(),
            JointState::Motor(j) => j.impulses(),
            JointState::Mouse(j) => j.impulses(),
        }
    }
}

/// A joint prepared for one step's PGS solve.
#[derive(Clone, Debug)]
pub(crate) enum JointConstraint {
    Revolute(RevoluteConstraint),
}
