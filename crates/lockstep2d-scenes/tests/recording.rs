//! Record and replay: a recorded run replays to the same hashes, through its JSON, and a
//! changed input or hash is found at its frame.

use lockstep2d::Vec2;
use lockstep2d_scenes::{Action, Recording, ReplayError, named, record, replay};

fn recorded(frames: u64) -> Recording {
    let text = serde_json::to_string(&record(&named("ragdoll").unwrap(), frames).unwrap());
    serde_json::from_str(&text.unwrap()).unwrap()
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
