//! Characters in the world: creating them, asking them to move, reading what their last
//! move did, and the stage of the step that moves them (see `character/mod.rs`).
//!
//! The stage runs after the controllers and before the broad phase, over the characters
//! in body slot order. Each one's velocity is carried over the step (gravity bends it
//! off the ground) and its move planned against the world as the last step left it;
//! its body gets the velocity that makes that move over the step, the dynamic bodies
//! it walks into get their pushes, its kept velocity loses what the surfaces stopped,
//! and what the game asked for is spent.

use super::World;
use super::character_sense::CharacterSurroundings;
use crate::body::{BodyDef, BodyType};
use crate::character::{
    Character, CharacterDef, CharacterReport, CharacterSettings, CharacterView, MoveRequest,
    MoverScratch, fly, plan_move,
};
use crate::error::{Error, Result, check_finite_vec};
use crate::id::BodyId;
use crate::limits::{check_point, check_velocity};
use crate::math::{Vec2, cross, cross_sv};
use crate::minmax;

/// The stage's working lists, kept between steps so that a warm step allocates
/// nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct CharacterScratch {
    mover: MoverScratch,
    /// The broad phase's candidates of one query.
    candidates: Vec<u32>,
    /// The impulses of one character's move: body slot, impulse, point.
    pushes: Vec<(u32, Vec2, Vec2)>,
}

impl World {
    /// Creates a character: a kinematic body that never turns, with `def.shape`, at
    /// rest, moved by its velocity (`set_character_velocity`) and by `move_character`.
    /// Returns its body, which names it in the other calls.
    pub fn create_character(&mut self, def: &CharacterDef) -> Result<BodyId> {
        def.validate()?;
        check_point("position", def.position)?;
        // Everything checked before anything is made: a refused character leaves no
        // body behind, not even a freed slot.
        def.shape.validate(false)?;
        let body = self.create_body(&BodyDef {
            body_type: BodyType::Kinematic,
            position: def.position,
            fixed_rotation: true,
            user_data: def.user_data,
            ..BodyDef::default()
        })?;
        let slot = self.state.bodies.resolve(body)?;
        self.attach_shape(slot, &def.shape);
        self.update_mass(slot);
        let at = self.state.characters.partition_point(|c| c.body < slot);
        self.state.characters.insert(
            at,
            Character {
                body: slot,
                settings: def.settings,
                wanted: Vec2::ZERO,
                velocity: Vec2::ZERO,
                report: CharacterReport::default(),
            },
        );
        Ok(body)
    }

    /// Sets character `id`'s velocity (m/s): its run, and its jump when it leaves the
    /// ground. The world keeps it from step to step (it is in the snapshot): gravity
    /// bends it while the character is off the ground (`CharacterSettings::
    /// gravity_scale`), and each move takes from it what the surfaces met stop, so a
    /// landing ends the fall and a ceiling the rise. Fails for a body that is not a
    /// character or a velocity past `MAX_SPEED`.
    pub fn set_character_velocity(&mut self, id: BodyId, velocity: Vec2) -> Result<()> {
        check_velocity("velocity", velocity)?;
        self.character_mut(id)?.velocity = velocity;
        Ok(())
    }

    /// Asks character `id` to move by `displacement` (m) in the coming step, on top of
    /// what its velocity moves it: a nudge, or the whole move for a game that integrates
    /// its character's motion itself (with `gravity_scale` 0). The step moves it as far
    /// as the world allows (see `CharacterSettings`); a second call before the step
    /// replaces the first. Fails for a body that is not a character or a displacement
    /// that is not finite or beyond the world's coordinates.
    pub fn move_character(&mut self, id: BodyId, displacement: Vec2) -> Result<()> {
        check_finite_vec("displacement", displacement)?;
        check_point("displacement", displacement)?;
        self.character_mut(id)?.wanted = displacement;
        Ok(())
    }

