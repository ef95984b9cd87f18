//! The testbed's state without a window: the scene, the driver, the camera, the
//! switches, the mouse spring and the bomb. A front end (the desktop window, the web
//! page) feeds it frame times, actions and mouse positions; everything it shows comes
//! from `draw`. It reads no clock: the front end times the frame's steps and says so
//! (`note_step_time`), so it runs where there is none.

mod keyboard;
mod keys;
mod layers;
mod overlay;

use std::time::Duration;

use lockstep2d::{
    Aabb, BodyId, ExplosionDef, FixedStepper, Smoothing, SolverKind, StepperConfig, Vec2, World,
};
use lockstep2d_scenes::Scene;

use crate::{
    Bomb, Camera, Drag, Pixmap, Sparks, colors, draw_overlay, draw_ray_cast, draw_spring,
    draw_world_with, scene_bounds, testbed_options,
};
pub use keyboard::Keyboard;
pub use keys::{Action, Key, action_for};
pub use layers::{LAYER_NAMES, Layers};

/// Builds the scene a session shows from its source: a named scene, or (on the desktop)
/// a scene file read again at each restart.
pub type SceneLoader = fn(&str) -> Result<Scene, String>;

/// The named scene `source`, built.
pub fn named_scene(source: &str) -> Result<Scene, String> {
    let def =
        lockstep2d_scenes::named(source).ok_or_else(|| format!("no scene named '{source}'"))?;
    def.build().map_err(|e| format!("{source}: {e}"))
}

/// The physics rates Up and Down step through: 10 Hz at a 60 Hz display shows what
/// interpolation does.
const RATES: &[u32] = &[5, 10, 15, 20, 30, 60, 120, 240, 480];

/// Box2D-Lite's teaching switches. They belong to the session, not the scene, so they
/// stay as set across restarts and scene changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Switches {
    /// The soft step (Box2D v3) rather than Box2D-Lite's solver.
    pub soft: bool,
    /// Warm starting from the last step's impulses.
    pub warm_starting: bool,
    /// Clamping the accumulated impulse rather than each increment.
    pub accumulate_impulses: bool,
    /// Pushing overlapping shapes apart.
    pub position_correction: bool,
}

/// What the bomb key does: Box2D-Lite's thrown box, or an explosion at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BombMode {
    /// Box2D-Lite's box thrown in from the side.
    Throw,
    /// `World::explode` at the cursor.
    Explode,
}

/// The explosion at the cursor: full strength within 1 m, fading over 4 m more, with
/// 20 N·s per metre of width facing it (a 1 m crate of 1 kg leaves at 20 m/s).
const EXPLOSION: (f32, f32, f32) = (1.0, 4.0, 20.0);

/// The scene whose ray cast is on from the start.
const RAY_CAST_SCENE: &str = "ray_cast";

/// What the last frame did, for the overlay.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameStats {
    /// Steps the frame ran.
    pub steps: u32,
    /// Mean time of one step in the last frame that ran any (ms).
    pub step_ms: f64,
    /// The driver's leftover fraction of a step.
    pub alpha: f32,
}

/// The testbed: a scene stepped by the fixed-step driver, with the switches, the mouse
/// spring, the bomb and the character's keyboard.
pub struct Session {
    /// Builds a scene from `source`.
    loader: SceneLoader,
    /// The scene argument, or the named scene chosen with the arrow keys.
    source: String,
    /// Index into `lockstep2d_scenes::names()`, when the scene is a named one.
    index: Option<usize>,
    /// The scene's name.
    pub name: String,
    /// The world shown.
    pub world: World,
    /// The fixed-step driver.
    pub stepper: FixedStepper,
    /// World to pixels.
    pub camera: Camera,
    /// The scene's bounds when loaded: what Fit frames and the bomb aims at.
    bounds: Option<Aabb>,
    /// Box2D-Lite's teaching switches.
    pub switches: Switches,
    /// What the last frame did.
    pub stats: FrameStats,
    drag: Option<Drag>,
    bomb: Bomb,
    /// Thrown by hits, moved on the frame time; not part of the world.
    pub sparks: Sparks,
    /// What the bomb key does.
    pub bomb_mode: BombMode,
    /// Whether a ray is cast every frame from the scene's top-left corner to the cursor.
    pub ray_cast: bool,
    /// The debug layers drawn beyond shapes, joints and contacts.
    pub layers: Layers,
    /// The world point under the mouse, when the window has it.
    cursor: Option<Vec2>,
    /// The keys held for the scene's first character, which they drive when it has one.
    pub keyboard: Keyboard,
    /// Why the last switch asked for was refused, shown in the overlay.
    pub notice: Option<String>,
    /// Quit was asked for.
    pub quit: bool,
}

