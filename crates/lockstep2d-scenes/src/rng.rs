//! A small deterministic random number generator for scenes that scatter bodies.
//!
//! PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good
//! Algorithms for Random Number Generation", 2014): a 64-bit LCG whose output is
//! permuted by a xorshift and a data-dependent rotation. Scenes seed it with a constant,
//! so a named scene is the same on every machine and in every run; nothing here reads
//! the clock or the OS. (`rand` was not taken: its generators and float conversion may
//! change between versions, which would silently change the scenes.)

/// The LCG multiplier of PCG's reference implementation.
const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

/// PCG32: seeded, reproducible, and the same on every machine (see the module docs).
#[derive(Clone, Debug)]
pub struct Pcg32 {
    state: u64,
    /// Selects one of 2⁶³ streams; must be odd.
    increment: u64,
}

impl Pcg32 {
    /// The generator for `seed` on `stream`, initialised as the reference `pcg32_srandom`.
    pub fn new(seed: u64, stream: u64) -> Pcg32 {
        let mut rng = Pcg32 {
            state: 0,
            increment: (stream << 1) | 1,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(seed);
        rng.next_u32();
        rng
    }

    /// The next number of the stream, uniform over all of `u32`.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.increment);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }

    /// Uniform between `lo` and `hi`: Box2D-Lite's `Random(lo, hi)`, made reproducible.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        // The top 24 bits fill an f32 mantissa exactly, so `unit` is exact in [0, 1).
        let unit = (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
        lo + (hi - lo) * unit
    }
}

#[cfg(test)]
mod tests {
    use super::Pcg32;

    #[test]
    fn matches_the_reference_implementation() {
        // pcg32-demo from pcg-c-basic, seeded with pcg32_srandom(42, 54).
        let mut rng = Pcg32::new(42, 54);
        let first: Vec<u32> = (0..6).map(|_| rng.next_u32()).collect();
        assert_eq!(
            first,
            [
                0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e
            ]
        );
    }

    #[test]
    fn range_stays_in_bounds() {
        let mut rng = Pcg32::new(1, 1);
        for _ in 0..10_000 {
            let x = rng.range(-0.1, 0.1);
            assert!((-0.1..=0.1).contains(&x), "{x}");
        }
    }
}
