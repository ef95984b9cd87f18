//! A game's walker for a character mover: the player's run and jump turned into the
//! character's velocity (`World::set_character_velocity`).
//!
//! The rule keeps no state of its own. The world keeps the character's velocity (its
//! gravity bends it in the air, the surfaces stop what runs into them) and whether it
//! stands, and snapshots both, so a frame played again after a rollback sets exactly
//! the same velocity.
//!
//! - Standing (grounded): the run along x; a jump gives the upward speed.
//! - In the air: the run when there is one; with no run input the velocity across is
//!   kept (momentum, with no air control to stop it). Jumps are ignored.
//!
//! Runs are taken along x, as in every scene: up is +y when gravity points down.

use lockstep2d::{BodyId, Vec2, World};

/// What the player asks of its character for one step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WalkInput {
    /// Running speed (m/s), positive to the right.
    pub run: f32,
    /// Jump at this upward speed (m/s), if standing; ignored in the air.
    pub jump: Option<f32>,
}

/// The velocity for the coming step, from the character's `velocity` now and whether
/// it is `grounded` (see the module docs).
pub fn walk_velocity(input: WalkInput, velocity: Vec2, grounded: bool) -> Vec2 {
    let mut walked = velocity;
    if grounded || input.run != 0.0 {
        walked.x = input.run;
    }
    if let (true, Some(speed)) = (grounded, input.jump) {
        walked.y = speed;
    }
    walked
}

/// `walk_velocity` for `character` as `world` last left it. Fails if `character` is
/// not a character's body.
pub fn walk(world: &World, character: BodyId, input: WalkInput) -> lockstep2d::Result<Vec2> {
    let now = world.character(character)?;
    Ok(walk_velocity(input, now.velocity(), now.grounded()))
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
        let velocity = walk(world, id, input).unwrap();
        world.set_character_velocity(id, velocity).unwrap();
        world.step(DT).unwrap();
    }

    #[test]
    fn a_jump_from_flat_ground_peaks_at_the_ballistic_height() {
        let (mut world, id) = standing();
        for _ in 0..30 {
            step(&mut world, id, WalkInput::default());
        }
        assert!(world.character(id).unwrap().grounded(), "settled");
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
        assert!(world.character(id).unwrap().grounded(), "landed");
        assert!((world.position(id).unwrap().y - start).abs() < 0.01);
    }

    #[test]
    fn in_the_air_the_run_steers_and_none_keeps_the_momentum() {
        let flying = Vec2::new(3.0, 2.0);
        assert_eq!(walk_velocity(WalkInput::default(), flying, false), flying);
        let steering = WalkInput {
            run: -3.0,
            jump: Some(9.0),
        };
        assert_eq!(walk_velocity(steering, flying, false), Vec2::new(-3.0, 2.0));
        let run = WalkInput {
            run: 4.0,
            jump: None,
        };
        assert_eq!(walk_velocity(run, Vec2::ZERO, true), Vec2::new(4.0, 0.0));
        let jump = WalkInput {
            run: 0.0,
            jump: Some(6.0),
        };
        assert_eq!(walk_velocity(jump, flying, true), Vec2::new(0.0, 6.0));
    }
}
