//! Golden hashes, as Box2D's determinism test pins FallingHinges: the same scene gives
//! the same bits in debug and release builds, on any number of threads.
//!
//! If a change to the engine alters results on purpose, update the constants and say
//! why in the commit; if they change by accident, determinism (or the physics) broke.

use lockstep2d_scenes::named;

/// The step at which every body of `falling_hinges` is asleep, and the hash then.
const FALLING_HINGES_SLEEP_STEP: u64 = 256;
const FALLING_HINGES_HASH: u64 = 0xffe1_470c_2cff_f316;
/// `large_pyramid` after 300 steps.
const LARGE_PYRAMID_300_HASH: u64 = 0x0909_afa5_dec4_e273;

/// Steps `falling_hinges` on `threads` threads until it all sleeps (at most 2,000 steps).
fn falling_hinges(threads: u32) -> (u64, u64) {
    let mut scene = named("falling_hinges").unwrap().build().unwrap();
    scene.world.set_threads(threads).unwrap();
    while scene.world.awake_body_count() > 0 && scene.world.step_count() < 2000 {
        scene.world.step(scene.dt()).unwrap();
    }
    (scene.world.step_count(), scene.world.state_hash())
}

#[test]
fn falling_hinges_sleeps_at_the_pinned_step_with_the_pinned_hash() {
    let (step, hash) = falling_hinges(1);
    println!("falling_hinges: asleep at step {step}, hash {hash:#018x}");
    assert_eq!(
        (step, hash),
        (FALLING_HINGES_SLEEP_STEP, FALLING_HINGES_HASH),
        "FALLING_HINGES_SLEEP_STEP / FALLING_HINGES_HASH changed: got {step}, {hash:#018x}"
    );
    assert_eq!(falling_hinges(2), (step, hash), "2 threads");
}

#[test]
fn large_pyramid_after_300_steps_has_the_pinned_hash() {
    let mut scene = named("large_pyramid").unwrap().build().unwrap();
    for _ in 0..300 {
        scene.world.step(scene.dt()).unwrap();
    }
    let hash = scene.world.state_hash();
    println!("large_pyramid after 300 steps: {hash:#018x}");
    assert_eq!(
        hash, LARGE_PYRAMID_300_HASH,
        "LARGE_PYRAMID_300_HASH changed: got {hash:#018x}"
    );
}

/// The README's table of the hashes every machine must print names the pinned ones.
#[test]
fn the_readme_names_the_pinned_hashes() {
    let readme = include_str!("../../../README.md");
    for hash in [FALLING_HINGES_HASH, LARGE_PYRAMID_300_HASH] {
        let shown = format!("`{hash:016x}`");
        assert!(readme.contains(&shown), "README.md does not show {shown}");
    }
    let asleep = format!("asleep at step {FALLING_HINGES_SLEEP_STEP}");
    assert!(readme.contains(&asleep), "README.md does not say {asleep}");
}
