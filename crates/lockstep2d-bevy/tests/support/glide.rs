//! What the tests share.

/// Asserts that a body drawn at `xs` (its x each frame, gliding at a steady speed)
/// moves `per_frame` every frame, to within a thousandth: smoothing hides the steps.
/// The first frames are skipped (no time yet, then the first steps' history filling).
pub fn assert_moves_evenly(xs: &[f32], per_frame: f32) {
    let moves: Vec<f32> = xs[10..].windows(2).map(|w| w[1] - w[0]).collect();
    let mean = moves.iter().sum::<f32>() / moves.len() as f32;
    let spread = moves.iter().fold(0.0f32, |m, d| m.max((d - mean).abs())) / mean;
    assert!((mean - per_frame).abs() < 1e-5, "mean per frame {mean}");
    assert!(spread < 1e-3, "spread {spread}");
}
