//! The body states as several threads see them while solving one colour.
//!
//! Graph colouring guarantees that within a colour no two constraints move the same body,
//! and a constraint writes back only the bodies it moves (`SoftContact::moves`); bodies it
//! does not move (static, kinematic) it only reads, and nobody writes those during the
//! pass. So every element is written by at most one thread and never read by another
//! while it is written. Slices cannot express that ("these indices are mine"), so the
//! states are reached through a raw pointer, one element at a time, here and only here.

use std::marker::PhantomData;

use super::soft::BodyState;
use super::soft_contact::{BodyPair, SoftContact};

pub(crate) struct SharedStates<'a> {
    ptr: *mut BodyState,
    len: usize,
    _states: PhantomData<&'a mut [BodyState]>,
}

// SAFETY: see the module docs: colouring gives each moved body to one constraint of a
// colour, and `run` writes only moved bodies.
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

    /// Copies the constraint's two bodies out, runs `f`, and writes back the bodies the
    /// constraint moves.
    pub fn run(&self, c: &mut SoftContact, f: &impl Fn(&mut SoftContact, &mut BodyPair)) {
        let (a, b) = c.bodies();
        let (a, b) = (a as usize, b as usize);
        assert!(
            a < self.len && b < self.len,
            "contact bodies are in the state array"
        );
        // SAFETY: in bounds (checked above); no other thread writes `a` or `b` during the
        // colour (module docs), and the `&'a mut` borrow keeps everyone else out.
        let mut pair = unsafe {
            BodyPair {
                a: self.ptr.add(a).read(),
                b: self.ptr.add(b).read(),
            }
        };
        f(c, &mut pair);
        let (moves_a, moves_b) = c.moves();
        // SAFETY: as above; only bodies this constraint moves are written.
        unsafe {
            if moves_a {
                self.ptr.add(a).write(pair.a);
            }
            if moves_b {
                self.ptr.add(b).write(pair.b);
            }
        }
    }
}
