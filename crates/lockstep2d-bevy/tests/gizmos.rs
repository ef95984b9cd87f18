//! The world as gizmos: the engine's debug drawing in a gizmo buffer at the poses the
//! app draws bodies at, and the plugin refusing options the engine refuses.

use std::time::Duration;

use bevy_app::TaskPoolPlugin;
use bevy_app::prelude::*;
use bevy_asset::AssetPlugin;
use bevy_gizmos::GizmoPlugin;
use bevy_gizmos::config::DefaultGizmoConfigGroup;
use bevy_gizmos::gizmos::GizmoBuffer;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use lockstep2d::{BodyDef, DrawOptions, Error, ShapeDef, Transform, Vec2, World, WorldDef};
use lockstep2d_bevy::{GizmoDraw, Lockstep2dPlugin, PhysicsGizmos, PhysicsGizmosPlugin};

type Buffer = GizmoBuffer<DefaultGizmoConfigGroup, ()>;

#[test]
fn a_box_is_outlined_at_the_pose_it_is_drawn_at() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    world
        .create_shape(body, &ShapeDef::new_box(1.0, 0.5).unwrap())
        .unwrap();
    let drawn_at = Transform::new(Vec2::new(3.0, 2.0), 0.5 * std::f32::consts::PI);
    let mut buffer = Buffer::new();
    let mut draw = GizmoDraw::new(&mut buffer, 20.0).at_poses(|_| Some(drawn_at));
    world
        .debug_draw(&mut draw, &DrawOptions::default())
        .unwrap();

    // One closed strip: the four corners and the first again. A quarter turn makes the
    // 2 m × 1 m box 1 m wide and 2 m tall about (3, 2).
    let corners = &buffer.strip_positions;
    let drawn: Vec<_> = corners.iter().filter(|p| p.x.is_finite()).collect();
    assert_eq!(drawn.len(), 5, "{corners:?}");
    assert_eq!(drawn[0], drawn[4], "closed");
    for p in &drawn[..4] {
        assert!(((p.x - 3.0).abs() - 0.5).abs() < 1e-5, "{p}");
        assert!(((p.y - 2.0).abs() - 1.0).abs() < 1e-5, "{p}");
    }
}

#[test]
fn a_contact_marker_is_as_many_pixels_across_at_any_zoom() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    world
        .create_shape(ground, &ShapeDef::new_box(5.0, 0.5).unwrap())
        .unwrap();
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, 1.0)))
        .unwrap();
    world.create_shape(body, &ShapeDef::circle(0.5)).unwrap();
    world.step(1.0 / 60.0).unwrap();
    let mut options = DrawOptions::default();
    options.shapes = false;
    options.contact_points = true;
    let marker_width = |pixels_per_meter: f32| {
        let mut buffer = Buffer::new();
        let mut draw = GizmoDraw::new(&mut buffer, pixels_per_meter);
        world.debug_draw(&mut draw, &options).unwrap();
        let xs = buffer
            .strip_positions
            .iter()
            .map(|p| p.x)
            .filter(|x| x.is_finite());
        let (low, high) = xs.fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), x| {
            (if x < l { x } else { l }, if x > h { x } else { h })
        });
        (high - low) * pixels_per_meter
    };
    assert!((marker_width(10.0) - options.contact_point_size).abs() < 1e-4);
    assert!((marker_width(80.0) - options.contact_point_size).abs() < 1e-3);
}

#[test]
fn the_plugin_refuses_options_the_engine_refuses_and_draws_again_once_mended() {
    let mut app = App::new();
    let plugin = Lockstep2dPlugin::new(&WorldDef::default(), Default::default()).unwrap();
    let gizmos = (AssetPlugin::default(), GizmoPlugin, PhysicsGizmosPlugin);
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin, plugin, gizmos))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )));
    app.update();
    let error = |app: &App| app.world().resource::<PhysicsGizmos>().error().cloned();
    assert_eq!(error(&app), None);

    app.world_mut()
        .resource_mut::<PhysicsGizmos>()
        .options
        .normal_length = f32::NAN;
    app.update();
    assert!(matches!(
        error(&app),
        Some(Error::NotFinite {
            field: "normal_length"
        })
    ));

    let mut settings = app.world_mut().resource_mut::<PhysicsGizmos>();
    settings.options.normal_length = 0.5;
    settings.pixels_per_meter = 0.0;
    app.update();
    assert!(matches!(
        error(&app),
        Some(Error::InvalidValue {
            field: "pixels_per_meter",
            ..
        })
    ));

    app.world_mut()
        .resource_mut::<PhysicsGizmos>()
        .pixels_per_meter = 30.0;
    app.update();
    assert_eq!(error(&app), None);
}
