//! Box2D v3's benchmark scenes (`shared/benchmarks.c`), under their names there, so
//! timings compare across engines.

use crate::def::{BodyJson, SceneDef, ShapeJson};

/// `CreateLargePyramid`: a pyramid of 5,050 unit boxes, 100 at its base, resting on a
/// 200 × 2 ground box whose top face is y = 0. Boxes start exactly touching, side by
/// side and row on row. Density 1 and friction 0.6 are Box2D v3's shape defaults. The
/// benchmark also turns sleeping off; lockstep2d has no sleeping yet.
pub fn large_pyramid() -> SceneDef {
    const BASE_COUNT: usize = 100;
    const HALF_EXTENT: f32 = 0.5;
    let mut bodies = vec![BodyJson::fixed([0.0, -1.0]).with_shape(ShapeJson::new_box(100.0, 1.0))];
    let shift = HALF_EXTENT;
    for i in 0..BASE_COUNT {
        let y = (2.0 * i as f32 + 1.0) * shift;
        for j in i..BASE_COUNT {
            // Row i starts half a box further right than row i − 1; the base is centred.
            let x = (i as f32 + 1.0) * shift + 2.0 * (j - i) as f32 * shift
                - HALF_EXTENT * BASE_COUNT as f32;
            bodies.push(
                BodyJson::dynamic([x, y]).with_shape(ShapeJson::new_box(HALF_EXTENT, HALF_EXTENT)),
            );
        }
    }
    SceneDef {
        steps: 500,
        sleep: false,
        bodies,
        ..SceneDef::new("large_pyramid")
    }
}
