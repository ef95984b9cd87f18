//! Every error names the offending input by its path in the file.

use lockstep2d_scenes::{SceneDef, SceneError, from_json, load_file, named};

/// The error of a file that parses but does not build.
fn build_error(text: &str) -> String {
    let def = from_json(text).unwrap_or_else(|e| panic!("does not even parse: {e}"));
    def.build().map(|_| ()).unwrap_err().to_string()
}

fn parse_error(text: &str) -> SceneError {
    from_json(text).unwrap_err()
}

/// A scene with four dynamic unit boxes; `last_shape` is spliced into body 3's box.
fn four_boxes(last_shape: &str) -> String {
    let unit = r#"{ "shapes": [ { "type": "box", "half_width": 0.5, "half_height": 0.5 } ] }"#;
    format!(
        r#"{{ "bodies": [ {unit}, {unit}, {unit},
            {{ "shapes": [ {{ "type": "box", "half_width": 0.5, "half_height": 0.5{last_shape} }} ] }} ] }}"#
    )
}

#[test]
fn zero_density_on_a_dynamic_body_names_the_shape() {
    assert_eq!(
        build_error(&four_boxes(r#", "density": 0"#)),
        "bodies[3].shapes[0].density: must be > 0 on a dynamic body (unless a sensor)"
    );
    // The same from a definition changed in code, as the command line does.
    let mut def = named("pyramid").unwrap();
    let pyramid = def.clone();
    def.bodies[3].shapes[0] = def.bodies[3].shapes[0].clone().with_density(0.0);
    let e = def.build().map(|_| ()).unwrap_err();
    assert_eq!(e.path, "bodies[3].shapes[0].density");
    // A static body needs no mass, so zero density is fine there.
    let mut def = pyramid;
    def.bodies[0].shapes[0] = def.bodies[0].shapes[0].clone().with_density(0.0);
    assert!(def.build().is_ok());
}

#[test]
fn unknown_field_names_its_path() {
    let e = parse_error(&four_boxes(r#", "densty": 2"#));
    assert_eq!(e.path, "bodies[3].shapes[0].densty");
    assert!(e.message.starts_with("unknown field `densty`"), "{e}");
    assert!(e.message.contains("(line 2, column"), "position kept: {e}");
    let e = parse_error(r#"{ "solver": { "iteration": 3 } }"#);
    assert_eq!(e.path, "solver.iteration");
    let e = parse_error(r#"{ "gravity": [0, -10], "graivty": [0, -9] }"#);
    assert_eq!(e.path, "graivty");
}

#[test]
fn missing_required_field_names_it() {
    let e =
        parse_error(r#"{ "bodies": [ { "shapes": [ { "type": "box", "half_width": 1 } ] } ] }"#);
    assert_eq!(e.path, "bodies[0].shapes[0]");
    assert!(e.message.starts_with("missing field `half_height`"), "{e}");
    let e = parse_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "capsule", "center1": [0, 0], "radius": 1 } ] } ] }"#,
    );
    assert!(e.message.starts_with("missing field `center2`"), "{e}");
    let e = parse_error(r#"{ "joints": [ { "body_a": 0, "body_b": 1 } ] }"#);
    assert_eq!(e.path, "joints[0]");
    assert!(e.message.starts_with("missing field `anchor`"), "{e}");
    let e = parse_error(r#"{ "bodies": [ { "shapes": [ { "radius": 1 } ] } ] }"#);
    assert_eq!(e.path, "bodies[0].shapes[0]");
    assert!(e.message.starts_with("missing field `type`"), "{e}");
}

#[test]
fn field_of_another_shape_type_is_rejected() {
    let e = parse_error(
        r#"{ "bodies": [ { "shapes": [
            { "type": "circle", "radius": 1 },
            { "type": "box", "half_width": 1, "half_height": 1, "radius": 0.1 } ] } ] }"#,
    );
    assert_eq!(e.path, "bodies[0].shapes[1].radius");
    assert!(e.message.starts_with("unknown field `radius`"), "{e}");
    let e = parse_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "circle", "radius": 1, "vertices": [] } ] } ] }"#,
    );
    assert_eq!(e.path, "bodies[0].shapes[0].vertices");
    let e = parse_error(r#"{ "bodies": [ { "shapes": [ { "type": "boxx", "radius": 1 } ] } ] }"#);
    assert_eq!(e.path, "bodies[0].shapes[0].type");
    assert!(e.message.contains("unknown variant `boxx`"), "{e}");
}

