//! Impacts that act at once never make energy: a strike passes down a row of touching
//! bodies as in the textbook cradle, and a pile of bouncy discs settles rather than
//! heats up, with every solver.

use lockstep2d::{
    BodyDef, BodyId, Circle, Geometry, Polygon, ShapeDef, SolverSettings, Vec2, World, WorldDef,
};

const DT: f32 = 1.0 / 60.0;

/// What `f32` velocities and poses leave of a total energy's last digits: a collision
/// at e = 1 keeps the energy to this fraction, never more.
const ROUND_OFF: f64 = 1e-5;

/// The soft step at 1 to 8 substeps, and Box2D-Lite's solver.
fn solvers() -> Vec<SolverSettings> {
    let soft = [1, 2, 4, 8].map(|substeps| SolverSettings {
        substeps,
        ..SolverSettings::default()
    });
    soft.into_iter()
        .chain([SolverSettings::box2d_lite()])
        .collect()
}

/// Kinetic energy plus the potential energy of gravity, in f64.
fn energy(world: &World) -> f64 {
    let g = world.gravity();
    let height = |b: BodyId| {
        let c = world.center_of_mass(b).unwrap();
        -f64::from(g.x) * f64::from(c.x) - f64::from(g.y) * f64::from(c.y)
    };
    let potential: f64 = (world.body_ids())
        .map(|b| f64::from(world.mass(b).unwrap()) * height(b))
        .sum();
    kinetic_energy(world) + potential
}

fn kinetic_energy(world: &World) -> f64 {
    let of_body = |b: BodyId| {
        let m = f64::from(world.mass(b).unwrap());
        let i = f64::from(world.inertia(b).unwrap());
        let v = world.linear_velocity(b).unwrap();
        let w = f64::from(world.angular_velocity(b).unwrap());
        0.5 * m * (f64::from(v.x).powi(2) + f64::from(v.y).powi(2)) + 0.5 * i * w * w
    };
    world.body_ids().map(of_body).sum()
}

/// The solver, briefly.
fn name(solver: &SolverSettings) -> String {
    format!("{:?} at {} substeps", solver.kind, solver.substeps)
}

/// A unit disc or box of side 1 at `x`, frictionless, of restitution `e`.
fn body(world: &mut World, x: f32, boxy: bool, e: f32) -> BodyId {
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::new(x, 0.0)))
        .unwrap();
    let geometry = if boxy {
        Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap())
    } else {
        Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        })
    };
    let shape = ShapeDef::new(geometry)
        .with_friction(0.0)
        .with_restitution(e);
    world.create_shape(body, &shape).unwrap();
    body
}

/// A row of `resting` touching bodies struck head-on by one more at `speed`, in
/// empty space; two seconds later, the energy before and after and every body's
/// velocity along the row, the striker first.
fn strike_row(
    solver: SolverSettings,
    (resting, boxy): (usize, bool),
    (speed, e): (f32, f32),
) -> (f64, f64, Vec<f32>) {
    let def = WorldDef {
        gravity: Vec2::ZERO,
        solver,
        ..WorldDef::default()
    };
    let mut world = World::new(&def).unwrap();
    let striker = body(&mut world, -1.5, boxy, e);
    let mut row = vec![striker];
    row.extend((0..resting).map(|i| body(&mut world, i as f32, boxy, e)));
    world
        .set_linear_velocity(striker, Vec2::new(speed, 0.0))
        .unwrap();
    let before = energy(&world);
    for _ in 0..120 {
        world.step(DT).unwrap();
    }
    let velocities = row
        .iter()
        .map(|&b| world.linear_velocity(b).unwrap().x)
        .collect();
    (before, energy(&world), velocities)
}

const SPEEDS: [f32; 5] = [1.0, 2.0, 3.5, 6.0, 10.0];

#[test]
fn a_strike_passes_down_a_row_to_the_far_end() {
    for solver in solvers() {
        for (resting, boxy) in (1..=7).flat_map(|n| [(n, false), (n, true)]) {
            for speed in SPEEDS {
                let (before, after, v) = strike_row(solver, (resting, boxy), (speed, 1.0));
                let case = format!(
                    "{resting} resting, boxes {boxy}, {speed} m/s, {}",
                    name(&solver)
                );
                assert!(
                    after <= before * (1.0 + ROUND_OFF),
                    "{case}: {before} J → {after} J"
                );
                let (far, rest) = v.split_last().unwrap();
                assert!((far - speed).abs() <= 0.05 * speed, "{case}: {v:?}");
                for still in rest {
                    assert!(still.abs() <= 0.05 * speed, "{case}: {v:?}");
                }
            }
        }
    }
}

