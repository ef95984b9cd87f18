//! The bare revolute pin (no limit, motor or spring: most joints of a chain, a grid or a
//! ragdoll) eight at a time, as `wide_contact.rs` does for contacts.
//!
//! Per lane, the point constraint of `joint/revolute.rs` under the soft step, with the
//! arms turned by the substep's delta rotations:
//!   r_a = Δq_a·r_a⁰, r_b = Δq_b·r_b⁰,
//!   C = (c_b − c_a)⁰ + (Δp_b − Δp_a) + (r_b − r_a),
//!   Ċ = v_b + w_b × r_b − v_a − w_a × r_a,
//!   λ = −mass_scale·K⁻¹·(Ċ + bias_rate·C) − impulse_scale·λ_accumulated,
//! with K the 2×2 effective mass of `joint/mass2.rs`. Each lane does the IEEE
//! operations the scalar joint does, in the same order, so a pin gives the same bits
//! here as there (a test checks it).

use super::bundles::Bundle;
use super::dense_bodies::BodyInfo;
use super::lane_bodies::LaneBodies;
use super::lanes::{F8, LANES, M8, V8};
use super::shared_states::{LaneAccess, SharedStates, WideBody};
use super::softness::Softness;
use crate::math::Vec2;

/// What one pass over the pins does.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PinPass {
    WarmStart,
    /// One solve: with the joints' softness, or rigid with no position correction (the
    /// relax pass).
    Solve(Option<Softness>),
}

/// One pin's placement at the start of the step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PinSource<'a> {
    /// The joint's slot.
    pub joint: u32,
    pub body_a: u32,
    pub body_b: u32,
    pub bodies: (&'a BodyInfo, &'a BodyInfo),
    /// Lever arms from each centre of mass to the anchor, in world axes.
    pub r_a: Vec2,
    pub r_b: Vec2,
    /// c_b − c_a.
    pub delta_center: Vec2,
    /// The accumulated impulse to warm start with.
    pub impulse: Vec2,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct WidePin {
    bodies: LaneBodies,
    /// Each lane's joint slot; lanes from `len` on are padding (zero masses).
    joint: [u32; LANES],
    len: usize,
    inv_mass_a: F8,
    inv_i_a: F8,
    inv_mass_b: F8,
    inv_i_b: F8,
    r_a: V8,
    r_b: V8,
    delta_center: V8,
    impulse: V8,
}

impl Bundle for WidePin {
    type Pass = PinPass;

    #[inline(always)]
    fn run(&mut self, states: &SharedStates, pass: PinPass, lanes: impl LaneAccess) {
        let (mut a, mut b) = lanes.gather(states, &self.bodies);
        let arms = (turned(&a, self.r_a), turned(&b, self.r_b));
        match pass {
            PinPass::WarmStart => self.apply(&mut a, &mut b, arms, self.impulse),
            PinPass::Solve(softness) => self.solve(&mut a, &mut b, arms, softness),
        }
        lanes.scatter(states, &self.bodies, &a, &b);
    }

    fn restart(&mut self) {
        self.len = 0;
        self.bodies.restart();
    }

    /// Nothing to do: the effective mass changes with the arms every substep.
    #[inline(always)]
    fn finish(&mut self) {}
}

impl WidePin {
    /// An empty bundle whose lanes all read the dummy body state `dummy`.
    pub fn empty(dummy: u32) -> WidePin {
        WidePin {
            bodies: LaneBodies::idle(dummy),
            ..WidePin::default()
        }
    }

