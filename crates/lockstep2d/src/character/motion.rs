//! One step of a character: the displacement the game asked for, turned into the move
//! the world allows.
//!
//! 1. Walking on ground, the run is turned along the ground (its length kept), so a
//!    character climbs a slope as fast as it crosses flat ground and walks down one
//!    without leaving it; what the ground it stands on carries is added.
//! 2. Collide and slide, a few rounds of: the surfaces within reach become planes
//!    (`planes.rs`), the planes give the displacement nearest the one still wanted, and
//!    a cast moves the character along it until it would come within a skin width of a
//!    surface. A slope too steep to climb pushes only sideways, so it stops a walker
//!    like a wall and lets a falling one slide down it.
//! 3. Stepping up: a walker stopped by a wall tries the same run lifted by the step
//!    height and set down again, and keeps it if that got further and landed.
//! 4. Snapping: a walker whose ground dropped away by at most the snap distance is set
//!    down on it.
//! 5. The report: the ground it stands on and whether it slides; and what the surfaces
//!    it ends against leave of its velocity (`velocity.rs`).

use super::planes::{Plane, solve_planes};
use super::velocity::keep_velocity;
use super::{CharacterHit, CharacterReport, CharacterSettings, Ground};
use crate::id::{BodyId, ShapeId};
use crate::math::Vec2;
use crate::minmax;

/// Rounds of collide and slide: a move into a corner settles in two or three.
const SLIDE_ROUNDS: usize = 4;

/// A round that moves the character less than this (m) ends the sliding.
const STALLED: f32 = 1.0e-4;

/// The least upward part of a surface's normal for it to hold the character up at
/// all (about 84° from level): a wall leaning out by a hair is still a wall.
const MIN_SUPPORT: f32 = 0.1;

/// How far (m) the planes' answer may still cross a plane before the steep slopes'
/// sideways pushes are given up for pushes along their normals.
const PLANE_TOLERANCE: f32 = 0.1 * crate::LINEAR_SLOP;

/// A surface within reach of the character.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Touch {
    /// Unit, from the surface towards the character.
    pub normal: Vec2,
    /// The gap (m) between them; negative when they overlap.
    pub separation: f32,
    /// On the surface (world).
    pub point: Vec2,
    pub shape: ShapeId,
    pub body: BodyId,
    /// On a dynamic body: it stops the character but never pushes it, so a box
    /// resting on its head cannot press it into the ground.
    pub yields: bool,
}

impl Touch {
    fn hit(&self) -> CharacterHit {
        CharacterHit {
            shape: self.shape,
            body: self.body,
            point: self.point,
            normal: self.normal,
        }
    }
}

/// What the character meets, asked of the world for the character's shape placed with
/// its origin at a given position.
pub(crate) trait Surroundings {
    /// The surfaces within `reach` (m) of the character at `position`, in a fixed order.
    fn touches(&self, position: Vec2, reach: f32, out: &mut Vec<Touch>);

    /// How far along `translation` (a fraction, 0 to 1) the character at `position`
    /// moves before it comes within the skin of a surface, and that surface. Surfaces it
    /// already overlaps are left to the planes.
    fn cast(&self, position: Vec2, translation: Vec2) -> (f32, Option<Touch>);

    /// The first surface a ray from `origin` along `translation` meets, with the
    /// fraction of the way.
    fn ray(&self, origin: Vec2, translation: Vec2) -> Option<(f32, Touch)>;

    /// How far (m) the character's shape reaches from its origin along the unit
    /// `direction`.
    fn extent(&self, direction: Vec2) -> f32;
}

/// A character's move, planned.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MoveOutcome {
    pub motion: Vec2,
    pub report: CharacterReport,
    /// The character's velocity after the move.
    pub velocity: Vec2,
}

/// What one plan reads besides the world.
pub(crate) struct MoveRequest<'a> {
    pub settings: &'a CharacterSettings,
    /// The last step's report: the ground stood on.
    pub previous: &'a CharacterReport,
    pub start: Vec2,
    /// What the game asked for, and what the character's velocity makes of the step.
    pub wanted: Vec2,
    /// The character's velocity at the step's end, before the surfaces have their say.
    pub velocity: Vec2,
    /// What the ground carries the character by this step.
    pub carried: Vec2,
    /// Unit, against gravity.
    pub up: Vec2,
    /// The farthest (m) the step may take it: its body's top speed over the step.
    pub max_travel: f32,
}

/// The working lists of a plan, kept by the world between steps so that a warm step
/// allocates nothing; `hits` holds the last plan's surfaces met, for its report.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoverScratch {
    pub hits: Vec<CharacterHit>,
    touches: Vec<Touch>,
    planes: Vec<Plane>,
}

