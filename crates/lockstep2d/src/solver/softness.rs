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
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}
