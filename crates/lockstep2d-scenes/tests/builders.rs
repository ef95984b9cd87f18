//! Scenes written in code with the builder helpers, as users and other scenes do.

use lockstep2d_scenes::{BodyJson, JointJson, SceneDef, ShapeJson, from_json};

#[test]
fn a_scene_made_in_code_builds_and_round_trips() {
    let mut def = SceneDef::new("made_in_code");
    def.hz = 120;
    def.bodies = vec![
        BodyJson::static_at([0.0, -1.0]).with_shape(ShapeJson::new_box(10.0, 1.0)),
        BodyJson::dynamic([0.0, 2.0])
            .with_angle(0.5)
            .with_shape(ShapeJson::circle(0.5).with_restitution(0.5))
            .with_shape(ShapeJson::polygon(vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
            .with_shape(ShapeJson::capsule([-0.5, 0.0], [0.5, 0.0], 0.25).with_density(2.0)),
    ];
    def.joints = vec![JointJson::revolute(0, 1, [0.0, 2.0]).with_spring(0.01, 0.1)];
    assert_eq!(from_json(&def.to_json()).unwrap(), def);

    let mut scene = def.build().unwrap();
    let body = scene.bodies[1];
    // Disc π·0.25 + triangle 0.5 + capsule 2·(1·0.5 + π·0.0625).
    let mass = std::f32::consts::PI * 0.25 + 0.5 + 2.0 * (0.5 + std::f32::consts::PI * 0.0625);
    assert!((scene.world.mass(body).unwrap() - mass).abs() < 1e-4);
    assert_eq!(scene.world.angle(body).unwrap(), 0.5);
    assert_eq!(scene.hz, 120);
    scene.world.step(scene.dt()).unwrap();
}
