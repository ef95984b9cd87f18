//! The two normal impulses of a two-point manifold solved together (Box2D v2.4's block
//! solver, here with soft targets), eight lanes at a time.
//!
//! K is the coupled effective-mass matrix of the two points. With each point's target
//! written as vn' + bias + compliance·x = 0 (a speculative or relaxing point has no
//! compliance; a soft one has impulse_scale / (mass_scale·m), which is the soft update of
//! `softness.rs` rewritten), the new accumulated impulses x ≥ 0 satisfy w = A·x + b ≥ 0
//! and x·w = 0, where A = K + diag(compliance) and b = vn + bias − K·x_old. The solve
//! tries each set of active points in turn.

use super::lanes::{F8, M8, V8};

/// Above this condition number the two points act as one and the block is skipped.
const MAX_CONDITION: f32 = 1000.0;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Block {
    k11: F8,
    k12: F8,
    k22: F8,
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
        let conditioned = (F8::splat(MAX_CONDITION) * det).greater(k11 * k11);
        Block {
            k11,
            k12,
            k22,
            usable: two_points & conditioned,
        }
    }

    /// The lanes where the block found the new impulses, and those impulses. Elsewhere
    /// (no usable block, or no set fits because of rounding) the caller solves the
    /// points one by one.
    #[inline(always)]
    pub fn solve(
        &self,
        x_old: [F8; 2],
        vn: [F8; 2],
        bias: [F8; 2],
        compliance: [F8; 2],
    ) -> (M8, [F8; 2]) {
        if !self.usable.any() {
            return (M8::default(), [F8::ZERO; 2]);
        }
        let zero = F8::ZERO;
        let (a11, a12, a22) = (self.k11 + compliance[0], self.k12, self.k22 + compliance[1]);
        let b1 = vn[0] + bias[0] - (self.k11 * x_old[0] + self.k12 * x_old[1]);
        let b2 = vn[1] + bias[1] - (self.k12 * x_old[0] + self.k22 * x_old[1]);
        // Both pushing: A·x = −b.
        let det = a11 * a22 - a12 * a12;
        let both = [(a12 * b2 - a22 * b1) / det, (a12 * b1 - a11 * b2) / det];
        let both_fits = both[0].at_least(zero) & both[1].at_least(zero);
        // Only the first pushing; the second must then separate.
        let first = -b1 / a11;
        let first_fits = first.at_least(zero) & (a12 * first + b2).at_least(zero);
        let second = -b2 / a22;
        let second_fits = second.at_least(zero) & (a12 * second + b1).at_least(zero);
        let none_fits = b1.at_least(zero) & b2.at_least(zero);
        // The first set that fits wins: apply the choices from the last to the first.
        let mut x = [zero, zero];
        x[1] = second_fits.select(second, x[1]);
        x[0] = second_fits.select(zero, x[0]);
        x[0] = first_fits.select(first, x[0]);
        x[1] = first_fits.select(zero, x[1]);
        x[0] = both_fits.select(both[0], x[0]);
        x[1] = both_fits.select(both[1], x[1]);
        let solved = self.usable & (both_fits | first_fits | second_fits | none_fits);
        (solved, x)
    }
}
