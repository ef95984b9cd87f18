//! The example scene file at the repository root, and the documentation that shows it.

use std::path::{Path, PathBuf};

use lockstep2d::BodyType;
use lockstep2d_scenes::{from_json, load_file};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn example_file_loads_and_builds() {
    let def = load_file(&repo_root().join("examples/scenes/example.json")).unwrap();
    assert_eq!(def.name(), "my_scene");
    assert_eq!(def.bodies[0].body_type, BodyType::Static);
    let types: Vec<&str> = def.bodies[1].shapes.iter().map(|s| s.type_name()).collect();
    assert_eq!(types, ["box", "circle", "polygon", "capsule"]);
    let scene = def.build().unwrap();
    assert_eq!((scene.bodies.len(), scene.joints.len()), (2, 1));
    assert_eq!((scene.hz, scene.steps), (60, 600));
    assert_eq!(from_json(&def.to_json()).unwrap(), def);
}

#[test]
fn the_format_doc_shows_the_example_file_verbatim() {
    let example =
        std::fs::read_to_string(repo_root().join("examples/scenes/example.json")).unwrap();
    let doc = std::fs::read_to_string(repo_root().join("docs/scene-format.md")).unwrap();
    assert!(
        doc.contains(example.trim()),
        "docs/scene-format.md and examples/scenes/example.json disagree"
    );
}

#[test]
fn a_file_without_a_name_is_named_after_the_file() {
    let dir = std::env::temp_dir().join(format!("lockstep2d-scenes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("falling_box.json");
    std::fs::write(
        &path,
        r#"{ "bodies": [ { "shapes": [ { "type": "circle", "radius": 1 } ] } ] }"#,
    )
    .unwrap();
    let def = load_file(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(def.name(), "falling_box");
    assert_eq!(
        def.bodies[0].body_type,
        BodyType::Dynamic,
        "bodies are dynamic by default"
    );
    assert_eq!(from_json("{}").unwrap().name(), "scene");
}
