//! Once warm, a step allocates nothing: every working array (solver rows, colours,
//! islands, broad-phase pairs and stacks, events) is kept and reused between steps.
//!
//! The counter is the whole process's, and this binary runs other tests beside this one:
//! the test runs again, alone, in a process of its own, and counts there.

use std::process::Command;

use crate::support;

use lockstep2d::{
    Capsule, CharacterDef, Geometry, SleepSettings, SolverSettings, Vec2, World, WorldDef,
};
use lockstep2d_alloc_counter::{CountingAlloc, allocations};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Set in the process that counts.
const COUNTING: &str = "LOCKSTEP2D_COUNT_ALLOCATIONS";

/// True in the process that counts: run the test's work. Elsewhere, runs `test` (a
/// function of this file) again in a process of its own with no other test, checks
/// that it passed there, and returns false.
fn alone_in_the_process(test: &str) -> bool {
    if std::env::var_os(COUNTING).is_some() {
        return true;
    }
    // `main::allocations`: a test's name in the binary leaves out the crate.
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", &format!("{module}::{test}"), "--test-threads=1"])
        .env(COUNTING, "1")
        .output()
        .expect("the test binary runs again");
    let said = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("1 passed"), "the test did not run: {said}");
    false
}

/// A settled pile of boxes with sleep off, so every stage of the step keeps working.
fn warm_pile(solver: SolverSettings) -> lockstep2d::World {
    let def = WorldDef {
        solver,
        sleep: SleepSettings {
            enabled: false,
            ..SleepSettings::default()
        },
        ..WorldDef::default()
    };
    let mut world = support::world_with_ground(&def, 0.6);
    for row in 0..6 {
        for column in 0..(6 - row) {
            let x = column as f32 + 0.5 * row as f32 - 2.5;
            support::add_box(&mut world, Vec2::new(x, 0.5 + row as f32), 0.5, 1.0);
        }
    }
    support::run(&mut world, 120);
    world
}

#[test]
fn a_warm_step_allocates_nothing() {
    if !alone_in_the_process("a_warm_step_allocates_nothing") {
        return;
    }
    for solver in [SolverSettings::default(), SolverSettings::box2d_lite()] {
        let mut world = warm_pile(solver);
        let before = allocations();
        support::run(&mut world, 60);
        let made = allocations() - before;
        assert_eq!(
            made, 0,
            "{:?}: {made} allocations in 60 warm steps",
            solver.kind
        );
    }
    a_warm_step_with_a_character_pushing_boxes_allocates_nothing();
}

/// A character walking back and forth into the pile: its plans' lists, the candidates
/// of its queries, its pushes and its report's list of surfaces are all kept between
/// steps. (Part of the one test: the counter is the whole process's.)
fn a_warm_step_with_a_character_pushing_boxes_allocates_nothing() {
    let mut world = warm_pile(SolverSettings::default());
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -0.5),
        center2: Vec2::new(0.0, 0.5),
        radius: 0.3,
    });
    let hero = world
        .create_character(&CharacterDef::new(Vec2::new(-5.0, 0.82), capsule))
        .unwrap();
    let walk = |world: &mut World, steps: usize, run: f32| {
        for _ in 0..steps {
            world
                .move_character(hero, Vec2::new(run / 60.0, -0.01))
                .unwrap();
            world.step(1.0 / 60.0).unwrap();
        }
    };
    walk(&mut world, 90, 3.0);
    walk(&mut world, 30, -3.0);
    let before = allocations();
    walk(&mut world, 30, 3.0);
    let made = allocations() - before;
    assert!(
        !world.character(hero).unwrap().hits().is_empty(),
        "it met the pile"
    );
    assert_eq!(
        made, 0,
        "{made} allocations in 30 warm steps with a character"
    );
}
