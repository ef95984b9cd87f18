//! The substep's position integration (`integrate::drift`, then the turn of
//! `Rot::integrate`) eight bodies at a time.
//!
//! Each lane does the IEEE operations the scalar code does, in the same order, so the
//! bits are the same: the speed held to its limit (v·(max / |v|)), the spin to its
//! (±max, a NaN to zero), the centre moved by h·v, and the rotation turned by δ = h·w
//! through the same Taylor series, composed and renormalised. Where a lane needs the
//! scalar code's other branches (a speed whose square is not finite, a turn of a
//! quarter radian or more, which takes libm's sine and cosine), the eight bodies go
//! through the scalar code instead. Done one by one, the drift is a visible share of a
//! pyramid's step (docs/decisions.md, "Bodies drifted eight at a time").

use super::integrate::{SpeedLimits, drift};
use crate::constraint::BodyState;
use crate::constraint::dispatch::LaneKernel;
use crate::constraint::lanes::{F8, LANES, M8, V8};
use crate::constraint::shared_states::{LaneAccess, SharedStates, WideBody};

/// The bodies `movers` (rows of `states` only the caller touches) moved over `h`, eight
/// at a time: lane code, run in a form of it (`InstructionSet::run`).
pub(crate) struct Drift<'a, 'b> {
    pub states: &'a SharedStates<'b>,
    pub movers: &'a [u32],
    pub h: f32,
    pub limits: SpeedLimits,
}

impl LaneKernel for Drift<'_, '_> {
    type Output = ();

    #[inline(always)]
    fn run(self, lanes: impl LaneAccess) {
        drift_with(self.states, self.movers, self.h, self.limits, lanes);
    }
}

#[inline(always)]
fn drift_with(
    states: &SharedStates,
    movers: &[u32],
    h: f32,
    limits: SpeedLimits,
    lanes: impl LaneAccess,
) {
    let (groups, rest) = movers.as_chunks::<LANES>();
    for group in groups {
        let mut body = lanes.gather_rows(states, group);
        if drift_lanes(&mut body, h, limits) {
            lanes.scatter_rows(states, group, &body);
        } else {
            drift_one_by_one(states, group, h, limits);
        }
    }
    drift_one_by_one(states, rest, h, limits);
}

/// The scalar code, body by body.
fn drift_one_by_one(states: &SharedStates, movers: &[u32], h: f32, limits: SpeedLimits) {
    for &index in movers {
        let i = index as usize;
        // SAFETY: the caller's rows (see `drift_with`).
        let state: &mut BodyState = unsafe { &mut states.slice_mut(i..i + 1)[0] };
        let (moved, turned) = drift(&mut state.v, &mut state.w, h, limits);
        state.dp += moved;
        state.dq = state.dq.integrate(turned);
    }
}

/// Drifts the eight lanes of `body`; false, changing nothing, where a lane needs the
/// scalar code's other branches.
#[inline(always)]
fn drift_lanes(body: &mut WideBody, h: f32, limits: SpeedLimits) -> bool {
    let Some(v) = held_velocity(body.v, limits.max_speed) else {
        return false;
    };
    let w = held_spin(body.w, limits.max_spin);
    let h = F8::splat(h);
    let delta = h * w;
    let quarter = F8::splat(TAYLOR_LIMIT);
    if !(delta.greater(-quarter) & quarter.greater(delta)).all() {
        return false;
    }
    let (c, s) = turned(delta, (body.dq_c, body.dq_s));
    body.v = v;
    body.w = w;
    body.dp = body.dp + v.scale(h);
    (body.dq_c, body.dq_s) = (c, s);
    true
}

/// `clamp_speed`: `v`, shortened to `max` where longer; None where a square is not
/// finite (the scalar code rescues that direction).
#[inline(always)]
fn held_velocity(v: V8, max: f32) -> Option<V8> {
    let squared = v.dot(v);
    let within = squared.at_most(F8::splat(max * max));
    let finite = F8::splat(f32::INFINITY).greater(squared);
    if !(within | finite).all() {
        return None;
    }
    // Nearly always: no lane needs the square root and the division.
    if within.all() {
        return Some(v);
    }
    let shortened = v.scale(F8::splat(max) / squared.sqrt());
    Some(V8 {
        x: within.select(v.x, shortened.x),
        y: within.select(v.y, shortened.y),
    })
}