impl Session {
    /// The session on scene `source` (built by `loader`), drawn `width` × `height`.
    pub fn new(
        loader: SceneLoader,
        source: &str,
        width: u32,
        height: u32,
    ) -> Result<Session, String> {
        let scene = loader(source)?;
        let hz = scene.hz;
        let config = StepperConfig {
            hz,
            ..StepperConfig::default()
        };
        let mut session = Session {
            loader,
            source: source.to_string(),
            index: lockstep2d_scenes::names().iter().position(|&n| n == source),
            name: scene.name.clone(),
            bounds: None,
            world: scene.world,
            stepper: FixedStepper::new(config).map_err(|e| e.to_string())?,
            camera: Camera::new(width, height),
            switches: Switches {
                soft: true,
                warm_starting: true,
                accumulate_impulses: true,
                position_correction: true,
            },
            stats: FrameStats::default(),
            drag: None,
            bomb: Bomb::default(),
            sparks: Sparks::default(),
            bomb_mode: BombMode::Throw,
            ray_cast: source == RAY_CAST_SCENE,
            layers: Layers::default(),
            cursor: None,
            keyboard: Keyboard::default(),
            notice: None,
            quit: false,
        };
        session.frame_scene();
        session.apply_switches()?;
        Ok(session)
    }

    /// Loads `source` again. `keep_rate` keeps the physics rate chosen with Up/Down
    /// (a restart); a new scene starts at its own rate.
    fn load(&mut self, source: String, keep_rate: bool) -> Result<(), String> {
        let scene = (self.loader)(&source)?;
        let hz = if keep_rate {
            self.stepper.config().hz
        } else {
            scene.hz
        };
        // A fresh driver: the old one remembers poses of the old world's bodies.
        let config = StepperConfig {
            hz,
            smoothing: self.stepper.config().smoothing,
            ..StepperConfig::default()
        };
        self.stepper = FixedStepper::new(config).map_err(|e| e.to_string())?;
        self.world = scene.world;
        self.name = scene.name;
        self.source = source;
        self.drag = None;
        self.bomb = Bomb::default();
        self.sparks = Sparks::default();
        self.keyboard = Keyboard::default();
        self.ray_cast |= self.name == RAY_CAST_SCENE;
        self.frame_scene();
        self.apply_switches()
    }

    fn frame_scene(&mut self) {
        self.bounds = scene_bounds(&self.world);
        if let Some(bounds) = self.bounds {
            self.camera.fit(bounds);
        }
    }

    fn apply_switches(&mut self) -> Result<(), String> {
        let mut settings = *self.world.solver_settings();
        settings.kind = if self.switches.soft {
            SolverKind::Soft
        } else {
            SolverKind::Pgs
        };
        settings.warm_starting = self.switches.warm_starting;
        settings.accumulate_impulses = self.switches.accumulate_impulses;
        settings.position_correction = self.switches.position_correction;
        self.world
            .set_solver_settings(settings)
            .map_err(|e| e.to_string())
    }

