//! Once warm, a step allocates nothing: every working array (solver rows, colours,
//! islands, broad-phase pairs and stacks, events) is kept and reused between steps.

mod support;

use lockstep2d::{
    Capsule, CharacterDef, Geometry, SleepSettings, SolverSettings, Vec2, World, WorldDef,
};
use lockstep2d_alloc_counter::{CountingAlloc, allocations};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

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
