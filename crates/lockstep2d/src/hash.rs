//! The state hash: a fast, stable 64-bit digest of simulation state.

/// The bits every NaN is hashed as: `f32::NAN`'s, a positive quiet NaN.
const CANONICAL_NAN: u32 = 0x7FC0_0000;

/// Folds 32-bit words into a 64-bit state with a multiply-xorshift per word.
///
/// Not cryptographic: it only has to make an accidental match between two different
/// states vanishingly unlikely, and to cost little enough to call every step.
#[derive(Clone, Debug)]
pub(crate) struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        StateHasher(0x243F_6A88_85A3_08D3)
    }
}

impl StateHasher {
    pub fn write_u32(&mut self, x: u32) {
        let mixed = (self.0 ^ x as u64).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        self.0 = mixed ^ (mixed >> 32);
    }

    /// Hashes each number's bits, every NaN as one canonical NaN.
    ///
    /// -0.0 and +0.0 hash differently: the step gives a zero the same sign on every
    /// machine (`minmax`), and a later division or `atan2` tells the two apart. A NaN's
    /// sign and payload are not the same everywhere (x86-64 makes a fresh NaN negative,
    /// aarch64 positive, wasm32 leaves it to the machine it runs on), so they are left
    /// out: two machines that both reached NaN agree. Any other value hashes as its
    /// bits.
    pub fn write_f32s(&mut self, values: &[f32]) {
        for &v in values {
            let bits = if v.is_nan() {
                CANONICAL_NAN
            } else {
                v.to_bits()
            };
            self.write_u32(bits);
        }
    }

    pub fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hint::black_box;

    fn hash_of(values: &[f32]) -> u64 {
        let mut h = StateHasher::default();
        h.write_f32s(values);
        h.finish()
    }

    #[test]
    fn every_nan_hashes_as_one() {
        let nans = [
            0x7FC0_0000u32,
            0xFFC0_0000,
            0x7F80_0001,
            0xFFFF_FFFF,
            0x7FC1_2345,
        ]
        .map(f32::from_bits);
        // A NaN made at run time, whatever sign and payload this machine gives it.
        let fresh = black_box(0.0f32) / black_box(0.0f32);
        assert!(fresh.is_nan());
        for nan in nans.into_iter().chain([fresh]) {
            assert!(nan.is_nan());
            assert_eq!(
                hash_of(&[1.0, nan]),
                hash_of(&[1.0, f32::NAN]),
                "{:#x}",
                nan.to_bits()
            );
        }
        assert_eq!(CANONICAL_NAN, f32::NAN.to_bits());
    }

    #[test]
    fn signed_zeros_and_numbers_hash_by_their_bits() {
        assert_ne!(hash_of(&[-0.0]), hash_of(&[0.0]));
        assert_ne!(hash_of(&[f32::NAN]), hash_of(&[f32::INFINITY]));
        // A number hashes as its bits written as a word: the golden hashes hold.
        for v in [0.0f32, -0.0, 1.5, -7.25e-30, f32::MAX, f32::NEG_INFINITY] {
            let mut h = StateHasher::default();
            h.write_u32(v.to_bits());
            assert_eq!(hash_of(&[v]), h.finish(), "{v}");
        }
    }
}
