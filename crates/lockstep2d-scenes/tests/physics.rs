//! The physics the named scenes must show (Box2D-Lite's demos; the large pyramid's drift is
//! in `robustness.rs`).

use lockstep2d::{BodyId, Vec2, World};
use lockstep2d_scenes::{Scene, SceneDef, named};

fn build(name: &str, edit: impl FnOnce(&mut SceneDef)) -> Scene {
    let mut def = named(name).unwrap_or_else(|| panic!("no scene {name}"));
    edit(&mut def);
    def.build().unwrap()
}

fn step(scene: &mut Scene, steps: u32) {
    let dt = scene.dt();
    for _ in 0..steps {
        scene.world.step(dt).unwrap();
    }
}

fn positions(world: &World, bodies: &[BodyId]) -> Vec<Vec2> {
    bodies.iter().map(|&b| world.position(b).unwrap()).collect()
}

/// The largest distance any dynamic body of `pyramid` moves between t = 3 s and 10 s.
fn pyramid_drift(warm_starting: bool) -> f32 {
    let mut scene = build("pyramid", |d| d.solver.warm_starting = warm_starting);
    step(&mut scene, 180);
    let at_3s = positions(&scene.world, &scene.bodies);
    step(&mut scene, 420);
    let at_10s = positions(&scene.world, &scene.bodies);
    at_3s
        .iter()
        .zip(&at_10s)
        .map(|(a, b)| a.distance(*b))
        .fold(0.0, f32::max)
}

#[test]
fn pyramid_stands_with_warm_starting() {
    let drift = pyramid_drift(true);
    assert!(
        drift < 0.05,
        "a box moved {drift} m between t = 3 s and 10 s"
    );
}

/// Seed 004: without warm starting the pyramid does not hold.
#[test]
fn pyramid_falls_without_warm_starting() {
    let drift = pyramid_drift(false);
    assert!(
        drift > 0.5,
        "the pyramid held without warm starting (drift {drift} m)"
    );
}

#[test]
fn varying_friction_orders_the_boxes() {
    let mut scene = build("varying_friction", |_| {});
    // The five sliding boxes are the last five bodies, from friction 0.75 down to 0.
    let boxes: Vec<BodyId> = scene.bodies[scene.bodies.len() - 5..].to_vec();
    let mut travelled = [0.0f32; 5];
    let mut last = positions(&scene.world, &boxes);
    for _ in 0..600 {
        step(&mut scene, 1);
        let now = positions(&scene.world, &boxes);
        for i in 0..5 {
            travelled[i] += last[i].distance(now[i]);
        }
        last = now;
    }
    for i in 1..5 {
        assert!(
            travelled[i] > travelled[i - 1] + 0.1,
            "box {i} (less friction) travelled {} m, box {} travelled {} m: {travelled:?}",
            travelled[i],
            i - 1,
            travelled[i - 1]
        );
    }
}
