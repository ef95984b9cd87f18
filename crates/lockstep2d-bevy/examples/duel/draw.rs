//! The picture: the physics world drawn by the testbed's renderer at the interpolated
//! poses, the players' boxes and the furnace in colours of their own, and the text
//! overlay on top.

use bevy_ecs::prelude::*;
use lockstep2d::{Aabb, BodyId};
use lockstep2d_bevy::{Physics, PhysicsBody};
use lockstep2d_testbed::colors::{self, Rgb};
use lockstep2d_testbed::{Camera, Pixmap, WorldStyle, draw_overlay, draw_world_styled, to_0rgb};

use crate::game::{Furnace, Player};

/// The players' colours, by handle.
const PLAYER_COLORS: [Rgb; 2] = [colors::GRABBED, colors::KINEMATIC];
const FURNACE_COLOR: Rgb = colors::SPARK;
/// Room left above the arena for the overlay's text, as a fraction of its height.
const OVERLAY_ROOM: f32 = 0.4;

/// A window's picture: what it shows of the world, and its pixels as the window takes
/// them.
pub struct Picture {
    pixmap: Pixmap,
    camera: Camera,
    /// The whole arena, once it is built: what the camera frames.
    arena: Option<Aabb>,
    buffer: Vec<u32>,
}

impl Picture {
    /// A blank `width` × `height` picture.
    pub fn new(width: usize, height: usize) -> Result<Picture, String> {
        let (width, height) = pixel_size(width, height)?;
        Ok(Picture {
            pixmap: new_pixmap(width, height)?,
            camera: Camera::new(width, height),
            arena: None,
            buffer: Vec::new(),
        })
    }

    /// Follows the window's size: a resized window gets a picture its size, framing
    /// the arena again.
    pub fn resize(&mut self, (width, height): (usize, usize)) -> Result<(), String> {
        let (width, height) = pixel_size(width.max(1), height.max(1))?;
        if (width, height) != (self.pixmap.width(), self.pixmap.height()) {
            self.pixmap = new_pixmap(width, height)?;
            self.camera = Camera::new(width, height);
            if let Some(arena) = self.arena {
                self.camera.fit(arena);
            }
        }
        Ok(())
    }

    /// Draws the world with every body at `Physics::smoothed_pose`, the `marked`
    /// bodies in their colours, and `lines` of text on top.
    pub fn draw(
        &mut self,
        physics: &Physics,
        marked: &[(BodyId, Rgb)],
        lines: &[String],
    ) -> Result<(), String> {
        if self.arena.is_none() {
            self.arena = arena_bounds(physics.world());
            if let Some(arena) = self.arena {
                self.camera.fit(arena);
            }
        }
        let color = |body| marked.iter().find(|(b, _)| *b == body).map(|&(_, c)| c);
        let style = WorldStyle {
            body_color: &color,
            sensors: true,
            contacts: false,
        };
        let pose = |body| physics.smoothed_pose(body);
        draw_world_styled(
            &mut self.pixmap,
            physics.world(),
            &self.camera,
            &pose,
            &style,
        )
        .map_err(|e| format!("drawing the world: {e}"))?;
        draw_overlay(&mut self.pixmap, lines);
        to_0rgb(&self.pixmap, &mut self.buffer);
        Ok(())
    }

    /// The last picture drawn, one `0RGB` word a pixel, with its width and height.
    pub fn pixels(&self) -> (&[u32], usize, usize) {
        let (width, height) = (self.pixmap.width(), self.pixmap.height());
        (&self.buffer, width as usize, height as usize)
    }
}

/// The bodies drawn in colours of their own: each player's box, and the furnace.
pub fn marked_bodies(world: &mut World) -> Vec<(BodyId, Rgb)> {
    let mut players = world.query::<(&Player, &PhysicsBody)>();
    let mut marked: Vec<(BodyId, Rgb)> = players
        .iter(world)
        .map(|(player, body)| (body.0, PLAYER_COLORS[player.0 % PLAYER_COLORS.len()]))
        .collect();
    let mut furnace = world.query_filtered::<&PhysicsBody, With<Furnace>>();
    marked.extend(furnace.iter(world).map(|body| (body.0, FURNACE_COLOR)));
    marked
}

/// What the camera frames: the box around every shape in the world, walls and ground
/// included, with room above it for the overlay. The arena does not move, so the
/// camera frames it once.
fn arena_bounds(world: &lockstep2d::World) -> Option<Aabb> {
    let arena = world
        .body_ids()
        .flat_map(|body| world.body_shapes(body).unwrap_or_default())
        .filter_map(|shape| world.shape_aabb(shape).ok())
        .reduce(|a, b| a.union(&b))?;
    let room = OVERLAY_ROOM * (arena.max.y - arena.min.y);
    Some(Aabb {
        min: arena.min,
        max: arena.max + lockstep2d::Vec2::new(0.0, room),
    })
}

fn pixel_size(width: usize, height: usize) -> Result<(u32, u32), String> {
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(width), Ok(height)) => Ok((width, height)),
        _ => Err(format!(
            "a window of {width} × {height} pixels is too large"
        )),
    }
}

fn new_pixmap(width: u32, height: u32) -> Result<Pixmap, String> {
    Pixmap::new(width, height).ok_or_else(|| format!("cannot draw {width} × {height} pixels"))
}