    pub fn push(&mut self, source: &PinSource) {
        let lane = self.len;
        self.len += 1;
        let (a, b) = source.bodies;
        // Bodies the step does not simulate have no inverse mass in `BodyInfo`, so the
        // pin never writes them, which colouring relies on.
        let moves = (
            a.inv_mass > 0.0 || a.inv_inertia > 0.0,
            b.inv_mass > 0.0 || b.inv_inertia > 0.0,
        );
        self.bodies.set(lane, (source.body_a, source.body_b), moves);
        self.joint[lane] = source.joint;
        let set = |f: &mut F8, x: f32| f.0[lane] = x;
        let set_v = |f: &mut V8, v: Vec2| {
            f.x.0[lane] = v.x;
            f.y.0[lane] = v.y;
        };
        set(&mut self.inv_mass_a, a.inv_mass);
        set(&mut self.inv_i_a, a.inv_inertia);
        set(&mut self.inv_mass_b, b.inv_mass);
        set(&mut self.inv_i_b, b.inv_inertia);
        set_v(&mut self.r_a, source.r_a);
        set_v(&mut self.r_b, source.r_b);
        set_v(&mut self.delta_center, source.delta_center);
        set_v(&mut self.impulse, source.impulse);
    }

    /// Each real lane's joint slot and accumulated impulse, for the joints to keep.
    pub fn impulses(&self) -> impl Iterator<Item = (u32, Vec2)> + '_ {
        (0..self.len).map(|lane| {
            let impulse = Vec2::new(self.impulse.x.0[lane], self.impulse.y.0[lane]);
            (self.joint[lane], impulse)
        })
    }

    #[inline(always)]
    fn solve(
        &mut self,
        a: &mut WideBody,
        b: &mut WideBody,
        (r_a, r_b): (V8, V8),
        softness: Option<Softness>,
    ) {
        let (k11, k12, k22, det, inv_scale) = self.mass_matrix(r_a, r_b);
        // A singular K (neither body moves: padding lanes) gets no impulse.
        let solvable = det.differs(F8::ZERO);
        let inv_det = F8::splat(1.0) / det;
        let cdot = (b.v + r_b.turned_by(b.w)) - a.v - r_a.turned_by(a.w);
        let (aim, mass_scale, impulse_scale) = match softness {
            Some(s) => {
                let c = self.delta_center + (b.dp - a.dp) + (r_b - r_a);
                (
                    cdot + c.scale(F8::splat(s.bias_rate)),
                    s.mass_scale,
                    s.impulse_scale,
                )
            }
            None => (cdot + V8::default(), 1.0, 0.0),
        };
        // K⁻¹·aim from K's adjugate, as `Mass2::solve` forms it.
        let solved = V8 {
            x: (k22 * aim.x - k12 * aim.y) * inv_det * inv_scale,
            y: (k11 * aim.y - k12 * aim.x) * inv_det * inv_scale,
        };
        let impulse = V8 {
            x: -(F8::splat(mass_scale) * solved.x) - self.impulse.x * impulse_scale,
            y: -(F8::splat(mass_scale) * solved.y) - self.impulse.y * impulse_scale,
        };
        let impulse = masked(solvable, impulse);
        self.impulse = self.impulse + impulse;
        self.apply(a, b, (r_a, r_b), impulse);
    }

    /// K = (m_a⁻¹ + m_b⁻¹)·I + i_a⁻¹·[r_a]ₓᵀ[r_a]ₓ + i_b⁻¹·[r_b]ₓᵀ[r_b]ₓ, formed as
    /// `Mass2::point` forms it: scaled by its larger diagonal entry s, as (k11, k12,
    /// k22, det, 1 / s) with the determinant a sum of terms ≥ 0 (see `joint/mass2.rs`).
    #[inline(always)]
    fn mass_matrix(&self, r_a: V8, r_b: V8) -> (F8, F8, F8, F8, F8) {
        let m = self.inv_mass_a + self.inv_mass_b;
        let (ia, ib) = (self.inv_i_a, self.inv_i_b);
        let (arm_a, arm_b) = (r_a.dot(r_a), r_b.dot(r_b));
        let k11 = m + ia * r_a.y * r_a.y + ib * r_b.y * r_b.y;
        let k12 = -ia * r_a.x * r_a.y - ib * r_b.x * r_b.y;
        let k22 = m + ia * r_a.x * r_a.x + ib * r_b.x * r_b.x;
        let scale = k11.max(k22);
        let inv_scale = scale
            .greater(F8::ZERO)
            .select(F8::splat(1.0) / scale, F8::ZERO);
        let m = m * inv_scale;
        let (turn_a, turn_b) = (ia * arm_a * inv_scale, ib * arm_b * inv_scale);
        let crossed = r_a.cross(r_b);
        let lengths = arm_a * arm_b;
        let sin_squared = lengths
            .greater(F8::ZERO)
            .select(crossed * crossed / lengths, F8::ZERO);
        let det = m * m + m * (turn_a + turn_b) + turn_a * turn_b * sin_squared;
        (
            k11 * inv_scale,
            k12 * inv_scale,
            k22 * inv_scale,
            det,
            inv_scale,
        )
    }

    /// `impulse` to B at its arm and its opposite to A.
    #[inline(always)]
    fn apply(&self, a: &mut WideBody, b: &mut WideBody, (r_a, r_b): (V8, V8), impulse: V8) {
        a.v = a.v - impulse.scale(self.inv_mass_a);
        a.w = a.w - self.inv_i_a * r_a.cross(impulse);
        a.keep_below_ceiling();
        b.v = b.v + impulse.scale(self.inv_mass_b);
        b.w = b.w + self.inv_i_b * r_b.cross(impulse);
        b.keep_below_ceiling();
    }
}

