//! The bytes fuzzer's bounded run (see `lockstep2d_fuzz::bytes`): saved states and
//! scene files, damaged and forged, load as errors or as worlds that step on finite.

use lockstep2d_fuzz::bytes::{fuzz_scene_text, fuzz_snapshot_bytes, sweep_snapshot_bytes};

/// Every byte of a saved ragdoll's payload set to 0, 1 and 0xff and flipped in its top
/// bit, each sealed with right checksums.
#[test]
fn every_single_byte_edit_of_a_saved_state_is_refused_or_steps_on_finite() {
    let tried = sweep_snapshot_bytes("ragdoll", 30, &[0x00, 0x01, 0xff]).unwrap();
    assert!(tried.loads > 1_000, "{tried:?}");
    // Most edits change a number to another finite one: those must load.
    assert!(tried.accepted > tried.loads / 4, "{tried:?}");
}

#[test]
fn forged_and_damaged_saved_states_are_refused_or_step_on_finite() {
    for (scene, seed) in [("ragdoll", 1), ("pyramid", 2), ("sensor_gate", 3)] {
        let tried = fuzz_snapshot_bytes(scene, seed, 400).unwrap();
        assert_eq!(tried.loads, 800, "{tried:?}");
    }
}

#[test]
fn damaged_scene_files_are_refused_or_step_on_finite() {
    // (scene, seed, edits): the heightfield's four hundred boulders take the longest.
    let scenes = [
        ("ragdoll", 1, 400),
        ("pyramid", 2, 400),
        ("tumbler", 3, 400),
        ("outline", 4, 400),
        ("heightfield", 5, 100),
    ];
    for (scene, seed, edits) in scenes {
        let tried = fuzz_scene_text(scene, seed, edits).unwrap();
        assert!(
            tried.accepted > 0 && tried.accepted < tried.loads,
            "{tried:?}"
        );
    }
}
