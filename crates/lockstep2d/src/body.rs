//! Bodies: their definition, their state and their mass.

use crate::error::{Error, Result, check_finite, check_non_negative};
use crate::id::Slots;
use crate::limits::{check_point, check_speed, check_velocity};
use crate::list::{END, Link, Links, List};
use crate::math::{Rot, Transform, Vec2, cross};
use crate::shape::{Collider, MassData, Shape};

/// How a body moves.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum BodyType {
    /// Never moves; infinite mass.
    #[default]
    Static,
    /// Moves by its velocity only; infinite mass, ignores forces and contacts.
    Kinematic,
    /// Moved by gravity, forces, contacts and joints.
    Dynamic,
}

/// The mass, centre of mass and inertia about it of shapes with masses `shapes`
/// (centre and inertia meaningless if the mass is not positive).
pub(crate) fn combined_mass(shapes: &[MassData]) -> MassData {
    let mass: f32 = shapes.iter().map(|m| m.mass).sum();
    let center = shapes.iter().map(|m| m.mass * m.center).sum::<Vec2>() / mass;
    // Parallel axis theorem: each shape's inertia about its own centre, shifted to the
    // body's centre of mass.
    let inertia: f32 = shapes
        .iter()
        .map(|m| m.inertia + m.mass * (m.center - center).length_squared())
        .sum();
    MassData {
        mass,
        center,
        inertia,
    }
}

/// `sum` plus `added` (force and torque), or an error if either would overflow: a
/// force sum that is no longer finite would make the step's velocities NaN.
fn summed(sum: (Vec2, f32), added: (Vec2, f32)) -> Result<(Vec2, f32)> {
    let (force, torque) = (sum.0 + added.0, sum.1 + added.1);
    if !(force.is_finite() && torque.is_finite()) {
        return Err(Error::InvalidValue {
            field: "force",
            reason: "would make the body's summed force or torque infinite",
        });
    }
    Ok((force, torque))
}

/// Everything needed to create a body. Shapes are added afterwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDef {
    /// Static, kinematic or dynamic.
    pub body_type: BodyType,
    /// World position of the body's origin.
    pub position: Vec2,
    /// Radians, counter-clockwise.
    pub angle: f32,
    /// Velocity of the centre of mass, m/s.
    pub linear_velocity: Vec2,
    /// rad/s, counter-clockwise.
    pub angular_velocity: f32,
    /// Slows linear motion: each step multiplies velocity by 1 / (1 + h·damping).
    pub linear_damping: f32,
    /// Slows rotation in the same way.
    pub angular_damping: f32,
    /// Multiplies the world's gravity for this body (0 floats, −1 falls up).
    pub gravity_scale: f32,
    /// Never turns: no rotational inertia, no angular velocity (a character's capsule).
    pub fixed_rotation: bool,
    /// Continuous collision against moving bodies too, not only static ones: a fast
    /// projectile that must not pass through a thin dynamic target.
    pub is_bullet: bool,
    /// The game's own tag (an entity id, say): stored, saved and returned, never read.
    pub user_data: u64,
}

impl Default for BodyDef {
    fn default() -> Self {
        BodyDef {
            body_type: BodyType::Static,
            position: Vec2::ZERO,
            angle: 0.0,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            gravity_scale: 1.0,
            fixed_rotation: false,
            is_bullet: false,
            user_data: 0,
        }
    }
}

impl BodyDef {
    /// A dynamic body at `position`.
    pub fn dynamic(position: Vec2) -> BodyDef {
        BodyDef {
            body_type: BodyType::Dynamic,
            position,
            ..BodyDef::default()
        }
    }

    /// A static body at `position` (named so because `static` is a Rust keyword).
    pub fn static_at(position: Vec2) -> BodyDef {
        BodyDef {
            position,
            ..BodyDef::default()
        }
    }

    /// A kinematic body at `position`: moved by its velocity alone, pushing what it
    /// meets, pushed by nothing.
    pub fn kinematic(position: Vec2) -> BodyDef {
        BodyDef {
            body_type: BodyType::Kinematic,
            position,
            ..BodyDef::default()
        }
    }

    /// This definition with `user_data` as the body's tag.
    pub fn with_user_data(self, user_data: u64) -> BodyDef {
        BodyDef { user_data, ..self }
    }

    /// This definition turned to `angle` radians, counter-clockwise.
    pub fn with_angle(self, angle: f32) -> BodyDef {
        BodyDef { angle, ..self }
    }