/// Plans the move of `request` among `world`'s surfaces. The report's `hits` are left
/// in `scratch.hits`, its own list empty.
pub(crate) fn plan_move(
    world: &impl Surroundings,
    request: &MoveRequest,
    scratch: &mut MoverScratch,
) -> MoveOutcome {
    scratch.hits.clear();
    let mut mover = Mover {
        world,
        settings: request.settings,
        up: request.up,
        scratch,
    };
    let (run, rise) = mover.split(request.wanted);
    let walking = request.previous.grounded && rise <= 0.0;
    let along = match (walking, request.previous.ground) {
        (true, Some(ground)) => run * mover.along_ground(ground.normal),
        _ => run * mover.side(),
    };
    let target = (along + rise * mover.up + request.carried).clamp_length_max(request.max_travel);
    let mut end = mover.slide(request.start, target);
    if walking
        && mover.blocked(request.start, end, run)
        && let Some(stepped) = mover.step_up(request.start, run, end)
    {
        end = stepped;
    }
    // Among shapes near the limits of the world's coordinates the planes' arithmetic
    // can overflow: the character then stays where it was.
    if !end.is_finite() {
        end = request.start;
    }
    let rising = rise > 0.0;
    let mut ground = mover.ground(end, rising);
    if walking && ground.is_none() {
        end = mover.snap(end);
        ground = mover.ground(end, rising);
    }
    // Pushed out of a deep overlap, the planes alone may ask for more: the body cannot
    // go faster than its top speed.
    let motion = (end - request.start).clamp_length_max(request.max_travel);
    let report = mover.report(motion, ground);
    let velocity = keep_velocity(
        request.velocity,
        report.grounded,
        &mover.scratch.touches,
        mover.up,
        request.settings,
    );
    MoveOutcome {
        motion,
        report,
        velocity,
    }
}

struct Mover<'a, W> {
    world: &'a W,
    settings: &'a CharacterSettings,
    up: Vec2,
    scratch: &'a mut MoverScratch,
}

