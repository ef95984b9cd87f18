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

/// Each body's colours so far, one bit per colour: a constraint's free colours are the
/// zero bits of its two bodies' masks together, found with one load per body (a bit set
/// per colour needed a load per colour tried).
#[derive(Clone, Debug, Default)]
pub(crate) struct Coloring {
    used: Vec<u32>,
}

/// Colour 0 is kept for constraints between two moving bodies: constraints on a static
/// body start at colour 1, so each body's constraints to other moving bodies are solved
/// before the ground pushes back (as Box2D does).
const NOT_FIRST: u32 = 1;

/// The bits of colours that do not exist, as if every body used them.
const BEYOND: u32 = !((1 << COLOR_COUNT) - 1);

impl Coloring {
    /// Forgets the colours of the last step; `body_count` bodies may appear.
    pub fn reset(&mut self, body_count: usize) {
        self.used.clear();
        self.used.resize(body_count, 0);
    }

    /// The first colour free for both bodies (`None` for a body that does not move), and
    /// marks it used by them; `COLOR_COUNT` when every colour is taken (the overflow).
    pub fn assign(&mut self, a: Option<u32>, b: Option<u32>) -> usize {
        let mask = |body: Option<u32>| body.map_or(NOT_FIRST, |i| self.used[i as usize]);
        let taken = mask(a) | mask(b) | BEYOND;
        if taken == u32::MAX {
            return COLOR_COUNT;
        }
        let color = (!taken).trailing_zeros();
        for body in [a, b].into_iter().flatten() {
            self.used[body as usize] |= 1 << color;
        }
        color as usize
    }
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

    #[test]
    fn a_body_in_every_colour_sends_its_next_constraint_to_the_overflow() {
        let mut coloring = Coloring::default();
        coloring.reset(COLOR_COUNT + 2);
        // Body 0 touches bodies 1, 2, ...: one colour each, then none left.
        for other in 1..=COLOR_COUNT as u32 {
            assert_eq!(coloring.assign(Some(0), Some(other)), other as usize - 1);
        }
        assert_eq!(
            coloring.assign(Some(0), Some(COLOR_COUNT as u32 + 1)),
            COLOR_COUNT
        );
        // On a static body the first colour is skipped: body 1 has colour 0 only.
        assert_eq!(coloring.assign(None, Some(1)), 1);
    }
}
