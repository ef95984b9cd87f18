//! lockstep2d in Bevy: bodies, shapes and joints declared as components, stepped by
//! lockstep2d's own fixed-step driver or a schedule of the app's (a rollback session's),
//! drawn through `Transform`.
//!
//! ```no_run
//! use bevy_app::prelude::*;
//! use bevy_app::{ScheduleRunnerPlugin, TaskPoolPlugin};
//! use bevy_ecs::prelude::*;
//! use bevy_time::TimePlugin;
//! use bevy_transform::prelude::*;
//! use lockstep2d::{BodyDef, ShapeDef, Vec2};
//! use lockstep2d_bevy::{Collider, Lockstep2dPlugin, PhysicsStep, RigidBody};
//!
//! fn setup(mut commands: Commands) {
//!     let ground = ShapeDef::new_box(10.0, 0.5).expect("a box");
//!     commands.spawn((RigidBody(BodyDef::static_at(Vec2::ZERO)), Collider::new(ground)));
//!     commands.spawn((
//!         RigidBody(BodyDef::dynamic(Vec2::ZERO)),
//!         Collider::new(ShapeDef::circle(0.5)),
//!         Transform::from_xyz(0.0, 4.0, 0.0), // where it starts
//!     ));
//! }
//!
//! fn game_logic_every_step() {
//!     // Forces, held inputs, spawners: runs once before each physics step.
//! }
//!
//! App::new()
//!     // A headless app; a game adds Bevy's `DefaultPlugins` instead.
//!     .add_plugins((TaskPoolPlugin::default(), TimePlugin, ScheduleRunnerPlugin::default()))
//!     .add_plugins(Lockstep2dPlugin::default())
//!     .add_systems(Startup, setup)
//!     .add_systems(PhysicsStep, game_logic_every_step)
//!     .run();
//! ```
//!
//! - **Components.** `RigidBody` (a `BodyDef`) and `Collider` (its `ShapeDef`s) declare a
//!   body; the body is made from the entity's `Transform` (x, y and the turn about z) the
//!   first time the plugin sees it, and `PhysicsBody` (its engine id) is added to the
//!   entity. A `Joint` on an entity of its own joins two such entities. Despawning an
//!   entity (or removing `PhysicsBody`) destroys what it made. The definitions are
//!   templates: changing them later does nothing; the engine's world is the one state,
//!   reached through the `Physics` resource.
//! - **Stepping.** By default the plugin times the steps itself: once a frame (in
//!   `PostUpdate`) it hands `Time<Virtual>`'s frame time to lockstep2d's
//!   `FixedStepper`, with its integer-tick accumulator, overload policy and smoothing,
//!   so a Bevy game replays bit for bit like any other lockstep2d program. With
//!   [`Lockstep2dPlugin::in_schedule`] a schedule of the app times them instead
//!   (`FixedUpdate`, a rollback schedule): one step per run, reading no clock. Either
//!   way, before each step the plugin makes and destroys what was spawned and
//!   despawned and runs the `PhysicsStep` schedule: systems there run exactly once
//!   per step and may spawn and despawn bodies, which are made before the step.
//! - **Drawing.** Once a frame, in `PostUpdate`, every body's `Transform` is set to its
//!   smoothed pose (interpolated between the last two steps by default), keeping its z
//!   and scale. The rest of the time (from `First` on, and after each step) it holds
//!   the last step's pose, so game logic that reads it sees the same values on every
//!   run; its turn is computed with square roots, not the platform's sine.
//!   When a schedule times the steps, the plugin follows how much of the frames' time
//!   the steps have not used yet, as the schedule's own accumulator does.
//! - **Events.** Each step's contact, sensor and joint events become Bevy messages
//!   ([`ContactStarted`], [`ContactStopped`], [`ContactImpact`], [`SensorEntered`],
//!   [`SensorExited`], [`JointOverThreshold`]) naming the entities; a `PhysicsStep`
//!   system can also read the last step's events from `Physics::world`.
//! - **Debug drawing** (feature `gizmos`). [`PhysicsGizmosPlugin`] draws the world
//!   with Bevy's gizmos once a frame at the smoothed poses: the engine's debug drawing
//!   (`World::debug_draw`), so a Bevy app shows the picture the testbed shows, with the
//!   layers the `PhysicsGizmos` resource switches on.
//! - **Queries.** `Res<Physics>` gives the engine's world for rays, casts and overlaps
//!   (`Physics::entity` maps a body back to its entity).
//! - **Rollback** (feature `ggrs`). `Lockstep2dPlugin::ggrs` steps in bevy_ggrs's
//!   `GgrsSchedule` and registers with bevy_ggrs everything the plugin keeps: `Physics`
//!   (cloned each frame, checksummed by its state hash), `RigidBody`, `Collider`,
//!   `Joint`, `PhysicsBody`, `PhysicsJoint`, `PhysicsError` and `Transform`, and
//!   `Rollback` on every entity with a `RigidBody` or a `Joint`. A body spawned or
//!   despawned in a frame that is rolled back is unmade or remade with it (despawn
//!   with bevy_ggrs's `despawn_rollback` or plainly; both roll back). The game
//!   registers its own state. Messages are sent again when a frame is played again:
//!   game logic that must roll back reads the step's events from `Physics::world`.
//!
//! Bodies and joints are made in an order that is the same on every run: bevy_ggrs's
//! rollback order for rollback entities, else the order of the entities' indices.
//! Which entity holds which body is read afresh from the `PhysicsBody` handles at every
//! step, so an entity a rollback brings back under another id keeps its body.

mod components;
mod creation_order;
mod draw_clock;
#[cfg(feature = "gizmos")]
mod gizmos;
mod messages;
mod physics;
mod plugin;
#[cfg(feature = "ggrs")]
mod rollback;
mod stepping;
mod sync;
mod transforms;

pub use components::{Collider, Joint, PhysicsBody, PhysicsJoint, RigidBody};
#[cfg(feature = "gizmos")]
pub use gizmos::{GizmoDraw, PhysicsGizmos, PhysicsGizmosPlugin};
pub use messages::{
    ContactImpact, ContactStarted, ContactStopped, JointOverThreshold, SensorEntered, SensorExited,
};
pub use physics::Physics;
pub use plugin::{Lockstep2dPlugin, PhysicsStep, PhysicsSystems};
pub use sync::PhysicsError;
