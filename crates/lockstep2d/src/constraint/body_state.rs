//! A body as the soft step's inner loops see it: its velocity and how far it has moved
//! and turned since the step began, in one 32-byte row.

use super::shared_states::HasRow;
use crate::math::{Rot, Vec2};

/// What the soft step reads and writes of a body in its inner loops: eight `f32`s, one
/// 256-bit row, so eight bodies load into lanes with eight loads and a transpose
/// (`shared_states.rs`). Masses live in the constraints.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct BodyState {
    pub v: Vec2,
    pub w: f32,
    /// Unused: fills the row to eight `f32`s.
    pub spare: f32,
    /// How far the centre of mass has moved since the step began.
    pub dp: Vec2,
    /// How far the body has turned since the step began.
    pub dq: Rot,
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<BodyState>() == 32);
    assert!(offset_of!(BodyState, w) == 8 && offset_of!(BodyState, dp) == 16);
    assert!(offset_of!(BodyState, dq) == 24 && offset_of!(Rot, s) == 4);
    assert!(offset_of!(Vec2, y) == 4);
};

impl Default for BodyState {
    fn default() -> Self {
        BodyState {
            v: Vec2::ZERO,
            w: 0.0,
            spare: 0.0,
            dp: Vec2::ZERO,
            dq: Rot::IDENTITY,
        }
    }
}

/// The largest velocity component (m/s or rad/s) a joint may leave on a body mid-solve:
/// thousands of times what any scene reaches (the step itself moves no body faster
/// than `max_linear_speed` and `integrate::max_spin`), far below where a product of it
/// overflows. A joint between a very light body and a heavy one, pinned far from the
/// light one's centre, is so ill-conditioned that its passes may swing a velocity up
/// by orders of magnitude before the step's limits catch it; the ceiling keeps every
/// such swing finite, so no later product of it can become infinite or NaN.
pub(crate) const VELOCITY_CEILING: f32 = crate::limits::MAX_SPEED;

impl BodyState {
    /// Holds each velocity component within ±`VELOCITY_CEILING`.
    #[inline]
    pub fn keep_below_ceiling(&mut self) {
        self.v = crate::limits::clamp_velocity(self.v);
        self.w = self.w.clamp(-VELOCITY_CEILING, VELOCITY_CEILING);
    }
}

/// What preparing a contact reads of each of its bodies: the first eight numbers are the
/// row the contacts' prepare takes into lanes (`HasRow`).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct BodyInfo {
    /// Zero unless simulated: to a constraint, other bodies are immovable.
    pub inv_mass: f32,
    pub inv_inertia: f32,
    /// The centre of mass relative to the body origin, in world axes.
    pub center_offset: Vec2,
    /// What a substep's kick adds to the velocity (zero unless simulated), for the pull
    /// that drives a contact's bodies together.
    pub kick_dv: Vec2,
    pub v: Vec2,
    pub w: f32,
    /// Dynamic and awake: the step moves it, so constraints may push it.
    pub simulated: bool,
}

impl BodyInfo {
    /// Whether a constraint may move the body: it has an inverse mass or inertia.
    #[inline(always)]
    pub fn moves(&self) -> bool {
        self.inv_mass > 0.0 || self.inv_inertia > 0.0
    }
}

// SAFETY: `repr(C)` with eight `f32`s first (asserted below).
unsafe impl HasRow for BodyInfo {
    const ROW_AT: usize = 0;
}

const _: () = {
    use std::mem::offset_of;
    assert!(offset_of!(BodyInfo, center_offset) == 8 && offset_of!(BodyInfo, kick_dv) == 16);
    assert!(offset_of!(BodyInfo, v) == 24 && offset_of!(BodyInfo, w) == 32);
};
