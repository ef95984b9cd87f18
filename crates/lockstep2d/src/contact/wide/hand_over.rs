//! The soft contact's side of the impact stage (`solver/impacts/`): which bundles
//! struck, and their bouncy contacts handed over lane by lane at the step's end.

use super::{WideContact, WidePoint, rebound};
use crate::LINEAR_SLOP;
use crate::constraint::BodyState;
use crate::constraint::lanes::{F8, V8};
use crate::contact::impacts::{IN_TURN, ImpactContact, ImpactPoint};
use crate::math::Vec2;
use crate::minmax;

/// What the step that hands contacts over was.
pub(crate) struct HandOverStep {
    /// Approach speeds below this do not bounce.
    pub threshold: f32,
    /// 1 / the substep.
    pub inv_h: f32,
    /// Substeps per step.
    pub substeps: f32,
}

impl WideContact {
    /// Whether a lane of this bundle struck faster than `threshold` and pushed (see
    /// `impact_contacts`).
    pub fn strikes(&self, threshold: f32) -> bool {
        let fast = F8::splat(-threshold);
        let in_turn = self.restitution.at_least(F8::splat(IN_TURN));
        self.bounces_in_turn
            && self
                .points
                .iter()
                .any(|p| (p.approach.at_most(fast) & p.applied.greater(F8::ZERO) & in_turn).any())
    }

    /// Hands `impacts/` each contact of restitution at least `IN_TURN` whose points
    /// pushed this step or touch, at the step's end (`states` as the substeps left
    /// them). A point that approached faster than `threshold` (before the step or
    /// mid-step: `WidePoint::approach`) rebounds as `rebound` says; its load is the
    /// steady impulse (`steady_impulse`) in each of the `substeps`.
    pub fn impact_contacts(
        &self,
        states: &[BodyState],
        step: &HandOverStep,
        out: &mut Vec<ImpactContact>,
    ) {
        let (threshold, inv_h, substeps) = (step.threshold, step.inv_h, step.substeps);
        if !self.bounces_in_turn {
            return;
        }
        for lane in 0..self.len {
            let restitution = self.restitution.0[lane];
            if restitution < IN_TURN {
                continue;
            }
            let mut contact = self.impact_contact(lane);
            for (slot, p) in self.points[..usize::from(self.point_count[lane])]
                .iter()
                .enumerate()
            {
                let applied = p.applied.0[lane];
                let separation = self.lane_separation(p, lane, states);
                if !(applied > 0.0 || separation <= LINEAR_SLOP) {
                    continue;
                }
                let approach = p.approach.0[lane];
                let rebound = (approach <= -threshold).then(|| {
                    let gap = minmax::max(separation, 0.0);
                    let lift = 2.0 * self.pull.0[lane] * inv_h * gap;
                    let lane_rebound = rebound(F8::splat(restitution * approach), F8::splat(lift));
                    lane_rebound.0[0]
                });
                let at = |v: &V8| Vec2::new(v.x.0[lane], v.y.0[lane]);
                contact.points[contact.count] = ImpactPoint {
                    slot: slot as u8,
                    arms: [at(&p.r_a), at(&p.r_b)],
                    normal_mass: p.normal_mass.0[lane],
                    applied,
                    load: p.steady.0[lane] * substeps,
                    rebound,
                };
                contact.count += 1;
            }
            if contact.count > 0 {
                out.push(contact);
            }
        }
    }

    /// Lane `lane`'s contact for `impacts/`, with no points yet.
    fn impact_contact(&self, lane: usize) -> ImpactContact {
        ImpactContact {
            index: self.contact[lane],
            bodies: [self.bodies.a[lane], self.bodies.b[lane]],
            inv_mass: [self.inv_mass_a.0[lane], self.inv_mass_b.0[lane]],
            inv_inertia: [self.inv_i_a.0[lane], self.inv_i_b.0[lane]],
            jointed: [false; 2],
            normal: Vec2::new(self.normal.x.0[lane], self.normal.y.0[lane]),
            restitution: self.restitution.0[lane],
            points: Default::default(),
            count: 0,
            coupled: None,
        }
    }

    /// `separation` for one lane, read from the body states.
    fn lane_separation(&self, p: &WidePoint, lane: usize, states: &[BodyState]) -> f32 {
        let moved = |body: u32, r: Vec2, round: bool| {
            let state = &states[body as usize];
            if round {
                state.dp
            } else {
                state.dp + state.dq.rotate(r) - r
            }
        };
        let at = |v: &V8| Vec2::new(v.x.0[lane], v.y.0[lane]);
        let moved_a = moved(self.bodies.a[lane], at(&p.r_a), self.round_a.get(lane));
        let moved_b = moved(self.bodies.b[lane], at(&p.r_b), self.round_b.get(lane));
        p.base_separation.0[lane] + at(&self.normal).dot(moved_b - moved_a)
    }
}
