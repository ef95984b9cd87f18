//! How big a snapshot of the same world is in lockstep2d and in rapier2d (bincode of its
//! `PhysicsWorld`, as rapier's own snapshots are taken); Box2D v3.1 has no snapshots.
//!
//! `cargo run --release -p lockstep2d-bench --example snapshot_size [-- --scene NAME
//! --steps N]` builds the scene in both engines with the benchmark's settings, steps it
//! (300 steps by default, so contacts and warm-start impulses exist) and prints both
//! sizes and their ratio.

use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::example_args::ExampleArgs;
use lockstep2d_bench::settings::Settings;

fn main() -> Result<(), String> {
    let args = ExampleArgs::from_env();
    let scene = args.value("--scene").unwrap_or("large_pyramid");
    let steps = args.number("--steps", 300)?;
    let def = lockstep2d_scenes::named(scene).ok_or(format!("no scene named {scene}"))?;
    let settings = Settings::for_scene(&def, 1);
    let mut sizes = Vec::new();
    for engine in [Engine::Lockstep2d, Engine::Rapier] {
        let mut world = engine.build(&def, &settings)?;
        for _ in 0..steps {
            world.step()?;
        }
        let bytes = world
            .snapshot_bytes()
            .ok_or(format!("{engine:?} has no snapshot"))?;
        println!(
            "{scene} after {steps} steps, {engine:?}: {bytes} bytes ({:.0} per body)",
            bytes as f64 / def.bodies.len() as f64
        );
        sizes.push(bytes as f64);
    }
    println!("lockstep2d / rapier: {:.3}", sizes[0] / sizes[1]);
    Ok(())
}