    /// This definition with a starting velocity: `linear` (m/s, of the centre of mass)
    /// and `angular` (rad/s, counter-clockwise).
    pub fn with_velocity(self, linear: Vec2, angular: f32) -> BodyDef {
        BodyDef {
            linear_velocity: linear,
            angular_velocity: angular,
            ..self
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        check_point("position", self.position)?;
        check_finite("angle", self.angle)?;
        check_velocity("linear_velocity", self.linear_velocity)?;
        check_speed("angular_velocity", self.angular_velocity)?;
        check_non_negative("linear_damping", self.linear_damping)?;
        check_non_negative("angular_damping", self.angular_damping)?;
        check_finite("gravity_scale", self.gravity_scale)
    }
}

/// A joint as one of its bodies lists it: with the body at its other end and whether
/// the two still collide, so the broad phase can filter a pair without reading the
/// joint (in a joint grid, every candidate pair is a jointed one). The world keeps two
/// per joint slot in one dense array (`SimState::joint_edges`): `edge_key(joint, 0)` in
/// body A's list, `edge_key(joint, 1)` in body B's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct JointEdge {
    pub other: u32,
    pub collide_connected: bool,
    pub link: Link,
}

impl Default for JointEdge {
    /// The edge of a free joint slot.
    fn default() -> JointEdge {
        JointEdge {
            other: END,
            collide_connected: false,
            link: Link::default(),
        }
    }
}

/// The key of the joint's edge in body A's list (`side` 0) or body B's (`side` 1).
pub(crate) fn edge_key(joint: u32, side: u32) -> u32 {
    2 * joint + side
}

/// The joint an edge key belongs to and its side.
pub(crate) fn edge_joint(key: u32) -> (u32, u32) {
    (key / 2, key % 2)
}

impl Links for [JointEdge] {
    fn link(&self, key: u32) -> Option<&Link> {
        self.get(key as usize).map(|edge| &edge.link)
    }

    fn link_mut(&mut self, key: u32) -> &mut Link {
        &mut self[key as usize].link
    }
}

/// A body as the world stores it: plain data, so a snapshot copies it as bytes.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Body {
    pub body_type: BodyType,
    /// Pose of the body origin.
    pub xf: Transform,
    /// World position of the centre of mass.
    pub center: Vec2,
    /// Centre of mass in body coordinates.
    pub local_center: Vec2,
    pub v: Vec2,
    pub w: f32,
    /// User forces and torque; they stay until `World::clear_forces`.
    pub force: Vec2,
    pub torque: f32,
    /// Forces for the coming step only (controllers); zeroed once the step uses them.
    pub step_force: Vec2,
    pub step_torque: f32,
    /// Grows on every teleport, so a renderer can tell a jump from motion.
    pub pose_epoch: u32,
    pub mass: f32,
    pub inv_mass: f32,
    /// Rotational inertia about the centre of mass.
    pub inertia: f32,
    pub inv_inertia: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub gravity_scale: f32,
    /// False while the body sleeps: it then neither moves nor costs a solve.
    pub awake: bool,
    /// How long the body has moved slower than the sleep speed (s).
    pub sleep_time: f32,
    /// The island the body was in at the last step: the slot of its root body.
    pub island: u32,
    /// The farthest any of its shapes reaches from the centre of mass (m), to turn a
    /// spin into a speed.
    pub extent: f32,
    /// The least any of its shapes reaches from that shape's centroid to its surface
    /// (m): a body that moves less than half of it in a step cannot pass through a
    /// wall, and one that moves more gets a continuous-collision sweep. Unbounded
    /// without shapes.
    pub min_extent: f32,
    /// Its shapes (slot indices, linked through `Shape::link`), in the order added.
    pub shapes: List,
    /// Its joints (edge keys into `SimState::joint_edges`), in the order added.
    pub joints: List,
    pub fixed_rotation: bool,
    pub is_bullet: bool,
    /// Falls through one-way platforms (`World::set_drop_through`).
    pub drop_through: bool,
    /// False while disabled: out of the broad phase, the solver and every query, asleep
    /// and never woken, its shapes and joints kept (`World::set_enabled`).
    pub enabled: bool,
    pub user_data: u64,
}

impl Body {
    pub fn new(def: &BodyDef) -> Body {
        let xf = Transform {
            p: def.position,
            q: Rot::from_angle(def.angle),
        };
        let moves = def.body_type != BodyType::Static;
        let mut body = Body {
            body_type: def.body_type,
            xf,
            center: def.position,
            local_center: Vec2::ZERO,
            v: if moves {
                def.linear_velocity
            } else {
                Vec2::ZERO
            },
            w: if moves && !def.fixed_rotation {
                def.angular_velocity
            } else {
                0.0
            },
            force: Vec2::ZERO,
            torque: 0.0,
            step_force: Vec2::ZERO,
            step_torque: 0.0,
            pose_epoch: 0,
            mass: 0.0,
            inv_mass: 0.0,
            inertia: 0.0,
            inv_inertia: 0.0,
            linear_damping: def.linear_damping,
            angular_damping: def.angular_damping,
            gravity_scale: def.gravity_scale,
            awake: true,
            sleep_time: 0.0,
            island: u32::MAX,
            extent: 0.0,
            min_extent: f32::MAX,
            shapes: List::default(),
            joints: List::default(),
            fixed_rotation: def.fixed_rotation,
            is_bullet: def.is_bullet,
            drop_through: false,
            enabled: true,
            user_data: def.user_data,
        };
        body.set_mass(&[]);
        body
    }

