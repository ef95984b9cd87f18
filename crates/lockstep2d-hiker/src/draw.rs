//! The picture: the world through the testbed's renderer, the camera following the
//! hiker between the border and the view's right edge, and the game's panel (health,
//! the items carried, the height climbed).

use lockstep2d::{BodyId, Vec2, World};
use lockstep2d_testbed::colors::{self, Rgb};
use lockstep2d_testbed::{Camera, Pixmap, WorldStyle, draw_overlay, draw_world_styled};

use crate::game_loop::GameLoop;
use crate::items::ItemKind;
use crate::tag::Tag;

/// How far above the hiker the middle of the picture is (m).
const LOOK_UP: f32 = 2.0;

/// Draws the game as it is this frame: bodies at the driver's smoothed poses in the
/// colours of their roles (sensors and contacts left out), the panel top left.
pub fn draw(pixmap: &mut Pixmap, game_loop: &GameLoop) -> lockstep2d::Result<()> {
    let game = &game_loop.game;
    let world = &game.world;
    let stepper = &game_loop.stepper;
    let hiker = stepper.smoothed_pose(world, game.state.hiker)?.p;
    let view = game.rules.view_width;
    // The border moves in steps; the smoothed hiker keeps the camera smooth, and the
    // border holds it back when the hiker turns round.
    let left = (hiker.x - game.rules.border_behind).max(game.state.border - 1.0);
    let mut camera = Camera::new(pixmap.width(), pixmap.height());
    camera.pixels_per_meter = pixmap.width() as f32 / view;
    camera.center = Vec2::new(left + 0.5 * view, hiker.y + LOOK_UP);
    let pose = |body| stepper.smoothed_pose(world, body);
    let color = |body| color_of(world, body);
    let style = WorldStyle {
        body_color: &color,
        sensors: false,
        contacts: false,
    };
    draw_world_styled(pixmap, world, &camera, &pose, &style)?;
    draw_overlay(pixmap, &panel(game_loop));
    Ok(())
}

/// Each role's colour; the mountain keeps the testbed's colour for static ground.
fn color_of(world: &World, body: BodyId) -> Option<Rgb> {
    Some(match Tag::of(world, body)? {
        Tag::Chunk(_) => return None,
        Tag::Rock | Tag::Thrown => Rgb(170, 150, 130),
        Tag::Item(ItemKind::Apple) => Rgb(235, 80, 80),
        Tag::Item(ItemKind::Boots) => Rgb(90, 160, 255),
        Tag::Item(ItemKind::Stone) => Rgb(200, 200, 200),
        Tag::Hiker => colors::GRABBED,
        Tag::Monster => Rgb(200, 80, 220),
    })
}

/// The panel's lines.
fn panel(game_loop: &GameLoop) -> Vec<String> {
    let game = &game_loop.game;
    let hiker = &game.state.hiker_state;
    let items: Vec<String> = hiker
        .inventory
        .iter()
        .enumerate()
        .map(|(i, kind)| match i == hiker.selected {
            true => format!("[{}]", kind.name()),
            false => kind.name().to_string(),
        })
        .collect();
    let hurt = match hiker.last_hurt {
        Some((step, damage)) if game.state.step - step < u64::from(game.rules.hz) => {
            format!("  hit -{damage:.0}")
        }
        _ => String::new(),
    };
    vec![
        format!("health {:.0}  falls {}{hurt}", hiker.health, hiker.falls),
        format!("items: {}", items.join(" ")),
        format!(
            "climbed {:.0} m  t = {:.1} s",
            game.height_climbed(),
            game.state.step as f64 / f64::from(game.rules.hz)
        ),
    ]
}
