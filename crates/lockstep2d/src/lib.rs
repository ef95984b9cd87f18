//! lockstep2d: a deterministic 2D rigid-body physics engine built around a fixed
//! timestep.
//!
//! ```
//! use lockstep2d::{BodyDef, Geometry, Polygon, ShapeDef, Vec2, World, WorldDef};
//!
//! let mut world = World::new(&WorldDef::default())?;
//! let ground = world.create_body(&BodyDef::fixed(Vec2::new(0.0, -1.0)))?;
//! world.create_shape(ground, &ShapeDef::new(Geometry::Polygon(Polygon::new_box(20.0, 1.0)?)))?;
//! let body = world.create_body(&BodyDef::dynamic(Vec2::new(0.0, 4.0)))?;
//! world.create_shape(body, &ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5)?)))?;
//! for _ in 0..120 {
//!     world.step(1.0 / 60.0)?;
//! }
//! assert!((world.position(body)?.y - 0.5).abs() < 0.02); // resting on the ground
//! # Ok::<(), lockstep2d::Error>(())
//! ```

pub mod integrate;
pub mod math;

/// This engine's version, as its `Cargo.toml` gives it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

mod body;
mod broadphase;
mod character;
mod collide;
mod contact;
mod controller;
mod error;
mod events;
mod hash;
mod id;
mod joint;
mod limits;
mod list;
mod recycle;
mod shape;
mod snapshot;
mod solver;
mod stepper;
mod world;

pub use body::{BodyDef, BodyType};
pub use character::{CharacterDef, CharacterHit, CharacterReport, CharacterSettings, Ground};
pub use collide::{Manifold, ManifoldPoint};
pub use controller::{
    Buoyancy, BuoyancyDef, Controller, ControllerClone, ControllerId, Wind, WindDef,
};
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
    Capsule, ChainDef, ChainSegment, Circle, Filter, Geometry, MAX_POLYGON_VERTICES, MassData,
    Polygon, Segment, ShapeDef, SurfaceMaterial,
};
pub use snapshot::{SNAPSHOT_FORMAT_VERSION, Snapshot};
pub use solver::{SolverKind, SolverSettings};
pub use stepper::{
    FixedClock, FixedStepper, FrameReport, InputQueue, OverloadPolicy, Smoothing, StepInfo,
    StepperConfig, TICKS_PER_STEP, Tick, interpolate,
};
pub use world::{
    ContactHook, ContactHookClone, ContactView, DEFAULT_MAX_CONTACTS, ExplosionDef, PairView,
    PreSolve, QueryFilter, RayHit, SensorOverlap, SleepSettings, SolveProfile, StepProfile, World,
    WorldDef,
};

/// The length scale of "touching": collision and constraint tolerances are multiples
/// of it. Box2D's 5 mm suits bodies from about 0.1 m to 10 m.
pub const LINEAR_SLOP: f32 = 0.005;
