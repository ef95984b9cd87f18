//! The query benchmark asks every engine the same questions: on the same settled
//! pyramid, the engines agree on how many rays hit and how many shapes the boxes find,
//! and their exact box queries find the same shapes, and their circle casts hit as
//! often, to within a few in a thousand.

use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::queries::{QueryKind, bench};

/// Asks every engine `kind`'s batch once and checks that the fewest found is more than
/// `share` of the most, and more than `least`.
fn counts_agree(kind: QueryKind, share: f64, least: usize) {
    let report = bench(kind, &Engine::ALL, 1).unwrap();
    let counts: Vec<usize> = report.engines.iter().map(|r| r.count).collect();
    let (fewest, most) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
    let name = kind.name();
    assert!(*fewest as f64 > share * *most as f64, "{name}: {counts:?}");
    assert!(
        *fewest > least,
        "{name}: too little found to compare: {counts:?}"
    );
}

#[test]
fn the_engines_agree_on_what_the_rays_and_boxes_find() {
    // Box2D does not count rays that start inside a shape; the peers' box queries
    // count every tree box that overlaps, lockstep2d only shapes that touch.
    counts_agree(QueryKind::Raycast, 0.85, 1000);
    counts_agree(QueryKind::Overlap, 0.85, 1000);
}

#[test]
fn the_exact_box_queries_find_the_same_shapes_in_every_engine() {
    // Shapes that only graze a box's edge may count in one engine and not another.
    counts_agree(QueryKind::OverlapExact, 0.99, 10_000);
}

#[test]
fn the_circle_casts_hit_as_often_in_every_engine() {
    // Every engine counts a circle that starts touching a shape as a hit; what is left
    // is casts that graze a box, which each engine's settled pyramid places a little
    // differently.
    counts_agree(QueryKind::ShapeCast, 0.99, 1000);
}
