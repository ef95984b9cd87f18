//! lockstep2d: a deterministic 2D rigid-body physics engine built around a fixed
//! timestep. The world only advances in fixed steps, and the same steps give the same
//! bits on every machine and any thread count, so a game can record and replay, roll
//! back and re-simulate.
//!
//! Units are SI throughout: metres, kilograms, seconds, radians (counter-clockwise),
//! newtons. Every call a caller can get wrong returns [`Result`] and, when it fails,
//! leaves the world exactly as it was; the [`Error`] names the offending input.
//!
//! # The world
//!
//! A [`World`] owns every body, shape, joint and contact, and moves only when
//! [`World::step`] is called, by the step it is given. [`WorldDef`] sets gravity, the
//! solver ([`SolverSettings`]: Box2D v3's soft step by default, Box2D-Lite's sequential
//! impulses one setting away), sleeping, bounds and the thread count.
//!
//! ```
//! use lockstep2d::{BodyDef, Geometry, Polygon, ShapeDef, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let ground = world.create_body(&BodyDef::static_at(Vec2::new(0.0, -1.0)))?;
//! world.create_shape(ground, &ShapeDef::new(Geometry::Polygon(Polygon::new_box(20.0, 1.0)?)))?;
//! let body = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 4.0)))?;
//! world.create_shape(body, &ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5)?)))?;
//! for _ in 0..120 {
//!     world.step(1.0 / 60.0)?;
//! }
//! assert!((world.position(body)?.y - 0.5).abs() < 0.02); // resting on the ground
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # Bodies and shapes
//!
//! A body ([`BodyDef`]) is static, kinematic or dynamic and has a position, an angle
//! and velocities; it gets its mass from its shapes. A shape ([`ShapeDef`]) is a
//! [`Geometry`] (a [`Circle`], a convex [`Polygon`] of up to eight vertices, a
//! [`Capsule`], a two-sided [`Segment`], or the one-sided links of a chain made by
//! [`World::create_chain`]) with a density, a material (friction, restitution, a
//! conveyor's tangent speed, rolling resistance), a collision [`Filter`], and
//! optionally a sensor or one-way platform switch. Joints ([`JointDef`], with a
//! [`JointKind`]) hold two bodies together; a character ([`CharacterDef`]) is a
//! kinematic body the game moves by asking for a displacement each step.
//!
//! ```
//! use lockstep2d::{BodyDef, Capsule, Geometry, JointDef, ShapeDef, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let hook = world.create_body(&BodyDef::static_at(Vec2::new(0.0, 5.0)))?;
//! let arm = Capsule { center1: Vec2::ZERO, center2: Vec2::new(2.0, 0.0), radius: 0.1 };
//! let pendulum = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 5.0)))?;
//! world.create_shape(pendulum, &ShapeDef::new(Geometry::Capsule(arm)).with_density(2.0))?;
//! world.create_joint(&JointDef::revolute(hook, pendulum, Vec2::new(0.0, 5.0)))?;
//! for _ in 0..30 {
//!     world.step(1.0 / 60.0)?;
//! }
//! assert!(world.angular_velocity(pendulum)? < 0.0); // swinging down, clockwise
//! assert!((world.position(pendulum)? - Vec2::new(0.0, 5.0)).length() < 0.01); // still pinned
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # The fixed-step driver
//!
//! A game renders frames of whatever length the display gives; the world wants steps of
//! one fixed length. [`FixedStepper`] turns each frame's time into whole steps, calls the
//! game's per-step logic before each, carries the remainder to the next frame, and gives
//! the renderer poses smoothed between steps. Its docs are the guide.
//!
//! ```
//! use std::time::Duration;
//! use lockstep2d::{FixedStepper, StepperConfig, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let mut stepper = FixedStepper::new(StepperConfig::default())?; // 60 Hz
//! // Every rendered frame:
//! let frame = stepper.advance(&mut world, Duration::from_millis(40), |_world, _step| {
//!     // per-step game logic: read inputs, apply forces, spawn, destroy (`?` works here)
//!     Ok(())
//! })?;
//! assert_eq!(frame.steps, 2); // 40 milliseconds is two steps of 16.7 milliseconds, and 6.7 carried
//! assert!(frame.alpha > 0.39 && frame.alpha < 0.41); // how far the frame is into the next step
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # Events
//!
//! After each step the world lists what happened in it, in an order that is the same on
//! every run: [`World::contact_events`] (shapes that began or stopped touching, and
//! those that hit faster than `WorldDef::hit_event_threshold`),
//! [`World::sensor_events`] (shapes entering and leaving sensors),
//! [`World::joint_events`] (joints over their force or torque threshold) and
//! [`World::removed_bodies`] (bodies that left the world's bounds). The next step
//! replaces them; the [`FrameReport`] of [`FixedStepper::advance`] gathers them over a
//! frame's steps.
//!
//! ```
//! use lockstep2d::{BodyDef, ShapeDef, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO))?;
//! world.create_shape(ground, &ShapeDef::new_box(10.0, 0.5)?)?;
//! let ball = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 3.0)))?;
//! world.create_shape(ball, &ShapeDef::circle(0.25))?;
//! let mut landed = None;
//! for step in 0..120 {
//!     world.step(1.0 / 60.0)?;
//!     if let Some(hit) = world.contact_events().hit.first() {
//!         landed = Some((step, hit.approach_speed));
//!     }
//! }
//! let (step, speed) = landed.expect("the ball hits the ground");
//! assert!(step > 30 && speed > 5.0); // a 2.25 m fall: about 6.7 m/s at the ground
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # Queries
//!
//! Ray casts ([`World::cast_ray_closest`], [`World::cast_ray`],
//! [`World::cast_ray_all`]), shape casts ([`World::cast_shape`]) and overlap tests
//! ([`World::overlap_point`], [`World::overlap_aabb`], [`World::overlap_shape`]) read
//! the world as the last step left it and change nothing. A [`QueryFilter`] chooses what
//! they see. Ties between equally near hits go to the lower shape slot and overlap lists
//! come in slot order, so answers too are the same on every machine.
//!
//! ```
//! use lockstep2d::{BodyDef, QueryFilter, ShapeDef, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let crate_body = world.create_body(&BodyDef::static_at(Vec2::new(2.0, 0.5)))?;
//! let crate_shape = world.create_shape(crate_body, &ShapeDef::new_box(0.5, 0.5)?)?;
//! let any = QueryFilter::default();
//! // Straight down from (2, 5), 10 m long:
//! let hit = world.cast_ray_closest(Vec2::new(2.0, 5.0), Vec2::new(0.0, -10.0), &any)?;
//! let hit = hit.expect("the ray meets the crate");
//! assert_eq!(hit.shape, crate_shape);
//! assert_eq!(hit.normal, Vec2::Y);
//! assert!((hit.point.y - 1.0).abs() < 1e-5 && (hit.fraction - 0.4).abs() < 1e-5);
//! assert_eq!(world.overlap_point(Vec2::new(2.2, 0.3), &any)?, vec![crate_shape]);
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # Snapshots
//!
//! [`World::snapshot`] copies the whole simulation state; [`World::restore`] puts it
//! back, in this world or any other, and stepping on gives the same bits as the first
//! time. [`Snapshot::to_bytes`] and [`Snapshot::from_bytes`] save and load it, checked:
//! a truncated, corrupted or other-version buffer is an [`Error`], never a panic. That
//! is what rollback netcode, save games and replays need.
//!
//! ```
//! use lockstep2d::{BodyDef, ShapeDef, Snapshot, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let ball = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 4.0)))?;
//! world.create_shape(ball, &ShapeDef::circle(0.5))?;
//! let saved = world.snapshot();
//! for _ in 0..10 {
//!     world.step(1.0 / 60.0)?;
//! }
//! let ten_steps = world.state_hash();
//!
//! let mut other = World::new(&WorldDef::default())?;
//! other.restore(&Snapshot::from_bytes(&saved.to_bytes())?);
//! for _ in 0..10 {
//!     other.step(1.0 / 60.0)?;
//! }
//! assert_eq!(other.state_hash(), ten_steps); // the same bits
//! # Ok::<(), lockstep2d::Error>(())
//! ```
//!
//! # Determinism
//!
//! The engine uses no platform transcendental functions ([`math`] wraps `libm`) and no
//! fused multiply-add, visits everything in slot order, and gives the same bits for any
//! number of threads. Its smaller and larger of two numbers are [`minmax`]'s, written as
//! comparisons: `f32::min` and `f32::max` leave the sign of a tied zero to the machine,
//! and a controller, hook or per-step game code that feeds the world should use them
//! too. What breaks it is outside the world: a controller or contact hook
//! that keeps state of its own, or frame times fed to an `OverloadPolicy::Stretch`
//! driver. The integrators of point-mass systems and the particles for effects, which
//! are not part of the world, are the `lockstep2d-integrate` crate.