/// `r` turned by the body's rotation so far this step.
#[inline(always)]
fn turned(body: &WideBody, r: V8) -> V8 {
    V8 {
        x: body.dq_c * r.x - body.dq_s * r.y,
        y: body.dq_s * r.x + body.dq_c * r.y,
    }
}

#[inline(always)]
fn masked(keep: M8, v: V8) -> V8 {
    V8 {
        x: keep.select(v.x, F8::ZERO),
        y: keep.select(v.y, F8::ZERO),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Rot;
    use crate::solver::BodyState;
    use crate::solver::bundles::testing::{assert_dispatch_matches_portable, noise};

    /// A chain of 17 bodies (the last a dummy) in two bundles: odd and even pins.
    fn scene() -> (Vec<WidePin>, Vec<BodyState>) {
        let mut seed = 11;
        let mut vector = |scale: f32| Vec2::new(scale * noise(&mut seed), scale * noise(&mut seed));
        let info = BodyInfo {
            simulated: true,
            inv_mass: 0.8,
            inv_inertia: 2.5,
            ..BodyInfo::default()
        };
        let mut bundles = vec![WidePin::empty(16), WidePin::empty(16)];
        for link in 0..15u32 {
            bundles[link as usize % 2].push(&PinSource {
                joint: link,
                body_a: link,
                body_b: link + 1,
                bodies: (&info, &info),
                r_a: vector(0.5),
                r_b: vector(0.5),
                delta_center: vector(1.0),
                impulse: vector(0.3),
            });
        }
        let mut states: Vec<BodyState> = (0..16)
            .map(|_| BodyState {
                v: vector(1.0),
                w: vector(1.0).x,
                spare: 0.0,
                dp: vector(0.01),
                dq: Rot::from_angle(vector(0.01).x),
            })
            .collect();
        states.push(BodyState::default());
        (bundles, states)
    }

    fn bits(bundles: &[WidePin], states: &[BodyState]) -> Vec<u32> {
        let mut out = Vec::new();
        for s in states {
            out.extend([s.v.x, s.v.y, s.w].map(f32::to_bits));
        }
        for (_, impulse) in bundles.iter().flat_map(WidePin::impulses) {
            out.extend([impulse.x, impulse.y].map(f32::to_bits));
        }
        out
    }

    #[test]
    fn the_dispatched_path_gives_the_portable_paths_bits() {
        let passes = [
            PinPass::WarmStart,
            PinPass::Solve(Some(Softness::new(60.0, 2.0, 1.0 / 240.0))),
            PinPass::Solve(None),
        ];
        assert_dispatch_matches_portable(scene, &passes, bits);
    }
}
