//! The scene-file fields a game needs: sensors, user data, body options and breakable
//! joints reach the world, and a written scene reads back the same.

use lockstep2d::{BodyType, Vec2};
use lockstep2d_scenes::from_json;

const SCENE: &str = r#"{
  "bodies": [
    { "type": "static", "position": [0, -0.5], "user_data": 1,
      "shapes": [ { "type": "box", "half_width": 10, "half_height": 0.5 } ] },
    { "type": "static", "position": [3, 1],
      "shapes": [ { "type": "box", "half_width": 1, "half_height": 1, "sensor": true, "user_data": 7 } ] },
    { "type": "kinematic", "position": [-3, 5], "fixed_rotation": true, "bullet": true, "user_data": 2,
      "shapes": [ { "type": "circle", "radius": 0.5 } ] },
    { "position": [-3, 3.5], "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] }
  ],
  "joints": [
    { "type": "revolute", "body_a": 2, "body_b": 3, "anchor": [-3, 4],
      "force_threshold": 5, "torque_threshold": 1000, "breaks": true, "user_data": 9 }
  ]
}"#;

#[test]
fn game_fields_reach_the_world_and_a_weak_joint_breaks() {
    let def = from_json(SCENE).unwrap();
    assert_eq!(
        from_json(&def.to_json()).unwrap(),
        def,
        "written and read back"
    );
    let mut scene = def.build().unwrap();
    let world = &scene.world;
    let [ground, post, rover, crate_] = scene.bodies[..] else {
        panic!("four bodies");
    };
    assert_eq!(world.body_user_data(ground).unwrap(), 1);
    let gate = world.body_shapes(post).unwrap()[0];
    assert!(world.shape_def(gate).unwrap().is_sensor);
    assert_eq!(world.shape_user_data(gate).unwrap(), 7);
    assert_eq!(world.body_type(rover).unwrap(), BodyType::Kinematic);
    assert!(world.is_fixed_rotation(rover).unwrap() && world.is_bullet(rover).unwrap());
    assert_eq!(world.joint_user_data(scene.joints[0]).unwrap(), 9);
    // The 1 kg crate hangs from the still rover by a pin that gives way above 5 N.
    scene.world.step(1.0 / 60.0).unwrap();
    let broke = scene.world.joint_events();
    assert_eq!(broke.len(), 1, "10 N of weight on a 5 N pin");
    assert!(broke[0].removed && broke[0].user_data == 9);
    assert_eq!(scene.world.position(rover).unwrap(), Vec2::new(-3.0, 5.0));
    for _ in 0..30 {
        scene.world.step(1.0 / 60.0).unwrap();
    }
    let y = scene.world.position(crate_).unwrap().y;
    assert!(y < 2.5, "the crate fell free: at {y}");
}