// Without `snapshot-bytes` nothing decodes a snapshot, and the checks a decoded state
// must pass (links, values, tree shape) have no caller.
#![cfg_attr(not(feature = "snapshot-bytes"), allow(dead_code))]

pub mod math;
pub mod minmax;

/// Checks of a value a caller passed, failing with the `Error` that names the field:
/// for crates that build on the engine and report bad input in its terms.
pub mod checks {
    pub use crate::error::{check_finite, check_finite_vec, check_non_negative, check_positive};
}

/// This engine's version, as its `Cargo.toml` gives it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

mod body;
mod broadphase;
mod character;
mod collide;
mod constraint;
mod contact;
mod controller;
mod draw;
mod error;
mod events;
mod hash;
mod id;
mod joint;
mod laps;
mod limits;
mod list;
mod pair_set;
mod prefetch;
mod recycle;
mod shape;
mod snapshot;
mod solver;
mod stepper;
mod threads;
mod world;

pub use body::{BodyDef, BodyType};
pub use character::{
    CharacterDef, CharacterHit, CharacterReport, CharacterSettings, CharacterView, Ground,
};
pub use collide::{Manifold, ManifoldPoint};
pub use constraint::{LANES_VARIABLE, LaneForm, SolverKind, SolverSettings};
pub use controller::{Buoyancy, BuoyancyDef, Wind, WindDef};
pub use draw::{Color, DebugDraw, DrawOptions, Palette};
pub use error::{Error, Result};
pub use events::{
    ContactBegin, ContactEnd, ContactEvents, ContactHit, JointEvent, SensorEvent, SensorEvents,
};
pub use id::{BodyId, JointId, ShapeId};
pub use joint::{
    DistanceJointDef, JointDef, JointKind, Limit, Motor, MotorJointDef, MouseJointDef,
    PrismaticJointDef, RevoluteJointDef, Spring, WeldJointDef, WheelJointDef,
};
pub use limits::{
    MAX_COEFFICIENT, MAX_COORDINATE, MAX_MASS, MAX_SPEED, MAX_SPRING_HERTZ, MAX_STEP, MIN_MASS,
    MIN_STEP,
};
pub use math::{Aabb, Rot, Transform, Vec2};
pub use shape::{
    Capsule, ChainDef, ChainSegment, Circle, Filter, Geometry, HeightfieldDef,
    MAX_HEIGHTFIELD_HEIGHTS, MAX_OUTLINE_POINTS, MAX_POLYGON_VERTICES, MassData, Outline, Polygon,
    Segment, ShapeDef, SolidSide, SurfaceMaterial,
};
#[cfg(feature = "snapshot-bytes")]
pub use snapshot::SNAPSHOT_FORMAT_VERSION;
pub use snapshot::{Snapshot, SnapshotDifference, StateValue};
pub use solver::SolveProfile;
pub use stepper::{
    FixedClock, FixedStepper, FramePlan, FrameReport, InputQueue, MAX_HZ, OverloadPolicy,
    Smoothing, StepInfo, StepperConfig, TICKS_PER_STEP, Tick, interpolate,
};
pub use world::{
    ContactHook, ContactHookClone, ContactView, Controller, ControllerClone, ControllerId,
    DEFAULT_MAX_CONTACTS, ExplosionDef, PairView, PreSolve, QueryFilter, RayHit, SensorOverlap,
    SleepSettings, StepProfile, World, WorldDef,
};

/// The length scale of "touching": collision and constraint tolerances are multiples
/// of it. Box2D's 5 mm suits bodies from about 0.1 m to 10 m.
pub const LINEAR_SLOP: f32 = 0.005;

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
