//! `outline_cut`: how long cutting a concave outline into convex pieces takes, in
//! lockstep2d (`Outline::new`: ear clipping, then merging) and in rapier2d (parry's
//! VHACD, `SharedShape::convex_decomposition`, its default parameters), on the same
//! 200-point outline: a ring whose radius swings seven times round, so that most of
//! its corners are reflex.

use std::time::Instant;

use lockstep2d::math::{cos, sin};
use lockstep2d::{Outline, Vec2};
use rapier2d::prelude::{SharedShape, Vector};

/// The outline's points.
pub const POINTS: usize = 200;

/// One engine's cut: the median time over the runs and the pieces it made.
#[derive(Clone, Copy, Debug)]
pub struct Cut {
    /// Median microseconds per cut.
    pub micros: f64,
    /// Convex pieces.
    pub pieces: usize,
}

/// Both engines' cuts of the outline, `runs` times each.
pub fn bench(runs: u32) -> Result<(Cut, Cut), String> {
    let points = wobbly_ring(POINTS);
    let ours = time(runs, || {
        Outline::new(&points)
            .map(|outline| outline.pieces().len())
            .map_err(|e| e.to_string())
    })?;
    let vertices: Vec<Vector> = points.iter().map(|p| Vector::new(p.x, p.y)).collect();
    let n = vertices.len() as u32;
    let indices: Vec<[u32; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
    let rapier = time(runs, || {
        let compound = SharedShape::convex_decomposition(&vertices, &indices);
        compound
            .as_compound()
            .map(|c| c.shapes().len())
            .ok_or_else(|| "rapier made no compound".to_string())
    })?;
    Ok((ours, rapier))
}

/// The table `bench`'s cuts print as.
pub fn text(ours: Cut, rapier: Cut) -> String {
    format!(
        "outline_cut: a {POINTS}-point concave outline into convex pieces\n\
         engine      µs/cut  pieces\n\
         lockstep2d  {:>7.1}  {:>6}\n\
         rapier2d    {:>7.1}  {:>6}   (VHACD)\n\
         lockstep2d / rapier2d: {:.3}",
        ours.micros,
        ours.pieces,
        rapier.micros,
        rapier.pieces,
        ours.micros / rapier.micros
    )
}

fn time(runs: u32, mut cut: impl FnMut() -> Result<usize, String>) -> Result<Cut, String> {
    let mut times = Vec::with_capacity(runs as usize);
    let mut pieces = 0;
    for _ in 0..runs.max(1) {
        let clock = Instant::now();
        pieces = cut()?;
        times.push(clock.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    Ok(Cut {
        micros: times[times.len() / 2],
        pieces,
    })
}

/// `n` points round a ring whose radius swings between 1.1 and 2.9 seven times.
fn wobbly_ring(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let angle = std::f32::consts::TAU * i as f32 / n as f32;
            let r = 2.0 + 0.9 * sin(7.0 * angle);
            Vec2::new(r * cos(angle), r * sin(angle))
        })
        .collect()
}
