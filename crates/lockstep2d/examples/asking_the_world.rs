//! Asking the world: every query, a sensor, user data, a breakable joint and an
//! explosion, on a small scene of crates.
//!
//! ```sh
//! cargo run --release -p lockstep2d --example asking_the_world
//! ```

use lockstep2d::{
    Aabb, BodyDef, Circle, ExplosionDef, JointDef, QueryFilter, ShapeDef, Transform, Vec2, World,
    WorldDef,
};

fn main() -> lockstep2d::Result<()> {
    let mut world = World::new(&WorldDef::default())?;
    let ground = world.create_body(&BodyDef::static_at(Vec2::new(0.0, -0.5)))?;
    world.create_shape(ground, &ShapeDef::new_box(20.0, 0.5)?)?;
    // Three crates in a row, tagged with the game's own ids 100, 101, 102.
    for i in 0..3u64 {
        let at = Vec2::new(2.0 * i as f32, 0.5);
        let body = world.create_body(&BodyDef::dynamic(at).with_user_data(100 + i))?;
        world.create_shape(body, &ShapeDef::new_box(0.5, 0.5)?)?;
    }
    // A trigger zone around the first crate: a sensor on a static body.
    let zone = world.create_body(&BodyDef::static_at(Vec2::new(0.0, 1.0)))?;
    let trigger = world.create_shape(zone, &ShapeDef::new_box(1.2, 1.0)?.sensor())?;
    // A lamp on a chain link that snaps above 30 N.
    let ceiling = world.create_body(&BodyDef::static_at(Vec2::new(8.0, 6.0)))?;
    world.create_shape(ceiling, &ShapeDef::new_box(1.0, 0.1)?)?;
    let lamp = world.create_body(&BodyDef::dynamic(Vec2::new(8.0, 5.0)))?;
    world.create_shape(lamp, &ShapeDef::circle(0.3))?;
    let link = JointDef::revolute(ceiling, lamp, Vec2::new(8.0, 6.0)).breakable(30.0, f32::MAX);
    world.create_joint(&link)?;
    for _ in 0..60 {
        world.step(1.0 / 60.0)?;
    }
    let any = QueryFilter::default();

    // The first thing a ray meets: straight down onto the middle crate.
    let down = world.cast_ray_closest(Vec2::new(2.0, 5.0), Vec2::new(0.0, -10.0), &any)?;
    if let Some(hit) = down {
        let tag = world.body_user_data(hit.body)?;
        println!(
            "ray down hits crate {tag} at {:.3} (normal {:.3}, fraction {:.3})",
            hit.point, hit.normal, hit.fraction
        );
    }

    // Everything along a ray, nearest first: the visitor returns 1 to go on unclipped.
    let mut along = Vec::new();
    world.cast_ray(Vec2::new(-3.0, 0.5), Vec2::new(10.0, 0.0), &any, |hit| {
        along.push((hit.fraction, world.body_user_data(hit.body).unwrap_or(0)));
        1.0
    })?;
    along.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!("ray across meets, in order: {along:?}");

    // A ball of radius 0.25 swept to the right: where would it stop?
    let ball = Circle {
        center: Vec2::ZERO,
        radius: 0.25,
    };
    let start = Transform::new(Vec2::new(-3.0, 0.4), 0.0);
    let swept = world.cast_shape(&ball.into(), start, Vec2::new(10.0, 0.0), &any)?;
    if let Some(hit) = swept {
        let stop = start.p + hit.fraction * Vec2::new(10.0, 0.0);
        println!(
            "a ball swept right stops at x = {:.3}, touching at {:.3}",
            stop.x, hit.point
        );
    }

    // What is under a point, in a box, and touching a shape.
    for shape in world.overlap_point(Vec2::new(4.2, 0.7), &any)? {
        let tag = world.body_user_data(world.shape_body(shape)?)?;
        println!("under the cursor: crate {tag}");
    }
    let area = Aabb {
        min: Vec2::new(-1.0, 0.0),
        max: Vec2::new(2.6, 2.0),
    };
    println!(
        "in the box: {} shapes",
        world.overlap_aabb(area, &any)?.len()
    );
    let probe = ShapeDef::circle(0.6).geometry;
    let touching = world.overlap_shape(&probe, Transform::new(Vec2::new(1.0, 0.5), 0.0), &any)?;
    let count = touching.len();
    println!(
        "a 0.6 m disc between the first two crates touches {count} shapes (both, and the ground)"
    );

    // The sensor has held the first crate since the first step.
    for overlap in world.sensor_overlaps(trigger)? {
        let tag = world.body_user_data(overlap.body)?;
        println!("in the trigger zone: crate {tag}");
    }

    // A blast on the ground left of the crates: nearer ones fly off faster.
    world.explode(&ExplosionDef::new(Vec2::new(-1.5, 0.2), 1.0, 4.0, 2.0))?;
    for body in world
        .body_ids()
        .filter(|&b| world.body_user_data(b) != Ok(0))
    {
        let (tag, v) = (world.body_user_data(body)?, world.linear_velocity(body)?);
        println!("after the blast crate {tag} moves at {v:.2} m/s");
    }

    // Hanging a 50 N weight on the lamp pulls its link over 30 N: it snaps.
    world.apply_force_to_center(lamp, Vec2::new(0.0, -50.0))?;
    world.step(1.0 / 60.0)?;
    for event in world.joint_events() {
        println!(
            "the lamp's link broke at {:.1} N (removed: {})",
            event.force.length(),
            event.removed
        );
    }
    Ok(())
}