    pub fn is_dynamic(&self) -> bool {
        self.body_type == BodyType::Dynamic
    }

    /// A body the solver moves this step: dynamic and awake.
    pub fn is_simulated(&self) -> bool {
        self.is_dynamic() && self.awake
    }

    /// A body that can push others this step: simulated, or kinematic and moving.
    pub fn is_active(&self) -> bool {
        match self.body_type {
            BodyType::Dynamic => self.awake,
            BodyType::Kinematic => self.v != Vec2::ZERO || self.w != 0.0,
            BodyType::Static => false,
        }
    }

    /// Wakes the body and restarts its count towards sleep; a disabled body stays as it
    /// is.
    pub fn wake(&mut self) {
        if self.enabled {
            self.awake = true;
            self.sleep_time = 0.0;
        }
    }

    /// Recomputes mass, centre of mass and inertia from the shapes' mass data.
    ///
    /// A dynamic body without shapes gets mass 1 and no rotation (as in Box2D), so a
    /// body can be created before its shapes without dividing by zero.
    pub fn set_mass(&mut self, shapes: &[MassData]) {
        let MassData {
            mass,
            center,
            inertia,
        } = combined_mass(shapes);
        if !self.is_dynamic() || mass <= 0.0 {
            let dynamic = self.is_dynamic();
            self.mass = if dynamic { 1.0 } else { 0.0 };
            self.inv_mass = if dynamic { 1.0 } else { 0.0 };
            self.inertia = 0.0;
            self.inv_inertia = 0.0;
            self.local_center = Vec2::ZERO;
            self.center = self.xf.p;
            return;
        }
        let old_center = self.center;
        let inertia = if self.fixed_rotation { 0.0 } else { inertia };
        self.mass = mass;
        self.inv_mass = 1.0 / mass;
        self.inertia = inertia;
        self.inv_inertia = if inertia > 0.0 { 1.0 / inertia } else { 0.0 };
        self.local_center = center;
        self.center = self.xf.apply(center);
        // Keep the velocity of the material point at the old centre unchanged, unless
        // that is past MAX_SPEED (a spinning body given a shape far off its centre).
        let v = self.v + crate::math::cross_sv(self.w, self.center - old_center);
        self.v = crate::limits::clamp_velocity(v);
    }

    /// Places the body origin at `xf`.
    pub fn set_transform(&mut self, xf: Transform) {
        self.xf = xf;
        self.center = xf.apply(self.local_center);
        self.pose_epoch = self.pose_epoch.wrapping_add(1);
    }

    /// The colliders of this body's shapes, in the order they were added.
    pub fn colliders<'a>(&'a self, shapes: &'a Slots<Shape>) -> impl Iterator<Item = &'a Collider> {
        self.shapes
            .iter(shapes)
            .map(|s| &shapes.get(s).expect("bodies list live shapes").collider)
    }

    /// Adds a force at a world point: a force plus the torque of its lever arm.
    pub fn apply_force(&mut self, force: Vec2, point: Vec2) -> Result<()> {
        let torque = cross(point - self.center, force);
        (self.force, self.torque) = summed((self.force, self.torque), (force, torque))?;
        Ok(())
    }

    /// Like `apply_force`, for the coming step only.
    pub fn apply_step_force(&mut self, force: Vec2, point: Vec2) -> Result<()> {
        let torque = cross(point - self.center, force);
        let step = (self.step_force, self.step_torque);
        (self.step_force, self.step_torque) = summed(step, (force, torque))?;
        Ok(())
    }

    /// Adds `torque` to the force sum (`step`: to the coming step's only).
    pub fn apply_torque(&mut self, torque: f32, step: bool) -> Result<()> {
        if step {
            self.step_torque = summed((Vec2::ZERO, self.step_torque), (Vec2::ZERO, torque))?.1;
        } else {
            self.torque = summed((Vec2::ZERO, self.torque), (Vec2::ZERO, torque))?.1;
        }
        Ok(())
    }

    /// Changes a dynamic body's velocity by `impulse` at world `point` and
    /// `angular` about its centre; no effect on other bodies. Refused, changing
    /// nothing, if the velocity would no longer be finite.
    pub fn apply_impulse(&mut self, impulse: Vec2, point: Vec2, angular: f32) -> Result<()> {
        if !self.is_dynamic() {
            return Ok(());
        }
        let v = self.v + self.inv_mass * impulse;
        let w = self.w + self.inv_inertia * (cross(point - self.center, impulse) + angular);
        if check_velocity("impulse", v).is_err() || check_speed("impulse", w).is_err() {
            return Err(Error::InvalidValue {
                field: "impulse",
                reason: "would take the body's velocity past ±10⁶ (lockstep2d::MAX_SPEED)",
            });
        }
        (self.v, self.w) = (v, w);
        Ok(())
    }
}
