//! Two-row effective masses, inverted from a determinant formed without cancellation:
//! a point constraint's (a pin's, a weld's, a mouse's) and a prismatic joint's.
//!
//! For a point, K = m·I + i_a·u·uᵀ + i_b·w·wᵀ, with m = m_a⁻¹ + m_b⁻¹ and u, w the
//! lever arms turned a quarter turn. Formed as k11·k22 − k12², its determinant is the
//! difference of two numbers that agree in all but their last digits when a light body
//! is pinned far from its centre (i·r² ten million times m or more): the f32 entries
//! lose m, and the difference comes out as zero, when the pin pushes nothing, or as
//! noise, when its "inverse" overshoots. Expanded,
//!   det K = m² + m·(i_a·|r_a|² + i_b·|r_b|²) + i_a·i_b·(r_a × r_b)²
//! is a sum of terms ≥ 0, exact to a few roundings however ill-conditioned K is. The
//! prismatic joint's K (across the axis, and the angle) expands the same way.

use crate::math::{Vec2, cross};

/// A symmetric 2×2 K and its determinant (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mass2 {
    k11: f32,
    k12: f32,
    k22: f32,
    det: f32,
}

impl Mass2 {
    /// K = [[k11, k12], [k12, k22]] with its determinant `det`, formed by the caller
    /// without cancellation.
    pub fn new(k11: f32, k12: f32, k22: f32, det: f32) -> Mass2 {
        Mass2 { k11, k12, k22, det }
    }

    /// The point constraint's K for bodies of inverse masses `m_a`, `m_b` and inverse inertias `i_a`, `i_b`
    /// held at arms `r_a`, `r_b` from their centres of mass.
    pub fn point((m_a, i_a): (f32, f32), (m_b, i_b): (f32, f32), (r_a, r_b): (Vec2, Vec2)) -> Self {
        let m = m_a + m_b;
        let turning = i_a * r_a.length_squared() + i_b * r_b.length_squared();
        let crossed = cross(r_a, r_b);
        Mass2 {
            k11: m + i_a * r_a.y * r_a.y + i_b * r_b.y * r_b.y,
            k12: -i_a * r_a.x * r_a.y - i_b * r_b.x * r_b.y,
            k22: m + i_a * r_a.x * r_a.x + i_b * r_b.x * r_b.x,
            det: m * m + m * turning + i_a * i_b * crossed * crossed,
        }
    }

    /// Zero when neither body can move.
    pub fn is_singular(&self) -> bool {
        self.det == 0.0
    }

    /// K⁻¹·rhs, from K's adjugate over its determinant. Not for a singular K.
    pub fn solve(&self, rhs: Vec2) -> Vec2 {
        let inv_det = 1.0 / self.det;
        Vec2::new(
            (self.k22 * rhs.x - self.k12 * rhs.y) * inv_det,
            (self.k11 * rhs.y - self.k12 * rhs.x) * inv_det,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Mass2;
    use crate::math::Vec2;

    /// A light body (inverse inertia 10⁴, inverse mass 1) pinned to the ground 122 m
    /// from its centre: its lever term i·r² is 10⁸ times m. The f32 entries lose m, so
    /// k11·k22 − k12² comes out exactly 0 and the pin would push nothing; the expanded
    /// determinant matches the one worked in f64.
    #[test]
    fn a_light_body_pinned_far_from_its_centre_keeps_its_determinant() {
        let k = Mass2::point(
            (1.0, 1.0e4),
            (0.0, 0.0),
            (Vec2::new(100.0, 70.0), Vec2::ZERO),
        );
        let (m, i, x, y) = (1.0f64, 1.0e4f64, 100.0f64, 70.0f64);
        let exact = (m + i * y * y) * (m + i * x * x) - (i * x * y).powi(2);
        let relative = (f64::from(k.det) - exact).abs() / exact;
        assert!(relative < 1e-6, "det {} against {exact}", k.det);
        let formed = k.k11 * k.k22 - k.k12 * k.k12;
        assert!(
            formed.abs() < 0.01 * exact as f32,
            "k11·k22 − k12² gave {formed}"
        );
    }
}