    /// Does what a key asked.
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        self.notice = None;
        match action {
            Action::NextScene => self.change_scene(1)?,
            Action::PreviousScene => self.change_scene(-1)?,
            Action::Pause if self.stepper.is_paused() => self.stepper.resume(),
            Action::Pause => self.stepper.pause(),
            Action::SingleStep => self.stepper.single_step(),
            Action::Restart => self.load(self.source.clone(), true)?,
            Action::ToggleSolver => self.toggle_solver(),
            Action::ToggleWarmStarting => self.toggle(|s| &mut s.warm_starting)?,
            Action::ToggleAccumulate => self.toggle(|s| &mut s.accumulate_impulses)?,
            Action::TogglePositionCorrection => self.toggle(|s| &mut s.position_correction)?,
            Action::CycleSmoothing => self
                .stepper
                .set_smoothing(next_smoothing(self.stepper.config().smoothing)),
            Action::FasterPhysics => self.change_rate(true)?,
            Action::SlowerPhysics => self.change_rate(false)?,
            Action::Bomb => self.launch_bomb()?,
            Action::ToggleBombMode => {
                self.bomb_mode = match self.bomb_mode {
                    BombMode::Throw => BombMode::Explode,
                    BombMode::Explode => BombMode::Throw,
                }
            }
            Action::ToggleRayCast => self.ray_cast = !self.ray_cast,
            Action::Fit => self.frame_scene(),
            Action::Quit => self.quit = true,
        }
        Ok(())
    }

    /// Switches between the soft step and Box2D-Lite's solver; a scene with joints only
    /// the soft step solves stays on it, and the overlay says why.
    fn toggle_solver(&mut self) {
        self.switches.soft = !self.switches.soft;
        if let Err(e) = self.apply_switches() {
            self.notice = Some(e);
            self.switches.soft = true;
        }
    }

    fn toggle(&mut self, field: fn(&mut Switches) -> &mut bool) -> Result<(), String> {
        let switch = field(&mut self.switches);
        *switch = !*switch;
        self.apply_switches()
    }

    /// Moves `by` places through the named scenes, wrapping; from a scene file, the
    /// arrows start at the first named scene.
    fn change_scene(&mut self, by: isize) -> Result<(), String> {
        let names = lockstep2d_scenes::names();
        let next = match self.index {
            Some(i) => (i as isize + by).rem_euclid(names.len() as isize) as usize,
            None => 0,
        };
        self.load(names[next].to_string(), false)?;
        self.index = Some(next);
        Ok(())
    }

    fn change_rate(&mut self, faster: bool) -> Result<(), String> {
        let hz = self.stepper.config().hz;
        let next = if faster {
            RATES.iter().find(|&&r| r > hz)
        } else {
            RATES.iter().rev().find(|&&r| r < hz)
        };
        match next {
            Some(&rate) => self.stepper.set_hz(rate).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Throws the bomb, or sets off an explosion at the cursor (at the scene's middle
    /// when the mouse is away).
    fn launch_bomb(&mut self) -> Result<(), String> {
        let around = self.scene_box();
        let result = match self.bomb_mode {
            BombMode::Throw => self.bomb.launch(&mut self.world, around).map(|_| ()),
            BombMode::Explode => {
                let at = self.cursor.unwrap_or(0.5 * (around.min + around.max));
                let (radius, falloff, impulse) = EXPLOSION;
                let def = ExplosionDef::new(at, radius, falloff, impulse);
                self.world.explode(&def)
            }
        };
        result.map_err(|e| e.to_string())
    }

    /// The scene's bounds when loaded, or a 10 m square about the origin.
    fn scene_box(&self) -> Aabb {
        self.bounds.unwrap_or(Aabb {
            min: Vec2::splat(-5.0),
            max: Vec2::splat(5.0),
        })
    }

    /// Notes the mouse at the pixel `at`: where the ray points and the explosion goes.
    pub fn hover(&mut self, at: Vec2) {
        self.cursor = Some(self.camera.to_world(at));
    }

    /// The ray cast's ends: the scene's top-left corner, and the cursor (the scene's
    /// bottom-right corner while the mouse is away).
    pub fn ray_ends(&self) -> (Vec2, Vec2) {
        let around = self.scene_box();
        let from = Vec2::new(around.min.x, around.max.y);
        (
            from,
            self.cursor.unwrap_or(Vec2::new(around.max.x, around.min.y)),
        )
    }

    /// Grabs the body under the pixel `at`, if any.
    pub fn grab(&mut self, at: Vec2) -> Result<(), String> {
        let p = self.camera.to_world(at);
        let (world, stepper) = (&self.world, &self.stepper);
        self.drag = Drag::grab(world, &|b| stepper.smoothed_pose(world, b), p)
            .map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Moves the held body's target to the pixel `at`.
    pub fn drag_to(&mut self, at: Vec2) {
        let p = self.camera.to_world(at);
        if let Some(drag) = &mut self.drag {
            drag.set_target(p);
        }
    }

    /// Lets go of the held body.
    pub fn release(&mut self) {
        self.drag = None;
    }

    /// The scene's first character, which the keyboard drives.
    pub fn player(&self) -> Option<BodyId> {
        self.world.character_ids().next()
    }

    /// Runs the steps `frame_time` is worth, the mouse spring pulling and the keyboard
    /// driving the character before each.
    pub fn frame(&mut self, frame_time: Duration) -> Result<(), String> {
        let drag = self.drag;
        let player = self.player();
        let keyboard = &mut self.keyboard;
        let mut lost = false;
        let report = self
            .stepper
            .advance(&mut self.world, frame_time, |world, step| {
                if let Some(drag) = &drag {
                    // The body may have left the world's bounds: then let go.
                    lost |= drag.apply(world, step.dt).is_err();
                }
                if let Some(player) = player {
                    keyboard.drive(world, player)?;
                }
                Ok(())
            })
            .map_err(|e| e.to_string())?;
        self.sparks.frame(&report.events, frame_time);
        self.stats.steps = report.steps;
        self.stats.alpha = report.alpha;
        if lost || drag.is_some_and(|d| report.removed.contains(&d.body())) {
            self.drag = None;
        }
        Ok(())
    }

    /// Notes that the last frame's steps took `ms` milliseconds in all, for the overlay's
    /// time of one step.
    pub fn note_step_time(&mut self, ms: f64) {
        if self.stats.steps > 0 {
            self.stats.step_ms = ms / f64::from(self.stats.steps);
        }
    }

    /// Draws the frame: the world at the driver's smoothed poses, the mouse spring and
    /// the overlay.
    pub fn draw(&self, pixmap: &mut Pixmap) -> Result<(), String> {
        let (world, stepper) = (&self.world, &self.stepper);
        let pose = |b| stepper.smoothed_pose(world, b);
        let grabbed = self.drag.map(|d| d.body());
        let highlight = |body| (Some(body) == grabbed).then_some(colors::GRABBED);
        let mut options = testbed_options(&self.camera);
        self.layers.apply(&mut options);
        draw_world_with(pixmap, world, &self.camera, &pose, &highlight, &options)
            .map_err(|e| e.to_string())?;
        self.sparks.draw(pixmap, &self.camera);
        if let Some(drag) = &self.drag {
            let anchor = drag.anchor(pose(drag.body()).map_err(|e| e.to_string())?);
            draw_spring(pixmap, &self.camera, anchor, drag.target());
        }
        if self.ray_cast {
            let ends = self.ray_ends();
            if ends.0 != ends.1 {
                let any = lockstep2d::QueryFilter::default();
                let hits = world.cast_ray_all(ends.0, ends.1 - ends.0, &any);
                let hits = hits.map_err(|e| e.to_string())?;
                draw_ray_cast(pixmap, &self.camera, ends, &hits);
            }
        }
        draw_overlay(pixmap, &overlay::lines(self));
        Ok(())
    }
}

fn next_smoothing(smoothing: Smoothing) -> Smoothing {
    match smoothing {
        Smoothing::Interpolate => Smoothing::Extrapolate,
        Smoothing::Extrapolate => Smoothing::None,
        Smoothing::None => Smoothing::Interpolate,
    }
}

#[cfg(test)]
mod tests {
    use lockstep2d_scenes::Pad;

    use super::*;

    const FRAME: Duration = Duration::from_nanos(16_666_667);

    fn session() -> Session {
        named("pyramid", 160, 120)
    }

    fn named(source: &str, width: u32, height: u32) -> Session {
        Session::new(named_scene, source, width, height).unwrap()
    }

    #[test]
    fn switches_set_the_solver_and_outlive_a_restart() {
        let mut s = session();
        s.act(Action::ToggleWarmStarting).unwrap();
        s.act(Action::TogglePositionCorrection).unwrap();
        s.act(Action::Restart).unwrap();
        let settings = s.world.solver_settings();
        assert!(!settings.warm_starting && !settings.position_correction);
        assert!(settings.accumulate_impulses);
        s.act(Action::ToggleWarmStarting).unwrap();
        assert!(s.world.solver_settings().warm_starting);
        assert_eq!(s.world.solver_settings().kind, SolverKind::Soft);
        s.act(Action::ToggleSolver).unwrap();
        s.act(Action::Restart).unwrap();
        assert_eq!(s.world.solver_settings().kind, SolverKind::Pgs);
    }

    #[test]
    fn arrows_walk_the_named_scenes_and_wrap() {
        let names = lockstep2d_scenes::names();
        let mut s = named(names[0], 160, 120);
        s.act(Action::NextScene).unwrap();
        assert_eq!(s.name, names[1]);
        s.act(Action::PreviousScene).unwrap();
        s.act(Action::PreviousScene).unwrap();
        assert_eq!(s.name, names[names.len() - 1]);
    }

    #[test]
    fn the_physics_rate_changes_survive_a_restart_but_not_a_new_scene() {
        let mut s = session();
        s.act(Action::FasterPhysics).unwrap();
        assert_eq!(s.stepper.config().hz, 120);
        s.act(Action::SlowerPhysics).unwrap();
        s.act(Action::SlowerPhysics).unwrap();
        assert_eq!(s.stepper.config().hz, 30);
        s.act(Action::Restart).unwrap();
        assert_eq!(s.stepper.config().hz, 30);
        s.act(Action::NextScene).unwrap();
        assert_eq!(s.stepper.config().hz, 60);
    }

    #[test]
    fn pause_stops_the_steps_and_single_step_runs_one() {
        let mut s = session();
        s.act(Action::Pause).unwrap();
        s.frame(FRAME).unwrap();
        assert_eq!(s.stats.steps, 0);
        s.act(Action::SingleStep).unwrap();
        s.frame(FRAME).unwrap();
        assert_eq!(s.stats.steps, 1);
        s.act(Action::Pause).unwrap();
        s.frame(4 * FRAME).unwrap();
        assert_eq!(s.stats.steps, 4, "resumed");
    }

    /// In the `character` scene the arrows run the character and Space jumps it; the
    /// scene has no such keys anywhere else.
    #[test]
    fn the_keyboard_runs_and_jumps_the_character_scene_s_character() {
        let mut s = named("character", 160, 120);
        let player = s.player().expect("the scene has a character");
        let start = s.world.position(player).unwrap();
        for _ in 0..20 {
            s.frame(FRAME).unwrap();
        }
        assert!(s.world.character(player).unwrap().grounded(), "standing");
        s.keyboard.held = Pad::default().with(Pad::RIGHT, true);
        for _ in 0..30 {
            s.frame(FRAME).unwrap();
        }
        let ran = s.world.position(player).unwrap().x - start.x;
        assert!(
            (ran - 2.0).abs() < 0.1,
            "ran {ran} m in half a second at 4 m/s"
        );
        s.keyboard.held = Pad::default();
        let floor = s.world.position(player).unwrap().y;
        s.keyboard.press_jump();
        let mut top = floor;
        for _ in 0..60 {
            s.frame(FRAME).unwrap();
            top = top.max(s.world.position(player).unwrap().y);
        }
        // 8 m/s under 10 m/s²: 3.2 m.
        assert!((top - floor - 3.2).abs() < 0.05, "jumped {} m", top - floor);
        assert!(session().player().is_none());
    }

    #[test]
    fn the_bomb_is_one_more_body_however_often_it_is_thrown() {
        let mut s = session();
        let bodies = s.world.body_count();
        s.act(Action::Bomb).unwrap();
        s.act(Action::Bomb).unwrap();
        assert_eq!(s.world.body_count(), bodies + 1);
    }

    /// The bomb's impact throws sparks; they run on the frame time whatever the
    /// physics does: paused, the sparks still fall and die.
    #[test]
    fn the_bombs_impact_throws_sparks_that_die_on_the_frame_time() {
        let mut s = session();
        s.act(Action::Bomb).unwrap();
        let mut most = 0;
        for _ in 0..120 {
            s.frame(FRAME).unwrap();
            most = most.max(s.sparks.len());
        }
        assert!(most > 0, "the impact threw no sparks");
        s.act(Action::Pause).unwrap();
        for _ in 0..60 {
            s.frame(FRAME).unwrap();
        }
        assert!(
            s.sparks.is_empty(),
            "{} sparks outlived a second",
            s.sparks.len()
        );
    }

    #[test]
    fn the_mouse_drags_the_body_under_it() {
        let mut s = session();
        let top = *s.world.body_ids().collect::<Vec<_>>().last().unwrap();
        let start = s.world.position(top).unwrap();
        let at = s.camera.to_screen(start);
        s.grab(at).unwrap();
        s.drag_to(at - Vec2::new(40.0, 0.0)); // to the left on screen
        for _ in 0..30 {
            s.frame(FRAME).unwrap();
        }
        assert!(
            s.world.position(top).unwrap().x < start.x - 1.0,
            "the box followed"
        );
    }

    #[test]
    fn the_second_bomb_mode_explodes_at_the_cursor_pushing_bodies_away_from_it() {
        let mut s = session();
        let top = *s.world.body_ids().collect::<Vec<_>>().last().unwrap();
        let below = s.world.position(top).unwrap() - Vec2::new(0.0, 0.6);
        s.hover(s.camera.to_screen(below));
        s.act(Action::ToggleBombMode).unwrap();
        assert_eq!(s.bomb_mode, BombMode::Explode);
        let bodies = s.world.body_count();
        s.act(Action::Bomb).unwrap();
        assert_eq!(s.world.body_count(), bodies, "no bomb body is thrown");
        let v = s.world.linear_velocity(top).unwrap();
        // 20 N·s per metre on its 1 m bottom face, full strength 0.1 m away: 20 N·s on
        // Box2D-Lite's 10 kg box.
        assert!(
            (v.y - 2.0).abs() < 0.01 && v.x.abs() < 0.01,
            "blown straight up: {v}"
        );
    }

    #[test]
    fn the_ray_cast_scene_draws_its_ray_to_the_cursor_and_marks_the_closest_hit() {
        let mut s = named("ray_cast", 320, 240);
        assert!(s.ray_cast, "on from the start in this scene");
        for _ in 0..60 {
            s.frame(FRAME).unwrap();
        }
        let ground = s.world.body_ids().next().unwrap();
        let aim = s.world.position(ground).unwrap() + Vec2::new(0.3, 0.5);
        s.hover(s.camera.to_screen(aim));
        let (from, to) = s.ray_ends();
        let any = lockstep2d::QueryFilter::default();
        let hits = s.world.cast_ray_all(from, to - from, &any).unwrap();
        let closest = hits.first().expect("the ray meets something");
        let mut pixmap = Pixmap::new(320, 240).unwrap();
        s.draw(&mut pixmap).unwrap();
        let at = s.camera.to_screen(closest.point);
        let pixel = pixmap.pixel(at.x as u32, at.y as u32).unwrap();
        let marker = crate::colors::RAY_CLOSEST;
        assert_eq!(
            (pixel.red(), pixel.green(), pixel.blue()),
            (marker.0, marker.1, marker.2)
        );
        s.act(Action::ToggleRayCast).unwrap();
        assert!(!s.ray_cast);
    }
}
