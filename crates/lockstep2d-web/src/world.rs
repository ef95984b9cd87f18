//! `World`, the engine as JavaScript holds it: a world built from a named scene, a scene
//! file or calls; its fixed-step driver; and the bodies in the order they were made,
//! whose place in that order is the number JavaScript names a body by.

use lockstep2d::{
    BodyDef, BodyId, FixedStepper, Geometry, Polygon, QueryFilter, ShapeDef, Snapshot,
    StepperConfig, Vec2, WorldDef,
};
use lockstep2d_scenes::{Scene, SceneDef};
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::frame_time::frame_time;

/// A world and its fixed-step driver. Bodies are numbered in the order they were made
/// (a scene's in the file's order, then those from `createBody`).
#[wasm_bindgen]
pub struct World {
    world: lockstep2d::World,
    bodies: Vec<BodyId>,
    stepper: FixedStepper,
}

/// A ray's first hit, as JavaScript reads it.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct RayHit {
    /// The body's number.
    pub body: u32,
    /// Where the ray met the shape (m).
    pub x: f32,
    /// Where the ray met the shape (m).
    pub y: f32,
    /// The surface's normal there.
    pub nx: f32,
    /// The surface's normal there.
    pub ny: f32,
    /// How far along the ray, from 0 at its origin to 1 at its end.
    pub fraction: f32,
}

#[wasm_bindgen]
impl World {
    /// An empty world with this gravity (m/s²), stepped at 60 Hz.
    #[wasm_bindgen(constructor)]
    pub fn new(gravity_x: f32, gravity_y: f32) -> Result<World, JsError> {
        let def = WorldDef {
            gravity: Vec2::new(gravity_x, gravity_y),
            ..WorldDef::default()
        };
        let world = lockstep2d::World::new(&def).map_err(js_error)?;
        World::around(world, Vec::new(), 60)
    }

    /// The named scene `name` (`sceneNames()` lists them); `sleep: false` keeps every
    /// body awake.
    #[wasm_bindgen(js_name = fromScene)]
    pub fn from_scene(name: &str, sleep: Option<bool>) -> Result<World, JsError> {
        let def = lockstep2d_scenes::named(name)
            .ok_or_else(|| js_error(format!("no scene named '{name}'")))?;
        World::from_def(def, sleep)
    }

