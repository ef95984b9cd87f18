//! The bodies a bundle's lanes join: each lane's body A and body B, which of them the
//! lane moves, and how far into the body states the indices reach.
//!
//! A pass over a bundle reads sixteen body rows and writes back the ones it moves. The
//! rows are checked against the states once per pass, through `reach`, instead of once
//! per row: per-row checks are a visible share of a pyramid's step (docs/decisions.md,
//! "Body rows checked once per pass").

use super::lanes::LANES;

#[derive(Clone, Debug)]
pub(crate) struct LaneBodies {
    pub a: [u32; LANES],
    pub b: [u32; LANES],
    /// Whether the lane's constraint changes body A's (B's) velocity. Only those bodies
    /// are written back, so bundles sharing a static or kinematic body never write it.
    pub moves_a: [bool; LANES],
    pub moves_b: [bool; LANES],
    /// One past the largest index in `a` and `b`; kept by `set`, so it is never below
    /// an index a lane holds.
    reach: usize,
}

impl LaneBodies {
    /// Every lane joins the dummy body `dummy` to itself and moves neither.
    pub fn idle(dummy: u32) -> LaneBodies {
        LaneBodies {
            a: [dummy; LANES],
            b: [dummy; LANES],
            moves_a: [false; LANES],
            moves_b: [false; LANES],
            reach: dummy as usize + 1,
        }
    }

    /// Forgets the reach of the lanes before, for a bundle whose every lane is about to
    /// be `set` again.
    pub fn restart(&mut self) {
        self.reach = 0;
    }

    /// Lane `lane` joins bodies `a` and `b`, moving those `moves` says.
    #[inline]
    pub fn set(&mut self, lane: usize, (a, b): (u32, u32), (moves_a, moves_b): (bool, bool)) {
        self.a[lane] = a;
        self.b[lane] = b;
        self.moves_a[lane] = moves_a;
        self.moves_b[lane] = moves_b;
        self.reach = self.reach.max(a.max(b) as usize + 1);
    }

    /// One past the largest body index any lane holds.
    #[inline(always)]
    pub fn reach(&self) -> usize {
        self.reach
    }
}

/// Idle lanes on body 0, so a default bundle's reach covers its indices too.
impl Default for LaneBodies {
    fn default() -> Self {
        LaneBodies::idle(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_covers_every_index_set_since_the_restart() {
        let mut bodies = LaneBodies::idle(40);
        assert_eq!(bodies.reach(), 41);
        bodies.set(0, (3, 7), (true, false));
        assert_eq!(bodies.reach(), 41, "the idle lanes still read body 40");
        bodies.restart();
        for lane in 0..LANES {
            bodies.set(lane, (lane as u32, 2 * lane as u32), (true, true));
        }
        assert_eq!(bodies.reach(), 2 * (LANES - 1) + 1);
    }
}
