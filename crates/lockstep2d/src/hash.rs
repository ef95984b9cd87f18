//! The state hash: a fast, stable 64-bit digest of simulation state.

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

    /// Hashes the exact bits: -0.0 and 0.0, or two NaNs, hash differently.
    pub fn write_f32s(&mut self, values: &[f32]) {
        for v in values {
            self.write_u32(v.to_bits());
        }
    }

    pub fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}
