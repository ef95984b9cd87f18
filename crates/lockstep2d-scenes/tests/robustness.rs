//! The scenes serious solvers are judged on (Box2D v3's and Solver2D's samples): stacks
//! that hold, mass ratios, overlap recovery, precision far from the origin, joints that
//! do not stretch, and no energy from nowhere.
//!
//! Every test runs its scene under both solvers and prints both figures (run with
//! `--nocapture` to see them), but asserts only what the soft step, the default, must
//! meet: Box2D-Lite's PGS is the teaching reference and is expected to fail some.

use lockstep2d::{SolverKind, Vec2, World};
use lockstep2d_scenes::{BodyJson, Scene, SceneDef, ShapeJson, named};

const SOLVERS: [SolverKind; 2] = [SolverKind::Soft, SolverKind::Pgs];

/// A named scene under `solver`, with sleep off: a body asleep cannot show how well the
/// solver holds it.
fn scene(name: &str, solver: SolverKind) -> SceneDef {
    let mut def = named(name).unwrap_or_else(|| panic!("no scene {name}"));
    def.solver.kind = solver;
    def.sleep = false;
    def
}

fn step(scene: &mut Scene) {
    scene.world.step(scene.dt()).unwrap();
}

fn positions(scene: &Scene) -> Vec<Vec2> {
    let world = &scene.world;
    scene
        .bodies
        .iter()
        .map(|&b| world.position(b).unwrap())
        .collect()
}

/// The largest distance any body gets from where it was after `settle` steps, checked
/// at every step until `steps`.
fn largest_move(def: &SceneDef, settle: u32, steps: u32) -> f32 {
    let mut scene = def.build().unwrap();
    (0..settle).for_each(|_| step(&mut scene));
    let start = positions(&scene);
    let mut largest = 0.0f32;
    for _ in settle..steps {
        step(&mut scene);
        let now = positions(&scene);
        let moved = start.iter().zip(&now).map(|(a, b)| a.distance(*b));
        largest = moved.fold(largest, f32::max);
    }
    largest
}

/// Runs `figure` under both solvers, prints both and returns the soft step's.
fn both(what: &str, figure: impl Fn(SolverKind) -> f32) -> f32 {
    let [soft, pgs] = SOLVERS.map(figure);
    println!("{what}: soft {soft:.4e}, pgs {pgs:.4e}");
    soft
}

/// Ten seconds at 60 Hz.
const TEN_SECONDS: u32 = 600;

/// The largest move of any body over ten seconds of holding, measured from where it is
/// after `settle` steps: contacts first sink into their slop (5 mm each, 7 cm down a
/// 15-box stack), and dropped bodies land.
fn held(name: &str, settle: u32) -> f32 {
    both(
        &format!("{name}: largest move over 10 s after {settle} steps (m)"),
        |solver| largest_move(&scene(name, solver), settle, settle + TEN_SECONDS),
    )
}

#[test]
fn vertical_stack_holds() {
    // Without contact recycling this stack leans ever faster and falls (as Box2D v3.2's
    // does with recycling off); with it, it stands (docs/decisions.md, "Contact
    // recycling").
    let moved = held("vertical_stack", 60);
    assert!(moved < 0.1, "a box moved {moved} m");
}

#[test]
fn high_mass_ratio_1_holds_its_heavy_tops() {
    // The heavy boxes drop 2 m onto their pyramids and bounce; still by 2 s.
    let moved = held("high_mass_ratio_1", 120);
    assert!(moved < 0.1, "a box moved {moved} m");
}

#[test]
fn high_mass_ratio_2_holds_the_big_box() {
    // The big box falls 15 m (1.7 s) onto the small ones and rocks on them, 0.1 m
    // either way, for two seconds; still by 4 s.
    let moved = held("high_mass_ratio_2", 240);
    assert!(moved < 0.1, "a box moved {moved} m");
}

#[test]
fn card_house_holds() {
    let moved = held("card_house", 60);
    assert!(moved < 0.1, "a card moved {moved} m");
}

#[test]
fn arch_holds() {
    // In its first second the arch's top (the last block on each side, the keystone
    // and the planks) slips 0.3 m down, under both solvers, at 4 substeps or 16; with
    // friction 1, or 120 Hz contacts, it slips under 5 cm. Then it holds. An engine
    // problem, reported; the hold is what this checks.
    let moved = held("arch", 60);
    assert!(moved < 0.1, "a block moved {moved} m");
}

#[test]
fn double_domino_row_holds_once_fallen() {
    // The last domino lands at about 8.5 s and the row slumps 0.13 m onto it over the
    // next second; from 12 s every domino leans on the next, still.
    let moved = held("double_domino", 720);
    assert!(moved < 0.1, "a domino moved {moved} m");
    let fallen = largest_move(&scene("double_domino", SolverKind::Soft), 0, 720);
    assert!(fallen > 0.5, "the row did not fall: {fallen} m");
}

