//! Segments, chains and the surface fields in scene files: what they read as, what they
//! build, the errors that name them, and the trip through JSON.

use lockstep2d::{Geometry, SolidSide, SurfaceMaterial, Vec2};
use lockstep2d_scenes::{BodyJson, SceneDef, ShapeJson, from_json};

/// A scene with one static body holding `shapes` (JSON text, comma-separated).
fn ground_with(shapes: &str) -> String {
    format!(r#"{{ "bodies": [ {{ "type": "static", "shapes": [ {shapes} ] }} ] }}"#)
}

fn parse_error(text: &str) -> String {
    from_json(text).map(|_| ()).unwrap_err().to_string()
}

fn build_error(text: &str) -> String {
    let def = from_json(text).unwrap_or_else(|e| panic!("does not even parse: {e}"));
    def.build().map(|_| ()).unwrap_err().to_string()
}

#[test]
fn segments_and_chains_read_as_their_geometry() {
    let def = from_json(&ground_with(
        r#"{ "type": "segment", "point1": [2, 3], "point2": [-2, 3], "one_way": true },
           { "type": "chain", "solid": "right_of_points", "points": [[4, 0], [0, 1], [-4, 0]] },
           { "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0], [1, 1], [0, 1]], "loop": true }"#,
    ))
    .unwrap();
    let shapes = &def.bodies[0].shapes;
    assert_eq!(
        shapes[0],
        ShapeJson::segment([2.0, 3.0], [-2.0, 3.0]).one_way()
    );
    let ShapeJson::Chain {
        points, is_loop, ..
    } = &shapes[1]
    else {
        panic!("a chain");
    };
    assert_eq!(
        (points.len(), *is_loop),
        (3, false),
        "open when `loop` is absent"
    );
    assert!(matches!(shapes[2], ShapeJson::Chain { is_loop: true, .. }));
}

#[test]
fn a_chain_builds_a_link_per_pair_of_points_with_the_shapes_material() {
    let def = from_json(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[4, 0], [0, 1], [-4, 0]], "friction": 0.3,
             "restitution": 0.2, "tangent_speed": -1.5, "rolling_resistance": 0.1,
             "user_data": 42, "filter": { "category_bits": 4 } },
           { "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0], [1, 1], [0, 1]], "loop": true }"#,
    ))
    .unwrap();
    let scene = def.build().unwrap();
    let world = &scene.world;
    let links = world.body_shapes(scene.bodies[0]).unwrap();
    assert_eq!(links.len(), 2 + 4, "two links open, four in the loop");
    for &link in &links[..2] {
        let shape = world.shape_def(link).unwrap();
        assert!(matches!(shape.geometry, Geometry::ChainSegment(_)));
        assert_eq!(
            (shape.friction, shape.restitution),
            (0.3, 0.2),
            "the shape's material on every link"
        );
        assert_eq!((shape.tangent_speed, shape.rolling_resistance), (-1.5, 0.1));
        assert_eq!((shape.user_data, shape.filter.category_bits), (42, 4));
    }
    // Drawn right to left, the first link faces up.
    let first = world.shape_def(links[0]).unwrap().geometry;
    let up = first.front_normal().unwrap();
    assert!(up.y > 0.9, "front normal {up}");
    let Geometry::ChainSegment(last_of_loop) = world.shape_def(links[5]).unwrap().geometry else {
        panic!("a link");
    };
    assert_eq!(
        (last_of_loop.point1, last_of_loop.point2),
        (Vec2::new(0.0, 1.0), Vec2::new(0.0, 0.0)),
        "the loop closes back to its first point"
    );
}

#[test]
fn chain_materials_go_to_their_links_in_order() {
    let def = from_json(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[6, 0], [2, 0], [-2, 0], [-6, 0]],
             "materials": [ { "friction": 0.1 },
                            { "friction": 0.9, "tangent_speed": 2, "user_data": 7 },
                            {} ] }"#,
    ))
    .unwrap();
    let scene = def.build().unwrap();
    let links = scene.world.body_shapes(scene.bodies[0]).unwrap();
    let materials: Vec<_> = links
        .iter()
        .map(|&l| scene.world.shape_def(l).unwrap().material())
        .collect();
    assert_eq!(materials.len(), 3);
    assert_eq!(materials[0].friction, 0.1);
    assert_eq!(
        (
            materials[1].friction,
            materials[1].tangent_speed,
            materials[1].user_data
        ),
        (0.9, 2.0, 7)
    );
    assert_eq!(
        materials[2],
        lockstep2d::SurfaceMaterial::default(),
        "an empty material is the default one"
    );
}

