//! The engine's debug drawing (`World::debug_draw`) as Bevy gizmos: every frame, the
//! world's shapes at their smoothed poses, its joints and whatever else the options
//! switch on, the same picture the testbed draws.

use bevy_app::prelude::*;
use bevy_color::Color as BevyColor;
use bevy_ecs::prelude::*;
use bevy_gizmos::config::{DefaultGizmoConfigGroup, GizmoConfigGroup};
use bevy_gizmos::gizmos::{GizmoBuffer, Gizmos};
use bevy_gizmos::primitives::dim2::GizmoPrimitive2d;
use bevy_math::primitives::Capsule2d;
use bevy_math::{Isometry2d, Rot2, Vec2 as BevyVec2};
use lockstep2d::{BodyId, Color, DebugDraw, DrawOptions, Transform as Pose, Vec2};

use crate::physics::Physics;
use crate::plugin::PhysicsSystems;

/// Draws the `Physics` world with gizmos once a frame, after the bodies' `Transform`s
/// are set to their smoothed poses, as the `PhysicsGizmos` resource says. Needs
/// `Lockstep2dPlugin` and Bevy's `GizmoPlugin` (`DefaultPlugins` has it).
pub struct PhysicsGizmosPlugin;

impl Plugin for PhysicsGizmosPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PhysicsGizmos>().add_systems(
            PostUpdate,
            draw_physics_gizmos.after(PhysicsSystems::Writeback),
        );
    }
}

/// What the gizmos show. The world is drawn in its own units (metres, one per Bevy
/// unit), so a camera that frames it also frames the gizmos.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PhysicsGizmos {
    /// Whether the world is drawn at all.
    pub enabled: bool,
    /// The engine's options: which layers, lengths, the palette.
    pub options: DrawOptions,
    /// Pixels per metre of the camera, for markers a fixed number of pixels across.
    pub pixels_per_meter: f32,
    /// Why the last frame drew nothing: options the engine refused.
    error: Option<lockstep2d::Error>,
}

impl Default for PhysicsGizmos {
    /// Drawn, with the engine's default options, for a camera showing one pixel per
    /// metre (Bevy's 2D default).
    fn default() -> Self {
        PhysicsGizmos {
            enabled: true,
            options: DrawOptions::default(),
            pixels_per_meter: 1.0,
            error: None,
        }
    }
}

impl PhysicsGizmos {
    /// Why the last frame's drawing was refused (an option's length not finite or
    /// negative, a marker scale that is not a positive number), or `None` when it drew.
    pub fn error(&self) -> Option<&lockstep2d::Error> {
        self.error.as_ref()
    }
}

fn draw_physics_gizmos(
    physics: Res<Physics>,
    mut settings: ResMut<PhysicsGizmos>,
    mut gizmos: Gizmos<DefaultGizmoConfigGroup>,
) {
    if !settings.enabled {
        return;
    }
    let result = lockstep2d::checks::check_positive("pixels_per_meter", settings.pixels_per_meter)
        .and_then(|()| {
            let mut draw = GizmoDraw::new(&mut gizmos, settings.pixels_per_meter)
                .at_poses(|body| physics.smoothed_pose(body).ok());
            physics.world().debug_draw(&mut draw, &settings.options)
        });
    let error = result.err();
    // Written only when it changes, so the resource does not read as changed each frame.
    if settings.error != error {
        settings.error = error;
    }
}

/// A gizmo buffer (`Gizmos` derefs to one) taking the engine's debug drawing: outlines
/// where the engine fills, since gizmos are lines.
pub struct GizmoDraw<'g, Config: GizmoConfigGroup, Clear: 'static + Send + Sync, P> {
    buffer: &'g mut GizmoBuffer<Config, Clear>,
    pixels_per_meter: f32,
    poses: P,
}

impl<'g, Config: GizmoConfigGroup, Clear: 'static + Send + Sync>
    GizmoDraw<'g, Config, Clear, fn(BodyId) -> Option<Pose>>
{
    /// Draws into `buffer`, markers sized for `pixels_per_meter`, bodies at the last
    /// step's poses.
    pub fn new(buffer: &'g mut GizmoBuffer<Config, Clear>, pixels_per_meter: f32) -> Self {
        GizmoDraw {
            buffer,
            pixels_per_meter,
            poses: |_| None,
        }
    }
}

impl<'g, Config: GizmoConfigGroup, Clear: 'static + Send + Sync, P>
    GizmoDraw<'g, Config, Clear, P>
{
    /// Bodies drawn where `poses` says (the last step's pose where it says `None`).
    pub fn at_poses<Q: FnMut(BodyId) -> Option<Pose>>(
        self,
        poses: Q,
    ) -> GizmoDraw<'g, Config, Clear, Q> {
        GizmoDraw {
            buffer: self.buffer,
            pixels_per_meter: self.pixels_per_meter,
            poses,
        }
    }
}

fn bevy(v: Vec2) -> BevyVec2 {
    BevyVec2::new(v.x, v.y)
}

fn color(c: Color) -> BevyColor {
    BevyColor::srgb_u8(c.r, c.g, c.b)
}

impl<Config, Clear, P> DebugDraw for GizmoDraw<'_, Config, Clear, P>
where
    Config: GizmoConfigGroup,
    Clear: 'static + Send + Sync,
    P: FnMut(BodyId) -> Option<Pose>,
{
    fn solid_polygon(&mut self, vertices: &[Vec2], c: Color) {
        let closed = vertices.iter().chain(vertices.first());
        self.buffer.linestrip_2d(closed.map(|&v| bevy(v)), color(c));
    }

    fn solid_circle(&mut self, center: Vec2, radius: f32, rim: Vec2, c: Color) {
        let at = Isometry2d::from_translation(bevy(center));
        self.buffer.circle_2d(at, radius, color(c));
        self.buffer.line_2d(bevy(center), bevy(rim), color(c));
    }

    fn solid_capsule(&mut self, center1: Vec2, center2: Vec2, radius: f32, c: Color) {
        let axis = center2 - center1;
        let length = axis.length();
        let along = axis.try_normalize().unwrap_or(Vec2::Y);
        // Bevy's capsule lies along its y axis: the turn taking y to `along`.
        let turn = Rot2::from_sin_cos(-along.x, along.y);
        let at = Isometry2d::new(bevy(0.5 * (center1 + center2)), turn);
        let capsule = Capsule2d::new(radius, length);
        self.buffer.primitive_2d(&capsule, at, color(c));
    }

    fn segment(&mut self, a: Vec2, b: Vec2, c: Color) {
        self.buffer.line_2d(bevy(a), bevy(b), color(c));
    }

    fn point(&mut self, at: Vec2, size: f32, c: Color) {
        let side = size / self.pixels_per_meter;
        let at = Isometry2d::from_translation(bevy(at));
        self.buffer.rect_2d(at, BevyVec2::splat(side), color(c));
    }

    fn body_pose(&mut self, body: BodyId, step_pose: Pose) -> Pose {
        (self.poses)(body).unwrap_or(step_pose)
    }
}