/// The fastest any body moves at any step of the scene's run.
fn fastest(def: &SceneDef) -> f32 {
    let mut scene = def.build().unwrap();
    let mut fastest = 0.0f32;
    for _ in 0..def.steps {
        step(&mut scene);
        for &body in &scene.bodies {
            fastest = fastest.max(scene.world.linear_velocity(body).unwrap().length());
        }
    }
    fastest
}

#[test]
fn overlap_recovery_pushes_apart_gently() {
    let fastest = both("overlap_recovery: fastest body (m/s)", |solver| {
        fastest(&scene("overlap_recovery", solver))
    });
    assert!(fastest < 5.0, "a box reached {fastest} m/s");
}

/// `far_pyramid` moved back to the origin: the same pyramid, the same bits relative to
/// its ground.
fn near_pyramid(solver: SolverKind) -> SceneDef {
    let mut def = scene("far_pyramid", solver);
    // The ground's top face is y = 0 in the pyramid's own frame, as in `large_pyramid`.
    let [gx, gy] = def.bodies[0].position;
    for body in &mut def.bodies {
        body.position = [body.position[0] - gx, body.position[1] - gy - 1.0];
    }
    def
}

/// The largest sideways distance any box ends from where it started after `steps`.
fn sideways_drift(def: &SceneDef, steps: u32) -> f32 {
    let mut scene = def.build().unwrap();
    let start = positions(&scene);
    (0..steps).for_each(|_| step(&mut scene));
    let end = positions(&scene);
    start
        .iter()
        .zip(&end)
        .map(|(a, b)| (a.x - b.x).abs())
        .fold(0.0, f32::max)
}

#[test]
fn pyramid_of_40_barely_drifts() {
    // The bound sits just under what Box2D v3.2's own 40-base pyramid drifts
    // (docs/decisions.md, "Pyramid drift against Box2D").
    let drift = both(
        "pyramid of 40: largest sideways move in 500 steps (m)",
        |solver| sideways_drift(&near_pyramid(solver), 500),
    );
    assert!(drift < 0.03, "a box moved {drift} m sideways");
}

#[test]
fn far_pyramid_behaves_like_the_one_at_the_origin() {
    let far = both("far_pyramid: largest move in 500 steps (m)", |solver| {
        largest_move(&scene("far_pyramid", solver), 0, 500)
    });
    let near = both(
        "the same pyramid at the origin: largest move (m)",
        |solver| largest_move(&near_pyramid(solver), 0, 500),
    );
    // Both about 0.12 m: 40 rows each settling 3 mm into their contacts.
    assert!(far < 2.0 * near && near < 0.2, "far {far} m, near {near} m");
}

#[test]
#[ignore = "5,050 boxes for 500 steps, twice: 20 s in release, minutes in the test profile"]
fn large_pyramid_barely_drifts() {
    // At Box2D's settings (4 substeps, 30 Hz contacts) the bound sits under what Box2D
    // v3.2 itself drifts. With 8 substeps and 60 Hz contacts (a soft contact is stable
    // up to a quarter of the substep rate) the pyramid stays within 0.05 m
    // (docs/decisions.md, "Pyramid drift against Box2D").
    let at_box2d_settings = both(
        "large_pyramid: largest sideways move in 500 steps (m)",
        |solver| sideways_drift(&scene("large_pyramid", solver), 500),
    );
    assert!(
        at_box2d_settings < 0.12,
        "a box moved {at_box2d_settings} m sideways"
    );
    let mut stiffer = scene("large_pyramid", SolverKind::Soft);
    stiffer.solver.substeps = 8;
    stiffer.solver.contact_hertz = 60.0;
    let drift = sideways_drift(&stiffer, 500);
    println!("large_pyramid, 8 substeps and 60 Hz contacts: {drift:.4e} m");
    assert!(drift < 0.05, "a box moved {drift} m sideways");
}

/// The largest distance between a joint's two anchor points, over every joint and
/// every step of the scene's run: how far the joints stretch.
fn largest_joint_gap(def: &SceneDef) -> f32 {
    let mut scene = def.build().unwrap();
    let mut largest = 0.0f32;
    for _ in 0..def.steps {
        step(&mut scene);
        let world = &scene.world;
        for joint in world.joint_ids() {
            let [(a, anchor_a), (b, anchor_b)] = world.joint_local_anchors(joint).unwrap();
            let pa = world.transform(a).unwrap().apply(anchor_a);
            let pb = world.transform(b).unwrap().apply(anchor_b);
            largest = largest.max(pa.distance(pb));
        }
    }
    largest
}

