//! The plugin: the `Physics` resource, the `PhysicsStep` schedule, the steps in the
//! schedule that times them, and the smoothed poses written to `Transform`.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy_transform::TransformSystems;
use lockstep2d::{FixedStepper, StepperConfig, WorldDef};

use crate::draw_clock::{DrawClock, follow_steps};
use crate::messages::{
    ContactImpact, ContactStarted, ContactStopped, JointOverThreshold, SensorEntered, SensorExited,
};
use crate::physics::Physics;
use crate::stepping::{run_frame, run_scheduled_step};
use crate::transforms::{write_smoothed_poses, write_step_poses};

/// The schedule the plugin runs once before each physics step: game logic that must
/// run per step (forces, held inputs, controllers of the game's own, spawners) goes
/// here. Its systems see the last step's state and may spawn and despawn bodies; what
/// they spawn is made before the step. Inside a rollback schedule they also see that
/// schedule's resources (bevy_ggrs's `PlayerInputs`).
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhysicsStep;

/// The plugin's systems, for ordering a game's own around them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhysicsSystems {
    /// The steps, in the schedule that times them (`PostUpdate` when the plugin's own
    /// driver does): bodies made and destroyed, then for each step `PhysicsStep`, the
    /// step and its messages.
    Step,
    /// In `PostUpdate`, before transform propagation: every body's `Transform` set to
    /// its smoothed pose for drawing. From `First` on, and after each step, it holds
    /// the last step's pose.
    Writeback,
}

/// What times the steps.
#[derive(Clone, Copy, Debug)]
enum Timing {
    /// The plugin's own driver, given `Time<Virtual>`'s frame time once a frame.
    OwnDriver,
    /// The app: one step per run of this schedule.
    Schedule(InternedScheduleLabel),
}

/// lockstep2d in a Bevy app: a world and a fixed-step driver, checked when the plugin
/// is made, stepped by the driver (by default) or by a schedule of the app's.
pub struct Lockstep2dPlugin {
    physics: Physics,
    timing: Timing,
    #[cfg(feature = "ggrs")]
    rollback: bool,
}

impl Lockstep2dPlugin {
    /// The plugin for a world made by `world` and stepped by a driver of `stepper`.
    /// Fails, naming the field, on a setting the engine refuses.
    pub fn new(world: &WorldDef, stepper: StepperConfig) -> lockstep2d::Result<Self> {
        let physics = Physics::new(lockstep2d::World::new(world)?, FixedStepper::new(stepper)?);
        Ok(Lockstep2dPlugin {
            physics,
            timing: Timing::OwnDriver,
            #[cfg(feature = "ggrs")]
            rollback: false,
        })
    }

    /// One step per run of `schedule` (`FixedUpdate`, a rollback schedule, one of the
    /// game's own), at the length of a step of the driver's `hz`: run the schedule at
    /// that rate. Each run makes and destroys what was spawned and despawned, runs
    /// `PhysicsStep`, the step, and sends its messages; it reads no clock, so a run
    /// repeated by a rollback is the same step again. Bodies are drawn once a frame,
    /// smoothed by how far the frame's time has gone into the next step.
    pub fn in_schedule(mut self, schedule: impl ScheduleLabel) -> Self {
        self.timing = Timing::Schedule(schedule.intern());
        self
    }

    /// For a bevy_ggrs game: one step per run of `GgrsSchedule` (run the session at
    /// the driver's `hz`, with `RollbackFrameRate`), and everything the plugin keeps
    /// registered with bevy_ggrs, rolled back and checksummed (see the crate's docs).
    #[cfg(feature = "ggrs")]
    pub fn ggrs(mut self) -> Self {
        self.rollback = true;
        self.in_schedule(bevy_ggrs::GgrsSchedule)
    }
}

impl Default for Lockstep2dPlugin {
    /// Gravity −10 m/s² in y, Box2D v3's soft step at 60 Hz, interpolated poses.
    fn default() -> Self {
        Lockstep2dPlugin::new(&WorldDef::default(), StepperConfig::default())
            .expect("the default settings are valid")
    }
}

impl Plugin for Lockstep2dPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.physics.clone())
            .init_schedule(PhysicsStep)
            .add_message::<ContactStarted>()
            .add_message::<ContactStopped>()
            .add_message::<ContactImpact>()
            .add_message::<SensorEntered>()
            .add_message::<SensorExited>()
            .add_message::<JointOverThreshold>()
            .configure_sets(
                PostUpdate,
                PhysicsSystems::Writeback.before(TransformSystems::Propagate),
            )
            // The frame's game logic sees the last step's poses, not the drawn ones.
            .add_systems(First, write_step_poses);
        match self.timing {
            Timing::OwnDriver => {
                app.configure_sets(
                    PostUpdate,
                    PhysicsSystems::Step.before(PhysicsSystems::Writeback),
                )
                .add_systems(
                    PostUpdate,
                    (
                        run_frame.in_set(PhysicsSystems::Step),
                        write_smoothed_poses.in_set(PhysicsSystems::Writeback),
                    ),
                );
            }
            Timing::Schedule(schedule) => {
                app.init_resource::<DrawClock>()
                    .add_systems(schedule, run_scheduled_step.in_set(PhysicsSystems::Step))
                    .add_systems(
                        PostUpdate,
                        (follow_steps, write_smoothed_poses)
                            .chain()
                            .in_set(PhysicsSystems::Writeback),
                    );
            }
        }
        #[cfg(feature = "ggrs")]
        if self.rollback {
            crate::rollback::register(app);
        }
    }
}
