//! Outlines with holes in scene files: a holed outline builds the pieces
//! `Outline::with_holes` cuts, with the mass of its area less its holes', round-trips
//! (writing no `holes` for an outline without any), and a hole at fault is named by
//! its point's path.

use lockstep2d::{Outline, Vec2};
use lockstep2d_scenes::{ShapeJson, from_json};

const SCENE: &str = r#"{
  "bodies": [
    { "type": "static", "shapes": [ { "type": "box", "half_width": 10, "half_height": 0.5 } ] },
    { "type": "dynamic", "position": [0, 3],
      "shapes": [ { "type": "outline", "density": 2,
                    "points": [[0, 0], [4, 0], [4, 4], [0, 4]],
                    "holes": [ [[1, 1], [2, 1], [2, 2], [1, 2]],
                               [[3, 3], [3, 2.5], [2.5, 3]] ] } ] }
  ]
}"#;

fn vectors(points: &[[f32; 2]]) -> Vec<Vec2> {
    points.iter().map(|&[x, y]| Vec2::new(x, y)).collect()
}

#[test]
fn a_holed_outline_in_a_file_builds_its_pieces_and_round_trips() {
    let def = from_json(SCENE).unwrap();
    let scene = def.build().unwrap();
    let body = scene.bodies[1];
    let outer = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]];
    let holes = [
        vectors(&[[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]),
        vectors(&[[3.0, 3.0], [3.0, 2.5], [2.5, 3.0]]),
    ];
    let outline = Outline::with_holes(&vectors(&outer), &holes).unwrap();
    let shapes = scene.world.body_shapes(body).unwrap();
    assert_eq!(shapes.len(), outline.pieces().len());
    let area = 16.0 - 1.0 - 0.125;
    assert!((outline.area() - area).abs() < 1e-4, "{}", outline.area());
    let mass = scene.world.mass(body).unwrap();
    assert!((mass - 2.0 * area).abs() < 1e-3, "density 2: {mass} kg");
    let again = from_json(&def.to_json()).unwrap();
    assert_eq!(again, def);
    let plain = ShapeJson::outline(outer.to_vec());
    let written = serde_json::to_string(&plain).unwrap();
    assert!(!written.contains("holes"), "{written}");
    let holed = plain.with_holes(vec![vec![[1.0, 1.0], [2.0, 1.0], [2.0, 2.0]]]);
    assert!(serde_json::to_string(&holed).unwrap().contains("holes"));
}

#[test]
fn a_hole_at_fault_in_a_file_is_named_at_its_point() {
    let second = "[[3, 3], [3, 2.5], [2.5, 3]]";
    let error = |hole: &str| {
        let text = SCENE.replace(second, hole);
        from_json(&text).unwrap().build().unwrap_err().to_string()
    };
    assert_eq!(
        error("[[5, 3], [6, 3], [5, 4]]"),
        "bodies[1].shapes[0].holes[1][0]: is in a hole outside the outline"
    );
    let e = error("[[3, 3], [5, 3], [3, 3.5]]");
    assert_eq!(
        e,
        "bodies[1].shapes[0].holes[1][0]: its edge to the next point crosses or touches the \
         outline's edge"
    );
    let e = error("[[3, 3], [3, 3], [2.5, 3]]");
    assert_eq!(e, "bodies[1].shapes[0].holes[1][0]: repeats the next point");
    let e = error("[[1.5, 1.5], [1.5, 1.2], [1.2, 1.5]]");
    assert_eq!(
        e,
        "bodies[1].shapes[0].holes[1][0]: is in a hole inside another hole"
    );
    let e = error("[[3, 3], [3, 2.5]]");
    assert_eq!(
        e,
        "bodies[1].shapes[0].holes[1][0]: is in a hole of fewer than three points"
    );
}
