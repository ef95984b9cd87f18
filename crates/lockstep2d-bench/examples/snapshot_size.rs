//! How big a snapshot of the same world is in lockstep2d and in rapier2d (bincode of its
//! `PhysicsWorld`, as rapier's own snapshots are taken); Box2D v3.1 has no snapshots.
//!
//! `cargo run --release -p lockstep2d-bench --example snapshot_size [-- --scene NAME
//! --steps N]` builds the scene in both engines with the benchmark's settings, steps it
//! (300 steps by default, so contacts and warm-start impulses exist) and prints both
//! sizes and their ratio. lockstep2d's snapshots are deflated; so that the comparison
//! can be read both ways, it also prints rapier's bincode deflated at the same level.

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
    let mut deflated_rapier = 0;
    for engine in [Engine::Lockstep2d, Engine::Rapier] {
        let mut world = engine.build(&def, &settings)?;
        for _ in 0..steps {
            world.step()?;
        }
        let bytes = world
            .snapshot_bytes()
            .ok_or(format!("{engine:?} has no snapshot"))?;
        let size = bytes.len();
        println!(
            "{scene} after {steps} steps, {engine:?}: {size} bytes ({:.0} per body)",
            size as f64 / def.bodies.len() as f64
        );
        sizes.push(size as f64);
        if engine == Engine::Rapier {
            deflated_rapier = miniz_oxide::deflate::compress_to_vec(&bytes, 1).len();
            println!("  rapier's bincode deflated (level 1): {deflated_rapier} bytes");
        }
    }
    println!("lockstep2d / rapier: {:.3}", sizes[0] / sizes[1]);
    println!(
        "lockstep2d / rapier deflated: {:.3}",
        sizes[0] / deflated_rapier as f64
    );
    Ok(())
}
