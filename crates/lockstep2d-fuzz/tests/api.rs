//! The API fuzzer's bounded run: fixed seeds, each thousands of operations on the
//! public API with joints of every kind, with ordinary and with extreme values, checked
//! after every operation (see `lockstep2d_fuzz::api`). Few enough operations that
//! `cargo test` runs them all (docs/decisions.md, "Fuzz seeds in cargo test").

use lockstep2d_fuzz::api::fuzz_api;

/// Seeds 0 to 7, even ones on Box2D v3's soft step, odd ones on Box2D-Lite's PGS,
/// 2,500 operations each; at least 40 restores replayed in all.
fn fuzz_seeds(extreme: bool) {
    let mut rollbacks = 0;
    for seed in 0..8 {
        match fuzz_api(seed, extreme, 2_500) {
            Ok(survived) => rollbacks += survived.rollbacks,
            Err(failure) => panic!("{failure}"),
        }
    }
    assert!(rollbacks >= 40, "only {rollbacks} restores were replayed");
}

#[test]
fn random_worlds_with_joints_of_every_kind_stay_finite_and_replay_exactly() {
    fuzz_seeds(false);
}

/// The same seeds with extreme finite values (10⁻⁴⁵ to `f32::MAX`, either sign) now and
/// then in every argument: what is accepted must stay finite, within MAX_SPEED (so
/// every state saves and loads) and replay exactly.
#[test]
fn random_worlds_with_extreme_values_stay_finite_and_replay_exactly() {
    fuzz_seeds(true);
}
