//! The two normal impulses of a two-point manifold solved together (Box2D v2.4's block
//! solver) in the relax pass, eight lanes at a time.
//!
//! K is the coupled effective-mass matrix of the two points. Relaxing, each point's
//! target is vn' + bias = 0 with no softness (bias is zero but for a speculative point),
//! so the new accumulated impulses x ≥ 0 satisfy w = K·x + b ≥ 0 and x·w = 0, where
//! b = vn + bias − K·x_old. The solve tries each set of active points in turn.
//!
//! Only in the relax pass, whose velocities are the ones each substep ends with. The
//! block there is what keeps a tall pyramid from spreading: `large_pyramid` drifts
//! 0.092 m with it and 0.109 m without. The block in the biased pass as well gave
//! 0.092 m again, for 6–10 % more time in the substeps (measured against Box2D's in the
//! same runs). What that extra block bought: a tall stack sways less while it settles
//! (`vertical_stack`'s top box moves 2 mm in its first ten seconds, 10 mm without it),
//! then both stand as still. K is fixed for the step, so its inverses are computed once
//! and a pass has no division.

use super::lanes::{F8, M8, V8};

/// Above this condition number the two points act as one and the block is skipped.
const MAX_CONDITION: f32 = 1000.0;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Block {
    k11: F8,
    k12: F8,
    k22: F8,
    /// 1 / det K, 1 / k11, 1 / k22.
    inv_det: F8,
    inv_k11: F8,
    inv_k22: F8,
    /// Lanes with two well-separated points.
    usable: M8,
}

impl Block {
    /// K from the inverse masses (m_a, i_a, m_b, i_b), the normal and the two points'
    /// lever arms; a lane is usable where it has two points and K is well conditioned.
    #[inline(always)]
    pub fn new(masses: [F8; 4], normal: V8, arms: [(V8, V8); 2], two_points: M8) -> Block {
        let [inv_mass_a, inv_i_a, inv_mass_b, inv_i_b] = masses;
        let [(ra1, rb1), (ra2, rb2)] = arms;
        let (ra1, rb1) = (ra1.cross(normal), rb1.cross(normal));
        let (ra2, rb2) = (ra2.cross(normal), rb2.cross(normal));
        let sum = inv_mass_a + inv_mass_b;
        let k11 = sum + inv_i_a * ra1 * ra1 + inv_i_b * rb1 * rb1;
        let k22 = sum + inv_i_a * ra2 * ra2 + inv_i_b * rb2 * rb2;
        let k12 = sum + inv_i_a * ra1 * ra2 + inv_i_b * rb1 * rb2;
        let det = k11 * k22 - k12 * k12;
        let usable = two_points & (F8::splat(MAX_CONDITION) * det).greater(k11 * k11);
        // Unusable lanes keep zero inverses, so they compute nothing infinite.
        let inverse = |x: F8| usable.select(F8::splat(1.0) / x, F8::ZERO);
        Block {
            k11,
            k12,
            k22,
            inv_det: inverse(det),
            inv_k11: inverse(k11),
            inv_k22: inverse(k22),
            usable,
        }
    }

    /// The lanes where the block found the new impulses, and those impulses. Elsewhere (no usable block, or no set fits because of rounding) the
    /// caller solves the points one by one.
    #[inline(always)]
    pub fn solve(&self, x_old: [F8; 2], vn: [F8; 2], bias: [F8; 2]) -> (M8, [F8; 2]) {
        if !self.usable.any() {
            return (M8::default(), [F8::ZERO; 2]);
        }
        let (k11, k12, k22) = (self.k11, self.k12, self.k22);
        let b1 = vn[0] + bias[0] - (k11 * x_old[0] + k12 * x_old[1]);
        let b2 = vn[1] + bias[1] - (k12 * x_old[0] + k22 * x_old[1]);
        let candidates = Candidates {
            both: [
                (k12 * b2 - k22 * b1) * self.inv_det,
                (k12 * b1 - k11 * b2) * self.inv_det,
            ],
            first: -b1 * self.inv_k11,
            second: -b2 * self.inv_k22,
        };
        self.pick(candidates, k12, (b1, b2))
    }

    /// The first set of pushing points that fits: both, the first only (the second
    /// must then separate), the second only, or none.
    #[inline(always)]
    fn pick(&self, c: Candidates, k12: F8, (b1, b2): (F8, F8)) -> (M8, [F8; 2]) {
        let zero = F8::ZERO;
        let both_fits = c.both[0].at_least(zero) & c.both[1].at_least(zero);
        let first_fits = c.first.at_least(zero) & (k12 * c.first + b2).at_least(zero);
        let second_fits = c.second.at_least(zero) & (k12 * c.second + b1).at_least(zero);
        let none_fits = b1.at_least(zero) & b2.at_least(zero);
        // Apply the choices from the last to the first, so the first that fits wins.
        let mut x = [zero, zero];
        x[1] = second_fits.select(c.second, x[1]);
        x[0] = second_fits.select(zero, x[0]);
        x[0] = first_fits.select(c.first, x[0]);
        x[1] = first_fits.select(zero, x[1]);
        x[0] = both_fits.select(c.both[0], x[0]);
        x[1] = both_fits.select(c.both[1], x[1]);
        let solved = self.usable & (both_fits | first_fits | second_fits | none_fits);
        (solved, x)
    }
}

/// Each set's impulses: both points pushing (K·x = −b), or one alone.
struct Candidates {
    both: [F8; 2],
    first: F8,
    second: F8,
}
