//! Box2D's pyramid in a macroquad window: drag a box with the mouse, throw the bomb with
//! the space bar. The world steps at a fixed 60 Hz through lockstep2d's `FixedStepper`,
//! whatever the display's rate, and every box is drawn at its pose interpolated between
//! the last two steps.
//!
//! ```text
//! cargo run --release -p lockstep2d-macroquad --example pyramid
//! ```

use std::time::Duration;

use lockstep2d::{
    BodyDef, BodyId, DrawOptions, FixedStepper, JointDef, JointId, JointKind, MouseJointDef,
    QueryFilter, ShapeDef, StepperConfig, Vec2, World,
};
use lockstep2d_macroquad::ScreenDraw;
use macroquad::prelude::*;

/// Pixels per metre, and where the world's origin sits on the screen (from the bottom).
const SCALE: f32 = 22.0;
const ORIGIN_ABOVE_BOTTOM: f32 = 40.0;

/// The window as the world sees it this frame: it follows the window's size.
fn screen() -> ScreenDraw<'static> {
    let origin = (screen_width() / 2.0, screen_height() - ORIGIN_ABOVE_BOTTOM);
    ScreenDraw::new(SCALE, origin)
}

/// The body under `point`, if a dynamic one is there.
fn body_at(world: &World, point: Vec2) -> Option<BodyId> {
    let shapes = world.overlap_point(point, &QueryFilter::default()).ok()?;
    let mut bodies = shapes.iter().filter_map(|&s| world.shape_body(s).ok());
    bodies.find(|&b| world.mass(b).is_ok_and(|m| m > 0.0))
}

/// A mouse joint pulling `body` towards `target`, as strong as 1,000 of its weights.
fn grab(world: &mut World, ground: BodyId, body: BodyId, target: Vec2) -> Option<JointId> {
    let weight = world.mass(body).ok()? * world.gravity().length();
    let pull = JointKind::Mouse(MouseJointDef::new(target, 1000.0 * weight));
    world.create_joint(&JointDef::new(ground, body, pull)).ok()
}

/// Box2D-Lite's bomb: a 50 kg box thrown at the pyramid from the left.
fn throw_bomb(world: &mut World) -> lockstep2d::Result<()> {
    let bomb = world.create_body(&BodyDef::dynamic(Vec2::new(-25.0, 12.0)))?;
    world.create_shape(bomb, &ShapeDef::new_box(0.5, 0.5)?.with_density(50.0))?;
    world.set_linear_velocity(bomb, Vec2::new(30.0, -6.0))?;
    world.set_angular_velocity(bomb, 5.0)
}

#[macroquad::main("lockstep2d: pyramid")]
async fn main() {
    if let Err(e) = run().await {
        eprintln!("pyramid: {e}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let scene = lockstep2d_scenes::named("pyramid").ok_or("no pyramid scene")?;
    let mut world = scene.build()?.world;
    let ground = world.body_ids().next().ok_or("the pyramid has no ground")?;
    let mut stepper = FixedStepper::new(StepperConfig::default())?; // 60 Hz, interpolated
    let mut dragging: Option<JointId> = None;
    loop {
        let mouse = screen().to_world(mouse_position());
        if is_mouse_button_pressed(MouseButton::Left) {
            dragging = body_at(&world, mouse).and_then(|b| grab(&mut world, ground, b, mouse));
        }
        if is_mouse_button_released(MouseButton::Left)
            && let Some(joint) = dragging.take()
        {
            world.destroy_joint(joint)?;
        }
        if is_key_pressed(KeyCode::Space) {
            throw_bomb(&mut world)?;
        }
        // One-shot and per-frame inputs are applied above; the steps run here, as many
        // as the frame's time is worth.
        let frame = Duration::from_secs_f32(get_frame_time());
        stepper.advance(&mut world, frame, |world, _step| match dragging {
            Some(joint) => world.set_mouse_target(joint, mouse),
            None => Ok(()),
        })?;

        clear_background(Color::from_rgba(24, 26, 33, 255));
        // The engine's debug drawing, as the testbed draws it: bodies by type (asleep
        // dimmed) at their smoothed poses, joints, contact points and normals.
        let pose = |body| stepper.smoothed_pose(&world, body);
        let mut options = DrawOptions::default().scaled_for(SCALE);
        options.contact_points = true;
        options.contact_normals = true;
        world.debug_draw(&mut screen().with_poses(&pose), &options)?;
        let steps = world.step_count();
        draw_text(
            format!("step {steps}   drag: mouse   bomb: space"),
            10.0,
            24.0,
            24.0,
            WHITE,
        );
        next_frame().await;
    }
}
