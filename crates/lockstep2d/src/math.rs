//! Rotations, transforms and the deterministic trigonometry the engine uses.
//!
//! Simulation code never calls the platform's `sin`/`cos`/`atan2` (clippy forbids it):
//! those may differ in the last bit between machines and would break lockstep replays.
//! `libm` is pure Rust and gives the same bits everywhere.

pub use glam::Vec2;

/// Sine, computed the same way on every machine.
pub fn sin(x: f32) -> f32 {
    libm::sinf(x)
}

/// Cosine, computed the same way on every machine.
pub fn cos(x: f32) -> f32 {
    libm::cosf(x)
}

/// Four-quadrant arctangent, computed the same way on every machine.
pub fn atan2(y: f32, x: f32) -> f32 {
    libm::atan2f(y, x)
}

/// `angle` moved by whole turns into [−π, π]. (The remainder is exact in IEEE
/// arithmetic, so every machine gives the same bits.)
pub fn unwind_angle(angle: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let angle = angle % TAU;
    if angle < -PI {
        angle + TAU
    } else if angle > PI {
        angle - TAU
    } else {
        angle
    }
}

/// 2D cross product of two vectors (the z of their 3D cross product).
#[inline]
pub fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

/// Cross product of a scalar (an angular velocity about z) with a vector: `w × v`.
#[inline]
pub fn cross_sv(s: f32, v: Vec2) -> Vec2 {
    Vec2::new(-s * v.y, s * v.x)
}

/// Cross product of a vector with a scalar: `v × s`.
#[inline]
pub fn cross_vs(v: Vec2, s: f32) -> Vec2 {
    Vec2::new(s * v.y, -s * v.x)
}

/// `true` when every component is a finite number.
pub fn is_finite_vec(v: Vec2) -> bool {
    v.x.is_finite() && v.y.is_finite()
}

/// A rotation stored as its cosine and sine.
///
/// Storing (cos, sin) rather than an angle means the step never calls a trigonometric
/// function for a body that is not spinning fast, and rotating a vector is four
/// multiplies. The angle is recovered with `atan2` only when a caller asks for it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[repr(C)]
pub struct Rot {
    /// The cosine of the angle.
    pub c: f32,
    /// The sine of the angle.
    pub s: f32,
}

impl Default for Rot {
    fn default() -> Self {
        Rot::IDENTITY
    }
}

impl Rot {
    /// No rotation: angle 0.
    pub const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    /// The rotation by `angle` radians, counter-clockwise.
    pub fn from_angle(angle: f32) -> Rot {
        Rot {
            c: cos(angle),
            s: sin(angle),
        }
    }

    /// The angle in (-π, π].
    pub fn angle(self) -> f32 {
        atan2(self.s, self.c)
    }

    /// `v` rotated by this rotation.
    #[inline]
    pub fn rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x - self.s * v.y, self.s * v.x + self.c * v.y)
    }

    /// `v` rotated by the inverse of this rotation.
    #[inline]
    pub fn inv_rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x + self.s * v.y, -self.s * v.x + self.c * v.y)
    }

    /// `self * other`: first rotate by `other`, then by `self`.
    #[inline]
    pub fn compose(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c - self.s * other.s,
            s: self.s * other.c + self.c * other.s,
        }
    }

    /// `self⁻¹ * other`: the rotation from `self` to `other`.
    #[inline]
    pub fn inv_mul(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c + self.s * other.s,
            s: self.c * other.s - self.s * other.c,
        }
    }

    /// Rescales to unit length; rounding in repeated products slowly drifts the length.
    #[inline]
    pub fn normalized(self) -> Rot {
        let len = (self.c * self.c + self.s * self.s).sqrt();
        if len > 0.0 {
            Rot {
                c: self.c / len,
                s: self.s / len,
            }
        } else {
            Rot::IDENTITY
        }
    }

    /// Advances the rotation by `delta` radians.
    ///
    /// A step turns a body by a small angle, so a short Taylor series is exact to f32
    /// precision (the first dropped term of sin is δ⁷/5040 ≈ 1.2e-8 at δ = 0.25) and
    /// costs a fraction of a libm call. Larger turns fall back to libm. Rejected: Box2D
    /// v3's `q + δ·perp(q)` then normalise, which turns by atan(δ) instead of δ, so a
    /// spinning wheel falls behind by δ − atan(δ) ≈ δ³/3 every step (docs/decisions.md,
    /// "Rotation advanced by its Taylor series").
    #[inline]
    pub fn integrate(self, delta: f32) -> Rot {
        let turn = if delta.abs() < 0.25 {
            let d2 = delta * delta;
            Rot {
                c: 1.0 - d2 * (0.5 - d2 * (1.0 / 24.0 - d2 / 720.0)),
                s: delta * (1.0 - d2 * (1.0 / 6.0 - d2 * (1.0 / 120.0 - d2 / 5040.0))),
            }
        } else {
            Rot::from_angle(delta)
        };
        turn.compose(self).normalized()
    }
}

