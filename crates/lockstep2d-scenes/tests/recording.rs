//! Record and replay: a recorded run replays to the same hashes, through its JSON, and a
//! changed input or hash is found at its frame.

use lockstep2d::Vec2;
use lockstep2d_scenes::{Action, RECORDING_FORMAT, Recording, ReplayError, named, record, replay};

fn recorded(frames: u64) -> Recording {
    let text = serde_json::to_string(&record(&named("ragdoll").unwrap(), frames).unwrap());
    Recording::from_json(&text.unwrap()).unwrap()
}

#[test]
fn a_recording_replays_through_its_file_with_every_hash_matching() {
    let recording = recorded(90);
    assert_eq!(recording.frames.len(), 90);
    let spawned = recording.frames[0]
        .actions
        .iter()
        .any(|a| matches!(a, Action::SpawnBox { .. }));
    assert!(spawned, "frame 0 drops a box");
    assert_eq!(replay(&recording).unwrap(), 90);
}

#[test]
fn a_changed_input_is_found_at_its_frame() {
    let mut recording = recorded(60);
    let kick = recording.frames[30]
        .actions
        .iter_mut()
        .find_map(|a| match a {
            Action::Impulse { impulse, .. } => Some(impulse),
            _ => None,
        })
        .expect("frame 30 kicks");
    *kick += Vec2::new(1e-3, 0.0);
    match replay(&recording) {
        Err(ReplayError::Mismatch { frame, .. }) => assert_eq!(frame, 30),
        other => panic!("expected a mismatch at frame 30, got {other:?}"),
    }
}

#[test]
fn a_changed_hash_is_found_at_its_frame() {
    let mut recording = recorded(20);
    recording.frames[12].state_hash = "0000000000000000".into();
    match replay(&recording) {
        Err(ReplayError::Mismatch { frame, .. }) => assert_eq!(frame, 12),
        other => panic!("expected a mismatch at frame 12, got {other:?}"),
    }
}

#[test]
fn a_recording_names_its_format_and_engine_version() {
    let recording = recorded(3);
    assert_eq!(recording.format, RECORDING_FORMAT);
    assert_eq!(recording.engine_version, lockstep2d::VERSION);
    let text = serde_json::to_string(&recording).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["format"], RECORDING_FORMAT);
    assert_eq!(value["engine_version"], lockstep2d::VERSION);
}

/// A recording of another format, or of none, is refused on reading and on replaying.
#[test]
fn a_recording_of_another_format_is_refused() {
    let mut value = serde_json::to_value(recorded(3)).unwrap();
    for format in [
        serde_json::json!(RECORDING_FORMAT + 1),
        serde_json::json!("1"),
    ] {
        value["format"] = format.clone();
        match Recording::from_json(&value.to_string()) {
            Err(ReplayError::Format { found }) => {
                assert_eq!(found, format.as_u64(), "{format}");
                let said = ReplayError::Format { found }.to_string();
                assert!(
                    said.contains(&format!("reads format {RECORDING_FORMAT}")),
                    "{said}"
                );
            }
            other => panic!("format {format}: {other:?}"),
        }
    }
    value.as_object_mut().unwrap().remove("format");
    assert!(matches!(
        Recording::from_json(&value.to_string()),
        Err(ReplayError::Format { found: None })
    ));
    assert!(matches!(
        Recording::from_json("[1, 2"),
        Err(ReplayError::Json(_))
    ));

    let mut recording = recorded(3);
    recording.format = RECORDING_FORMAT + 1;
    assert!(matches!(
        replay(&recording),
        Err(ReplayError::Format { found: Some(f) }) if f == u64::from(RECORDING_FORMAT + 1)
    ));
}
