//! How much of its accumulated impulse a constraint gives the bodies as a substep
//! starts.
//!
//! Box2D's warm start gives each constraint's impulse from the last substep again:
//! under a steady load every substep needs the same impulse. The soft step's kicks are
//! not all whole. Every body's step begins with half a kick and ends with the other
//! half, given after the last relax, so the velocity a step
//! ends with is the one at its end, in step with the pose (the leapfrog, see
//! `integrate::Part`). The substeps between take whole kicks.
//!
//! A load at rest then needs half its impulse in the first substep, and half again
//! with the closing half kick. The impulse itself is left whole: it is what the soft
//! contact's spring balances, and halving it would move the depth the spring holds
//! twice a step. Only what the bodies are given is halved. The first substep's passes
//! solve in half-kick units (`WarmStart::bounded`; contacts scale theirs the same way,
//! and on leaving them double only the part that holds the load:
//! `WideContact::leave_half_units`), so a point cannot take back more than it gave, no
//! contact pulls, and a bound (a motor's force, friction) holds for the half kick as
//! for a whole one.

use crate::math::Vec2;
use crate::minmax;

/// The share of a whole kick the first substep takes (the other share ends the step).
const HALF: f32 = 0.5;

/// One warm start: the bodies are given `share` of each accumulated impulse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WarmStart {
    pub share: f32,
    /// The closing warm start, after the last relax, on top of what the last substep
    /// gave: a contact gives a share of the steady impulse the last relax readied.
    pub closing: bool,
}

impl WarmStart {
    /// The warm start of substep `substep`.
    pub fn substep(substep: u32) -> WarmStart {
        WarmStart {
            share: if substep == 0 { HALF } else { 1.0 },
            closing: false,
        }
    }

    /// After the last relax, with the closing half kick.
    pub fn closing() -> WarmStart {
        WarmStart {
            share: HALF,
            closing: true,
        }
    }

    /// A bounded impulse solved in this substep's units: the bodies hold `share` of
    /// `accumulated` from the warm start, so it is scaled to that, moved by `change`,
    /// held within `share` of the bound `most` (the substep's net impulse balances a
    /// `share` of a kick, as a whole force would), and scaled back. Returns the new
    /// accumulated impulse and the impulse to give the bodies now. A share is ½ or 1,
    /// so the scaling is exact.
    #[inline(always)]
    pub fn bounded(self, accumulated: f32, change: f32, most: f32) -> (f32, f32) {
        let given = accumulated * self.share;
        let limit = self.share * most;
        let total = minmax::min(minmax::max(given + change, -limit), limit);
        (total / self.share, total - given)
    }

    /// `bounded` for a vector impulse bounded in length.
    #[inline(always)]
    pub fn bounded_vector(self, accumulated: Vec2, change: Vec2, most: f32) -> (Vec2, Vec2) {
        let given = accumulated * self.share;
        let total = (given + change).clamp_length_max(self.share * most);
        (total * (1.0 / self.share), total - given)
    }
}