/// `clamp_spin`: `w` held to ±`max`, a NaN to zero.
#[inline(always)]
fn held_spin(w: F8, max: f32) -> F8 {
    let (max, min) = (F8::splat(max), F8::splat(-max));
    let within = w.at_most(max) & w.at_least(min);
    let nan = w.differs(w);
    let outside = w.greater(F8::ZERO).select(max, min);
    within.select(w, nan.select(F8::ZERO, outside))
}

/// `Rot::integrate` for |δ| below the Taylor limit: the rotation (c, s) turned by δ.
#[inline(always)]
fn turned(delta: F8, (c, s): (F8, F8)) -> (F8, F8) {
    let one = F8::splat(1.0);
    let d2 = delta * delta;
    let turn_c = one - d2 * (F8::splat(0.5) - d2 * (F8::splat(1.0 / 24.0) - d2 / 720.0));
    let turn_s =
        delta * (one - d2 * (F8::splat(1.0 / 6.0) - d2 * (F8::splat(1.0 / 120.0) - d2 / 5040.0)));
    let composed_c = turn_c * c - turn_s * s;
    let composed_s = turn_s * c + turn_c * s;
    let length = (composed_c * composed_c + composed_s * composed_s).sqrt();
    let positive: M8 = length.greater(F8::ZERO);
    (
        positive.select(composed_c / length, one),
        positive.select(composed_s / length, F8::ZERO),
    )
}

/// `Rot::integrate`'s bound for its series: turns this large or larger take libm.
const TAYLOR_LIMIT: f32 = 0.25;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::dispatch::dispatch;
    use crate::constraint::shared_states::{Portable, SharedStates};
    use crate::math::{Rot, Vec2};

    /// States spread over speeds and spins either side of the limits, a NaN spin and
    /// one body per group turning fast enough for libm, or not.
    fn states(fast_turn: bool) -> Vec<BodyState> {
        let mut seed = 11u32;
        let mut noise = || crate::constraint::testing::noise(&mut seed);
        let mut states: Vec<BodyState> = (0..27)
            .map(|_| BodyState {
                v: Vec2::new(40.0 * noise(), 40.0 * noise()),
                w: 30.0 * noise(),
                spare: 0.0,
                dp: Vec2::new(noise(), noise()),
                dq: Rot::from_angle(3.0 * noise()),
            })
            .collect();
        states[3].w = f32::NAN;
        states[5].w = if fast_turn { 14.0 } else { 1.0 };
        states
    }

    fn bits(states: &[BodyState]) -> Vec<u32> {
        let fields = |s: &BodyState| [s.v.x, s.v.y, s.w, s.dp.x, s.dp.y, s.dq.c, s.dq.s];
        states.iter().flat_map(fields).map(f32::to_bits).collect()
    }

    #[test]
    fn eight_at_a_time_gives_the_scalar_bits() {
        let limits = SpeedLimits {
            max_speed: 25.0,
            max_spin: 20.0,
        };
        let h = 1.0 / 60.0;
        let movers: Vec<u32> = (0..27).rev().filter(|i| i % 5 != 0).collect();
        for fast_turn in [false, true] {
            let mut scalar = states(fast_turn);
            for &i in &movers {
                let s = &mut scalar[i as usize];
                let (moved, turned) = drift(&mut s.v, &mut s.w, h, limits);
                s.dp += moved;
                s.dq = s.dq.integrate(turned);
            }
            let mut wide = states(fast_turn);
            let shared = SharedStates::new(&mut wide);
            dispatch(Drift {
                states: &shared,
                movers: &movers,
                h,
                limits,
            });
            assert_eq!(bits(&wide), bits(&scalar), "fast turn: {fast_turn}");
            let mut portable = states(fast_turn);
            let shared = SharedStates::new(&mut portable);
            drift_with(&shared, &movers, h, limits, Portable);
            assert_eq!(bits(&portable), bits(&scalar), "fast turn: {fast_turn}");
            assert_ne!(bits(&scalar), bits(&states(fast_turn)), "the bodies moved");
        }
    }
}
