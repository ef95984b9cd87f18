//! The smaller and larger of two numbers, the same bits on every machine.
//!
//! `f32::min` and `f32::max` leave two cases to the machine. When the operands are
//! -0.0 and +0.0 either may come back: x86-64's `maxss` gives `a` for `a.max(b)` as the
//! compiler usually lays it out, aarch64's `fmaxnm` and wasm32's `f32.max` give +0.0
//! for the larger and -0.0 for the smaller whatever the order, and the compiler, for
//! which the two calls are one commutative operation, may swap the operands or fold
//! `a.max(b)` and `b.max(a)` into one value. When an operand is NaN, which NaN comes
//! back differs as well. glam's `Vec4::min` and `max` are one vector instruction each,
//! with the same freedom: SSE gives the second operand on a tie or a NaN, wasm32's
//! `pmin`/`pmax` the first. A zero whose sign depends on the machine then reaches
//! saved and hashed state, where -0.0 and +0.0 differ: a replay or a lockstep peer on
//! another machine desyncs.
//!
//! Here each form is written as comparisons and a choice, so every machine and every
//! instruction set computes the same thing, and each picks the operand that x86-64's
//! `f32::max` and glam's `Vec2` and SSE `Vec4` pick, so an x86-64 build gives the
//! results it gave with them:
//!
//! - [`min`] and [`max`]: a tie gives `a`; a NaN `a` gives `b` and a NaN `b` gives
//!   `a`, the number wins as `f32::max` promises.
//! - [`min_vec2`], [`max_vec2`], [`clamp_vec2`], [`min_vec4`], [`max_vec4`]: per
//!   component `if a < b { a } else { b }` (or `>`), as glam's `Vec2` and its SSE
//!   `Vec4` compute it: a tie or a NaN gives `b`'s component.
//!
//! glam's `Vec2` forms are comparisons already in the version the engine builds with,
//! but older versions called `f32::min` per component; the engine does not depend on
//! which. `f32::clamp` is already two comparisons, and integers have no signed zero, so
//! both stay as they are. Clippy refuses the machine-dependent forms in the engine
//! (`crates/lockstep2d/clippy.toml`); scenes and games call these in the code they run
//! inside a step.

use glam::{Vec2, Vec4};

/// The smaller of `a` and `b`: `a` on a tie (-0.0 and +0.0 included), the number if
/// one is NaN.
#[inline]
pub fn min(a: f32, b: f32) -> f32 {
    if a.is_nan() || b < a { b } else { a }
}

/// The larger of `a` and `b`: `a` on a tie (-0.0 and +0.0 included), the number if
/// one is NaN.
#[inline]
pub fn max(a: f32, b: f32) -> f32 {
    if a.is_nan() || b > a { b } else { a }
}

/// The smaller of each component: `a`'s where it is less than `b`'s, else `b`'s (a tie
/// or a NaN gives `b`'s), as glam's `Vec2::min` computes it.
#[inline]
pub fn min_vec2(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(
        if a.x < b.x { a.x } else { b.x },
        if a.y < b.y { a.y } else { b.y },
    )
}

/// The larger of each component: `a`'s where it is greater than `b`'s, else `b`'s (a
/// tie or a NaN gives `b`'s), as glam's `Vec2::max` computes it.
#[inline]
pub fn max_vec2(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(
        if a.x > b.x { a.x } else { b.x },
        if a.y > b.y { a.y } else { b.y },
    )
}

/// `v` held within `low` and `high` per component: `min_vec2(max_vec2(v, low), high)`,
/// glam's `Vec2::clamp` (a NaN component becomes `low`'s).
#[inline]
pub fn clamp_vec2(v: Vec2, low: Vec2, high: Vec2) -> Vec2 {
    min_vec2(max_vec2(v, low), high)
}

/// The smaller of each lane: `a`'s where it is less than `b`'s, else `b`'s (a tie or a
/// NaN gives `b`'s), as SSE's `minps` computes it.
#[inline]
pub fn min_vec4(a: Vec4, b: Vec4) -> Vec4 {
    Vec4::select(a.cmplt(b), a, b)
}

