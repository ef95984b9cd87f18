//! What snapshots and the state hash cost on a 5,050-box pyramid (Box2D's
//! large_pyramid, built here by hand: the engine crate cannot use the scenes crate).
//!
//! `cargo run --release --example snapshot_cost` steps the pyramid 300 times, then prints
//! the snapshot's size in bytes and the median time of a step, `snapshot`, `restore`,
//! `snapshot_into` (into a reused snapshot, as a rollback ring does), `to_bytes`,
//! `from_bytes` and `state_hash`, each also as a share of a step.

use std::time::Instant;

use lockstep2d::{
    BodyDef, Geometry, Polygon, ShapeDef, SleepSettings, Snapshot, Vec2, World, WorldDef,
};

const BASE_COUNT: usize = 100;
const DT: f32 = 1.0 / 60.0;
/// Timings are medians of this many runs, so one slow run (a page fault, a context
/// switch) does not move them.
const RUNS: usize = 31;

fn main() -> Result<(), lockstep2d::Error> {
    let mut world = large_pyramid()?;
    for _ in 0..300 {
        world.step(DT)?;
    }
    let snapshot = world.snapshot();
    let bytes = snapshot.to_bytes();
    let step = median_ms(|| world.step(DT).expect("a valid dt"));
    // Restore first in each run so every step starts from the same state.
    let step_from_snapshot = median_ms(|| {
        world.restore(&snapshot);
        world.step(DT).expect("a valid dt");
    });
    let snapshot_ms = median_ms(|| drop(world.snapshot()));
    let mut ring_slot = world.snapshot();
    let snapshot_into_ms = median_ms(|| world.snapshot_into(&mut ring_slot));
    let restore_ms = median_ms(|| world.restore(&snapshot));
    let to_bytes_ms = median_ms(|| drop(snapshot.to_bytes()));
    let from_bytes_ms = median_ms(|| drop(Snapshot::from_bytes(&bytes).expect("own bytes")));
    let hash_ms = median_ms(|| {
        std::hint::black_box(world.state_hash());
    });

    println!(
        "large_pyramid ({} bodies, {} contacts) after 300 steps",
        world.body_count(),
        world.contact_count()
    );
    println!(
        "snapshot size: {} bytes ({:.1} per body)",
        bytes.len(),
        bytes.len() as f64 / world.body_count() as f64
    );
    println!("step: {step:.3} ms (restore + step: {step_from_snapshot:.3} ms)");
    for (name, ms) in [
        ("snapshot", snapshot_ms),
        ("restore", restore_ms),
        ("snapshot + restore", snapshot_ms + restore_ms),
        ("snapshot_into", snapshot_into_ms),
        ("snapshot_into + restore", snapshot_into_ms + restore_ms),
        ("to_bytes", to_bytes_ms),
        ("from_bytes", from_bytes_ms),
        ("state_hash", hash_ms),
    ] {
        println!(
            "{name:>24}: {ms:8.3} ms = {:6.2} % of a step",
            100.0 * ms / step
        );
    }
    Ok(())
}

/// 100 boxes at the base, one fewer per row, 5,050 in all, on a wide ground box;
/// sleeping off, as in Box2D's benchmark.
fn large_pyramid() -> Result<World, lockstep2d::Error> {
    let mut world = World::new(&WorldDef {
        sleep: SleepSettings {
            enabled: false,
            ..SleepSettings::default()
        },
        ..WorldDef::default()
    })?;
    let ground = world.create_body(&BodyDef::static_at(Vec2::new(0.0, -1.0)))?;
    let ground_box = Geometry::Polygon(Polygon::new_box(100.0, 1.0)?);
    world.create_shape(ground, &ShapeDef::new(ground_box))?;
    let unit_box = ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5)?));
    for row in 0..BASE_COUNT {
        let y = row as f32 + 0.5;
        for col in row..BASE_COUNT {
            // Row i starts half a box further right than row i − 1; the base is centred.
            let x = (row as f32 + 1.0) * 0.5 + (col - row) as f32 - 0.5 * BASE_COUNT as f32;
            let body = world.create_body(&BodyDef::dynamic(Vec2::new(x, y)))?;
            world.create_shape(body, &unit_box)?;
        }
    }
    Ok(world)
}

/// The median wall time of `RUNS` calls of `f`, in milliseconds.
fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}
