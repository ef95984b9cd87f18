//! A game's walker for a character mover: the player's run and jump turned into the
//! displacement `World::move_character` asks for.
//!
//! The rule keeps no state of its own. What it needs of the past is the character's
//! last move (`CharacterReport::moved`), which the world keeps and snapshots, so a frame
//! played again after a rollback asks for exactly the same move.
//!
//! - Standing (grounded) and not jumping: the run along x, nothing up or down; the
//!   mover follows the ground (climbs, steps, snaps down).
//! - Jumping from the ground at speed v: y = v·dt + ½·g·dt², the exact rise of a
//!   parabola over one step.
//! - In the air: y = last moved.y + g·dt². Over steps of equal length, a free fall's
//!   successive moves differ by exactly g·dt² (Verlet's step), so this is exact for a
//!   parabola; and the last move already holds whatever a surface clipped from it: a
//!   ceiling stops the rise, a landing ends the fall, a steep slope turns it along the
//!   slope. Across, the run when there is one; with no run input the last move's x is
//!   kept (momentum, with no air control to stop it), walls again already clipped.
//!
//! Gravity is taken along y, as in every scene: up is +y when gravity points down.

use lockstep2d::{BodyId, CharacterReport, Vec2, World};

/// What the player asks of its character for one step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WalkInput {
    /// Running speed (m/s), positive to the right.
    pub run: f32,
    /// Jump at this upward speed (m/s), if standing; ignored in the air.
    pub jump: Option<f32>,
}

/// The displacement for the coming step of `dt` seconds, from the character's last
/// report and the world's `gravity` (see the module docs).
pub fn walk_displacement(input: WalkInput, last: &CharacterReport, gravity: Vec2, dt: f32) -> Vec2 {
    let g = gravity.y;
    let across = input.run * dt;
    match (last.grounded, input.jump) {
        (true, None) => Vec2::new(across, 0.0),
        (true, Some(speed)) => Vec2::new(across, speed * dt + 0.5 * g * dt * dt),
        (false, _) => {
            let x = if input.run != 0.0 {
                across
            } else {
                last.moved.x
            };
            Vec2::new(x, last.moved.y + g * dt * dt)
        }
    }
}

/// `walk_displacement` for `character` as `world` last left it. Fails if `character` is
/// not a character's body.
pub fn walk(
    world: &World,
    character: BodyId,
    input: WalkInput,
    dt: f32,
) -> lockstep2d::Result<Vec2> {
    let last = world.character(character)?;
    Ok(walk_displacement(input, last, world.gravity(), dt))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, Capsule, CharacterDef, Geometry, Polygon, ShapeDef, WorldDef};

    const DT: f32 = 1.0 / 60.0;

    /// A capsule character (radius 0.3, centres at y ±0.5) standing on flat ground
    /// whose top is y = 0.
    fn standing() -> (World, BodyId) {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ground = world
            .create_body(&BodyDef::static_at(Vec2::new(0.0, -1.0)))
            .unwrap();
        let slab = Polygon::new_box(20.0, 1.0).unwrap();
        world
            .create_shape(ground, &ShapeDef::new(Geometry::Polygon(slab)))
            .unwrap();
        let capsule = Geometry::Capsule(Capsule {
            center1: Vec2::new(0.0, -0.5),
            center2: Vec2::new(0.0, 0.5),
            radius: 0.3,
        });
        let id = world
            .create_character(&CharacterDef::new(Vec2::new(0.0, 0.9), capsule))
            .unwrap();
        (world, id)
    }

    fn step(world: &mut World, id: BodyId, input: WalkInput) {
        let displacement = walk(world, id, input, DT).unwrap();
        world.move_character(id, displacement).unwrap();
        world.step(DT).unwrap();
    }

    #[test]
    fn a_jump_from_flat_ground_peaks_at_the_ballistic_height() {
        let (mut world, id) = standing();
        for _ in 0..30 {
            step(&mut world, id, WalkInput::default());
        }
        assert!(world.character(id).unwrap().grounded, "settled");
        let start = world.position(id).unwrap().y;
        let speed = 6.0;
        let jump = WalkInput {
            run: 0.0,
            jump: Some(speed),
        };
        step(&mut world, id, jump);
        let mut highest = world.position(id).unwrap().y;
        for _ in 0..120 {
            step(&mut world, id, WalkInput::default());
            highest = highest.max(world.position(id).unwrap().y);
        }
        let g = -world.gravity().y;
        let expected = speed * speed / (2.0 * g);
        let height = highest - start;
        println!("jump at {speed} m/s: peak {height} m, v²/2g = {expected} m");
        assert!(
            (height - expected).abs() < 0.01 * expected,
            "peaked {height} m above the start, v²/2g = {expected}"
        );
        let report = world.character(id).unwrap();
        assert!(report.grounded, "landed");
        assert!((world.position(id).unwrap().y - start).abs() < 0.01);
    }

    #[test]
    fn in_the_air_the_last_move_carries_on_under_gravity() {
        let gravity = Vec2::new(0.0, -10.0);
        let flying = CharacterReport {
            moved: Vec2::new(0.05, 0.1),
            ..CharacterReport::default()
        };
        let coasting = walk_displacement(WalkInput::default(), &flying, gravity, DT);
        assert_eq!(coasting, Vec2::new(0.05, 0.1 - 10.0 * DT * DT));
        let steering = WalkInput {
            run: -3.0,
            jump: Some(9.0),
        };
        let steered = walk_displacement(steering, &flying, gravity, DT);
        assert_eq!(steered, Vec2::new(-3.0 * DT, 0.1 - 10.0 * DT * DT));
        let standing = CharacterReport {
            grounded: true,
            moved: Vec2::new(0.05, 0.1),
            ..CharacterReport::default()
        };
        let run = WalkInput {
            run: 4.0,
            jump: None,
        };
        assert_eq!(
            walk_displacement(run, &standing, gravity, DT),
            Vec2::new(4.0 * DT, 0.0)
        );
    }
}
