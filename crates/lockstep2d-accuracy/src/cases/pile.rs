//! A bouncy pile: discs and boxes, frictionless and perfectly elastic, dropped into a
//! closed box as bouncy as they are. An impact at e ≤ 1 keeps kinetic energy at best
//! and nothing in the box gives any, so the pile's energy (kinetic and gravity's, from
//! the floor up) never rises above where it starts: whatever an engine shows above the
//! start, it made. At e = 1 no loss at the impacts hides it.

use lockstep2d_scenes::{BodyJson, Pcg32, SceneDef, ShapeJson};

use crate::rate::Rate;
use crate::setup::{G, Material, block, block_mass, disc, disc_mass, kinetic_energy, run, scene};
use crate::simulation::{Engine, Sample};

/// Every shape's restitution (e), the box's too.
pub(crate) const RESTITUTION: f64 = 1.0;
/// Bodies across and up the grid they start in; half are discs, half boxes.
const COLUMNS: usize = 15;
const ROWS: usize = 10;
/// The side of each body's square cell (m): a body turned any way, moved sideways by
/// up to `JITTER`, stays inside its cell and clear of its neighbours'.
const CELL: f64 = 1.0;
const JITTER: f32 = 0.05;
/// The discs' radii and the boxes' half sides (m), each drawn between these.
const DISC_RADII: (f32, f32) = (0.25, 0.4);
const BOX_HALVES: (f32, f32) = (0.2, 0.3);
/// The largest sideways throw each body starts with (m/s).
const THROW: f32 = 1.5;
/// The inside of the box (m): the grid with half a cell of room on each side, and
/// headroom over it for a pile that gains energy.
const WIDTH: f64 = CELL * COLUMNS as f64 + CELL;
const HEIGHT: f64 = 16.0;
/// The walls', floor's and ceiling's half thickness (m).
const WALL: f64 = 0.5;
/// The static bodies that make the box, before the pile in the scene.
const WALLS: usize = 4;
const SECONDS: f64 = 10.0;
const SEED: u64 = 2026;

/// The largest rise of the pile's energy above its start, in per cent of the start.
pub(crate) fn error(engine: &dyn Engine, rate: Rate) -> Result<f64, String> {
    let (def, masses) = pile(rate);
    let trace = run(engine, &def, rate.steps(SECONDS))?;
    let energy = |bodies: &[Sample]| -> f64 {
        (bodies[WALLS..].iter().zip(&masses))
            .map(|(s, &mass)| kinetic_energy(s, mass) + mass.0 * G * s.position[1])
            .sum()
    };
    let start = energy(&trace[0]);
    let rise = (trace.iter())
        .map(|bodies| energy(bodies) - start)
        .fold(0.0, f64::max);
    Ok(100.0 * rise / start)
}

/// The box, then the pile in rows from the floor up, each body thrown sideways; and
/// each body's mass and moment of inertia, in the pile's order.
fn pile(rate: Rate) -> (SceneDef, Vec<(f64, f64)>) {
    let mut def = scene("bouncy pile", rate, [0.0, -G]);
    def.bodies.extend(walls());
    let mut rng = Pcg32::new(SEED, 0);
    let mut masses = Vec::with_capacity(COLUMNS * ROWS);
    for row in 0..ROWS {
        for column in 0..COLUMNS {
            let x = CELL * (column as f64 + 1.0) - 0.5 * WIDTH;
            let y = CELL * (row as f64 + 0.5);
            let at = [x + f64::from(rng.range(-JITTER, JITTER)), y];
            let (mut body, mass) = if (row + column) % 2 == 0 {
                drawn_disc(&mut rng, at)
            } else {
                drawn_box(&mut rng, at)
            };
            body.linear_velocity = [rng.range(-THROW, THROW), 0.0];
            def.bodies.push(body);
            masses.push(mass);
        }
    }
    (def, masses)
}

/// A disc of a drawn radius at `at`, and its mass and moment of inertia.
fn drawn_disc(rng: &mut Pcg32, at: [f64; 2]) -> (BodyJson, (f64, f64)) {
    let radius = f64::from(rng.range(DISC_RADII.0, DISC_RADII.1));
    let body = disc(at, radius, 1.0, Material::slippery(RESTITUTION));
    (body, disc_mass(radius, 1.0))
}

/// A box of drawn half sides at `at`, turned a drawn angle, and its mass and moment of
/// inertia.
fn drawn_box(rng: &mut Pcg32, at: [f64; 2]) -> (BodyJson, (f64, f64)) {
    let half = [(); 2].map(|()| f64::from(rng.range(BOX_HALVES.0, BOX_HALVES.1)));
    let angle = rng.range(-std::f32::consts::PI, std::f32::consts::PI);
    let body = block(at, half, Material::slippery(RESTITUTION)).with_angle(angle);
    (body, block_mass(half))
}

/// The floor (its top at y = 0), the ceiling and the two side walls, static and as
/// bouncy as the pile.
fn walls() -> [BodyJson; WALLS] {
    let span = 0.5 * WIDTH + 2.0 * WALL;
    let side = 0.5 * HEIGHT + 2.0 * WALL;
    [
        ([0.0, -WALL], [span, WALL]),
        ([0.0, HEIGHT + WALL], [span, WALL]),
        ([-0.5 * WIDTH - WALL, 0.5 * HEIGHT], [WALL, side]),
        ([0.5 * WIDTH + WALL, 0.5 * HEIGHT], [WALL, side]),
    ]
    .map(|(at, half)| {
        let shape = ShapeJson::new_box(half[0] as f32, half[1] as f32);
        BodyJson::static_at(at.map(|x| x as f32))
            .with_shape(Material::slippery(RESTITUTION).apply(shape))
    })
}
