//! The revolute joint eight at a time, as `contact/wide.rs` does for contacts: its pin,
//! and where any lane of a bundle has them its spring, motor and limits on the joint
//! angle (most joints of a chain or a grid are bare pins; a ragdoll's carry limits and
//! a motor for friction).
//!
//! Per lane, the point constraint of `joint/revolute.rs` under the soft step, with the
//! arms turned by the substep's delta rotations:
//!   r_a = Δq_a·r_a⁰, r_b = Δq_b·r_b⁰,
//!   C = (c_b − c_a)⁰ + (Δp_b − Δp_a) + (r_b − r_a),
//!   Ċ = v_b + w_b × r_b − v_a − w_a × r_a,
//!   λ = −mass_scale·K⁻¹·(Ċ + bias_rate·C) − impulse_scale·λ_accumulated,
//! with K the 2×2 effective mass of `joint/mass2.rs`. Each lane does the IEEE
//! operations the scalar joint does, in the same order, so a bare pin gives the same
//! bits here as there (a test checks it). The options (`joint/axis/wide.rs`) come first, in
//! the scalar joint's order; they read the joint angle through the lane arctangent
//! (`lane_angle.rs`), so a joint with options is within a few units in the last place
//! of its scalar form, not bit for bit.

use crate::constraint::BodyInfo;
use crate::constraint::Bundle;
use crate::constraint::Softness;
use crate::constraint::WarmStart;
use crate::constraint::lane_bodies::LaneBodies;
use crate::constraint::lanes::{F8, LANES, M8, V8};
use crate::constraint::shared_states::{LaneAccess, SharedStates, WideBody};
use crate::joint::AxisImpulses;
use crate::joint::axis::wide::{AxisSource, WideAxis};
use crate::math::Vec2;

/// What one pass over the joints does.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RevolutePass {
    WarmStart(WarmStart),
    /// One solve: with the joints' softness, or rigid with no position correction (the
    /// relax pass); `inv_h` is 1 / the substep, for the limits.
    Solve {
        softness: Option<Softness>,
        inv_h: f32,
        warm: WarmStart,
    },
}

/// One joint's placement at the start of the step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RevoluteSource<'a> {
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
    /// The spring, motor and limits, if the joint has any.
    pub axis: Option<AxisSource>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct WideRevolute {
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
    axis: WideAxis,
}

impl Bundle for WideRevolute {
    type Pass = RevolutePass;

    #[inline(always)]
    fn run(&mut self, states: &SharedStates, pass: RevolutePass, lanes: impl LaneAccess) {
        let (mut a, mut b) = lanes.gather(states, &self.bodies);
        let arms = (turned(&a, self.r_a), turned(&b, self.r_b));
        let turns = (self.inv_i_a, self.inv_i_b);
        match pass {
            RevolutePass::WarmStart(warm) => self.warm_start(&mut a, &mut b, arms, warm),
            RevolutePass::Solve {
                softness,
                inv_h,
                warm,
            } => {
                if self.axis.any() {
                    self.axis
                        .solve(&mut a, &mut b, turns, (softness, warm), inv_h);
                }
                self.solve(&mut a, &mut b, arms, softness);
            }
        }
        lanes.scatter(states, &self.bodies, &a, &b);
    }
}

impl WideRevolute {
    /// Makes the bundle take its lanes from the first again, keeping the old lanes'
    /// data: for a bundle whose every lane is about to be pushed, which overwrites them
    /// all.
    pub fn restart(&mut self) {
        self.len = 0;
        self.bodies.restart();
        self.axis.restart();
    }

    /// An empty bundle whose lanes all read the dummy body state `dummy`.
    pub fn empty(dummy: u32) -> WideRevolute {
        WideRevolute {
            bodies: LaneBodies::idle(dummy),
            ..WideRevolute::default()
        }
    }

    pub fn push(&mut self, source: &RevoluteSource) {
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
        self.axis.set(lane, source.axis.as_ref());
    }

