//! Character movers: a circle, capsule or box that the game moves by setting its
//! velocity, and that walks, climbs, steps up, snaps to the ground, slides along what it
//! meets and never passes through it.
//!
//! A character is a kinematic body the world owns (`World::create_character`), with one
//! shape, and beside it in the world's state its settings, its own velocity and its
//! last move's report: snapshots, rollback and replay carry them like any body, and
//! `World::state_hash` covers them. The game sets the velocity
//! (`World::set_character_velocity`: a run, a jump) and may ask for a displacement on
//! top of it (`World::move_character`); the step lets gravity bend the velocity while
//! the character is off the ground (`velocity.rs`), turns the whole into the move the
//! world allows (`motion.rs`), gives the body the velocity that makes that move over
//! the step, pushes the dynamic bodies it walked into, and takes from the kept velocity
//! what the surfaces it ends against stop. Other bodies meet it as the kinematic body it
//! is: a box dropped on its head rests there.

mod motion;
mod planes;
mod velocity;
mod view;

pub(crate) use motion::{MoveRequest, MoverScratch, Surroundings, Touch, plan_move};
pub(crate) use velocity::fly;
pub use view::CharacterView;

use crate::error::{Error, Result, check_non_negative, check_positive};
use crate::id::{BodyId, ShapeId};
use crate::limits::{
    check_coefficient, check_distance, check_point, check_stored_point, check_velocity,
};
use crate::math::{Vec2, cos};
use crate::minmax;
use crate::shape::{Geometry, ShapeDef};

/// What a character is made of and where it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CharacterDef {
    /// World position of the body's origin.
    pub position: Vec2,
    /// A circle, capsule or polygon (a box). Its filter decides what the character
    /// meets, its friction what a box resting on it feels.
    pub shape: ShapeDef,
    /// How it walks, climbs, steps, snaps and pushes.
    pub settings: CharacterSettings,
    /// The body's user data.
    pub user_data: u64,
}

impl CharacterDef {
    /// A character of `geometry` with its origin at `position`, the default shape
    /// material and filter, the default settings and user data 0.
    pub fn new(position: Vec2, geometry: Geometry) -> CharacterDef {
        CharacterDef {
            position,
            shape: ShapeDef::new(geometry),
            settings: CharacterSettings::default(),
            user_data: 0,
        }
    }

    pub(crate) fn validate(&self) -> Result<()> {
        if !matches!(
            self.shape.geometry,
            Geometry::Circle(_) | Geometry::Capsule(_) | Geometry::Polygon(_)
        ) {
            return Err(Error::InvalidValue {
                field: "shape.geometry",
                reason: "a character is a circle, a capsule or a polygon",
            });
        }
        if self.shape.is_sensor || self.shape.one_way {
            return Err(Error::InvalidValue {
                field: "shape",
                reason: "a character's shape is solid: neither a sensor nor one-way",
            });
        }
        self.settings.validate()
    }
}

/// How a character moves. Angles are in radians from the horizontal; "up" is against
/// gravity (+y in a world without gravity).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CharacterSettings {
    /// The gap (m) the character keeps from every surface, and how far from one it still
    /// counts as touching it. Casts stop this short of a surface, so rounding never
    /// leaves the character inside one.
    pub skin: f32,
    /// The steepest slope it walks up. A steeper one stops it like a wall.
    pub max_climb_slope: f32,
    /// Slopes at least this steep are no ground: the character does not stand on them,
    /// and the fall the game asks for slides it down them. `FRAC_PI_2` or more: it
    /// stands on any slope it lands on.
    pub min_slide_slope: f32,
    /// The highest ledge (m) it steps up onto while walking; 0 for none.
    pub step_height: f32,
    /// How far (m) below it ground may drop away, walking down a slope or a step, and
    /// still be stood on: the character follows it down instead of leaving it. 0 for
    /// none.
    pub snap_distance: f32,
    /// The largest force (N) it pushes a dynamic body with; 0 and dynamic bodies stop
    /// it like walls.
    pub push_force: f32,
    /// Whether it lands on one-way platforms (from their front, as bodies do). It drops
    /// through them while its body is set to (`World::set_drop_through`).
    pub one_way_platforms: bool,
    /// How much of the world's gravity its velocity feels off the ground, from 0 (a game
    /// that moves it only by displacements, falls included) to 10⁴.
    pub gravity_scale: f32,
}

