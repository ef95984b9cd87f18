//! Outlines and heightfields in scenes: the `outline` scene settles in its bowl and the
//! `heightfield` scene's boulders roll on their ground, both surviving every rollback
//! and stepping alike on two threads; outlines in files build their pieces, round-trip,
//! and name a bad point by its path; heightfields in files build their cells.

use lockstep2d::{Outline, QueryFilter, Vec2};
use lockstep2d_scenes::{Script, from_json, named, sync_test};

#[test]
fn the_concave_bodies_settle_in_the_bowl_and_survive_every_rollback() {
    let mut scene = named("outline").unwrap().build().unwrap();
    let dt = scene.dt();
    let script = Script::new(&scene.world);
    let report = sync_test(&mut scene.world, 600, 7, |frame, world| {
        script.play(frame, world, dt)
    })
    .unwrap();
    assert_eq!(report.resimulated, 7 * (600 - 7), "every frame checked");
    let world = &scene.world;
    for &body in &scene.bodies[1..] {
        let at = world.position(body).unwrap();
        assert!(
            at.x.abs() < 7.0 && at.y > -0.5 && at.y < 8.0,
            "in the bowl: {at}"
        );
        assert!(
            world.body_shapes(body).unwrap().len() > 1,
            "cut into pieces"
        );
    }
    let mut two = named("outline").unwrap().build().unwrap();
    two.world.set_threads(2).unwrap();
    for frame in 0..600 {
        script.play(frame, &mut two.world, dt).unwrap();
    }
    assert_eq!(
        two.world.state_hash(),
        scene.world.state_hash(),
        "2 threads"
    );
}

#[test]
fn the_boulders_stay_on_the_heightfield_and_survive_every_rollback() {
    const FRAMES: u64 = 120;
    let mut scene = named("heightfield").unwrap().build().unwrap();
    let dt = scene.dt();
    let script = Script::new(&scene.world);
    let report = sync_test(&mut scene.world, FRAMES, 4, |frame, world| {
        script.play(frame, world, dt)
    })
    .unwrap();
    assert_eq!(report.resimulated, 4 * (FRAMES - 4), "every frame checked");
    let world = &scene.world;
    let ground = scene.bodies[0];
    let mut rolling = 0;
    for &boulder in &scene.bodies[3..] {
        let at = world.position(boulder).unwrap();
        let down = world
            .cast_ray_all(
                Vec2::new(at.x, 600.0),
                Vec2::new(0.0, -1200.0),
                &QueryFilter::default(),
            )
            .unwrap();
        let ground_hit = down
            .iter()
            .find(|hit| hit.body == ground)
            .expect("ground below");
        assert!(
            at.y > ground_hit.point.y,
            "{boulder} below the ground: {at}"
        );
        rolling += usize::from(world.linear_velocity(boulder).unwrap().x.abs() > 0.5);
    }
    assert!(
        rolling > 40,
        "only {rolling} boulders rolling down the hills"
    );
    let mut two = named("heightfield").unwrap().build().unwrap();
    two.world.set_threads(2).unwrap();
    for frame in 0..FRAMES {
        script.play(frame, &mut two.world, dt).unwrap();
    }
    assert_eq!(
        two.world.state_hash(),
        scene.world.state_hash(),
        "2 threads"
    );
}

const SCENE: &str = r#"{
  "bodies": [
    { "type": "static", "shapes": [ { "type": "box", "half_width": 10, "half_height": 0.5 } ] },
    { "type": "dynamic", "position": [0, 3],
      "shapes": [ { "type": "outline", "density": 2, "friction": 0.3,
                    "points": [[0, 0], [2, 0], [2, 2], [1.5, 2], [1.5, 0.5], [0, 0.5]] } ] }
  ]
}"#;

#[test]
fn an_outline_in_a_file_builds_its_pieces_and_round_trips() {
    let def = from_json(SCENE).unwrap();
    let scene = def.build().unwrap();
    let body = scene.bodies[1];
    let shapes = scene.world.body_shapes(body).unwrap();
    let points = [
        [0.0, 0.0],
        [2.0, 0.0],
        [2.0, 2.0],
        [1.5, 2.0],
        [1.5, 0.5],
        [0.0, 0.5],
    ];
    let outline = Outline::new(&points.map(|[x, y]| Vec2::new(x, y))).unwrap();
    assert_eq!(shapes.len(), outline.pieces().len());
    let mass = scene.world.mass(body).unwrap();
    assert!(
        (mass - 2.0 * outline.area()).abs() < 1e-4,
        "density 2: {mass} kg"
    );
    let friction = scene.world.shape_def(shapes[0]).unwrap().friction;
    assert_eq!(friction, 0.3);
    let again = from_json(&def.to_json()).unwrap();
    assert_eq!(again, def);
}

#[test]
fn a_bad_outline_in_a_file_is_named_at_its_point() {
    let points = "\"points\": [[0, 0], [2, 0], [2, 2], [1.5, 2], [1.5, 0.5], [0, 0.5]]";
    let crossing = SCENE.replace(points, "\"points\": [[0, 0], [2, 2], [2, 0], [0, 2]]");
    let e = from_json(&crossing)
        .unwrap()
        .build()
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("bodies[1].shapes[0].points["), "{e}");
    assert!(e.contains("crosses or touches"), "{e}");
    let tiny = SCENE.replace(points, "\"points\": [[0, 0], [1, 0]]");
    let e = from_json(&tiny).unwrap().build().unwrap_err().to_string();
    assert_eq!(e, "bodies[1].shapes[0].points: needs at least three points");
}

#[test]
fn a_heightfield_in_a_file_builds_its_cells_and_names_a_bad_spacing() {
    let text = r#"{ "bodies": [ { "type": "static", "shapes": [
        { "type": "heightfield", "heights": [0, 0.5, 0.25, 1], "spacing": 2,
          "origin": [-3, 1], "friction": 0.1 } ] } ] }"#;
    let def = from_json(text).unwrap();
    let scene = def.build().unwrap();
    let cells = scene.world.body_shapes(scene.bodies[0]).unwrap();
    assert_eq!(cells.len(), 3);
    assert_eq!(scene.world.shape_def(cells[0]).unwrap().friction, 0.1);
    assert_eq!(from_json(&def.to_json()).unwrap(), def);
    let tight = text.replace("\"spacing\": 2", "\"spacing\": 0.001");
    let e = from_json(&tight).unwrap().build().unwrap_err().to_string();
    assert_eq!(
        e,
        "bodies[0].shapes[0].spacing: must be more than LINEAR_SLOP"
    );
}
