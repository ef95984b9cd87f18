//! lockstep2d's side: the scene crate builds the world, so there is nothing to convert.

use lockstep2d_scenes::{Scene, SceneDef};

use lockstep2d::{Aabb, Circle, Geometry, QueryFilter, Rot, Transform, Vec2};

use crate::engine::{BenchWorld, BodyEnd, QueryBox, QueryRay};
use crate::settings::Settings;

/// A scene built in lockstep2d, by the scene crate.
pub struct LockstepWorld {
    scene: Scene,
    dt: f32,
}

impl LockstepWorld {
    /// Sleeps and solves on threads as `settings` say, like the peers.
    pub fn new(def: &SceneDef, settings: &Settings) -> Result<LockstepWorld, String> {
        let mut def = def.clone();
        def.sleep = settings.sleep;
        let mut scene = def.build().map_err(|e| e.to_string())?;
        let threads = u32::try_from(settings.threads).map_err(|e| e.to_string())?;
        scene
            .world
            .set_threads(threads)
            .map_err(|e| e.to_string())?;
        Ok(LockstepWorld {
            scene,
            dt: settings.dt,
        })
    }
}

impl LockstepWorld {
    /// How many contacts the world holds now (touching or not).
    pub fn contact_count(&self) -> usize {
        self.scene.world.contact_count()
    }

    /// How many dynamic bodies the world simulates now (awake).
    pub fn awake_body_count(&self) -> usize {
        self.scene.world.awake_body_count()
    }

    /// The world's own timings of the last step, stage by stage.
    pub fn profile(&self) -> lockstep2d::StepProfile {
        *self.scene.world.profile()
    }

    /// The world itself, for what the harness does not drive (characters in
    /// `character_move.rs`).
    pub fn world_mut(&mut self) -> &mut lockstep2d::World {
        &mut self.scene.world
    }
}

impl BenchWorld for LockstepWorld {
    fn cast_rays(&self, rays: &[QueryRay]) -> usize {
        let (world, any) = (&self.scene.world, QueryFilter::default());
        rays.iter()
            .filter(|r| {
                let (origin, translation) = (Vec2::from(r.origin), Vec2::from(r.translation));
                matches!(
                    world.cast_ray_closest(origin, translation, &any),
                    Ok(Some(_))
                )
            })
            .count()
    }

    /// `World::cast_shape`, which meets a shape the circle starts touching at fraction 0.
    fn cast_circles(&self, casts: &[QueryRay], radius: f32) -> usize {
        let (world, any) = (&self.scene.world, QueryFilter::default());
        let circle = Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius,
        });
        casts
            .iter()
            .filter(|c| {
                let start = Transform {
                    p: Vec2::from(c.origin),
                    q: Rot::IDENTITY,
                };
                let translation = Vec2::from(c.translation);
                matches!(
                    world.cast_shape(&circle, start, translation, &any),
                    Ok(Some(_))
                )
            })
            .count()
    }

    fn overlap_boxes(&self, boxes: &[QueryBox]) -> usize {
        let (world, any) = (&self.scene.world, QueryFilter::default());
        boxes
            .iter()
            .map(|b| {
                let aabb = Aabb {
                    min: Vec2::from(b.min),
                    max: Vec2::from(b.max),
                };
                world
                    .overlap_aabb(aabb, &any)
                    .map_or(0, |found| found.len())
            })
            .sum()
    }

    /// lockstep2d's box query tests each shape's geometry already.
    fn overlap_boxes_exact(&self, boxes: &[QueryBox]) -> usize {
        self.overlap_boxes(boxes)
    }

    fn step(&mut self) -> Result<(), String> {
        self.scene.world.step(self.dt).map_err(|e| e.to_string())
    }

    /// `World::snapshot` encoded: versioned, checked, everything a step reads.
    fn snapshot_bytes(&self) -> Option<Vec<u8>> {
        Some(self.scene.world.snapshot().to_bytes())
    }

    fn state_hash(&self) -> Option<u64> {
        Some(self.scene.world.state_hash())
    }

    fn bodies(&self) -> Vec<BodyEnd> {
        let world = &self.scene.world;
        self.scene
            .bodies
            .iter()
            .map(|&id| {
                // Scenes set no world bounds, so no body is ever removed and every id stays valid.
                let position = world.position(id).map(|p| p.to_array()).unwrap_or_default();
                BodyEnd {
                    position,
                    angle: world.angle(id).unwrap_or_default(),
                    velocity: world
                        .linear_velocity(id)
                        .map(|v| v.to_array())
                        .unwrap_or_default(),
                    spin: world.angular_velocity(id).unwrap_or_default(),
                }
            })
            .collect()
    }
}
