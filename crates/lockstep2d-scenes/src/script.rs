//! A scripted player for any scene: one-shot and held inputs, spawns and removals. What
//! it does on a frame depends only on the frame number and the world, so a frame played
//! again after a rollback does exactly what it did the first time — as a game's inputs
//! must for rollback netcode.

use lockstep2d::{BodyDef, BodyId, BodyType, Geometry, Polygon, ShapeDef, Vec2, World};

/// Frames between spawns; each spawned box is removed half a period later (if it is
/// still the last body).
const SPAWN_PERIOD: u64 = 40;
/// Frames between one-shot kicks.
const KICK_PERIOD: u64 = 3;
/// A held push lasts this many frames, then rests as long.
const HOLD_FRAMES: u64 = 60;

/// Plays the script on one scene.
#[derive(Clone, Copy, Debug)]
pub struct Script {
    /// Where boxes are dropped: above the scene's bodies at the start.
    spawn_at: Vec2,
}

impl Script {
    /// A script for `world` as the scene built it.
    pub fn new(world: &World) -> Script {
        let positions = world.body_ids().filter_map(|id| world.position(id).ok());
        let (mut low_x, mut high_x, mut top) = (f32::MAX, f32::MIN, f32::MIN);
        for p in positions {
            (low_x, high_x, top) = (low_x.min(p.x), high_x.max(p.x), top.max(p.y));
        }
        let spawn_at = if top == f32::MIN {
            Vec2::new(0.0, 5.0)
        } else {
            Vec2::new(0.5 * (low_x + high_x), top + 3.0)
        };
        Script { spawn_at }
    }

    /// Frame `frame`'s inputs and edits, before its step:
    /// - every third frame a one-shot upward kick to one dynamic body (a different one
    ///   each time);
    /// - for 60 frames out of every 120, a held sideways push on the first dynamic body
    ///   (a force, which the frame's end clears: see `end_frame`);
    /// - every 40 frames a box dropped from above the scene, and 20 frames later the last
    ///   dynamic body removed.
    pub fn apply(&self, frame: u64, world: &mut World) -> lockstep2d::Result<()> {
        let dynamic: Vec<BodyId> = world
            .body_ids()
            .filter(|&id| world.body_type(id) == Ok(BodyType::Dynamic))
            .collect();
        if frame.is_multiple_of(KICK_PERIOD) && !dynamic.is_empty() {
            let body = dynamic[(frame as usize).wrapping_mul(7919) % dynamic.len()];
            let side = if frame.is_multiple_of(2) { 0.5 } else { -0.5 };
            let impulse = world.mass(body)? * Vec2::new(side, 2.0);
            let at = world.center_of_mass(body)?;
            world.apply_linear_impulse(body, impulse, at)?;
        }
        if (frame / HOLD_FRAMES) % 2 == 1
            && let Some(&body) = dynamic.first()
        {
            let push = world.mass(body)? * Vec2::new(8.0, 0.0);
            world.apply_force_to_center(body, push)?;
        }
        match frame % SPAWN_PERIOD {
            0 => self.spawn(world, frame)?,
            20 => {
                if let Some(&last) = dynamic.last() {
                    world.destroy_body(last)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The end of a frame: held inputs are let go (they are applied again next frame
    /// while held).
    pub fn end_frame(&self, world: &mut World) {
        world.clear_forces();
    }

    fn spawn(&self, world: &mut World, frame: u64) -> lockstep2d::Result<()> {
        let offset = ((frame / SPAWN_PERIOD) % 5) as f32 - 2.0;
        let at = self.spawn_at + Vec2::new(offset, 0.0);
        let body = world.create_body(&BodyDef::dynamic(at).with_angle(0.1 * offset))?;
        let square = Polygon::new_box(0.25, 0.25)?;
        world.create_shape(body, &ShapeDef::new(Geometry::Polygon(square)))?;
        Ok(())
    }
}
