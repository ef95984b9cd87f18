//! Eight `f32` lanes that move together: the soft step solves eight contacts of one
//! colour at once, one per lane.
//!
//! Plain arrays with element-wise loops, written so the compiler turns each operation
//! into one or two vector instructions (SSE2 everywhere, AVX2 where `contact/wide.rs`
//! dispatches to it) — and so the same code is the scalar path on any other target.
//! Every operation is a single IEEE add, multiply, divide or compare per lane, never a
//! fused multiply-add, so every path gives the same bits.

use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Not, Sub};

pub(crate) const LANES: usize = 8;

#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
pub(crate) struct F8(pub [f32; LANES]);

/// A lane mask: all ones (true) or zero (false) per lane, so selecting is bit logic.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
pub(crate) struct M8([u32; LANES]);

#[inline(always)]
fn zip(a: F8, b: F8, f: impl Fn(f32, f32) -> f32) -> F8 {
    let mut out = [0.0; LANES];
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(a.0[i], b.0[i]);
    }
    F8(out)
}

#[inline(always)]
fn compare(a: F8, b: F8, f: impl Fn(f32, f32) -> bool) -> M8 {
    let mut out = [0; LANES];
    for (i, o) in out.iter_mut().enumerate() {
        *o = if f(a.0[i], b.0[i]) { u32::MAX } else { 0 };
    }
    M8(out)
}

impl F8 {
    pub const ZERO: F8 = F8([0.0; LANES]);

    #[inline(always)]
    pub fn splat(x: f32) -> F8 {
        F8([x; LANES])
    }

    /// The larger per lane (`maxps`: written as a compare so no NaN fix-up is added).
    #[inline(always)]
    pub fn max(self, o: F8) -> F8 {
        zip(self, o, |a, b| if a > b { a } else { b })
    }

    #[inline(always)]
    pub fn min(self, o: F8) -> F8 {
        zip(self, o, |a, b| if a < b { a } else { b })
    }

    /// The square root per lane (`sqrtps`, correctly rounded as `f32::sqrt` is).
    #[inline(always)]
    pub fn sqrt(self) -> F8 {
        zip(self, self, |a, _| a.sqrt())
    }

    #[inline(always)]
    pub fn greater(self, o: F8) -> M8 {
        compare(self, o, |a, b| a > b)
    }

    #[inline(always)]
    pub fn at_least(self, o: F8) -> M8 {
        compare(self, o, |a, b| a >= b)
    }

    #[inline(always)]
    pub fn at_most(self, o: F8) -> M8 {
        compare(self, o, |a, b| a <= b)
    }

    #[inline(always)]
    pub fn differs(self, o: F8) -> M8 {
        compare(self, o, |a, b| a != b)
    }

    /// The magnitude per lane: the sign bit cleared.
    #[inline(always)]
    pub fn abs(self) -> F8 {
        zip(self, self, |a, _| f32::from_bits(a.to_bits() & !SIGN))
    }

    /// Set where the sign bit is (−0 included).
    #[inline(always)]
    pub fn sign_negative(self) -> M8 {
        compare(self, self, |a, _| a.to_bits() & SIGN != 0)
    }
}

/// An `f32`'s sign bit.
const SIGN: u32 = 1 << 31;

impl M8 {
    /// Lane `i` set where `f(i)`.
    pub fn from_fn(f: impl Fn(usize) -> bool) -> M8 {
        M8(std::array::from_fn(|i| if f(i) { u32::MAX } else { 0 }))
    }

    /// `a` where the mask is set, `b` elsewhere.
    #[inline(always)]
    pub fn select(self, a: F8, b: F8) -> F8 {
        let mut out = [0.0; LANES];
        for (i, o) in out.iter_mut().enumerate() {
            let m = self.0[i];
            *o = f32::from_bits((a.0[i].to_bits() & m) | (b.0[i].to_bits() & !m));
        }
        F8(out)
    }

    /// `a` where the mask is set, `b` elsewhere, for both coordinates.
    #[inline(always)]
    pub fn select_v(self, a: V8, b: V8) -> V8 {
        V8 {
            x: self.select(a.x, b.x),
            y: self.select(a.y, b.y),
        }
    }

    /// Sets or clears lane `lane`.
    pub fn set(&mut self, lane: usize, on: bool) {
        self.0[lane] = if on { u32::MAX } else { 0 };
    }

