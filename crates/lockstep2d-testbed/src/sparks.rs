//! Sparks where bodies hit each other: the testbed's particle effect.
//!
//! Each hit event throws a handful of particles, more for a harder hit. They live on
//! the frame time and are drawn where they are, not smoothed: nothing in the world
//! reads them, so they need neither the fixed step nor interpolation (see the SDL 2 game-loop article), and
//! they are not in the world's state, its snapshots or its hash.

use std::time::Duration;

use lockstep2d::{ContactEvents, Vec2};
use lockstep2d_integrate::particles::{Emitter, EmitterDef, Particles};
use tiny_skia::Pixmap;

use crate::camera::Camera;
use crate::colors;
use crate::raster::Raster;

/// Sparks per m/s of approach speed, and the most one hit throws.
const SPARKS_PER_SPEED: f32 = 1.5;
const MOST_PER_HIT: f32 = 16.0;
/// The most alive at once: a landslide of hits cannot slow the frame.
const CAPACITY: usize = 4000;
/// Seconds a spark lives.
const LIFETIME: f32 = 0.6;
/// Launch speeds, as fractions of the hit's approach speed.
const SPEED_RANGE: (f32, f32) = (0.3, 0.9);
/// Air drag (1/s): sparks slow down quickly, as embers do.
const DRAG: f32 = 3.0;
/// A spark's radius in pixels when new; it shrinks to nothing as it dies.
const RADIUS: f32 = 2.0;

/// The live sparks.
#[derive(Clone, Debug)]
pub struct Sparks {
    particles: Particles,
    /// Seeds each hit's emitter differently, so bursts do not all look the same.
    bursts: u32,
}

impl Default for Sparks {
    fn default() -> Sparks {
        let particles = Particles::new(Vec2::new(0.0, -10.0), DRAG, CAPACITY)
            .expect("the sparks' constants are valid");
        Sparks {
            particles,
            bursts: 0,
        }
    }
}

impl Sparks {
    /// Throws sparks at the frame's hits, then moves every spark by the frame's time.
    pub fn frame(&mut self, events: &ContactEvents, frame_time: Duration) {
        for hit in &events.hit {
            self.burst(hit.point, hit.approach_speed);
        }
        self.particles.update(frame_time.as_secs_f32());
    }

    fn burst(&mut self, point: Vec2, speed: f32) {
        let count = (speed * SPARKS_PER_SPEED).min(MOST_PER_HIT) as usize;
        let def = EmitterDef::burst(
            point,
            SPEED_RANGE.0 * speed,
            SPEED_RANGE.1 * speed,
            LIFETIME,
        );
        self.bursts = self.bursts.wrapping_add(1);
        // A hit's point and speed come from the world and are finite; were one not,
        // the emitter would refuse it and the hit would throw nothing.
        if let Ok(mut emitter) = Emitter::new(&def, self.bursts) {
            emitter.burst(count, &mut self.particles);
        }
    }

    /// How many sparks are alive.
    pub fn len(&self) -> usize {
        self.particles.len()
    }

    /// True when no spark is alive.
    pub fn is_empty(&self) -> bool {
        self.particles.is_empty()
    }

    /// Draws each spark as a dot that shrinks as it ages.
    pub fn draw(&self, pixmap: &mut Pixmap, camera: &Camera) {
        let mut raster = Raster::new(pixmap);
        for spark in self.particles.iter() {
            let radius = RADIUS * (1.0 - spark.life_fraction());
            raster.dot(camera.to_screen(spark.position), radius, colors::SPARK);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{BodyDef, Circle, ContactHit, Geometry, ShapeDef, World, WorldDef};

    fn hit_at(point: Vec2, approach_speed: f32) -> ContactEvents {
        // Sparks read only the point and the speed, but a hit names real shapes.
        let mut world = World::new(&WorldDef::default()).unwrap();
        let body = world.create_body(&BodyDef::default()).unwrap();
        let ball = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        });
        let shape = world.create_shape(body, &ShapeDef::new(ball)).unwrap();
        ContactEvents {
            hit: vec![ContactHit {
                shape_a: shape,
                shape_b: shape,
                body_a: body,
                body_b: body,
                point,
                normal: Vec2::Y,
                approach_speed,
            }],
            ..ContactEvents::default()
        }
    }

    const FRAME: Duration = Duration::from_nanos(16_666_667);

    /// A 6 m/s hit throws nine sparks, drawn around the hit, gone within a second.
    #[test]
    fn a_hit_throws_sparks_that_fade_away() {
        let mut sparks = Sparks::default();
        sparks.frame(&hit_at(Vec2::new(1.0, 2.0), 6.0), FRAME);
        assert_eq!(sparks.len(), 9);
        let mut camera = Camera::new(100, 100);
        camera.fit(lockstep2d::Aabb {
            min: Vec2::new(-4.0, -3.0),
            max: Vec2::new(6.0, 7.0),
        });
        let mut pixmap = crate::filled_pixmap(100, 100, colors::BACKGROUND.color());
        sparks.draw(&mut pixmap, &camera);
        let centre = camera.to_screen(Vec2::new(1.0, 2.0));
        let lit: Vec<(f32, f32)> = (pixmap.pixels().iter().enumerate())
            .filter(|(_, p)| p.red() > 200 && p.green() > 120)
            .map(|(i, _)| ((i % 100) as f32, (i / 100) as f32))
            .collect();
        assert!(!lit.is_empty(), "no spark drawn");
        assert!(
            lit.iter()
                .all(|&(x, y)| (Vec2::new(x, y) - centre).length() < 8.0)
        );
        for _ in 0..60 {
            sparks.frame(&ContactEvents::default(), FRAME);
        }
        assert!(sparks.is_empty());
    }
}
