//! Every joint kind in a scene file: each loads, builds and acts; a field its type does
//! not use is an error that names it.

use lockstep2d_scenes::from_json;

/// A static anchor body and one dynamic box per joint kind, each joined to the anchor.
const ALL_KINDS: &str = r#"{
  "gravity": [0, 0],
  "bodies": [
    { "type": "static" },
    { "position": [0, 0], "shapes": [ { "type": "circle", "radius": 0.5 } ] },
    { "position": [3, 0], "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] },
    { "position": [6, 0], "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] },
    { "position": [9, 0], "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] },
    { "position": [12, 0], "shapes": [ { "type": "circle", "radius": 0.5 } ] },
    { "position": [15, 0], "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] }
  ],
  "joints": [
    { "type": "revolute", "body_a": 0, "body_b": 1, "anchor": [0, 0],
      "motor": { "speed": 3, "max_force": 100 }, "limit": [-10, 10] },
    { "type": "prismatic", "body_a": 0, "body_b": 2, "anchor": [3, 0], "axis": [0, 1],
      "motor": { "speed": 1, "max_force": 100 } },
    { "type": "distance", "body_a": 0, "body_b": 3, "anchor": [6, 2], "anchor_b": [6, 0],
      "spring": { "hertz": 2, "damping_ratio": 0.5 } },
    { "type": "weld", "body_a": 0, "body_b": 4, "anchor": [9, 0],
      "angular_spring": { "hertz": 4 } },
    { "type": "wheel", "body_a": 0, "body_b": 5, "anchor": [12, 0], "axis": [0, 1],
      "motor": { "speed": -2, "max_force": 100 } },
    { "type": "motor", "body_a": 0, "body_b": 6, "linear_offset": [15, 2], "anchor": [0, 0],
      "max_force": 1000, "max_torque": 1000 }
  ]
}"#;

#[test]
fn every_joint_kind_loads_builds_and_acts() {
    let def = from_json(ALL_KINDS).unwrap();
    assert_eq!(from_json(&def.to_json()).unwrap(), def, "round trip");
    let mut scene = def.build().unwrap();
    assert_eq!(scene.joints.len(), 6);
    for _ in 0..120 {
        scene.world.step(1.0 / 60.0).unwrap();
    }
    let world = &scene.world;
    let [_, spinner, slider, _, _, wheel, driven] = scene.bodies[..] else {
        panic!("seven bodies");
    };
    assert!((world.angular_velocity(spinner).unwrap() - 3.0).abs() < 0.03);
    assert!((world.linear_velocity(slider).unwrap().y - 1.0).abs() < 0.01);
    assert!((world.angular_velocity(wheel).unwrap() + 2.0).abs() < 0.02);
    let placed = world.position(driven).unwrap();
    assert!(
        (placed.y - 2.0).abs() < 0.01,
        "motor joint drove to {placed}"
    );
}

#[test]
fn a_field_the_joint_type_does_not_use_is_an_error() {
    let text = r#"{
      "bodies": [ { "type": "static" }, { "shapes": [ { "type": "circle", "radius": 1 } ] } ],
      "joints": [ { "type": "weld", "body_a": 0, "body_b": 1, "anchor": [0, 0],
                    "motor": { "speed": 1, "max_force": 1 } } ]
    }"#;
    let err = from_json(text).unwrap().build().unwrap_err();
    assert_eq!(err.to_string(), "joints[0].motor: not used by a weld joint");
}

#[test]
fn bad_joint_options_name_their_path() {
    let text = r#"{
      "bodies": [ { "type": "static" }, { "shapes": [ { "type": "circle", "radius": 1 } ] } ],
      "joints": [ { "type": "prismatic", "body_a": 0, "body_b": 1, "anchor": [0, 0],
                    "axis": [0, 0] } ]
    }"#;
    let err = from_json(text).unwrap().build().unwrap_err();
    assert_eq!(
        err.to_string(),
        "joints[0].axis: must be a non-zero vector whose length is finite"
    );
}
