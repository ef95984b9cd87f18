//! The overlay's lines: what the testbed is doing, and the keys.

use lockstep2d::Smoothing;

use super::{BombMode, Session};

/// The overlay's lines for the session as it stands.
pub fn lines(session: &Session) -> Vec<String> {
    let stats = &session.stats;
    let switches = &session.switches;
    let on = |b: bool| if b { "on" } else { "off" };
    let smoothing = match session.stepper.config().smoothing {
        Smoothing::None => "none",
        Smoothing::Interpolate => "interpolate",
        Smoothing::Extrapolate => "extrapolate",
    };
    let state = if session.stepper.is_paused() {
        "  PAUSED"
    } else {
        ""
    };
    let mut lines = vec![
        format!("{}{state}", session.name),
        format!(
            "{} Hz physics, step {:.3} ms, {} steps this frame, alpha {:.2}",
            session.stepper.config().hz,
            stats.step_ms,
            stats.steps,
            stats.alpha
        ),
        format!(
            "{} bodies, {} contacts, smoothing {smoothing} (S)",
            session.world.body_count(),
            session.world.contact_count()
        ),
        format!(
            "solver {} (L), warm starting {} (W), accumulate {} (A), position correction {} (P)",
            if switches.soft {
                "soft step"
            } else {
                "Box2D-Lite"
            },
            on(switches.warm_starting),
            on(switches.accumulate_impulses),
            on(switches.position_correction)
        ),
        format!(
            "arrows: scene / rate  Enter pause  O step  R restart  Space {}  X bomb/explode  C ray {}  F fit",
            match session.bomb_mode {
                BombMode::Throw => "bomb",
                BombMode::Explode => "explode at cursor",
            },
            on(session.ray_cast)
        ),
        "mouse: drag bodies, wheel zoom, right-drag pan".to_string(),
    ];
    lines.extend(session.notice.clone());
    lines
}