    /// The scene a scene file's text describes (the format of `docs/scene-format.md`);
    /// `sleep: false` keeps every body awake.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: &str, sleep: Option<bool>) -> Result<World, JsError> {
        let def = lockstep2d_scenes::from_json(text).map_err(js_error)?;
        World::from_def(def, sleep)
    }

    /// Makes a body of `kind` (`"dynamic"`, `"static"` or `"kinematic"`) at (`x`, `y`)
    /// turned by `angle` (rad), and returns its number.
    #[wasm_bindgen(js_name = createBody)]
    pub fn create_body(&mut self, kind: &str, x: f32, y: f32, angle: f32) -> Result<u32, JsError> {
        let at = Vec2::new(x, y);
        let def = match kind {
            "dynamic" => BodyDef::dynamic(at),
            "static" => BodyDef::static_at(at),
            "kinematic" => BodyDef::kinematic(at),
            _ => {
                return Err(js_error(format!(
                    "no body kind '{kind}': dynamic, static or kinematic"
                )));
            }
        };
        let id = self
            .world
            .create_body(&def.with_angle(angle))
            .map_err(js_error)?;
        self.bodies.push(id);
        Ok(self.bodies.len() as u32 - 1)
    }

    /// Gives body `body` a box `2 × halfWidth` by `2 × halfHeight` (m) about its origin.
    #[wasm_bindgen(js_name = addBox)]
    pub fn add_box(
        &mut self,
        body: u32,
        half_width: f32,
        half_height: f32,
        material: &Material,
    ) -> Result<(), JsError> {
        let def = ShapeDef::new_box(half_width, half_height).map_err(js_error)?;
        self.add_shape(body, def, material)
    }

    /// Gives body `body` a disc of `radius` (m) about its origin.
    #[wasm_bindgen(js_name = addCircle)]
    pub fn add_circle(
        &mut self,
        body: u32,
        radius: f32,
        material: &Material,
    ) -> Result<(), JsError> {
        self.add_shape(body, ShapeDef::circle(radius), material)
    }

    /// Gives body `body` the convex hull of `points` (x, y pairs in its frame, m).
    #[wasm_bindgen(js_name = addPolygon)]
    pub fn add_polygon(
        &mut self,
        body: u32,
        points: &[f32],
        material: &Material,
    ) -> Result<(), JsError> {
        if !points.len().is_multiple_of(2) {
            return Err(js_error("points: x, y pairs, so an even count"));
        }
        let points: Vec<Vec2> = points.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
        let polygon = Polygon::new(&points).map_err(js_error)?;
        self.add_shape(body, ShapeDef::new(Geometry::Polygon(polygon)), material)
    }

    /// One fixed step of `1 / hz`, outside the driver (which smooths nothing after it).
    pub fn step(&mut self) -> Result<(), JsError> {
        self.world.step(self.dt()).map_err(js_error)
    }

    /// `count` fixed steps.
    #[wasm_bindgen(js_name = stepMany)]
    pub fn step_many(&mut self, count: u32) -> Result<(), JsError> {
        let dt = self.dt();
        (0..count)
            .try_for_each(|_| self.world.step(dt))
            .map_err(js_error)
    }

    /// A frame of `seconds`: the whole fixed steps it is worth (the rest carried to the
    /// next frame), after which `poses` are smoothed between the last two steps.
    /// Returns the steps run.
    pub fn advance(&mut self, seconds: f64) -> Result<u32, JsError> {
        let frame = frame_time(seconds)?;
        let report = self.stepper.advance(&mut self.world, frame, |_, _| Ok(()));
        Ok(report.map_err(js_error)?.steps)
    }

    /// Every body's pose as the driver shows it (interpolated by its leftover time), as
    /// x, y, angle for each body number; NaN for a body no longer in the world.
    pub fn poses(&self) -> Vec<f32> {
        let mut out = Vec::with_capacity(3 * self.bodies.len());
        for &body in &self.bodies {
            match self.stepper.smoothed_pose(&self.world, body) {
                Ok(xf) => out.extend([xf.p.x, xf.p.y, xf.q.angle()]),
                Err(_) => out.extend([f32::NAN; 3]),
            }
        }
        out
    }

    /// The first shape the ray from (`x`, `y`) along (`dx`, `dy`) meets, if any.
    #[wasm_bindgen(js_name = castRay)]
    pub fn cast_ray(&self, x: f32, y: f32, dx: f32, dy: f32) -> Result<Option<RayHit>, JsError> {
        let any = QueryFilter::default();
        let hit = (self.world)
            .cast_ray_closest(Vec2::new(x, y), Vec2::new(dx, dy), &any)
            .map_err(js_error)?;
        Ok(hit.map(|hit| RayHit {
            body: self.number_of(hit.body),
            x: hit.point.x,
            y: hit.point.y,
            nx: hit.normal.x,
            ny: hit.normal.y,
            fraction: hit.fraction,
        }))
    }

    /// The world's whole state as bytes (versioned and checked), to store or send.
    pub fn snapshot(&self) -> Vec<u8> {
        self.world.snapshot().to_bytes()
    }

    /// Replaces the world's state with `bytes` from `snapshot` (here or on any other
    /// machine); damaged bytes are an error and change nothing. Bodies are numbered
    /// afresh, in the order the saved world holds them.
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        let snapshot = Snapshot::from_bytes(bytes).map_err(js_error)?;
        self.world.restore(&snapshot);
        self.bodies = self.world.body_ids().collect();
        Ok(())
    }

    /// The state hash, in hex: the same on every machine for the same state.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> String {
        format!("{:016x}", self.world.state_hash())
    }

    /// Bodies made so far (numbers below this may have left the world).
    #[wasm_bindgen(getter, js_name = bodyCount)]
    pub fn body_count(&self) -> u32 {
        self.bodies.len() as u32
    }

    /// Steps taken since the world was made.
    #[wasm_bindgen(getter, js_name = stepCount)]
    pub fn step_count(&self) -> f64 {
        self.world.step_count() as f64
    }

    /// Bodies awake (0 once everything sleeps).
    #[wasm_bindgen(getter, js_name = awakeBodyCount)]
    pub fn awake_body_count(&self) -> u32 {
        self.world.awake_body_count() as u32
    }

    /// Steps per second.
    #[wasm_bindgen(getter)]
    pub fn hz(&self) -> u32 {
        self.stepper.config().hz
    }
}

impl World {
    fn around(world: lockstep2d::World, bodies: Vec<BodyId>, hz: u32) -> Result<World, JsError> {
        let config = StepperConfig {
            hz,
            ..StepperConfig::default()
        };
        let stepper = FixedStepper::new(config).map_err(js_error)?;
        Ok(World {
            world,
            bodies,
            stepper,
        })
    }

    fn from_def(mut def: SceneDef, sleep: Option<bool>) -> Result<World, JsError> {
        if let Some(sleep) = sleep {
            def.sleep = sleep;
        }
        let Scene {
            world, bodies, hz, ..
        } = def.build().map_err(js_error)?;
        World::around(world, bodies, hz)
    }

    fn dt(&self) -> f32 {
        1.0 / self.stepper.config().hz as f32
    }

    fn body(&self, number: u32) -> Result<BodyId, JsError> {
        (self.bodies.get(number as usize).copied())
            .ok_or_else(|| js_error(format!("body {number}: no such body")))
    }

    /// The number of a body the world names: every body in the world has one, since
    /// only `createBody` and a restore (which numbers them afresh) add bodies.
    fn number_of(&self, body: BodyId) -> u32 {
        let at = self.bodies.iter().position(|&b| b == body);
        at.unwrap_or(self.bodies.len()) as u32
    }

    fn add_shape(&mut self, body: u32, def: ShapeDef, material: &Material) -> Result<(), JsError> {
        let body = self.body(body)?;
        let def = def
            .with_density(material.density)
            .with_friction(material.friction)
            .with_restitution(material.restitution);
        self.world.create_shape(body, &def).map_err(js_error)?;
        Ok(())
    }
}

/// What a shape is made of.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct Material {
    /// kg/m².
    pub density: f32,
    /// Coulomb's coefficient.
    pub friction: f32,
    /// The share of the approach speed a bounce keeps.
    pub restitution: f32,
}

#[wasm_bindgen]
impl Material {
    /// A material; the world checks its numbers when a shape is made of it.
    #[wasm_bindgen(constructor)]
    pub fn new(density: f32, friction: f32, restitution: f32) -> Material {
        Material {
            density,
            friction,
            restitution,
        }
    }
}