#[test]
fn bad_polygons_point_at_the_vertices() {
    let concave = r#"{ "bodies": [ {}, { "shapes": [ { "type": "polygon",
        "vertices": [[0, 0], [2, 0], [1, 0.5], [2, 2], [0, 2]] } ] } ] }"#;
    let e = build_error(concave);
    assert!(
        e.starts_with("bodies[1].shapes[0].vertices: not convex (vertex 2"),
        "{e}"
    );
    let line = r#"{ "bodies": [ { "shapes": [ { "type": "polygon", "vertices": [[0, 0], [1, 1], [2, 2]] } ] } ] }"#;
    assert!(build_error(line).starts_with("bodies[0].shapes[0].vertices: degenerate"));
    let nine: Vec<String> = (0..9).map(|i| format!("[{i}, {}]", i * i)).collect();
    let many = format!(
        r#"{{ "bodies": [ {{ "shapes": [ {{ "type": "polygon", "vertices": [{}] }} ] }} ] }}"#,
        nine.join(", ")
    );
    assert!(build_error(&many).starts_with("bodies[0].shapes[0].vertices: 9 vertices given"));
}

#[test]
fn other_shape_values_are_checked_by_the_engine() {
    let e = build_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "box", "half_width": -1, "half_height": 1 } ] } ] }"#,
    );
    assert_eq!(e, "bodies[0].shapes[0].half_width: must be > 0");
    let e = build_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "circle", "radius": 1, "friction": -0.5 } ] } ] }"#,
    );
    assert_eq!(e, "bodies[0].shapes[0].friction: must be >= 0");
    let e = build_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "capsule", "center1": [1, 0], "center2": [1, 0], "radius": 1 } ] } ] }"#,
    );
    assert!(
        e.starts_with("bodies[0].shapes[0].center2: must be apart"),
        "{e}"
    );
    let e = build_error(r#"{ "bodies": [ {}, { "linear_damping": -1 } ] }"#);
    assert_eq!(e, "bodies[1].linear_damping: must be >= 0");
}

#[test]
fn joint_body_index_out_of_range() {
    let e = build_error(
        r#"{ "bodies": [ {}, {} ], "joints": [ { "body_a": 0, "body_b": 1, "anchor": [0, 0] },
        { "body_a": 7, "body_b": 1, "anchor": [0, 0] } ] }"#,
    );
    assert_eq!(
        e,
        "joints[1].body_a: no body with index 7 (the scene has 2 bodies)"
    );
    let e = build_error(
        r#"{ "bodies": [ {} ], "joints": [ { "body_a": 0, "body_b": 1, "anchor": [0, 0] } ] }"#,
    );
    assert_eq!(
        e,
        "joints[0].body_b: no body with index 1 (the scene has 1 bodies)"
    );
}

#[test]
fn joint_between_a_body_and_itself() {
    let e = build_error(
        r#"{ "bodies": [ {}, {} ], "joints": [ { "body_a": 1, "body_b": 1, "anchor": [0, 0] } ] }"#,
    );
    assert!(
        e.starts_with("joints[0].body_b: is the same body as body_a"),
        "{e}"
    );
}

#[test]
fn other_joint_values_are_checked_by_the_engine() {
    let e = build_error(
        r#"{ "bodies": [ {}, {} ], "joints": [ { "body_a": 0, "body_b": 1, "anchor": [0, 0], "bias_factor": 2 } ] }"#,
    );
    assert_eq!(e, "joints[0].bias_factor: must be in [0, 1]");
    let e = build_error(
        r#"{ "bodies": [ { "type": "static" }, { "type": "static" } ],
        "joints": [ { "body_a": 0, "body_b": 1, "anchor": [0, 0] } ] }"#,
    );
    assert_eq!(
        e,
        "joints[0].body_b: a joint needs at least one dynamic body"
    );
}

