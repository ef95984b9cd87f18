//! Two-row effective masses, inverted from a determinant formed without cancellation
//! and without overflow: a point constraint's (a pin's, a weld's, a mouse's) and a
//! prismatic joint's.
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
//!
//! Masses span 10⁻²⁰ to 10²⁰ kg (`MIN_MASS`, `MAX_MASS`), so K's entries span 10⁻²⁰ to
//! 10²⁰ and more, and a product of two of them leaves f32 (two very heavy bodies pinned
//! together have det K = m² ≈ 10⁻³⁹, whose inverse is infinite, and an infinite impulse
//! times a static body's zero inverse mass is NaN). So K is kept as s·K' with s its
//! larger diagonal entry: K' has entries of at most 1 and a determinant of at most a
//! few, and K⁻¹ = K'⁻¹ / s.

use crate::math::{Vec2, cross};

/// A symmetric 2×2 K = `scale`·[[k11, k12], [k12, k22]] kept as `1 / scale` and the
/// scaled entries and determinant (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mass2 {
    k11: f32,
    k12: f32,
    k22: f32,
    det: f32,
    inv_scale: f32,
}

impl Mass2 {
    /// K = [[k11, k12], [k12, k22]], whose scaled determinant `scaled_det(1 / s)` gives
    /// without cancellation (see the module docs).
    fn scaled(k11: f32, k12: f32, k22: f32, scaled_det: impl FnOnce(f32) -> f32) -> Mass2 {
        let scale = if k11 > k22 { k11 } else { k22 };
        let inv_scale = if scale > 0.0 { 1.0 / scale } else { 0.0 };
        Mass2 {
            k11: k11 * inv_scale,
            k12: k12 * inv_scale,
            k22: k22 * inv_scale,
            det: scaled_det(inv_scale),
            inv_scale,
        }
    }

    /// The point constraint's K for bodies of inverse masses `m_a`, `m_b` and inverse inertias `i_a`, `i_b`
    /// held at arms `r_a`, `r_b` from their centres of mass.
    pub fn point((m_a, i_a): (f32, f32), (m_b, i_b): (f32, f32), (r_a, r_b): (Vec2, Vec2)) -> Self {
        let m = m_a + m_b;
        let (arm_a, arm_b) = (r_a.length_squared(), r_b.length_squared());
        let k11 = m + i_a * r_a.y * r_a.y + i_b * r_b.y * r_b.y;
        let k12 = -i_a * r_a.x * r_a.y - i_b * r_b.x * r_b.y;
        let k22 = m + i_a * r_a.x * r_a.x + i_b * r_b.x * r_b.x;
        Self::scaled(k11, k12, k22, |inv_scale| {
            let m = m * inv_scale;
            let (turn_a, turn_b) = (i_a * arm_a * inv_scale, i_b * arm_b * inv_scale);
            m * m + m * (turn_a + turn_b) + turn_a * turn_b * sin_squared(r_a, r_b)
        })
    }

    /// The prismatic lock's K, across the axis and in angle: inverse masses summing to
    /// `m`, inverse inertias `i_a`, `i_b`, and the arms' moments `s_a`, `s_b` about the
    /// axis's normal. When neither body turns, the angle row is left out (k22 = 1).
    pub fn prismatic(m: f32, (i_a, i_b): (f32, f32), (s_a, s_b): (f32, f32)) -> Mass2 {
        let k11 = m + i_a * s_a * s_a + i_b * s_b * s_b;
        if i_a + i_b == 0.0 {
            return Self::scaled(k11, 0.0, 1.0, |inv_scale| k11 * inv_scale * inv_scale);
        }
        let (k12, k22, spread) = (i_a * s_a + i_b * s_b, i_a + i_b, s_a - s_b);
        Self::scaled(k11, k12, k22, |inv_scale| {
            let (m, i_a, i_b) = (m * inv_scale, i_a * inv_scale, i_b * inv_scale);
            m * (i_a + i_b) + i_a * i_b * spread * spread
        })
    }

    /// Zero when neither body can move.
    pub fn is_singular(&self) -> bool {
        self.det == 0.0
    }

    /// K⁻¹·rhs, from K's scaled adjugate over its scaled determinant, over the scale.
    /// Not for a singular K.
    pub fn solve(&self, rhs: Vec2) -> Vec2 {
        let inv_det = 1.0 / self.det;
        Vec2::new(
            (self.k22 * rhs.x - self.k12 * rhs.y) * inv_det * self.inv_scale,
            (self.k11 * rhs.y - self.k12 * rhs.x) * inv_det * self.inv_scale,
        )
    }
}

