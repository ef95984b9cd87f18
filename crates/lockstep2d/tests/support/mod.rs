//! Small world builders shared by the integration tests.
#![allow(dead_code)] // each test file uses a different subset

use lockstep2d::{
    BodyDef, BodyId, Circle, Geometry, JointDef, Polygon, ShapeDef, Vec2, World, WorldDef,
};

pub const DT: f32 = 1.0 / 60.0;

/// Steps `world` for five seconds and returns `body`'s speed at the end and the largest
/// vertical speed it showed after its first half second, measured from its positions
/// (a rolling disc's reported velocity carries a small vertical part on any ground,
/// which is not a bump).
pub fn slide_for_five_seconds(world: &mut World, body: BodyId) -> (f32, f32) {
    let mut worst = 0.0f32;
    let mut last = world.position(body).unwrap();
    for step in 0..300 {
        world.step(DT).unwrap();
        let now = world.position(body).unwrap();
        if step >= 30 {
            worst = lockstep2d::minmax::max(worst, ((now.y - last.y) / DT).abs());
        }
        last = now;
    }
    (world.linear_velocity(body).unwrap().length(), worst)
}

/// A world with a static ground box whose top face is at y = 0.
pub fn world_with_ground(def: &WorldDef, friction: f32) -> World {
    let mut world = World::new(def).unwrap();
    let ground = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, -10.0)))
        .unwrap();
    let shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(50.0, 10.0).unwrap()))
        .with_friction(friction);
    world.create_shape(ground, &shape).unwrap();
    world
}

pub fn add_box(world: &mut World, position: Vec2, half: f32, density: f32) -> BodyId {
    let body = world.create_body(&BodyDef::dynamic(position)).unwrap();
    let shape = ShapeDef::new(Geometry::Polygon(Polygon::new_box(half, half).unwrap()))
        .with_density(density)
        .with_friction(0.2);
    world.create_shape(body, &shape).unwrap();
    body
}

pub fn add_ball(world: &mut World, position: Vec2, radius: f32, restitution: f32) -> BodyId {
    let body = world.create_body(&BodyDef::dynamic(position)).unwrap();
    let shape = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius,
    }))
    .with_restitution(restitution);
    world.create_shape(body, &shape).unwrap();
    body
}

pub fn run(world: &mut World, steps: usize) {
    for _ in 0..steps {
        world.step(DT).unwrap();
    }
}

/// A world mid-simulation, so "unchanged" means something: a box resting on the ground
/// and a 0.5 kg ball pinned to it, both asleep by now. The box, then the ball.
pub fn busy_world() -> (World, BodyId, BodyId) {
    let mut world = world_with_ground(&WorldDef::default(), 0.5);
    let a = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let b = add_ball(&mut world, Vec2::new(0.3, 2.0), 0.4, 0.2);
    world
        .create_joint(&JointDef::revolute(a, b, Vec2::new(0.3, 1.5)))
        .unwrap();
    run(&mut world, 30);
    (world, a, b)
}