impl<W: Surroundings> Mover<'_, W> {
    /// Unit, to the right of `up`.
    fn side(&self) -> Vec2 {
        Vec2::new(self.up.y, -self.up.x)
    }

    /// `v` as its parts across (to the right) and along `up`.
    fn split(&self, v: Vec2) -> (f32, f32) {
        (v.dot(self.side()), v.dot(self.up))
    }

    /// The unit direction along ground of `normal` that runs right.
    fn along_ground(&self, normal: Vec2) -> Vec2 {
        Vec2::new(normal.y, -normal.x)
    }

    fn reach(&self) -> f32 {
        2.0 * self.settings.skin
    }

    /// Collide and slide from `start` towards `start + target`; returns where it ends.
    fn slide(&mut self, start: Vec2, target: Vec2) -> Vec2 {
        let goal = start + target;
        let mut position = start;
        let mut planes = std::mem::take(&mut self.scratch.planes);
        for _ in 0..SLIDE_ROUNDS {
            self.gather(position);
            planes.clear();
            planes.extend(self.scratch.touches.iter().map(|t| self.plane(t)));
            let wanted = goal - position;
            let delta = self.solve(wanted, &mut planes);
            for (plane, touch) in planes.iter().zip(&self.scratch.touches) {
                if plane.push > 0.0 {
                    remember(&mut self.scratch.hits, touch.hit());
                }
            }
            let (fraction, hit) = self.world.cast(position, delta);
            if let Some(hit) = hit {
                remember(&mut self.scratch.hits, hit.hit());
            }
            position += fraction * delta;
            let arrived = fraction == 1.0 && delta == wanted;
            if arrived || (fraction * delta).length() < STALLED {
                break;
            }
        }
        self.scratch.planes = planes;
        position
    }

    fn gather(&mut self, position: Vec2) {
        self.scratch.touches.clear();
        self.world
            .touches(position, self.reach(), &mut self.scratch.touches);
    }

    /// The planes' displacement nearest `wanted`. Slopes too steep to climb push only
    /// across `up`; pinched between such a slope and a face pushing back across, that
    /// leaves a plane broken, and they are solved again each pushing along its normal,
    /// which lifts the character out of the pinch.
    fn solve(&self, wanted: Vec2, planes: &mut [Plane]) -> Vec2 {
        let delta = solve_planes(wanted, planes);
        let broken = planes
            .iter()
            .any(|p| p.normal.dot(delta) < -p.clearance - PLANE_TOLERANCE);
        if !broken {
            return delta;
        }
        for plane in planes.iter_mut() {
            plane.push_direction = plane.normal;
        }
        solve_planes(wanted, planes)
    }

    /// The plane of `touch`: a slope too steep to climb pushes only across `up`, and a
    /// dynamic body only stops the character going deeper.
    fn plane(&self, touch: &Touch) -> Plane {
        let mut clearance = touch.separation - self.settings.skin;
        if touch.yields {
            clearance = minmax::max(clearance, 0.0);
        }
        let mut plane = Plane::new(touch.normal, clearance);
        let upward = touch.normal.dot(self.up);
        if upward > 0.0 && upward < self.settings.climb_cos() {
            let across = touch.normal - upward * self.up;
            plane.push_direction = across.normalize();
        }
        plane
    }

    /// Whether a walk of `run` from `start` that ended at `end` fell short of it, against
    /// a surface too steep to climb.
    fn blocked(&self, start: Vec2, end: Vec2, run: f32) -> bool {
        let progress = (end - start).dot(self.side()) * run.signum();
        let walled = self
            .scratch
            .hits
            .iter()
            .any(|hit| hit.normal.dot(self.up) < self.settings.climb_cos());
        walled && progress < run.abs() - STALLED
    }

    /// The walk of `run` from `start` lifted by the step height and set down again,
    /// if it gets further than `end` and lands no higher than the step height. First a
    /// probe: the same lifted walk taken on by the character's own width must come down
    /// on ground it can stand on, so that the step it is climbing has a top; the walk
    /// itself may then come down on the ledge's edge, and goes on over it next step.
    fn step_up(&mut self, start: Vec2, run: f32, end: Vec2) -> Option<Vec2> {
        let height = self.settings.step_height;
        if height <= 0.0 {
            return None;
        }
        let lift = height * self.up;
        let (fraction, _) = self.world.cast(start, lift);
        let raised = start + fraction * lift;
        let ahead = run.signum() * self.side();
        let width = self.world.extent(ahead);
        let (_, top) = self.set_down(start, raised, run + run.signum() * width)?;
        let foot = start.dot(self.up) - self.world.extent(-self.up);
        let walkable = top.normal.dot(self.up) >= self.settings.climb_cos();
        let ledge = top.point.dot(self.up) - foot;
        if !walkable || ledge < self.settings.skin || ledge > height {
            return None;
        }
        let (landed, landing) = self.set_down(start, raised, run)?;
        let gained = (landed - start).dot(self.up);
        let further = (landed - end).dot(ahead) > STALLED;
        (gained >= 0.0 && further).then(|| {
            remember(&mut self.scratch.hits, landing.hit());
            landed
        })
    }

    /// From `raised` (above `start`), a walk of `run` across and back down to `start`'s
    /// height: where it lands and on what, if it lands on something it can be on.
    fn set_down(&self, start: Vec2, raised: Vec2, run: f32) -> Option<(Vec2, Touch)> {
        let across = run * self.side();
        let (fraction, _) = self.world.cast(raised, across);
        let moved = raised + fraction * across;
        let drop = -(raised - start).dot(self.up) * self.up;
        let (fraction, landing) = self.world.cast(moved, drop);
        let landing = landing.filter(|touch| touch.normal.dot(self.up) > 0.0)?;
        Some((moved + fraction * drop, landing))
    }

    /// `position` set down on ground at most the snap distance below it, if there is
    /// any; else `position`.
    fn snap(&mut self, position: Vec2) -> Vec2 {
        let reach = self.settings.snap_distance;
        if reach <= 0.0 {
            return position;
        }
        let drop = -reach * self.up;
        let (fraction, hit) = self.world.cast(position, drop);
        match hit {
            Some(touch) if touch.normal.dot(self.up) > 0.0 => position + fraction * drop,
            _ => position,
        }
    }

    /// The ground the character at `position` stands on: the touching surface below it
    /// that leans least, if it is gentle enough to stand on; or, resting on an edge and
    /// not `rising`, the ground a short ray straight down from its centre finds within
    /// the snap distance. Rising, as in the first step of a jump beside a box, it stands
    /// only on what it touches.
    fn ground(&mut self, position: Vec2, rising: bool) -> Option<Ground> {
        self.gather(position);
        let stand = self.settings.stand_cos();
        let under = self
            .scratch
            .touches
            .iter()
            .filter(|t| t.normal.dot(self.up) > MIN_SUPPORT)
            .max_by(|a, b| a.normal.dot(self.up).total_cmp(&b.normal.dot(self.up)))
            .copied()?;
        if under.normal.dot(self.up) >= stand {
            return Some(ground_of(&under));
        }
        if rising {
            return None;
        }
        let depth = self.world.extent(-self.up);
        let probe = -(depth + self.settings.skin + self.settings.snap_distance) * self.up;
        let (_, below) = self.world.ray(position, probe)?;
        (below.normal.dot(self.up) >= stand).then(|| Ground {
            point: under.point,
            ..ground_of(&below)
        })
    }

    fn report(&self, motion: Vec2, ground: Option<Ground>) -> CharacterReport {
        let sliding = ground.is_none()
            && motion.dot(self.up) < 0.0
            && self
                .scratch
                .touches
                .iter()
                .any(|t| t.normal.dot(self.up) > 0.0);
        CharacterReport {
            moved: motion,
            grounded: ground.is_some(),
            ground,
            sliding,
            hits: Vec::new(),
        }
    }
}

fn ground_of(touch: &Touch) -> Ground {
    Ground {
        normal: touch.normal,
        point: touch.point,
        shape: touch.shape,
        body: touch.body,
    }
}

/// Adds `hit` to `hits` unless its shape is there already.
fn remember(hits: &mut Vec<CharacterHit>, hit: CharacterHit) {
    if hits.iter().all(|h| h.shape != hit.shape) {
        hits.push(hit);
    }
}
