//! The bomb: Box2D-Lite's space bar. A heavy box thrown fast into the scene from one
//! side, to knock things over. There is one bomb; launching again reuses it.

use lockstep2d::{Aabb, BodyDef, BodyId, Geometry, Polygon, ShapeDef, Vec2, World};
use lockstep2d_scenes::Pcg32;

/// Box2D-Lite's bomb: a 1 m box of 50 kg.
const HALF_SIZE: f32 = 0.5;
const DENSITY: f32 = 50.0;
/// How fast it flies at the scene (m/s), and from how far outside it.
const SPEED: f32 = 30.0;
const STANDOFF: f32 = 5.0;
/// The random angle and spin, fixed-seeded: a session's bombs repeat.
const SEED: u64 = 4;
const STREAM: u64 = 1;

/// The testbed's bomb: a heavy box (1 m, 50 kg) thrown fast into the scene from one
/// side to knock things over, as Box2D-Lite's space bar throws it. Its angle and spin
/// are drawn from a fixed seed, so a session's bombs repeat.
pub struct Bomb {
    body: Option<BodyId>,
    rng: Pcg32,
    launches: u32,
}

impl Default for Bomb {
    fn default() -> Self {
        Bomb {
            body: None,
            rng: Pcg32::new(SEED, STREAM),
            launches: 0,
        }
    }
}

impl Bomb {
    /// Throws the bomb at the middle of `scene` from beside it, alternating sides,
    /// at a random height in its upper half, angle and spin.
    pub fn launch(&mut self, world: &mut World, scene: Aabb) -> lockstep2d::Result<BodyId> {
        let middle = 0.5 * (scene.min + scene.max);
        let x = if self.launches.is_multiple_of(2) {
            scene.min.x - STANDOFF
        } else {
            scene.max.x + STANDOFF
        };
        self.launches += 1;
        let start = Vec2::new(x, self.rng.range(middle.y, scene.max.y));
        let velocity = SPEED * (middle - start).normalize_or_zero();
        let angle = self.rng.range(-1.5, 1.5);
        let spin = self.rng.range(-20.0, 20.0);
        let body = self.body(world)?;
        world.set_transform(body, start, angle)?;
        world.set_linear_velocity(body, velocity)?;
        world.set_angular_velocity(body, spin)?;
        Ok(body)
    }

    /// The bomb body, made on first use or after a restart destroyed it.
    fn body(&mut self, world: &mut World) -> lockstep2d::Result<BodyId> {
        if let Some(body) = self.body.filter(|&b| world.position(b).is_ok()) {
            return Ok(body);
        }
        let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO))?;
        let square = Geometry::Polygon(Polygon::new_box(HALF_SIZE, HALF_SIZE)?);
        world.create_shape(body, &ShapeDef::new(square).with_density(DENSITY))?;
        self.body = Some(body);
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::WorldDef;

    #[test]
    fn the_bomb_flies_from_the_side_into_the_scene_and_is_reused() {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let scene = Aabb {
            min: Vec2::new(-5.0, 0.0),
            max: Vec2::new(5.0, 10.0),
        };
        let mut bomb = Bomb::default();
        let body = bomb.launch(&mut world, scene).unwrap();
        let p = world.position(body).unwrap();
        assert!(p.x < scene.min.x, "from the left first: {p}");
        assert!(
            world.linear_velocity(body).unwrap().x > 10.0,
            "fast, inwards"
        );
        assert_eq!(world.mass(body).unwrap(), 50.0);
        let again = bomb.launch(&mut world, scene).unwrap();
        assert_eq!(again, body);
        assert_eq!(world.body_count(), 1);
        assert!(
            world.position(body).unwrap().x > scene.max.x,
            "then from the right"
        );
    }
}