/// A rigid transform: rotate, then translate.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Transform {
    /// The translation: where the local origin lands (m).
    pub p: Vec2,
    /// The rotation.
    pub q: Rot,
}

impl Transform {
    /// No rotation and no translation.
    pub const IDENTITY: Transform = Transform {
        p: Vec2::ZERO,
        q: Rot::IDENTITY,
    };

    /// Rotates by `angle` radians counter-clockwise, then translates by `p`.
    pub fn new(p: Vec2, angle: f32) -> Transform {
        Transform {
            p,
            q: Rot::from_angle(angle),
        }
    }

    /// Maps a point from local to world coordinates.
    #[inline]
    pub fn apply(self, v: Vec2) -> Vec2 {
        self.q.rotate(v) + self.p
    }

    /// Maps a point from world to local coordinates.
    #[inline]
    pub fn inv_apply(self, v: Vec2) -> Vec2 {
        self.q.inv_rotate(v - self.p)
    }

    /// `self⁻¹ * other`: `other` expressed in the frame of `self`.
    #[inline]
    pub fn inv_mul(self, other: Transform) -> Transform {
        Transform {
            p: self.q.inv_rotate(other.p - self.p),
            q: self.q.inv_mul(other.q),
        }
    }
}

/// An axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Aabb {
    /// The lower-left corner: the least x and y.
    pub min: Vec2,
    /// The upper-right corner: the greatest x and y.
    pub max: Vec2,
}

impl Aabb {
    /// True when the two boxes overlap or touch.
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// True when `other` lies inside this box (edges may touch).
    pub fn contains(&self, other: &Aabb) -> bool {
        self.min.x <= other.min.x
            && self.min.y <= other.min.y
            && other.max.x <= self.max.x
            && other.max.y <= self.max.y
    }

    /// The smallest box holding both.
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: crate::minmax::min_vec2(self.min, other.min),
            max: crate::minmax::max_vec2(self.max, other.max),
        }
    }

    /// This box with every side moved out by `margin` (m).
    pub fn grown(&self, margin: f32) -> Aabb {
        Aabb {
            min: self.min - Vec2::splat(margin),
            max: self.max + Vec2::splat(margin),
        }
    }

    /// The perimeter: the surface-area heuristic's cost of a node in 2D.
    pub fn perimeter(&self) -> f32 {
        let d = self.max - self.min;
        2.0 * (d.x + d.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integrate_turns_by_exactly_the_angle() {
        for &delta in &[1e-4f32, 0.01, 0.1, 0.24, 0.3, 1.0, -0.2] {
            let q = Rot::from_angle(0.7).integrate(delta);
            let expected = 0.7 + delta;
            assert!(
                (q.angle() - expected).abs() < 2e-7,
                "delta {delta}: {} vs {expected}",
                q.angle()
            );
        }
    }

    #[test]
    fn transform_round_trips() {
        let xf = Transform::new(Vec2::new(3.0, -2.0), 1.1);
        let p = Vec2::new(0.25, 4.0);
        let back = xf.inv_apply(xf.apply(p));
        assert!((back - p).length() < 1e-6);
    }
}