    /// Whether lane `lane` is set.
    pub fn get(self, lane: usize) -> bool {
        self.0[lane] != 0
    }

    #[inline(always)]
    pub fn all(self) -> bool {
        self.0.iter().fold(u32::MAX, |acc, &m| acc & m) != 0
    }

    #[inline(always)]
    pub fn any(self) -> bool {
        self.0.iter().fold(0, |acc, &m| acc | m) != 0
    }
}

macro_rules! lane_op {
    ($trait:ident, $fn:ident, $op:tt) => {
        impl $trait for F8 {
            type Output = F8;
            #[inline(always)]
            fn $fn(self, o: F8) -> F8 {
                zip(self, o, |a, b| a $op b)
            }
        }
        impl $trait<f32> for F8 {
            type Output = F8;
            #[inline(always)]
            fn $fn(self, o: f32) -> F8 {
                zip(self, F8::splat(o), |a, b| a $op b)
            }
        }
    };
}

lane_op!(Add, add, +);
lane_op!(Sub, sub, -);
lane_op!(Mul, mul, *);
lane_op!(Div, div, /);

impl Neg for F8 {
    type Output = F8;
    #[inline(always)]
    fn neg(self) -> F8 {
        zip(F8::ZERO, self, |_, a| -a)
    }
}

macro_rules! mask_op {
    ($trait:ident, $fn:ident, $op:tt) => {
        impl $trait for M8 {
            type Output = M8;
            #[inline(always)]
            fn $fn(self, o: M8) -> M8 {
                let mut out = [0; LANES];
                for (i, x) in out.iter_mut().enumerate() {
                    *x = self.0[i] $op o.0[i];
                }
                M8(out)
            }
        }
    };
}

mask_op!(BitAnd, bitand, &);
mask_op!(BitOr, bitor, |);

impl Not for M8 {
    type Output = M8;
    #[inline(always)]
    fn not(self) -> M8 {
        let mut out = self.0;
        for m in &mut out {
            *m = !*m;
        }
        M8(out)
    }
}

/// A 2D vector per lane.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct V8 {
    pub x: F8,
    pub y: F8,
}

impl V8 {
    #[inline(always)]
    pub fn dot(self, o: V8) -> F8 {
        self.x * o.x + self.y * o.y
    }

    /// `self × o`, the z of the 3D cross product.
    #[inline(always)]
    pub fn cross(self, o: V8) -> F8 {
        self.x * o.y - self.y * o.x
    }

    /// `w × self` for an angular velocity `w`.
    #[inline(always)]
    pub fn turned_by(self, w: F8) -> V8 {
        V8 {
            x: -(w * self.y),
            y: w * self.x,
        }
    }

    #[inline(always)]
    pub fn scale(self, k: F8) -> V8 {
        V8 {
            x: self.x * k,
            y: self.y * k,
        }
    }
}

impl Add for V8 {
    type Output = V8;
    #[inline(always)]
    fn add(self, o: V8) -> V8 {
        V8 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

impl Sub for V8 {
    type Output = V8;
    #[inline(always)]
    fn sub(self, o: V8) -> V8 {
        V8 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lanes(f: impl Fn(f32) -> f32) -> F8 {
        F8(std::array::from_fn(|i| f(i as f32 - 3.5)))
    }

    #[test]
    fn every_lane_computes_what_scalar_code_would() {
        let (a, b) = (lanes(|x| x * 1.7), lanes(|x| 2.0 - x * x));
        let (sa, sb) = (a.0, b.0);
        let mixed = (a * b + a / b - -a).max(b).min(a + 1.0);
        for i in 0..LANES {
            #[allow(
                clippy::disallowed_methods,
                reason = "the lanes against plain `f32` code; no lane holds a tie or a NaN"
            )]
            let expected = (sa[i] * sb[i] + sa[i] / sb[i] + sa[i])
                .max(sb[i])
                .min(sa[i] + 1.0);
            assert_eq!(mixed.0[i].to_bits(), expected.to_bits(), "lane {i}");
        }
        let chosen = (a.greater(b) & !b.at_most(F8::ZERO)).select(a, b);
        for i in 0..LANES {
            let take_a = sa[i] > sb[i] && sb[i] > 0.0;
            assert_eq!(chosen.0[i], if take_a { sa[i] } else { sb[i] }, "lane {i}");
        }
        assert!(!a.differs(a).any() && a.differs(b).any());
    }
}
