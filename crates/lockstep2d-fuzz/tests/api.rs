//! The API fuzzer's bounded run: fixed seeds, each thousands of operations on the
//! public API with joints of every kind, checked after every operation (see
//! `lockstep2d_fuzz::api`). Together about half a minute on a 2-core machine.

use lockstep2d_fuzz::api::fuzz_api;

/// Seeds 0 to 7, even ones on Box2D v3's soft step, odd ones on Box2D-Lite's PGS.
#[test]
fn random_worlds_with_joints_of_every_kind_stay_finite_and_replay_exactly() {
    let mut rollbacks = 0;
    for seed in 0..8 {
        match fuzz_api(seed, false, 2_500) {
            Ok(survived) => rollbacks += survived.rollbacks,
            Err(failure) => panic!("{failure}"),
        }
    }
    assert!(rollbacks >= 40, "only {rollbacks} restores were replayed");
}
