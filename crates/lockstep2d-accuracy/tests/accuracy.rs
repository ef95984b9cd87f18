//! lockstep2d against closed-form mechanics at 60 Hz and the default substeps (unless a
//! test sweeps the rate). Each bound is what the engine keeps now, below the error a
//! regression in that law would bring.

use lockstep2d_accuracy::{Case, Collision, Law, Lockstep, Rate};

fn error(case: Case) -> f64 {
    error_at(case, Rate::default_rate())
}

fn error_at(case: Case, rate: Rate) -> f64 {
    case.error(&Lockstep, rate)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name()))
}

fn collisions(law: Law) -> impl Iterator<Item = Case> {
    Case::all()
        .into_iter()
        .filter(move |c| matches!(c, Case::Collision { law: l, .. } if *l == law))
}

#[test]
fn elastic_collisions_keep_kinetic_energy() {
    let cases: Vec<Case> = collisions(Law::Energy).collect();
    assert_eq!(
        cases.len(),
        4,
        "head-on and oblique, equal and unequal masses"
    );
    for case in cases {
        assert!(error(case) < 0.001, "{}: {} %", case.name(), error(case));
    }
}

#[test]
fn collisions_keep_momentum_and_part_at_e_times_the_meeting_speed() {
    for law in [Law::Momentum, Law::Restitution] {
        for case in collisions(law) {
            assert!(error(case) < 0.001, "{}: {} %", case.name(), error(case));
        }
    }
}

#[test]
fn a_bounce_rises_to_e_squared_times_the_drop() {
    // Bouncing at the speed before the step instead of the speed struck at, or flying
    // by semi-implicit Euler, misses these by a hundred times the bound or more
    // (docs/decisions.md, "Bounces at the speed struck, free flight on the leapfrog").
    for restitution in [1.0, 0.8, 0.5] {
        let apex = error(Case::Bounce { restitution });
        assert!(apex < 0.01, "e = {restitution}: {apex} %");
    }
}

#[test]
fn a_dead_ball_does_not_bounce() {
    assert_eq!(error(Case::Bounce { restitution: 0.0 }), 0.0);
}

#[test]
fn falls_and_bounces_are_exact_at_every_rate_and_substep() {
    // Semi-implicit Euler's error here is first order, far over the bound at the slower
    // rates (docs/decisions.md, "Bounces at the speed struck, free flight on the
    // leapfrog").
    let rates = Rate::rate_sweep().into_iter().chain(Rate::substep_sweep());
    for rate in rates {
        for case in [Case::FreeFall, Case::Bounce { restitution: 0.8 }] {
            let error = error_at(case, rate);
            assert!(error < 0.01, "{} at {rate:?}: {error} %", case.name());
        }
    }
}

#[test]
fn a_disc_rolls_at_two_thirds_of_g_sin_theta() {
    // A contact point turned with the disc reads a gap opening within each step: the
    // disc sinks and runs fast, past both bounds (docs/decisions.md, "A rolling disc's
    // contact point held under its centre").
    let rolling = error(Case::Rolling);
    assert!(rolling < 0.01, "{rolling} %");
    let rates = Rate::rate_sweep().into_iter().chain(Rate::substep_sweep());
    for rate in rates {
        let rolling = error_at(Case::Rolling, rate);
        assert!(rolling < 0.03, "at {rate:?}: {rolling} %");
    }
}

#[test]
fn a_capsule_keeps_its_energy_rolling_over_its_end() {
    // The bound sits under both peers' errors (the guide's accuracy page, `lockstep2d-bench
    // accuracy`). Kicking a held body whole before each drift, not in halves at the
    // step's ends, loses several times the bound (docs/decisions.md, "Every body on the
    // leapfrog").
    let capsule = error(Case::CapsuleRolling);
    assert!(capsule < 0.2, "{capsule} %");
}

#[test]
fn a_block_slides_and_sticks_where_coulomb_friction_says() {
    let sliding = error(Case::Sliding);
    assert!(sliding < 0.01, "sliding: {sliding} %");
    let boundary = error(Case::StickSlip);
    assert!(boundary < 0.05, "stick/slip boundary off by {boundary}°");
}

#[test]
fn pendulums_on_pins_keep_their_energy() {
    // The bounds sit at or under Box2D v3's own losses (the guide's accuracy page,
    // `lockstep2d-bench accuracy`); kicking the bobs whole before each drift loses more
    // than Box2D (docs/decisions.md, "Every body on the leapfrog").
    let single = error(Case::Pendulum);
    assert!(single < 0.5, "pendulum: {single} %");
    let double = error(Case::DoublePendulum);
    assert!(double < 1.39, "double pendulum: {double} %");
}

#[test]
fn a_pendulum_released_level_swings_with_the_elliptic_integral_period() {
    // The bounds sit under Box2D v3's own errors, at 60 Hz and at one substep (the
    // guide's accuracy page, `lockstep2d-bench accuracy`).
    let period = error(Case::PendulumPeriod);
    assert!(period < 0.009, "{period} %");
    let rates = Rate::rate_sweep().into_iter().chain(Rate::substep_sweep());
    for rate in rates {
        let period = error_at(Case::PendulumPeriod, rate);
        assert!(period < 0.15, "at {rate:?}: {period} %");
    }
}

#[test]
fn a_free_spin_keeps_its_angular_momentum() {
    assert!(error(Case::Spin) < 1e-4);
}

#[test]
fn a_free_spin_turns_through_omega_t() {
    // Turning each substep by the normalised first-order rotation, as the peers do,
    // turns arctan(h·ω) for h·ω and falls short far past the bound (docs/decisions.md,
    // "Rotation advanced by its Taylor series").
    let turn = error(Case::SpinTurn);
    assert!(turn < 0.001, "{turn} %");
}

#[test]
fn newtons_cradle_passes_the_blow_down_the_row_at_every_rate_and_substep() {
    // Every ball counts: the last leaves at the striker's speed and the rest stay
    // still, with the kinetic energy kept. One pass of restitution over the row sends
    // the last ball off too fast and the striker back, and makes energy.
    // The sweeps hold the default rate.
    let rates = Rate::rate_sweep().into_iter().chain(Rate::substep_sweep());
    for rate in rates {
        let velocities = error_at(Case::Cradle, rate);
        assert!(velocities < 0.01, "velocities at {rate:?}: {velocities} %");
        let energy = error_at(Case::CradleEnergy, rate);
        assert!(energy < 0.001, "energy at {rate:?}: {energy} %");
    }
}

#[test]
fn a_bouncy_pile_never_gains_energy_at_any_rate_or_substep() {
    // A pile at e = 1 that bounced every point struck within a step, each on its own,
    // would heat up and climb past its start.
    // The sweeps hold the default rate.
    let rates = Rate::rate_sweep().into_iter().chain(Rate::substep_sweep());
    for rate in rates {
        // What is left at e = 1 is the round-off of perfectly elastic collisions: at
        // e = 0.9999 the pile never rises at all.
        let gain = error_at(Case::BouncyPile, rate);
        assert!(gain < 0.001, "at {rate:?}: {gain} %");
    }
}

#[test]
fn a_collision_case_names_its_law() {
    let case = Case::Collision {
        collision: Collision {
            oblique: true,
            mass_ratio: 3.0,
            restitution: 1.0,
        },
        law: Law::Energy,
    };
    assert_eq!(case.name(), "oblique, masses 1:3, e = 1: energy");
    assert_eq!(case.target(), Some(0.1));
}