/// The larger of each lane: `a`'s where it is greater than `b`'s, else `b`'s (a tie or
/// a NaN gives `b`'s), as SSE's `maxps` computes it.
#[inline]
pub fn max_vec4(a: Vec4, b: Vec4) -> Vec4 {
    Vec4::select(a.cmpgt(b), a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hint::black_box;

    const NEG_ZERO: u32 = 0x8000_0000;
    const POS_ZERO: u32 = 0;

    /// Two NaNs that differ in sign and payload.
    fn nans() -> [f32; 2] {
        [f32::from_bits(0x7FC0_0001), f32::from_bits(0xFFC0_0002)]
    }

    #[test]
    fn a_tie_of_zeros_gives_the_first_operand() {
        // Through `black_box`, so the compiler cannot fold the ties at build time.
        let (neg, pos) = (black_box(-0.0f32), black_box(0.0f32));
        assert_eq!(max(neg, pos).to_bits(), NEG_ZERO);
        assert_eq!(max(pos, neg).to_bits(), POS_ZERO);
        assert_eq!(min(neg, pos).to_bits(), NEG_ZERO);
        assert_eq!(min(pos, neg).to_bits(), POS_ZERO);
        // Folded at build time, the same.
        assert_eq!(max(-0.0, 0.0).to_bits(), NEG_ZERO);
        assert_eq!(min(0.0, -0.0).to_bits(), POS_ZERO);
    }

    #[test]
    fn a_nan_gives_the_other_operand() {
        for nan in nans().map(black_box) {
            let one = black_box(1.0f32);
            assert_eq!(max(nan, one), 1.0);
            assert_eq!(max(one, nan), 1.0);
            assert_eq!(min(nan, one), 1.0);
            assert_eq!(min(one, nan), 1.0);
            assert_eq!(max(nan, -0.0).to_bits(), NEG_ZERO);
            assert_eq!(min(0.0, nan).to_bits(), POS_ZERO);
        }
        let [p, q] = nans();
        // Both NaN: `b`, bit for bit.
        assert_eq!(max(p, q).to_bits(), q.to_bits());
        assert_eq!(min(q, p).to_bits(), p.to_bits());
    }

    #[test]
    fn numbers_order_as_expected() {
        let values = [-3.5f32, -1.0, -0.0, 0.0, 1e-30, 2.0, f32::INFINITY];
        for &a in &values {
            for &b in &values {
                let (a, b) = (black_box(a), black_box(b));
                let (low, high) = if b < a { (b, a) } else { (a, b) };
                if a != b {
                    assert_eq!(min(a, b).to_bits(), low.to_bits(), "min({a}, {b})");
                    assert_eq!(max(a, b).to_bits(), high.to_bits(), "max({a}, {b})");
                }
            }
        }
    }

    /// Vectors whose components take every pairing of the values, signed zeros, NaN
    /// and infinities included.
    fn pairs() -> Vec<(f32, f32)> {
        let [nan, _] = nans();
        let values = [
            -2.0f32,
            -0.0,
            0.0,
            0.5,
            nan,
            f32::NEG_INFINITY,
            f32::INFINITY,
        ];
        values
            .iter()
            .flat_map(|&a| values.iter().map(move |&b| (a, b)))
            .collect()
    }

    #[test]
    fn the_vector_forms_agree_with_the_scalar_ones_with_b_first() {
        for &(ax, bx) in &pairs() {
            for &(ay, by) in &[(1.0f32, -0.0f32), (-0.0, 0.0), (ax, bx)] {
                let (a, b) = (black_box(Vec2::new(ax, ay)), black_box(Vec2::new(bx, by)));
                let [low, high] = [min_vec2(a, b), max_vec2(a, b)];
                for (got_low, got_high, x, y) in [(low.x, high.x, ax, bx), (low.y, high.y, ay, by)]
                {
                    if x.is_nan() || y.is_nan() {
                        // glam's comparison: a NaN on either side gives `b`'s.
                        assert_eq!(got_low.to_bits(), y.to_bits(), "min_vec2 of {x}, {y}");
                        assert_eq!(got_high.to_bits(), y.to_bits(), "max_vec2 of {x}, {y}");
                    } else {
                        // A tie gives `b`'s: the scalar form with `b` first.
                        assert_eq!(
                            got_low.to_bits(),
                            min(y, x).to_bits(),
                            "min_vec2 of {x}, {y}"
                        );
                        assert_eq!(
                            got_high.to_bits(),
                            max(y, x).to_bits(),
                            "max_vec2 of {x}, {y}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_vector_tie_of_zeros_gives_the_second_operand() {
        let (neg, pos) = (black_box(Vec2::splat(-0.0)), black_box(Vec2::splat(0.0)));
        assert_eq!(min_vec2(neg, pos).x.to_bits(), POS_ZERO);
        assert_eq!(min_vec2(pos, neg).y.to_bits(), NEG_ZERO);
        assert_eq!(max_vec2(neg, pos).y.to_bits(), POS_ZERO);
        assert_eq!(max_vec2(pos, neg).x.to_bits(), NEG_ZERO);
        let (neg4, pos4) = (black_box(Vec4::splat(-0.0)), black_box(Vec4::splat(0.0)));
        assert!(
            min_vec4(neg4, pos4)
                .to_array()
                .iter()
                .all(|v| v.to_bits() == POS_ZERO)
        );
        assert!(
            max_vec4(pos4, neg4)
                .to_array()
                .iter()
                .all(|v| v.to_bits() == NEG_ZERO)
        );
    }

    #[test]
    fn clamping_a_vector_holds_each_component() {
        let (low, high) = (Vec2::new(-1.0, 0.0), Vec2::new(1.0, 2.0));
        let cases = [
            (Vec2::new(-5.0, 5.0), Vec2::new(-1.0, 2.0)),
            (Vec2::new(0.25, 1.5), Vec2::new(0.25, 1.5)),
            (Vec2::new(3.0, -0.0), Vec2::new(1.0, 0.0)),
            (Vec2::new(nans()[0], -3.0), Vec2::new(-1.0, 0.0)),
        ];
        for (v, expected) in cases {
            let got = clamp_vec2(black_box(v), low, high);
            assert_eq!(
                got.to_array().map(f32::to_bits),
                expected.to_array().map(f32::to_bits)
            );
        }
    }

    #[test]
    fn the_four_lane_forms_agree_with_the_two_lane_ones() {
        let pairs = pairs();
        for chunk in pairs.chunks(2) {
            let [(ax, bx), (ay, by)] = [chunk[0], *chunk.last().unwrap()];
            let (a2, b2) = (Vec2::new(ax, ay), Vec2::new(bx, by));
            let (a4, b4) = (Vec4::new(ax, ay, ay, ax), Vec4::new(bx, by, by, bx));
            let (low, high) = (min_vec2(a2, b2), max_vec2(a2, b2));
            let low4 = min_vec4(black_box(a4), black_box(b4))
                .to_array()
                .map(f32::to_bits);
            let high4 = max_vec4(black_box(a4), black_box(b4))
                .to_array()
                .map(f32::to_bits);
            let [lx, ly, hx, hy] = [low.x, low.y, high.x, high.y].map(f32::to_bits);
            assert_eq!(low4, [lx, ly, ly, lx], "min_vec4 of {a4}, {b4}");
            assert_eq!(high4, [hx, hy, hy, hx], "max_vec4 of {a4}, {b4}");
        }
    }

    /// Clippy reads the engine's `clippy.toml` instead of the workspace's, not both: every
    /// entry of the workspace's list must be in the engine's too.
    #[test]
    fn the_engine_clippy_list_holds_the_workspace_one() {
        let engine = include_str!("../clippy.toml");
        let workspace = include_str!("../../../clippy.toml");
        let entries: Vec<&str> = workspace
            .lines()
            .filter(|line| line.trim_start().starts_with("{ path"))
            .collect();
        assert!(
            !entries.is_empty(),
            "no entries found in the workspace's list"
        );
        for entry in entries {
            assert!(
                engine.lines().any(|line| line == entry),
                "crates/lockstep2d/clippy.toml lacks the workspace's entry {entry}"
            );
        }
        assert!(engine.contains("path = \"f32::max\""));
    }
}