    /// Each real lane's joint slot and accumulated impulses (the pin's, the options'),
    /// for the joints to keep.
    pub fn impulses(&self) -> impl Iterator<Item = (u32, Vec2, AxisImpulses)> + '_ {
        (0..self.len).map(|lane| {
            let impulse = Vec2::new(self.impulse.x.0[lane], self.impulse.y.0[lane]);
            (self.joint[lane], impulse, self.axis.impulses(lane))
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

    /// Gives the bodies the share of the accumulated impulses this substep's kick
    /// needs (`WarmStart`).
    #[inline(always)]
    fn warm_start(&self, a: &mut WideBody, b: &mut WideBody, arms: (V8, V8), warm: WarmStart) {
        let share = F8::splat(warm.share);
        let linear = self.impulse.scale(share);
        if self.axis.any() {
            let angular = self.axis.total() * share;
            self.apply_with_angular(a, b, arms, (linear, angular));
        } else {
            self.apply(a, b, arms, linear);
        }
    }

    /// `linear` to B at its arm and `angular` to B, their opposites to A: the warm
    /// start of a joint with options, as `JointFrame::apply` does it.
    #[inline(always)]
    fn apply_with_angular(
        &self,
        a: &mut WideBody,
        b: &mut WideBody,
        (r_a, r_b): (V8, V8),
        (linear, angular): (V8, F8),
    ) {
        a.v = a.v - linear.scale(self.inv_mass_a);
        a.w = a.w - self.inv_i_a * (r_a.cross(linear) + angular);
        a.keep_below_ceiling();
        b.v = b.v + linear.scale(self.inv_mass_b);
        b.w = b.w + self.inv_i_b * (r_b.cross(linear) + angular);
        b.keep_below_ceiling();
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
    use crate::constraint::BodyState;
    use crate::constraint::shared_states::Portable;
    use crate::constraint::testing::{assert_dispatch_matches_portable, noise};
    use crate::joint::{AxisOptions, JointFrame, Limit, Motor, RevoluteJoint, SoftPass, Spring};
    use crate::math::Rot;

    /// Options for joint `link`: every third has all three, the next a limit alone,
    /// the next none (a bare pin).
    fn options(link: u32, impulse: f32) -> Option<AxisSource> {
        let limit = Limit {
            lower: -0.05,
            upper: 0.02 * link as f32,
        };
        let full = AxisSource {
            angle: 0.01 * link as f32 - 0.03,
            mass: 0.2,
            spring: Some((0.01, Softness::new(5.0, 0.7, 1.0 / 240.0))),
            motor: Some((1.5, 0.05)),
            limit: Some(limit),
            impulses: AxisImpulses {
                spring: impulse,
                motor: -impulse,
                lower: impulse.abs(),
                upper: 0.5 * impulse.abs(),
            },
        };
        match link % 3 {
            0 => Some(full),
            1 => Some(AxisSource {
                spring: None,
                motor: None,
                ..full
            }),
            _ => None,
        }
    }

    /// A chain of 17 bodies (the last a dummy) in two bundles: odd and even joints.
    fn scene() -> (Vec<WideRevolute>, Vec<BodyState>) {
        let mut seed = 11;
        let mut vector = |scale: f32| Vec2::new(scale * noise(&mut seed), scale * noise(&mut seed));
        let info = BodyInfo {
            simulated: true,
            inv_mass: 0.8,
            inv_inertia: 2.5,
            ..BodyInfo::default()
        };
        let mut bundles = vec![WideRevolute::empty(16), WideRevolute::empty(16)];
        for link in 0..15u32 {
            bundles[link as usize % 2].push(&RevoluteSource {
                joint: link,
                body_a: link,
                body_b: link + 1,
                bodies: (&info, &info),
                r_a: vector(0.5),
                r_b: vector(0.5),
                delta_center: vector(1.0),
                impulse: vector(0.3),
                axis: options(link, vector(0.3).x),
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

    fn bits(bundles: &[WideRevolute], states: &[BodyState]) -> Vec<u32> {
        let mut out = Vec::new();
        for s in states {
            out.extend([s.v.x, s.v.y, s.w].map(f32::to_bits));
        }
        for (_, impulse, axial) in bundles.iter().flat_map(WideRevolute::impulses) {
            out.extend([impulse.x, impulse.y].map(f32::to_bits));
            let axial = [axial.spring, axial.motor, axial.lower, axial.upper];
            out.extend(axial.map(f32::to_bits));
        }
        out
    }

    #[test]
    fn the_dispatched_path_gives_the_portable_paths_bits() {
        let passes = [
            RevolutePass::WarmStart(WarmStart {
                share: 0.5,
                closing: false,
            }),
            RevolutePass::Solve {
                softness: Some(Softness::new(60.0, 2.0, 1.0 / 240.0)),
                inv_h: 240.0,
                warm: WarmStart::substep(0),
            },
            RevolutePass::Solve {
                softness: None,
                inv_h: 240.0,
                warm: WarmStart::substep(0),
            },
        ];
        assert_dispatch_matches_portable(scene, &passes, bits);
    }

    /// Eight joints with and without options, each solved by the scalar joint and in
    /// a lane: the two agree to within the arctangents' difference, a few units in the
    /// last place of the angle.
    #[test]
    fn each_lane_solves_what_the_scalar_joint_does() {
        let softness = Softness::new(60.0, 2.0, 1.0 / 240.0);
        let (h, inv_h) = (1.0 / 240.0, 240.0);
        let (mut bundles, mut lane_states) = scene();
        let mut scalar_states = lane_states.clone();
        let mut joints: Vec<(JointFrame, RevoluteJoint)> = Vec::new();
        for bundle in &bundles {
            for lane in 0..bundle.len {
                joints.push(scalar_joint(bundle, lane, softness, h));
            }
        }
        let passes = [(true, true), (false, true), (false, false)];
        for (warm, use_bias) in passes {
            for (frame, joint) in &mut joints {
                if warm {
                    joint.warm_start(frame, &mut scalar_states, 1.0);
                } else {
                    let warm = WarmStart::substep(0);
                    let pass = SoftPass {
                        h,
                        inv_h,
                        use_bias,
                        warm,
                    };
                    joint.solve(frame, &mut scalar_states, &pass);
                }
            }
            // The scalar joint gives its impulse whole.
            let pass = if warm {
                RevolutePass::WarmStart(WarmStart {
                    share: 1.0,
                    closing: false,
                })
            } else {
                let softness = use_bias.then_some(softness);
                let warm = WarmStart::substep(0);
                RevolutePass::Solve {
                    softness,
                    inv_h,
                    warm,
                }
            };
            for bundle in &mut bundles {
                let states = SharedStates::new(&mut lane_states);
                bundle.run(&states, pass, Portable);
            }
        }
        // An angle a few units in the last place apart moves a limit's speculative
        // impulse by about mass · Δθ / h: a few millionths here.
        let close = |x: f32, y: f32| assert!((x - y).abs() <= 2e-5, "{x} against {y}");
        for (scalar, lane) in scalar_states.iter().zip(&lane_states) {
            close(scalar.v.x, lane.v.x);
            close(scalar.v.y, lane.v.y);
            close(scalar.w, lane.w);
        }
        let lanes = bundles.iter().flat_map(WideRevolute::impulses);
        for ((_, joint), (_, impulse, axial)) in joints.iter().zip(lanes) {
            close(joint.impulse.x, impulse.x);
            close(joint.impulse.y, impulse.y);
            let (ours, theirs) = (joint.axial, axial);
            close(ours.spring, theirs.spring);
            close(ours.motor, theirs.motor);
            close(ours.lower, theirs.lower);
            close(ours.upper, theirs.upper);
        }
        let pushed = |f: fn(&AxisImpulses) -> f32| joints.iter().any(|(_, j)| f(&j.axial) != 0.0);
        assert!(
            pushed(|a| a.spring) && pushed(|a| a.motor),
            "the spring and motor act"
        );
        assert!(
            pushed(|a| a.lower) && pushed(|a| a.upper),
            "both limits push"
        );
    }

    /// The scalar joint lane `lane` of `bundle` holds, with its frame.
    fn scalar_joint(
        bundle: &WideRevolute,
        lane: usize,
        softness: Softness,
        h: f32,
    ) -> (JointFrame, RevoluteJoint) {
        let f = |x: &F8| x.0[lane];
        let v = |x: &V8| Vec2::new(x.x.0[lane], x.y.0[lane]);
        let link = bundle.joint[lane];
        let frame = JointFrame {
            a: link,
            b: link + 1,
            inv_mass_a: f(&bundle.inv_mass_a),
            inv_i_a: f(&bundle.inv_i_a),
            inv_mass_b: f(&bundle.inv_mass_b),
            inv_i_b: f(&bundle.inv_i_b),
            r_a: v(&bundle.r_a),
            r_b: v(&bundle.r_b),
            delta_center: v(&bundle.delta_center),
            q_a: Rot::IDENTITY,
            relative_angle: 0.0,
            softness,
        };
        let source = options(link, 0.0);
        let mut axis = AxisOptions::new(
            source.and_then(|s| s.limit),
            source.and_then(|s| s.motor).map(|_| Motor {
                speed: 1.5,
                max_force: 0.05 / h,
            }),
            source.and_then(|s| s.spring).map(|_| Spring {
                hertz: 5.0,
                damping_ratio: 0.7,
            }),
        );
        axis.rest = 0.01;
        axis.prepare(h);
        let joint = RevoluteJoint {
            local_anchor_a: Vec2::ZERO,
            local_anchor_b: Vec2::ZERO,
            softness: 0.0,
            bias_factor: 0.0,
            reference_angle: 0.0,
            axis,
            impulse: v(&bundle.impulse),
            axial: bundle.axis.impulses(lane),
        };
        let angle = source.map_or(0.0, |s| s.angle);
        (
            JointFrame {
                relative_angle: angle,
                ..frame
            },
            joint,
        )
    }
}
