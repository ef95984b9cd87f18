//! Two-row effective masses, inverted from a determinant formed without cancellation:
//! a point constraint's (a pin's, a weld's, a mouse's) and a prismatic joint's.
//!
//! For a point, K = m·I + i_a·u·uᵀ + i_b·w·wᵀ, with m = m_a⁻¹ + m_b⁻¹ and u, w the lever arms turned
//! a quarter turn. Formed as k11·k22 − k12², its determinant is the difference of two
//! numbers that agree in all but their last digits when a light body is pinned far
//! from its centre (i·r² a million times m): in f32 it came out wrong by tens of per
//! cent, the "inverse" overshot, and each pass pumped energy in until the velocities
//! overflowed. Expanded, det K = m² + m·(i_a·|r_a|² + i_b·|r_b|²) + i_a·i_b·(r_a × r_b)²
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

    /// A 0.04 kg·m² sliver pinned 300 m from its centre: i·r² is 2·10⁶ times m. K·x
    /// for the solved x must give back the right-hand side, which the k11·k22 − k12²
    /// determinant missed by more than ten per cent.
    #[test]
    fn a_light_body_pinned_far_from_its_centre_is_solved_accurately() {
        let (r_a, r_b) = (Vec2::new(31.2, 233.1), Vec2::new(234.9, 12.1));
        let k = Mass2::point((3.4, 23.7), (0.41, 3.08), (r_a, r_b));
        let rhs = Vec2::new(1.0, -2.0);
        let x = k.solve(rhs);
        let (x64, y64) = (f64::from(x.x), f64::from(x.y));
        let back = (
            f64::from(k.k11) * x64 + f64::from(k.k12) * y64,
            f64::from(k.k12) * x64 + f64::from(k.k22) * y64,
        );
        let residual = ((back.0 - 1.0).powi(2) + (back.1 + 2.0).powi(2)).sqrt();
        assert!(
            residual < 1e-2,
            "K·x misses the right-hand side by {residual}"
        );
    }
}
