//! Soft constraints: a rigid constraint made into a stiff, damped spring whose stiffness
//! is given as a frequency, so it behaves the same whatever the masses involved.
//!
//! For a constraint C with effective mass m, a spring of angular frequency ω and damping
//! ratio ζ has stiffness k = m·ω² and damping c = 2·m·ζ·ω. Solving its implicit-Euler
//! step for the impulse over a substep h gives
//!   λ = −mass_scale·m·(Ċ + bias_rate·C) − impulse_scale·λ_accumulated
//! with bias_rate = ω / (2ζ + hω), mass_scale = hω(2ζ + hω) / (1 + hω(2ζ + hω)) and
//! impulse_scale = 1 / (1 + hω(2ζ + hω)). A frequency of zero is a rigid constraint
//! with no position correction.

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Softness {
    pub bias_rate: f32,
    pub mass_scale: f32,
    pub impulse_scale: f32,
}

impl Default for Softness {
    fn default() -> Self {
        Softness::RIGID
    }
}

impl Softness {
    /// What a decoded softness must hold: finite scales.
    pub(crate) fn check_values(&self) -> crate::error::Result<()> {
        for x in [self.bias_rate, self.mass_scale, self.impulse_scale] {
            crate::error::check_finite("softness", x)?;
        }
        Ok(())
    }

    pub const RIGID: Softness = Softness {
        bias_rate: 0.0,
        mass_scale: 1.0,
        impulse_scale: 0.0,
    };

    pub fn new(hertz: f32, damping_ratio: f32, h: f32) -> Softness {
        if hertz == 0.0 {
            return Softness::RIGID;
        }
        let omega = 2.0 * std::f32::consts::PI * hertz;
        let a1 = 2.0 * damping_ratio + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Softness {
            // Undamped and so slow that h·ω underflows (10⁻⁴⁵ Hz), a spring pulls with
            // nothing (mass_scale 0): a zero rate keeps ω / 0 = ∞ out of 0·∞ = NaN.
            bias_rate: if a1 > 0.0 { omega / a1 } else { 0.0 },
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Softness;

    /// 10⁻⁴⁵ Hz undamped: h·ω underflows to 0, which made the rate infinite and a
    /// spring between bodies that cannot turn push NaN into both.
    #[test]
    fn a_spring_too_slow_to_resolve_is_finite_and_pulls_with_nothing() {
        let s = Softness::new(1e-45, 0.0, 1.0 / 240.0);
        assert!(s.bias_rate.is_finite() && s.mass_scale.is_finite() && s.impulse_scale.is_finite());
        assert_eq!((s.mass_scale, s.impulse_scale), (0.0, 1.0));
    }
}
