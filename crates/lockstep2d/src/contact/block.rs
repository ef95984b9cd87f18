//! The two normal impulses of a two-point manifold solved together (Box2D v2.4's block
//! solver) in the relax pass, eight lanes at a time.
//!
//! K is the coupled effective-mass matrix of the two points. Relaxing, each point's
//! target is vn' + bias = 0 with no softness (bias is zero but for a speculative point),
//! so the new accumulated impulses x ≥ 0 satisfy w = K·x + b ≥ 0 and x·w = 0, where
//! b = vn + bias − K·x_old. The solve tries each set of active points in turn.
//!
//! Only in the relax pass, whose velocities are the ones each substep ends with. The
//! block there is what keeps a tall pyramid from spreading. The block in the biased pass
//! as well gives no less drift for more time in the substeps; what it buys is a tall
//! stack that sways less while it settles, then both stand as still (docs/decisions.md,
//! "Block solve in the relax pass only"). K is fixed for the step, so the one division, for its
//! inverse determinant, is done once and a pass has none.

use crate::constraint::lanes::{F8, M8, V8};

/// Above this condition number the two points act as one and the block is skipped.
const MAX_CONDITION: f32 = 1000.0;

/// K, the coupled effective-mass matrix of the two points. It is fixed for the step but
/// not stored: recomputing it each relax pass (a dozen products) costs less than
/// streaming three more vectors per bundle through every pass of every substep.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coupling {
    k11: F8,
    k12: F8,
    k22: F8,
}

impl Coupling {
    /// K from the inverse masses (m_a, i_a, m_b, i_b), the normal and the two points'
    /// lever arms. Its diagonal is what each point's own effective mass inverts, term
    /// for term, so 1 / k11 and 1 / k22 are the points' normal masses.
    #[inline(always)]
    pub fn new(masses: [F8; 4], normal: V8, arms: [(V8, V8); 2]) -> Coupling {
        let [inv_mass_a, inv_i_a, inv_mass_b, inv_i_b] = masses;
        let [(ra1, rb1), (ra2, rb2)] = arms;
        let (ra1, rb1) = (ra1.cross(normal), rb1.cross(normal));
        let (ra2, rb2) = (ra2.cross(normal), rb2.cross(normal));
        let sum = inv_mass_a + inv_mass_b;
        Coupling {
            k11: sum + inv_i_a * ra1 * ra1 + inv_i_b * rb1 * rb1,
            k22: sum + inv_i_a * ra2 * ra2 + inv_i_b * rb2 * rb2,
            k12: sum + inv_i_a * ra1 * ra2 + inv_i_b * rb1 * rb2,
        }
    }
}

/// What the block keeps for the step: 1 / (k11·det K') where the lane has two
/// well-separated points, zero where it does not (so an unusable lane computes nothing
/// infinite). K' = K / k11 is K scaled to a unit first entry: inverse masses span
/// 10⁻²⁰ to 10²⁰, so det K itself, a product of two entries, can leave f32 (as in
/// `joint/mass2.rs`), while det K' cannot for a usable lane, and K⁻¹ = adj(K') / (k11·det K').
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Block {
    inv_det: F8,
}

impl Block {
    /// A lane is usable where it has two points and K is well conditioned. `inv_k11` is
    /// the first point's normal mass, 1 / k11.
    #[inline(always)]
    pub fn new(k: &Coupling, inv_k11: F8, two_points: M8) -> Block {
        let scaled = Scaled::of(k, inv_k11);
        let det = scaled.k22 - scaled.k12 * scaled.k12;
        let usable = two_points & (F8::splat(MAX_CONDITION) * det).greater(F8::splat(1.0));
        Block {
            inv_det: usable.select(F8::splat(1.0) / (det * k.k11), F8::ZERO),
        }
    }

    /// The lanes where the block found the new impulses, and those impulses. `k` is the
    /// K the block was made from and `normal_masses` the points' (1 / k11, 1 / k22).
    /// Elsewhere (no usable block, or no set fits because of rounding) the caller
    /// solves the points one by one.
    #[inline(always)]
    pub fn solve(
        &self,
        (k, normal_masses): (&Coupling, [F8; 2]),
        x_old: [F8; 2],
        vn: [F8; 2],
        bias: [F8; 2],
    ) -> (M8, [F8; 2]) {
        let usable = self.inv_det.greater(F8::ZERO);
        if !usable.any() {
            return (M8::default(), [F8::ZERO; 2]);
        }
        let (k11, k12, k22) = (k.k11, k.k12, k.k22);
        let b1 = vn[0] + bias[0] - (k11 * x_old[0] + k12 * x_old[1]);
        let b2 = vn[1] + bias[1] - (k12 * x_old[0] + k22 * x_old[1]);
        let scaled = Scaled::of(k, normal_masses[0]);
        let candidates = Candidates {
            both: [
                (scaled.k12 * b2 - scaled.k22 * b1) * self.inv_det,
                (scaled.k12 * b1 - b2) * self.inv_det,
            ],
            first: -b1 * normal_masses[0],
            second: -b2 * normal_masses[1],
        };
        let (solved, x) = pick(candidates, k12, (b1, b2));
        (usable & solved, x)
    }
}

/// K / k11's other entries (its first is 1).
struct Scaled {
    k12: F8,
    k22: F8,
}

impl Scaled {
    #[inline(always)]
    fn of(k: &Coupling, inv_k11: F8) -> Scaled {
        Scaled {
            k12: k.k12 * inv_k11,
            k22: k.k22 * inv_k11,
        }
    }
}

/// The first set of pushing points that fits: both, the first only (the second must
/// then separate), the second only, or none; and the lanes where one fits.
#[inline(always)]
fn pick(c: Candidates, k12: F8, (b1, b2): (F8, F8)) -> (M8, [F8; 2]) {
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
    (both_fits | first_fits | second_fits | none_fits, x)
}

/// Each set's impulses: both points pushing (K·x = −b), or one alone.
struct Candidates {
    both: [F8; 2],
    first: F8,
    second: F8,
}
