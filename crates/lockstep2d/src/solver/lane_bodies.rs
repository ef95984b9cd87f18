//! The bodies a bundle's lanes join: each lane's body A and body B, which of them the
//! lane moves, and how far into the body states the indices reach.
//!
//! A pass over a bundle reads sixteen body rows and writes back the ones it moves. The
//! rows are checked against the states once per pass, through `reach`, instead of once
//! per row: in `large_pyramid` the per-row checks were a twentieth of the step's
//! instructions.

use super::lanes::LANES;

#[derive(Clone, Debug)]
pub(crate) struct LaneBodies {
    pub a: [u32; LANES],
    pub b: [u32; LANES],
    /// Whether the lane's constraint changes body A's (B's) velocity. Only those bodies
    /// are written back, so bundles sharing a static or kinematic body never write it.
    pub moves_a: [bool; LANES],
    pub moves_b: [bool; LANES],
    /// One past the largest index in `a` and `b`; kept by `set` and `fill`, so it is
    /// never below an index a lane holds.
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

    /// Lane `lane` joins bodies `a` and `b`, moving those `moves` says.
    #[inline]
    pub fn set(&mut self, lane: usize, (a, b): (u32, u32), (moves_a, moves_b): (bool, bool)) {
        self.a[lane] = a;
        self.b[lane] = b;
        self.moves_a[lane] = moves_a;
        self.moves_b[lane] = moves_b;
        self.reach = self.reach.max(a.max(b) as usize + 1);
    }

    /// Every lane at once: lane i joins `a[i]` and `b[i]`, moving those `moves` says.
    #[inline(always)]
    pub fn fill(
        &mut self,
        (a, b): ([u32; LANES], [u32; LANES]),
        (moves_a, moves_b): ([bool; LANES], [bool; LANES]),
    ) {
        let most = a.iter().chain(&b).fold(0, |most, &i| most.max(i));
        *self = LaneBodies {
            a,
            b,
            moves_a,
            moves_b,
            reach: most as usize + 1,
        };
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
    fn the_reach_covers_every_index_a_lane_holds() {
        let mut bodies = LaneBodies::idle(40);
        assert_eq!(bodies.reach(), 41);
        bodies.set(0, (3, 7), (true, false));
        assert_eq!(bodies.reach(), 41, "the idle lanes still read body 40");
        bodies.set(1, (3, 52), (true, true));
        assert_eq!(bodies.reach(), 53);
        let a = std::array::from_fn(|lane| lane as u32);
        let b = std::array::from_fn(|lane| 2 * lane as u32);
        bodies.fill((a, b), ([true; LANES], [false; LANES]));
        assert_eq!(bodies.reach(), 2 * (LANES - 1) + 1);
    }
}
