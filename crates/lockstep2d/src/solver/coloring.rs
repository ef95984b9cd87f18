//! Graph colouring of constraints: each constraint gets the first colour in which neither
//! of its moving bodies appears yet, so the constraints of one colour share no moving
//! body.
//!
//! The soft step solves colour by colour. Within a colour the order cannot matter (no
//! two constraints touch the same body), so the sweep no longer runs left to right
//! through a pyramid, pushing every row the same way; and a colour is the unit that can
//! later be solved in SIMD lanes or on several threads with the same result. Static
//! bodies are shared freely: they never move, so they do not count.

/// Colours tried before a constraint goes to the overflow colour, solved last.
pub(crate) const COLOR_COUNT: usize = 24;

/// One bit per body, for each colour.
#[derive(Clone, Debug, Default)]
pub(crate) struct Coloring {
    used: Vec<Vec<u64>>,
}

impl Coloring {
    /// Forgets the colours of the last step; `body_count` bodies may appear.
    pub fn reset(&mut self, body_count: usize) {
        let words = body_count.div_ceil(64);
        self.used.resize_with(COLOR_COUNT, Vec::new);
        for bits in &mut self.used {
            bits.clear();
            bits.resize(words, 0);
        }
    }

    /// The first colour free for both bodies (`None` for a body that does not move), and
    /// marks it used by them; `COLOR_COUNT` when every colour is taken (the overflow).
    pub fn assign(&mut self, a: Option<u32>, b: Option<u32>) -> usize {
        // Constraints on a static body start at colour 1, so each body's constraints to
        // other moving bodies are solved before the ground pushes back (as Box2D does).
        let first = usize::from(a.is_none() || b.is_none());
        for (color, bits) in self.used.iter_mut().enumerate().skip(first) {
            let free = |body: Option<u32>| body.is_none_or(|i| !test(bits, i));
            if free(a) && free(b) {
                for body in [a, b].into_iter().flatten() {
                    set(bits, body);
                }
                return color;
            }
        }
        COLOR_COUNT
    }
}

fn test(bits: &[u64], i: u32) -> bool {
    bits[i as usize / 64] & (1 << (i % 64)) != 0
}

fn set(bits: &mut [u64], i: u32) {
    bits[i as usize / 64] |= 1 << (i % 64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraints_of_a_colour_share_no_moving_body() {
        let mut coloring = Coloring::default();
        coloring.reset(4);
        // A chain 0-1-2-3 on a static ground (None).
        assert_eq!(coloring.assign(Some(0), Some(1)), 0);
        assert_eq!(coloring.assign(Some(1), Some(2)), 1);
        assert_eq!(coloring.assign(Some(2), Some(3)), 0);
        assert_eq!(coloring.assign(None, Some(0)), 1);
        assert_eq!(coloring.assign(None, Some(1)), 2);
        assert_eq!(coloring.assign(None, Some(3)), 1);
    }
}
