//! Characters in scene files: what they build, the trip through JSON, and errors named
//! by their path in the file.

use lockstep2d::{BodyType, CharacterSettings, Geometry, Vec2};
use lockstep2d_scenes::{CharacterJson, SceneDef, ShapeJson, from_json, named};

const SCENE: &str = r#"{
  "bodies": [
    { "type": "static", "position": [0, -0.5],
      "shapes": [ { "type": "box", "half_width": 20, "half_height": 0.5 } ] }
  ],
  "characters": [
    { "position": [-4, 0.82],
      "shape": { "type": "capsule", "center1": [0, -0.5], "center2": [0, 0.5], "radius": 0.3 } },
    { "position": [0, 0.52], "user_data": 42,
      "shape": { "type": "circle", "radius": 0.5, "friction": 0.2 },
      "settings": { "skin": 0.01, "max_climb_slope": 0.5, "min_slide_slope": 0.7,
                    "step_height": 0.1, "snap_distance": 0.2, "push_force": 50,
                    "one_way_platforms": false, "gravity_scale": 0.5 } },
    { "position": [4, 0.52], "shape": { "type": "box", "half_width": 0.3, "half_height": 0.5 },
      "settings": { "step_height": 0 } },
    { "position": [8, 0.52],
      "shape": { "type": "polygon", "vertices": [[-0.3, -0.5], [0.3, -0.5], [0, 0.5]] } }
  ]
}"#;

#[test]
fn characters_build_in_order_with_their_shapes_settings_and_user_data() {
    let def = from_json(SCENE).unwrap();
    let scene = def.build().unwrap();
    let world = &scene.world;
    assert_eq!(scene.bodies.len(), 1);
    assert_eq!(scene.characters.len(), 4);
    assert_eq!(world.body_count(), 5);
    assert_eq!(
        world.character_ids().collect::<Vec<_>>(),
        scene.characters,
        "in definition order"
    );
    let [capsule, circle, boxed, wedge] = scene.characters[..] else {
        panic!("four characters");
    };
    let positions: Vec<Vec2> = scene
        .characters
        .iter()
        .map(|&id| world.position(id).unwrap())
        .collect();
    assert_eq!(
        positions,
        [
            Vec2::new(-4.0, 0.82),
            Vec2::new(0.0, 0.52),
            Vec2::new(4.0, 0.52),
            Vec2::new(8.0, 0.52)
        ]
    );
    for id in [capsule, circle, boxed, wedge] {
        assert_eq!(world.body_type(id).unwrap(), BodyType::Kinematic);
    }
    let geometry = |id| {
        let shape = world.body_shapes(id).unwrap()[0];
        world.shape_def(shape).unwrap()
    };
    assert!(matches!(geometry(capsule).geometry, Geometry::Capsule(_)));
    assert!(matches!(geometry(circle).geometry, Geometry::Circle(_)));
    assert!(matches!(geometry(boxed).geometry, Geometry::Polygon(_)));
    assert!(matches!(geometry(wedge).geometry, Geometry::Polygon(_)));
    assert_eq!(geometry(circle).friction, 0.2);
    assert_eq!(world.body_user_data(circle).unwrap(), 42);
    assert_eq!(
        world.character_settings(capsule).unwrap(),
        CharacterSettings::default()
    );
    assert_eq!(
        world.character_settings(circle).unwrap(),
        CharacterSettings {
            skin: 0.01,
            max_climb_slope: 0.5,
            min_slide_slope: 0.7,
            step_height: 0.1,
            snap_distance: 0.2,
            push_force: 50.0,
            one_way_platforms: false,
            gravity_scale: 0.5,
        }
    );
    // A field left out of `settings` takes the engine's default.
    assert_eq!(
        world.character_settings(boxed).unwrap(),
        CharacterSettings {
            step_height: 0.0,
            ..CharacterSettings::default()
        }
    );
}

#[test]
fn characters_round_trip_through_json_and_are_left_out_when_there_are_none() {
    let def = from_json(SCENE).unwrap();
    let text = def.to_json();
    let back = from_json(&text).unwrap();
    assert_eq!(back, def);
    assert_eq!(format!("{back:?}"), format!("{def:?}"));
    // Settings are written whole, each character's.
    assert_eq!(
        text.matches("\"settings\"").count(),
        def.characters.len(),
        "{text}"
    );
    assert!(text.contains("\"one_way_platforms\": false"), "{text}");

    // Built in code: −0.0 and every field survive.
    let mut odd = CharacterJson::new([-0.0, 1.5], ShapeJson::circle(0.25));
    odd.settings = CharacterSettings {
        step_height: -0.0,
        push_force: 1.0e-3,
        ..CharacterSettings::default()
    };
    odd.user_data = u64::MAX;
    let def = SceneDef {
        characters: vec![odd],
        ..SceneDef::new("odd")
    };
    let back = from_json(&def.to_json()).unwrap();
    assert_eq!(format!("{back:?}"), format!("{def:?}"));

    let pyramid = named("pyramid").unwrap();
    assert!(pyramid.characters.is_empty());
    assert!(!pyramid.to_json().contains("characters"));
}

