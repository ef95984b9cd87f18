//! The query benchmark asks every engine the same questions: on the same settled
//! pyramid, the engines agree on how many rays hit and how many shapes the boxes find,
//! and their exact box queries find the same shapes to within a few in a thousand.

use lockstep2d_bench::engine::Engine;
use lockstep2d_bench::queries::{QueryKind, bench};

#[test]
fn the_engines_agree_on_what_the_rays_and_boxes_find() {
    for kind in [QueryKind::Raycast, QueryKind::Overlap] {
        let report = bench(kind, &Engine::ALL, 1).unwrap();
        let counts: Vec<usize> = report.engines.iter().map(|r| r.count).collect();
        let (least, most) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        // Box2D does not count rays that start inside a shape; the peers' box queries
        // count every tree box that overlaps, lockstep2d only shapes that touch.
        assert!(
            *least as f64 > 0.85 * *most as f64,
            "{}: {counts:?}",
            kind.name()
        );
        assert!(
            *least > 1000,
            "{}: too little found to compare: {counts:?}",
            kind.name()
        );
    }
}

#[test]
fn the_exact_box_queries_find_the_same_shapes_in_every_engine() {
    let report = bench(QueryKind::OverlapExact, &Engine::ALL, 1).unwrap();
    let counts: Vec<usize> = report.engines.iter().map(|r| r.count).collect();
    let (least, most) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
    // Shapes that only graze a box's edge may count in one engine and not another.
    assert!(*least as f64 > 0.99 * *most as f64, "{counts:?}");
    assert!(*least > 10_000, "too little found to compare: {counts:?}");
}
