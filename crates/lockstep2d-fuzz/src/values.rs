//! The numbers a fuzzer passes in: ordinary ones most of the time, and in extreme mode
//! the finite values at the edge of `f32` (huge, tiny, denormal) that a hostile or
//! careless caller might pass.

use lockstep2d::Vec2;
use lockstep2d_scenes::Pcg32;

/// Finite magnitudes that overflow products, squares or sums, or vanish in them.
const EXTREMES: [f32; 10] = [
    0.0,
    1e-45,
    1e-20,
    1e-6,
    1e6,
    1e15,
    1e19,
    1e30,
    3e38,
    f32::MAX,
];

/// A seeded source of operation choices and values.
#[derive(Clone, Debug)]
pub struct Draw {
    rng: Pcg32,
    /// Whether values may be extreme (see `EXTREMES`).
    extreme: bool,
}

impl Draw {
    pub fn new(seed: u64, extreme: bool) -> Draw {
        Draw {
            rng: Pcg32::new(seed, 0x5eed),
            extreme,
        }
    }

    /// An index below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u32() as usize) % n
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.rng.range(0.0, 1.0) < p
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.rng.range(lo, hi)
    }

    /// A value in [lo, hi), or in extreme mode now and then an extreme one of either
    /// sign (if `lo` < 0) or positive.
    pub fn value(&mut self, lo: f32, hi: f32) -> f32 {
        if self.extreme && self.chance(0.15) {
            let magnitude = EXTREMES[self.below(EXTREMES.len())];
            return if lo < 0.0 && self.chance(0.5) {
                -magnitude
            } else {
                magnitude
            };
        }
        self.range(lo, hi)
    }

    /// A vector with both coordinates from `value(-extent, extent)`.
    pub fn vector(&mut self, extent: f32) -> Vec2 {
        Vec2::new(self.value(-extent, extent), self.value(-extent, extent))
    }
}