#[test]
fn bridge_joints_hold_together() {
    // The bridge runs at 8 substeps with 120 Hz joints (see the scene); at Box2D's 4 and
    // 60 Hz its joints open past this bound (docs/decisions.md, "Long chains at 8
    // substeps and 120 Hz joints").
    let gap = both("bridge: largest joint separation (m)", |solver| {
        largest_joint_gap(&scene("bridge", solver))
    });
    assert!(gap < 0.05, "a joint opened {gap} m");
}

#[test]
fn ball_and_chain_joints_hold_together() {
    // As the bridge: 8 substeps and 120 Hz joints hold the top link within 0.05 m as
    // the 1,000 kg ball swings through the bottom (some 30 kN of tension); at 4
    // substeps and 60 Hz it opens past this bound.
    let gap = both("ball_and_chain: largest joint separation (m)", |solver| {
        largest_joint_gap(&scene("ball_and_chain", solver))
    });
    assert!(gap < 0.05, "a joint opened {gap} m");
}

fn kinetic_energy(world: &World, bodies: &[lockstep2d::BodyId]) -> f32 {
    bodies
        .iter()
        .map(|&b| {
            let v = world.linear_velocity(b).unwrap();
            let w = world.angular_velocity(b).unwrap();
            0.5 * world.mass(b).unwrap() * v.length_squared()
                + 0.5 * world.inertia(b).unwrap() * w * w
        })
        .sum()
}

/// A ground 20 m wide with its top at y = 0, under `solver`.
fn ground_scene(name: &str, solver: SolverKind) -> SceneDef {
    let mut def = SceneDef::new(name);
    def.solver.kind = solver;
    def.bodies = vec![BodyJson::static_at([0.0, -1.0]).with_shape(ShapeJson::new_box(10.0, 1.0))];
    def
}

/// The most kinetic energy `bodies` (indices into the scene) have at any step from
/// `from` to `to`.
fn most_energy(scene: &mut Scene, bodies: &[usize], from: u32, to: u32) -> f32 {
    let ids: Vec<_> = bodies.iter().map(|&i| scene.bodies[i]).collect();
    let mut most = 0.0f32;
    for _ in from..to {
        step(scene);
        most = most.max(kinetic_energy(&scene.world, &ids));
    }
    most
}

#[test]
fn a_resting_box_gains_no_energy() {
    let energy = both("resting box: most kinetic energy after 1 s (J)", |solver| {
        let mut def = ground_scene("resting_box", solver);
        def.bodies
            .push(BodyJson::dynamic([0.0, 0.5]).with_shape(ShapeJson::new_box(0.5, 0.5)));
        let mut scene = def.build().unwrap();
        (0..60).for_each(|_| step(&mut scene));
        most_energy(&mut scene, &[1], 60, TEN_SECONDS)
    });
    assert!(energy < 1e-6, "the box has {energy} J");
}

/// Solver2D's `WarmStartEnergy`: two unit circles stacked on the ground carry one a
/// hundred times denser; at 2 s the heavy one is removed, and the light ones are
/// stepped on with impulses warm-started for its weight. Returns the most kinetic
/// energy they have in the half second after, and after that.
fn warm_start_energy(solver: SolverKind) -> [f32; 2] {
    let mut def = ground_scene("warm_start_energy", solver);
    for (y, density) in [(0.5, 1.0), (1.5, 1.0), (2.5, 100.0)] {
        let circle = ShapeJson::circle(0.5).with_density(density);
        def.bodies
            .push(BodyJson::dynamic([0.0, y]).with_shape(circle));
    }
    let mut scene = def.build().unwrap();
    (0..120).for_each(|_| step(&mut scene));
    scene.world.destroy_body(scene.bodies[3]).unwrap();
    let light = [1, 2];
    [
        most_energy(&mut scene, &light, 120, 180),
        most_energy(&mut scene, &light, 180, TEN_SECONDS),
    ]
}

#[test]
fn removing_a_heavy_load_gains_no_energy_once_settled() {
    // Under the heavy circle the soft contacts between the light ones sink 5 cm (their
    // stiffness is set by their own mass). Unloaded, the overlap relaxes out without a
    // throw, a little less energy each step, and the pair falls asleep within the first
    // second, where PGS throws the upper circle off (docs/decisions.md, "Every body on
    // the leapfrog"). The first window checks the soft solver never throws it, the
    // second that it is still from 1 s on.
    let [soft, pgs] = SOLVERS.map(warm_start_energy);
    for (i, when) in ["0-1 s after removal", "after 1 s"].into_iter().enumerate() {
        println!(
            "warm start energy: most kinetic energy {when} (J): soft {:.4e}, pgs {:.4e}",
            soft[i], pgs[i]
        );
    }
    assert!(
        soft[0] < 0.1,
        "the unloaded circles are thrown with {} J",
        soft[0]
    );
    assert!(soft[1] < 1e-6, "the circles have {} J", soft[1]);
}