#[test]
fn surface_fields_reach_every_kind_of_shape() {
    let def = from_json(
        r#"{ "bodies": [ { "type": "static", "shapes": [
            { "type": "box", "half_width": 3, "half_height": 0.25, "tangent_speed": 2 },
            { "type": "segment", "point1": [-5, 0], "point2": [5, 0], "rolling_resistance": 0.2 } ] },
          { "shapes": [ { "type": "circle", "radius": 0.5, "rolling_resistance": 0.05 } ] } ] }"#,
    )
    .unwrap();
    let scene = def.build().unwrap();
    let world = &scene.world;
    let def_of = |body: usize, shape: usize| {
        let id = world.body_shapes(scene.bodies[body]).unwrap()[shape];
        world.shape_def(id).unwrap()
    };
    assert_eq!(def_of(0, 0).tangent_speed, 2.0);
    assert_eq!(def_of(0, 1).rolling_resistance, 0.2);
    assert!(matches!(def_of(0, 1).geometry, Geometry::Segment(_)));
    assert_eq!(def_of(1, 0).rolling_resistance, 0.05);
    assert!(!def_of(0, 1).one_way);
}

#[test]
fn a_ball_rests_on_a_chain_drawn_right_to_left_and_a_one_way_ledge() {
    // A valley floor drawn right to left, and a one-way ledge 2 m up over its left end.
    let def = from_json(
        r#"{ "bodies": [
          { "type": "static", "shapes": [
            { "type": "chain", "solid": "right_of_points", "points": [[5, 0], [1, 0], [-1, 0], [-5, 0]] },
            { "type": "segment", "point1": [-2, 2], "point2": [-4, 2], "one_way": true } ] },
          { "position": [0, 3], "shapes": [ { "type": "circle", "radius": 0.5 } ] },
          { "position": [-3, 4], "shapes": [ { "type": "box", "half_width": 0.4, "half_height": 0.4 } ] } ] }"#,
    )
    .unwrap();
    let mut scene = def.build().unwrap();
    for _ in 0..120 {
        scene.world.step(1.0 / 60.0).unwrap();
    }
    let ball = scene.world.position(scene.bodies[1]).unwrap();
    assert!(
        (ball.y - 0.5).abs() < 0.02,
        "the ball rests on the chain: {ball}"
    );
    let crate_ = scene.world.position(scene.bodies[2]).unwrap();
    assert!(
        (crate_.y - 2.4).abs() < 0.02,
        "the box rests on the ledge: {crate_}"
    );
}

/// The path and the start of the message of a scene that does not parse.
fn parse_failure(text: &str) -> (String, String) {
    let e = from_json(text).map(|_| ()).unwrap_err();
    (e.path, e.message)
}

#[test]
fn fields_of_lines_on_other_shapes_are_errors_naming_them() {
    let circle =
        |extra: &str| ground_with(&format!(r#"{{ "type": "circle", "radius": 1{extra} }}"#));
    for (extra, field) in [
        (r#", "one_way": true"#, "one_way"),
        (r#", "one_way": false"#, "one_way"),
        (r#", "points": [[0, 0], [1, 0]]"#, "points"),
        (r#", "loop": false"#, "loop"),
        (r#", "materials": []"#, "materials"),
    ] {
        let (path, message) = parse_failure(&circle(extra));
        assert_eq!(path, format!("bodies[0].shapes[0].{field}"));
        assert!(
            message.starts_with(&format!("unknown field `{field}`")),
            "{message}"
        );
    }
    let (path, _) = parse_failure(&ground_with(
        r#"{ "type": "segment", "point1": [0, 0], "point2": [1, 0], "loop": true }"#,
    ));
    assert_eq!(path, "bodies[0].shapes[0].loop");
    let (path, _) = parse_failure(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0]], "radius": 1 }"#,
    ));
    assert_eq!(path, "bodies[0].shapes[0].radius");
}

#[test]
fn missing_and_misplaced_line_fields_name_the_field() {
    let (path, message) = parse_failure(&ground_with(r#"{ "type": "segment", "point1": [0, 0] }"#));
    assert_eq!(path, "bodies[0].shapes[0]");
    assert!(message.starts_with("missing field `point2`"), "{message}");
    let (_, message) = parse_failure(&ground_with(
        r#"{ "type": "chain", "solid": "outside", "loop": true }"#,
    ));
    assert!(message.starts_with("missing field `points`"), "{message}");
    // A line has no area, so no mass; a chain's links are never sensors.
    let (path, _) = parse_failure(&ground_with(
        r#"{ "type": "segment", "point1": [0, 0], "point2": [1, 0], "density": 2 }"#,
    ));
    assert_eq!(path, "bodies[0].shapes[0].density");
    let (path, _) = parse_failure(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0]], "sensor": true }"#,
    ));
    assert_eq!(path, "bodies[0].shapes[0].sensor");
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0]], "friction": 0.2, "materials": [{}] }"#
        )),
        "bodies[0].shapes[0].materials: a chain with `materials` gives each link's material \
         there, and none of its own"
    );
    let (path, message) = parse_failure(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0]], "materials": [ { "frction": 1 } ] }"#,
    ));
    assert_eq!(path, "bodies[0].shapes[0]");
    assert!(message.starts_with("unknown field `frction`"), "{message}");
    let e = parse_error(&ground_with(
        r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1e39, 0]] }"#,
    ));
    assert!(
        e.starts_with("bodies[0].shapes[0].points[1][0]: 1e39"),
        "{e}"
    );
}