/// A scene with a ground and one character; `character` is spliced in as its fields.
fn one_character(character: &str) -> String {
    format!(
        r#"{{ "bodies": [ {{ "type": "static", "shapes": [ {{ "type": "box", "half_width": 5, "half_height": 0.5 }} ] }} ],
            "characters": [ {{ "position": [0, 2], "shape": {{ "type": "circle", "radius": 0.5 }} }},
                            {{ {character} }} ] }}"#
    )
}

fn parse_error(text: &str) -> String {
    from_json(text).unwrap_err().to_string()
}

fn build_error(text: &str) -> String {
    let def = from_json(text).unwrap_or_else(|e| panic!("does not even parse: {e}"));
    def.build().map(|_| ()).unwrap_err().to_string()
}

#[test]
fn a_character_shape_without_area_is_an_error_at_its_type() {
    let segment = r#""shape": { "type": "segment", "point1": [0, 0], "point2": [1, 0] }"#;
    let e = build_error(&one_character(segment));
    assert!(e.starts_with("characters[1].shape.type: "), "{e}");
    let chain = r#""shape": { "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0], [2, 1]] }"#;
    assert_eq!(
        build_error(&one_character(chain)),
        "characters[1].shape.type: a character is a circle, a capsule, a box or a polygon"
    );
    // The same from a definition made in code.
    let mut def = from_json(SCENE).unwrap();
    def.characters[0].shape = ShapeJson::segment([0.0, 0.0], [1.0, 0.0]);
    let e = def.build().map(|_| ()).unwrap_err();
    assert_eq!(e.path, "characters[0].shape.type");
}

#[test]
fn character_shape_fields_are_checked_as_a_body_shape_s_are() {
    let e = parse_error(&one_character(
        r#""shape": { "type": "capsule", "center1": [0, 0], "center2": [0, 1] }"#,
    ));
    assert!(
        e.starts_with("characters[1].shape: missing field `radius`"),
        "{e}"
    );
    let e = parse_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0.5, "half_width": 1 }"#,
    ));
    assert!(
        e.starts_with("characters[1].shape.half_width: unknown field"),
        "{e}"
    );
    let e = build_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0.5, "sensor": true }"#,
    ));
    assert!(e.starts_with("characters[1].shape: "), "{e}");
    assert!(e.contains("sensor"), "{e}");
    let e = parse_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0.5, "one_way": true }"#,
    ));
    assert!(e.starts_with("characters[1].shape.one_way: "), "{e}");
    let e = parse_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0.5, "densty": 1 }"#,
    ));
    assert!(
        e.starts_with("characters[1].shape.densty: unknown field"),
        "{e}"
    );
    let e = parse_error(&one_character(r#""position": [1, 2]"#));
    assert!(e.starts_with("characters[1]: missing field `shape`"), "{e}");
    let e = parse_error(&one_character(
        r#""shape": { "type": "circle", "radius": 1e39 }"#,
    ));
    assert!(
        e.starts_with("characters[1].shape.radius: 1e39 is out of range"),
        "{e}"
    );

    let e = build_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0 }"#,
    ));
    assert!(e.starts_with("characters[1].shape.radius: "), "{e}");
    let e = build_error(&one_character(
        r#""shape": { "type": "polygon", "vertices": [[0, 0], [1, 0], [2, 0]] }"#,
    ));
    assert!(e.starts_with("characters[1].shape.vertices: "), "{e}");
    let e = build_error(&one_character(
        r#""shape": { "type": "circle", "radius": 0.5, "friction": -1 }"#,
    ));
    assert!(e.starts_with("characters[1].shape.friction: "), "{e}");
    let e = build_error(&one_character(
        r#""position": [1e9, 0], "shape": { "type": "circle", "radius": 0.5 }"#,
    ));
    assert!(e.starts_with("characters[1].position: "), "{e}");
}

#[test]
fn character_settings_errors_name_the_setting() {
    let circle = r#""shape": { "type": "circle", "radius": 0.5 }"#;
    let with = |settings: &str| one_character(&format!(r#"{circle}, "settings": {settings}"#));
    assert_eq!(
        build_error(&with(r#"{ "skin": -0.01 }"#)),
        "characters[1].settings.skin: must be > 0"
    );
    let e = build_error(&with(r#"{ "max_climb_slope": 4 }"#));
    assert_eq!(
        e,
        "characters[1].settings.max_climb_slope: must be an angle from 0 to π"
    );
    for field in [
        "min_slide_slope",
        "step_height",
        "snap_distance",
        "push_force",
        "gravity_scale",
    ] {
        let e = build_error(&with(&format!(r#"{{ "{field}": -1 }}"#)));
        assert!(
            e.starts_with(&format!("characters[1].settings.{field}: ")),
            "{e}"
        );
    }
    let e = parse_error(&with(r#"{ "skn": 0.01 }"#));
    assert!(
        e.starts_with("characters[1].settings.skn: unknown field `skn`"),
        "{e}"
    );
    let e = parse_error(&with(r#"{ "one_way_platforms": 1 }"#));
    assert!(
        e.starts_with("characters[1].settings.one_way_platforms: invalid type"),
        "{e}"
    );
    let e = parse_error(&with(r#"{ "push_force": 1e39 }"#));
    assert!(
        e.starts_with("characters[1].settings.push_force: 1e39 is out of range"),
        "{e}"
    );
}
