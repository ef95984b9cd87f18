//! The four-quadrant arctangent, eight lanes at a time: the angle a revolute joint has
//! turned within a step (`joint/revolute/wide.rs`).
//!
//! The ratio of the smaller to the larger of |y| and |x| lies in [0, 1]; above
//! tan(π/8) it is moved to (t − 1)/(t + 1) and π/4 added back, so the odd polynomial
//! below (Cephes' `atanf` coefficients) only sees |u| ≤ tan(π/8), where its error is a
//! few units in the last place. The octant and quadrant are then put back by selects.
//! Every operation is one IEEE add, multiply, divide or select per lane, so every form
//! of the lane code gives the same bits.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

use super::lanes::F8;

/// tan(π/8): above it, the ratio is reduced about tan(π/4) = 1.
const TAN_PI_8: f32 = 0.414_213_57;

/// atan(y / x) in (−π, π], lane by lane; 0 where both are 0.
#[inline(always)]
pub(crate) fn atan2(y: F8, x: F8) -> F8 {
    let (ax, ay) = (x.abs(), y.abs());
    let (large, small) = (ax.max(ay), ax.min(ay));
    let ratio = large.greater(F8::ZERO).select(small / large, F8::ZERO);
    let reduce = ratio.greater(F8::splat(TAN_PI_8));
    let one = F8::splat(1.0);
    let u = reduce.select((ratio - one) / (ratio + one), ratio);
    let angle = reduce.select(F8::splat(FRAC_PI_4), F8::ZERO) + atan_near_zero(u);
    // The octant: past the diagonal the ratio was |x| / |y|.
    let angle = ay.greater(ax).select(F8::splat(FRAC_PI_2) - angle, angle);
    // The quadrant: x < 0 mirrors about the y axis, y < 0 about the x axis.
    let angle = F8::ZERO.greater(x).select(F8::splat(PI) - angle, angle);
    y.sign_negative().select(-angle, angle)
}

/// atan(u) for |u| ≤ tan(π/8): u + u³·p(u²).
#[inline(always)]
fn atan_near_zero(u: F8) -> F8 {
    let z = u * u;
    let p = ((F8::splat(8.053_744_5e-2) * z - F8::splat(1.387_768_6e-1)) * z
        + F8::splat(1.997_771_1e-1))
        * z
        - F8::splat(3.333_295e-1);
    p * z * u + u
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lane arctangent of each (y, x), lane by lane.
    fn lane_atan2(points: &[(f32, f32)]) -> Vec<f32> {
        points
            .chunks(8)
            .flat_map(|chunk| {
                let mut ys = F8::ZERO;
                let mut xs = F8::ZERO;
                for (i, &(y, x)) in chunk.iter().enumerate() {
                    ys.0[i] = y;
                    xs.0[i] = x;
                }
                atan2(ys, xs).0.into_iter().take(chunk.len())
            })
            .collect()
    }

    #[test]
    fn agrees_with_the_library_arctangent_all_round_the_circle() {
        // Directions every 0.01 rad round the circle, at three lengths.
        let points: Vec<(f32, f32)> = (0..629 * 3)
            .map(|i| {
                let turn = crate::math::Rot::from_angle((i % 629) as f32 * 0.01 - PI);
                let length = [1e-3, 1.0, 50.0][i / 629];
                (length * turn.s, length * turn.c)
            })
            .collect();
        let mut worst = 0.0f32;
        for (&(y, x), got) in points.iter().zip(lane_atan2(&points)) {
            let error = (got - libm::atan2f(y, x)).abs();
            worst = crate::minmax::max(worst, error);
        }
        assert!(worst < 5e-7, "worst error {worst}");
    }

    #[test]
    fn axes_and_the_origin_read_their_exact_angles() {
        let cases = [
            ((0.0, 1.0), 0.0),
            ((1.0, 0.0), FRAC_PI_2),
            ((0.0, -1.0), PI),
            ((-1.0, 0.0), -FRAC_PI_2),
            ((1.0, 1.0), FRAC_PI_4),
            ((0.0, 0.0), 0.0),
        ];
        let points: Vec<(f32, f32)> = cases.iter().map(|&(p, _)| p).collect();
        for ((point, expected), got) in cases.iter().zip(lane_atan2(&points)) {
            assert_eq!(got, *expected, "atan2{point:?}");
        }
    }
}