    /// Character `id`: where it is, its velocity, its settings, and what its last move
    /// did (grounded, what it stands on, the surfaces it met).
    pub fn character(&self, id: BodyId) -> Result<CharacterView<'_>> {
        let character = self.character_ref(id)?;
        let position = self.body(character.body).xf.p;
        Ok(CharacterView::new(character, position))
    }

    /// How character `id` moves. Fails with `InvalidValue` if `id` is not a
    /// character's body.
    pub fn character_settings(&self, id: BodyId) -> Result<CharacterSettings> {
        Ok(self.character_ref(id)?.settings)
    }

    /// Changes how character `id` moves, from its next move on. Fails with
    /// `InvalidValue`, changing nothing, if `id` is not a character's body or a setting
    /// is out of range.
    pub fn set_character_settings(
        &mut self,
        id: BodyId,
        settings: CharacterSettings,
    ) -> Result<()> {
        settings.validate()?;
        self.character_mut(id)?.settings = settings;
        Ok(())
    }

    /// The characters' bodies, in slot order.
    pub fn character_ids(&self) -> impl Iterator<Item = BodyId> + '_ {
        self.state
            .characters
            .iter()
            .map(|c| self.state.bodies.id_of(c.body))
    }

    fn character_index(&self, id: BodyId) -> Result<usize> {
        let slot = self.state.bodies.resolve(id)?;
        self.state
            .characters
            .binary_search_by_key(&slot, |c| c.body)
            .map_err(|_| Error::InvalidValue {
                field: "id",
                reason: "is not a character's body",
            })
    }

    fn character_ref(&self, id: BodyId) -> Result<&Character> {
        let index = self.character_index(id)?;
        Ok(&self.state.characters[index])
    }

    fn character_mut(&mut self, id: BodyId) -> Result<&mut Character> {
        let index = self.character_index(id)?;
        Ok(&mut self.state.characters[index])
    }

    /// Fails if body slot `body` is a character's: a character keeps the one shape it
    /// was made with.
    pub(super) fn refuse_character_shapes(&self, body: u32) -> Result<()> {
        let is_character = self
            .state
            .characters
            .binary_search_by_key(&body, |c| c.body)
            .is_ok();
        if is_character {
            return Err(Error::InvalidValue {
                field: "body",
                reason: "a character keeps the one shape it was made with",
            });
        }
        Ok(())
    }

    /// Drops the character of body slot `body`, if it is one: its body is going.
    pub(super) fn forget_character(&mut self, body: u32) {
        if let Ok(index) = self
            .state
            .characters
            .binary_search_by_key(&body, |c| c.body)
        {
            self.state.characters.remove(index);
        }
    }

    /// The stage of the step that moves the characters (see the module docs).
    pub(super) fn move_characters(&mut self, dt: f32) {
        let mut scratch = std::mem::take(&mut self.character_scratch);
        for index in 0..self.state.characters.len() {
            self.make_move(index, dt, &mut scratch);
        }
        self.character_scratch = scratch;
    }

    /// Plans and makes the move of the character at `index` in the list.
    fn make_move(&mut self, index: usize, dt: f32, scratch: &mut CharacterScratch) {
        let character = &self.state.characters[index];
        let body = self.body(character.body);
        if !body.enabled {
            self.state.characters[index].wanted = Vec2::ZERO;
            return;
        }
        let up = self.up();
        let max_speed = self.state.settings.max_linear_speed;
        let standing = character.report.grounded && character.velocity.dot(up) <= 0.0;
        let gravity = character.settings.gravity_scale * self.state.gravity;
        let flight = fly(character.velocity, standing, gravity, up, dt);
        let request = MoveRequest {
            settings: &character.settings,
            previous: &character.report,
            start: body.xf.p,
            wanted: character.wanted + flight.displacement,
            velocity: flight.velocity.clamp_length_max(max_speed),
            carried: dt * self.ground_velocity(&character.report),
            up,
            max_travel: dt * max_speed,
        };
        let candidates = std::mem::take(&mut scratch.candidates);
        let view =
            CharacterSurroundings::new(self, character.body, &character.settings, candidates);
        let outcome = plan_move(&view, &request, &mut scratch.mover);
        scratch.candidates = view.into_candidates();
        self.find_pushes(character, request.wanted / dt, dt, scratch);
        let slot = character.body;
        let body = self
            .state
            .bodies
            .get_mut(slot)
            .expect("characters' bodies live");
        body.v = outcome.motion / dt;
        body.w = 0.0;
        for &(target, impulse, point) in &scratch.pushes {
            self.wake_island(target);
            let pushed = self
                .state
                .bodies
                .get_mut(target)
                .expect("pushes name live bodies");
            // Bounded by the push force, an impulse cannot fail; one that did would
            // change nothing.
            let _ = pushed.apply_impulse(impulse, point, 0.0);
        }
        let character = &mut self.state.characters[index];
        let mut hits = std::mem::take(&mut character.report.hits);
        hits.clone_from(&scratch.mover.hits);
        character.report = CharacterReport {
            hits,
            ..outcome.report
        };
        // Turned along a slope too steep to climb, a velocity can grow past the top
        // speed; beside surfaces near the limits of the world's coordinates, the
        // arithmetic can overflow: it is then spent.
        character.velocity = if outcome.velocity.is_finite() {
            outcome.velocity.clamp_length_max(max_speed)
        } else {
            Vec2::ZERO
        };
        character.wanted = Vec2::ZERO;
    }

    /// Against gravity; +y in a world without it.
    fn up(&self) -> Vec2 {
        (-self.state.gravity).try_normalize().unwrap_or(Vec2::Y)
    }

    /// How fast the ground of `report` carries what stands on it, where it is stood
    /// on: its body's motion there, plus a conveyor's surface speed along it.
    fn ground_velocity(&self, report: &CharacterReport) -> Vec2 {
        let Some(ground) = report.ground else {
            return Vec2::ZERO;
        };
        let (Ok(body), Ok(shape)) = (
            self.state.bodies.resolve(ground.body),
            self.state.shapes.resolve(ground.shape),
        ) else {
            return Vec2::ZERO;
        };
        let body = self.body(body);
        let moving = body.v + cross_sv(body.w, ground.point - body.center);
        // Clockwise round the shape: to the right along a floor.
        let along = Vec2::new(ground.normal.y, -ground.normal.x);
        moving + self.shape(shape).def.tangent_speed * along
    }

    /// The impulses a character wanting `velocity` gives the dynamic bodies its move
    /// met in its way (`scratch.mover.hits`), into `scratch.pushes`: each is brought to
    /// the character's speed into it, with at most `push_force` over the step, at the
    /// point met.
    fn find_pushes(
        &self,
        character: &Character,
        velocity: Vec2,
        dt: f32,
        scratch: &mut CharacterScratch,
    ) {
        let most = character.settings.push_force * dt;
        scratch.pushes.clear();
        for hit in &scratch.mover.hits {
            let Ok(slot) = self.state.bodies.resolve(hit.body) else {
                continue;
            };
            let body = self.body(slot);
            let into = -hit.normal;
            let arm = hit.point - body.center;
            let point_velocity = body.v + cross_sv(body.w, arm);
            let closing = velocity.dot(into) - point_velocity.dot(into);
            if body.body_type != BodyType::Dynamic || most <= 0.0 || closing <= 0.0 {
                continue;
            }
            let turn = cross(arm, into);
            let mass = 1.0 / (body.inv_mass + body.inv_inertia * turn * turn);
            let impulse = minmax::min(mass * closing, most);
            scratch.pushes.push((slot, impulse * into, hit.point));
        }
    }
}