#[test]
fn hz_is_a_whole_rate_the_driver_runs_at() {
    let refused = "hz: must be a whole number of steps per second in 1..=100000";
    for hz in ["0", "100001"] {
        assert_eq!(build_error(&format!(r#"{{ "hz": {hz} }}"#)), refused);
    }
    for hz in ["-60", "0.5", "60.0", "1e39"] {
        let e = parse_error(&format!(r#"{{ "hz": {hz} }}"#));
        assert_eq!(e.path, "hz", "hz {hz}");
        assert!(e.message.starts_with("invalid "), "hz {hz}: {e}");
    }
    let mut def = SceneDef::new("code");
    def.hz = lockstep2d::MAX_HZ + 1;
    assert_eq!(def.build().map(|_| ()).unwrap_err().path, "hz");
}

#[test]
fn world_settings_are_checked_by_the_engine() {
    let e = build_error(r#"{ "solver": { "iterations": 0 } }"#);
    assert_eq!(e, "solver.iterations: must be in 1..=1000");
    let mut def = SceneDef::new("code");
    def.gravity = [f32::NAN, -10.0];
    assert_eq!(
        def.build().map(|_| ()).unwrap_err().to_string(),
        "gravity: must be a finite number"
    );
}

#[test]
fn numbers_too_large_for_f32_are_rejected_where_they_are() {
    // JSON has no NaN or infinity, but 1e39 overflows an f32 and must not become inf.
    let e = parse_error(r#"{ "gravity": [0, 1e39] }"#);
    assert_eq!(e.path, "gravity[1]");
    assert!(
        e.message
            .starts_with("1e39 is out of range for a 32-bit float"),
        "{e}"
    );
    assert_eq!(parse_error(r#"{ "hz": 1e39 }"#).path, "hz");
    assert_eq!(
        parse_error(&four_boxes(r#", "density": -1e39"#)).path,
        "bodies[3].shapes[0].density"
    );
    let e = parse_error(
        r#"{ "bodies": [ { "shapes": [ { "type": "polygon", "vertices": [[0, 0], [1e39, 0], [0, 1]] } ] } ] }"#,
    );
    assert_eq!(e.path, "bodies[0].shapes[0].vertices[1][0]");
    assert_eq!(
        parse_error(r#"{ "solver": { "bias_factor": 1e300 } }"#).path,
        "solver.bias_factor"
    );
}

#[test]
fn wrong_types_and_syntax_errors() {
    let e = parse_error(r#"{ "steps": -1 }"#);
    assert_eq!(e.path, "steps");
    let e = parse_error(r#"{ "bodies": [ { "position": [1, 2, 3] } ] }"#);
    assert_eq!(e.path, "bodies[0].position");
    let e = parse_error("{ \"steps\": 10,\n  \"hz\": }");
    assert!(e.message.contains("(line 2, column"), "{e}");
    let e = parse_error(r#"{ "steps": 10 } trailing"#);
    assert!(e.path.is_empty());
    assert!(e.message.starts_with("trailing characters"), "{e}");
}

#[test]
fn unreadable_file_names_the_file() {
    let e = load_file(std::path::Path::new("no/such/scene.json")).unwrap_err();
    assert_eq!(e.path, "");
    assert!(e.message.contains("no/such/scene.json"), "{e}");
    assert_eq!(e.to_string(), e.message, "no path, no prefix");
}

#[test]
fn a_scene_is_an_object_with_named_fields_only() {
    for text in ["[]", r#"["pyramid", 60]"#, "  [ ]"] {
        assert_eq!(
            parse_error(text).to_string(),
            "a scene is a JSON object ({ ... })"
        );
    }
    let filter = r#"{ "bodies": [ { "shapes": [
        { "type": "circle", "radius": 1, "filter": { "cat": 1 } } ] } ] }"#;
    let error = parse_error(filter);
    assert_eq!(error.path, "bodies[0].shapes[0]", "{error}");
    assert!(error.message.starts_with("unknown field `cat`"), "{error}");
}

#[test]
fn a_scene_name_with_control_characters_is_refused() {
    let error = parse_error("{ \"name\": \"red\\u001b[31m\" }");
    assert_eq!(error.to_string(), "name: must not hold control characters");
}

#[cfg(unix)]
#[test]
fn an_endless_scene_file_is_refused_not_read_forever() {
    let error = load_file(std::path::Path::new("/dev/zero")).unwrap_err();
    assert!(error.to_string().contains("longer than 64 MiB"), "{error}");
}
