//! A joint measures its angle from rest the short way round: turned past half a turn,
//! it pulls on round to the nearer rest, not back the long way, ever harder.

use lockstep2d::{BodyDef, JointDef, JointKind, ShapeDef, Vec2, WeldJointDef, World, WorldDef};

/// A box welded at its centre to the ground at rest angle `rest`, turned to `angle`
/// and stepped once: how far it turned in that step (counter-clockwise positive).
fn turn_after_turning(rest: f32, angle: f32) -> f32 {
    let mut world = World::new(&WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    })
    .unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let body = world
        .create_body(&BodyDef {
            angle: rest,
            ..BodyDef::dynamic(Vec2::ZERO)
        })
        .unwrap();
    world
        .create_shape(body, &ShapeDef::new_box(0.5, 0.5).unwrap())
        .unwrap();
    let weld = JointKind::Weld(WeldJointDef::new(Vec2::ZERO));
    world
        .create_joint(&JointDef::new(ground, body, weld))
        .unwrap();
    world.set_transform(body, Vec2::ZERO, angle).unwrap();
    world.step(1.0 / 60.0).unwrap();
    let turned = world.angle(body).unwrap() - angle;
    // The body turns far less than half a turn in a step: unwind the difference.
    turned - std::f32::consts::TAU * (turned / std::f32::consts::TAU).round()
}

#[test]
fn a_weld_turned_past_half_a_turn_pulls_on_round_the_short_way() {
    // From rest at 2 rad, −2 rad is 4 rad behind, or 2.28 rad ahead: it turns back.
    let turns = [
        turn_after_turning(2.0, -2.0),
        turn_after_turning(-2.0, 2.0),
        turn_after_turning(2.0, 0.0),
        turn_after_turning(-2.0, 0.0),
    ];
    assert!(turns[0] < 0.0 && turns[1] > 0.0, "{turns:?}");
    // Less than half a turn from rest, the short way is the direct one.
    assert!(turns[2] > 0.0 && turns[3] < 0.0, "{turns:?}");
}
