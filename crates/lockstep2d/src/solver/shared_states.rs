//! The body states as several threads see them while solving one colour.
//!
//! Graph colouring guarantees that within a colour no two constraints move the same body,
//! and a constraint bundle writes back only the bodies it moves (`WideContact::moves`);
//! bodies it does not move (static, kinematic, the padding lanes' dummy) it only reads,
//! and nobody writes those during the pass. So every element is written by at most one
//! thread and never read by another while it is written. Slices cannot express that
//! ("these indices are mine"), so the states are reached through a raw pointer, one
//! element at a time, here and only here.

use std::marker::PhantomData;

use super::lanes::{F8, LANES, V8};
use super::soft::BodyState;

/// Eight bodies' states, one per lane: what a contact bundle reads and writes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WideBody {
    pub v: V8,
    pub w: F8,
    pub dp: V8,
    pub dq_c: F8,
    pub dq_s: F8,
}

pub(crate) struct SharedStates<'a> {
    ptr: *mut BodyState,
    len: usize,
    _states: PhantomData<&'a mut [BodyState]>,
}

// SAFETY: see the module docs: colouring gives each moved body to one constraint of a
// colour, and `scatter` writes only moved bodies.
unsafe impl Send for SharedStates<'_> {}
unsafe impl Sync for SharedStates<'_> {}

impl<'a> SharedStates<'a> {
    pub fn new(states: &'a mut [BodyState]) -> SharedStates<'a> {
        SharedStates {
            ptr: states.as_mut_ptr(),
            len: states.len(),
            _states: PhantomData,
        }
    }

    /// The states of the bodies `indices`, one per lane.
    #[inline(always)]
    pub fn gather(&self, indices: &[u32; LANES]) -> WideBody {
        let mut out = WideBody::default();
        for (lane, &index) in indices.iter().enumerate() {
            let index = index as usize;
            assert!(index < self.len, "constraint bodies are in the state array");
            // SAFETY: in bounds (checked above); no other thread writes this element
            // during the colour (module docs), and the `&'a mut` borrow keeps everyone
            // else out.
            let s = unsafe { self.ptr.add(index).read() };
            out.v.x.0[lane] = s.v.x;
            out.v.y.0[lane] = s.v.y;
            out.w.0[lane] = s.w;
            out.dp.x.0[lane] = s.dp.x;
            out.dp.y.0[lane] = s.dp.y;
            out.dq_c.0[lane] = s.dq.c;
            out.dq_s.0[lane] = s.dq.s;
        }
        out
    }

    /// Writes the velocities of the lanes in `moves` back to their bodies.
    #[inline(always)]
    pub fn scatter(&self, body: &WideBody, indices: &[u32; LANES], moves: &[bool; LANES]) {
        for (lane, &index) in indices.iter().enumerate() {
            if !moves[lane] {
                continue;
            }
            let index = index as usize;
            assert!(index < self.len, "constraint bodies are in the state array");
            // SAFETY: as in `gather`; only bodies this bundle moves are written, and
            // colouring gives each of them to this bundle alone.
            let s = unsafe { &mut *self.ptr.add(index) };
            s.v.x = body.v.x.0[lane];
            s.v.y = body.v.y.0[lane];
            s.w = body.w.0[lane];
        }
    }
}