#[test]
fn values_the_engine_refuses_name_the_field() {
    // A chain states its solid side, and its points must say which way that is.
    let (_, message) = parse_failure(&ground_with(
        r#"{ "type": "chain", "points": [[1, 0], [0, 0]] }"#,
    ));
    assert!(message.contains("missing field `solid`"), "{message}");
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "above", "points": [[0, 2], [0, 0]] }"#
        )),
        "bodies[0].shapes[0].solid: the chain's ends do not say which way it faces (for \
         above or below its last point must lie left or right of its first, for left or \
         right above or below it): give RightOfPoints"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "inside", "points": [[0, 0], [1, 0]] }"#
        )),
        "bodies[0].shapes[0].solid: an open chain is solid from above, below, left or right"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0]] }"#
        )),
        "bodies[0].shapes[0].points: a chain needs at least two points (three for a loop)"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [0.001, 0], [2, 0]] }"#
        )),
        "bodies[0].shapes[0].points: each point must be more than LINEAR_SLOP (5 mm) from the next"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0], [2, 0]], "materials": [{}, {}, {}] }"#
        )),
        "bodies[0].shapes[0].materials: give one material, or one per link"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0], [2, 0]],
                 "materials": [ {}, { "friction": -1 } ] }"#
        )),
        "bodies[0].shapes[0].materials[1].friction: must be >= 0"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "chain", "solid": "right_of_points", "points": [[0, 0], [1, 0]], "rolling_resistance": -1 }"#
        )),
        "bodies[0].shapes[0].rolling_resistance: must be >= 0"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "segment", "point1": [0, 0], "point2": [0, 0.001] }"#
        )),
        "bodies[0].shapes[0].point2: must be more than LINEAR_SLOP (5 mm) from its neighbouring point"
    );
    assert_eq!(
        build_error(&ground_with(
            r#"{ "type": "box", "half_width": 1, "half_height": 1, "tangent_speed": 1e30 }"#
        ))
        .split(':')
        .next(),
        Some("bodies[0].shapes[0].tangent_speed")
    );
}

#[test]
fn lines_and_surface_fields_round_trip_and_defaults_are_left_out() {
    let mut def = SceneDef::new("lines");
    def.bodies = vec![
        BodyJson::static_at([0.0, 0.0])
            .with_shape(ShapeJson::chain(
                vec![[4.0, 0.0], [0.0, 1.0], [-4.0, 0.0]],
                SolidSide::RightOfPoints,
            ))
            .with_shape(ShapeJson::chain_loop(
                vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]],
                SolidSide::RightOfPoints,
            ))
            .with_shape(ShapeJson::segment([2.0, 3.0], [-2.0, 3.0]).one_way())
            .with_shape(
                ShapeJson::chain(
                    vec![[3.0, 5.0], [1.0, 5.0], [-1.0, 5.0]],
                    SolidSide::RightOfPoints,
                )
                .one_way()
                .with_materials(vec![
                    SurfaceMaterial {
                        friction: 0.1,
                        ..SurfaceMaterial::default()
                    },
                    SurfaceMaterial {
                        tangent_speed: -2.0,
                        ..SurfaceMaterial::default()
                    },
                ]),
            )
            .with_shape(ShapeJson::new_box(1.0, 0.25).with_tangent_speed(2.0)),
        BodyJson::dynamic([0.0, 2.0])
            .with_shape(ShapeJson::circle(0.5).with_rolling_resistance(0.1)),
    ];
    let text = def.to_json();
    let back = from_json(&text).unwrap();
    assert_eq!(back, def);
    assert_eq!(format!("{back:?}"), format!("{def:?}"));
    assert!(text.contains(r#""loop": true"#), "{text}");
    assert!(text.contains(r#""tangent_speed": 2.0"#), "{text}");
    assert!(text.contains(r#""one_way": true"#), "{text}");
    // Written once each: the loop, the chain's one material with a tangent speed, the
    // box's; two one-way shapes; one rolling resistance.
    assert_eq!(text.matches("\"loop\"").count(), 1, "{text}");
    assert_eq!(text.matches("tangent_speed").count(), 2, "{text}");
    assert_eq!(text.matches("one_way").count(), 2, "{text}");
    assert_eq!(text.matches("rolling_resistance").count(), 1, "{text}");
    assert!(!text.contains("user_data"), "{text}");
    def.build().unwrap();
}