/// The squared sine of the angle between `a` and `b` ((a × b)² / |a|²|b|²), or 0 if
/// either is too short to have one: bounded, where (a × b)² alone spans f32's range.
fn sin_squared(a: Vec2, b: Vec2) -> f32 {
    let crossed = cross(a, b);
    let lengths = a.length_squared() * b.length_squared();
    if lengths > 0.0 {
        crossed * crossed / lengths
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::Mass2;
    use crate::math::Vec2;

    /// K·x for the K that `point` was given, formed in f64.
    fn point_times(
        (m_a, i_a): (f64, f64),
        (m_b, i_b): (f64, f64),
        (r_a, r_b): ((f64, f64), (f64, f64)),
        x: (f64, f64),
    ) -> (f64, f64) {
        let m = m_a + m_b;
        let k11 = m + i_a * r_a.1 * r_a.1 + i_b * r_b.1 * r_b.1;
        let k12 = -i_a * r_a.0 * r_a.1 - i_b * r_b.0 * r_b.1;
        let k22 = m + i_a * r_a.0 * r_a.0 + i_b * r_b.0 * r_b.0;
        (k11 * x.0 + k12 * x.1, k12 * x.0 + k22 * x.1)
    }

    /// Solves K·x = rhs in f32 and checks, in f64, that K·x gives rhs back.
    fn assert_solves(a: (f32, f32), b: (f32, f32), arms: (Vec2, Vec2), rhs: Vec2) {
        let k = Mass2::point(a, b, arms);
        assert!(!k.is_singular());
        let x = k.solve(rhs);
        assert!(x.is_finite(), "K⁻¹·{rhs} = {x}");
        let wide = |(m, i): (f32, f32)| (f64::from(m), f64::from(i));
        let arm = |r: Vec2| (f64::from(r.x), f64::from(r.y));
        let back = point_times(
            wide(a),
            wide(b),
            (arm(arms.0), arm(arms.1)),
            (f64::from(x.x), f64::from(x.y)),
        );
        let scale = f64::from(rhs.length());
        let error = (back.0 - f64::from(rhs.x)).hypot(back.1 - f64::from(rhs.y));
        assert!(error < 1e-4 * scale, "K·K⁻¹·{rhs} = {back:?}");
    }

    /// A light body (inverse inertia 10⁴, inverse mass 1) pinned to the ground 122 m
    /// from its centre: its lever term i·r² is 10⁸ times m. The f32 entries lose m, so
    /// k11·k22 − k12² is rounding noise (here twice the determinant); the expanded
    /// determinant matches the one worked in f64.
    #[test]
    fn a_light_body_pinned_far_from_its_centre_keeps_its_determinant() {
        let k = Mass2::point(
            (1.0, 1.0e4),
            (0.0, 0.0),
            (Vec2::new(100.0, 70.0), Vec2::ZERO),
        );
        let (m, i, x, y) = (1.0f64, 1.0e4f64, 100.0f64, 70.0f64);
        let (k11, k22) = (m + i * y * y, m + i * x * x);
        let exact = (k11 * k22 - (i * x * y).powi(2)) / k11.max(k22).powi(2);
        let relative = (f64::from(k.det) - exact).abs() / exact;
        assert!(relative < 1e-6, "det {} against {exact}", k.det);
        let formed = k.k11 * k.k22 - k.k12 * k.k12;
        let noise = (f64::from(formed) - exact).abs();
        assert!(noise > 0.5 * exact, "k11·k22 − k12² gave {formed}");
    }

    /// Two bodies of 10²⁰ kg pinned together: det K is 4·10⁻⁴⁰, below f32's normal
    /// numbers, and its inverse overflows; two of 10⁻²⁰ kg: det K is 4·10⁴⁰, past
    /// f32's largest. Scaled, both solve.
    #[test]
    fn the_heaviest_and_the_lightest_bodies_pinned_together_solve_finite() {
        let arms = (Vec2::new(0.5, 0.2), Vec2::new(-0.3, 0.4));
        let heavy = (1.0e-20, 1.0e-21);
        assert_solves(heavy, heavy, arms, Vec2::new(3.0, 1.0));
        assert_solves(heavy, (0.0, 0.0), arms, Vec2::new(3.0, 1.0));
        let light = (1.0e20, 1.0e21);
        assert_solves(light, light, arms, Vec2::new(3.0, 1.0));
    }
}