#[test]
fn a_less_than_elastic_row_loses_energy() {
    for solver in solvers() {
        for (resting, boxy) in (1..=7).flat_map(|n| [(n, false), (n, true)]) {
            for (speed, e) in SPEEDS
                .into_iter()
                .flat_map(|v| [(v, 0.25), (v, 0.5), (v, 0.75)])
            {
                let (before, after, v) = strike_row(solver, (resting, boxy), (speed, e));
                let case = format!(
                    "e = {e}, {resting} resting, boxes {boxy}, {speed} m/s, {}",
                    name(&solver)
                );
                assert!(after < before, "{case}: {before} J → {after} J");
                if e >= 0.5 {
                    // Passed on in turn, the strike keeps its momentum to round-off.
                    let momentum: f32 = v.iter().sum();
                    assert!((momentum - speed).abs() < 1e-4 * speed, "{case}: {v:?}");
                }
            }
        }
    }
}

/// 200 frictionless discs of restitution `e` in a closed box 20 m wide, in rows with
/// a little room between them and thrown sideways at up to 1.5 m/s.
fn bouncy_pile(e: f32, solver: SolverSettings) -> World {
    mixed_pile([e, e], solver)
}

/// `bouncy_pile` with the discs' restitution taking turns between `e[0]` and `e[1]`.
fn mixed_pile(e: [f32; 2], solver: SolverSettings) -> World {
    let mut world = World::new(&WorldDef {
        solver,
        ..WorldDef::default()
    })
    .unwrap();
    let walls = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let sides = [
        (0.0, -0.5, 10.0, 0.5),
        (0.0, 20.5, 10.0, 0.5),
        (-10.5, 10.0, 0.5, 11.0),
        (10.5, 10.0, 0.5, 11.0),
    ];
    for (x, y, half_width, half_height) in sides {
        let wall = Polygon::new_offset_box(half_width, half_height, Vec2::new(x, y), 0.0);
        let shape = ShapeDef::new(Geometry::Polygon(wall.unwrap()))
            .with_friction(0.0)
            .with_restitution(e[0]);
        world.create_shape(walls, &shape).unwrap();
    }
    let mut seed = 1u32;
    for k in 0..200 {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let jitter = (seed >> 8) as f32 / (1 << 24) as f32;
        let at = Vec2::new(
            -9.5 + (k % 20) as f32 + 0.2 * jitter,
            1.0 + 1.5 * (k / 20) as f32,
        );
        let thrown = Vec2::new(3.0 * (jitter - 0.5), 0.0);
        let disc = world
            .create_body(&BodyDef::dynamic(at).with_velocity(thrown, 0.0))
            .unwrap();
        let shape = ShapeDef::new(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.4,
        }))
        .with_friction(0.0)
        .with_restitution(e[k % 2]);
        world.create_shape(disc, &shape).unwrap();
    }
    world
}

#[test]
fn a_pile_of_bouncy_discs_never_gains_energy() {
    for solver in solvers() {
        for e in [1.0, 0.8, 0.3] {
            let mut world = bouncy_pile(e, solver);
            let start = energy(&world);
            let mut most = start;
            for _ in 0..3600 {
                world.step(DT).unwrap();
                most = most.max(energy(&world));
            }
            let case = format!("e = {e}, {}", name(&solver));
            assert!(
                most <= start * (1.0 + ROUND_OFF),
                "{case}: {start} J, then {most} J"
            );
            // And it comes to rest.
            let moving = kinetic_energy(&world);
            assert!(moving < 1e-3 * start, "{case}: {moving} J still moving");
        }
    }
}

/// Contacts that bounce point by point and ones whose strikes pass on share bundles,
/// and which share one depends on the thread count.
#[test]
fn a_bouncy_pile_gives_the_same_bits_on_any_number_of_threads() {
    let hash_on = |threads: u32| {
        let mut world = mixed_pile([1.0, 0.3], SolverSettings::default());
        world.set_threads(threads).unwrap();
        for _ in 0..600 {
            world.step(DT).unwrap();
        }
        world.state_hash()
    };
    let one = hash_on(1);
    for threads in [2, 3] {
        assert_eq!(hash_on(threads), one, "{threads} threads");
    }
}