impl Default for CharacterSettings {
    /// A 2 cm skin, climbs 45° and slides on anything steeper, steps 0.3 m, snaps
    /// 0.3 m, pushes with up to 1,000 N, lands on one-way platforms, falls under the
    /// world's gravity.
    fn default() -> Self {
        CharacterSettings {
            skin: 0.02,
            max_climb_slope: std::f32::consts::FRAC_PI_4,
            min_slide_slope: std::f32::consts::FRAC_PI_4,
            step_height: 0.3,
            snap_distance: 0.3,
            push_force: 1000.0,
            one_way_platforms: true,
            gravity_scale: 1.0,
        }
    }
}

/// The thinnest skin: below the cast's own tolerance, a skin would not keep the
/// character clear.
const MIN_SKIN: f32 = 0.25 * crate::LINEAR_SLOP;

impl CharacterSettings {
    pub(crate) fn validate(&self) -> Result<()> {
        check_positive("skin", self.skin)?;
        check_distance("skin", self.skin)?;
        if self.skin < MIN_SKIN {
            return Err(Error::InvalidValue {
                field: "skin",
                reason: "must be at least a quarter of LINEAR_SLOP",
            });
        }
        check_angle("max_climb_slope", self.max_climb_slope)?;
        check_angle("min_slide_slope", self.min_slide_slope)?;
        check_non_negative("step_height", self.step_height)?;
        check_distance("step_height", self.step_height)?;
        check_non_negative("snap_distance", self.snap_distance)?;
        check_distance("snap_distance", self.snap_distance)?;
        check_non_negative("push_force", self.push_force)?;
        crate::limits::check_speed("push_force", self.push_force)?;
        check_coefficient("gravity_scale", self.gravity_scale)
    }

    /// The least upward component of a slope's normal that it walks up.
    pub(crate) fn climb_cos(&self) -> f32 {
        cos(self.max_climb_slope)
    }

    /// The least upward component of a surface's normal that it stands on.
    pub(crate) fn stand_cos(&self) -> f32 {
        cos(minmax::min(
            self.min_slide_slope,
            std::f32::consts::FRAC_PI_2,
        ))
    }
}

fn check_angle(field: &'static str, angle: f32) -> Result<()> {
    check_non_negative(field, angle)?;
    if angle > std::f32::consts::PI {
        return Err(Error::InvalidValue {
            field,
            reason: "must be an angle from 0 to π",
        });
    }
    Ok(())
}

/// The ground a character stands on.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ground {
    /// The ground's unit normal, pointing up out of it.
    pub normal: Vec2,
    /// Where the character touches it (world).
    pub point: Vec2,
    /// The shape stood on.
    pub shape: ShapeId,
    /// The body that shape belongs to.
    pub body: BodyId,
}

/// A surface a character's move met: it stopped the move, turned it, or was pushed.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CharacterHit {
    /// The shape met.
    pub shape: ShapeId,
    /// The body that shape belongs to.
    pub body: BodyId,
    /// Where the character touched it (world).
    pub point: Vec2,
    /// The surface's unit normal, pointing towards the character.
    pub normal: Vec2,
}

/// What a character's last move did.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CharacterReport {
    /// How far the step moved it (m): what it asked for, less what the world refused,
    /// plus what the ground it stands on carried it.
    pub moved: Vec2,
    /// Standing on ground no steeper than `min_slide_slope`.
    pub grounded: bool,
    /// What it stands on, when grounded.
    pub ground: Option<Ground>,
    /// On a slope too steep to stand on, and moving down it.
    pub sliding: bool,
    /// The surfaces the move met, each shape once, in the order met.
    pub hits: Vec<CharacterHit>,
}

impl Character {
    /// What `World::create_character`, `move_character` and `set_character_velocity`
    /// would have refused, for a decoded state: its settings, its shape, what it wants,
    /// its velocity and what it last did.
    pub fn check_values(&self, shape: &ShapeDef) -> Result<()> {
        let def = CharacterDef {
            position: Vec2::ZERO,
            shape: *shape,
            settings: self.settings,
            user_data: 0,
        };
        def.validate()?;
        check_point("wanted", self.wanted)?;
        check_velocity("velocity", self.velocity)?;
        let report = &self.report;
        let ground = report.ground.iter().flat_map(|g| [g.normal, g.point]);
        let hits = report.hits.iter().flat_map(|h| [h.normal, h.point]);
        for v in std::iter::once(report.moved).chain(ground).chain(hits) {
            check_stored_point("report", v)?;
        }
        Ok(())
    }
}

/// A character as the world keeps it, beside its body (`SimState::characters`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Character {
    /// Its body's slot.
    pub body: u32,
    pub settings: CharacterSettings,
    /// What the game asked for the coming step on top of its velocity; spent by it.
    pub wanted: Vec2,
    /// Its own velocity (m/s), kept from step to step (`velocity.rs`).
    pub velocity: Vec2,
    pub report: CharacterReport,
}
