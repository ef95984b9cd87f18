//! Explosions: Box2D v3's model, pushing shapes away from the centre by the width they
//! show the blast, full strength within the radius and fading over the falloff.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{BodyDef, BodyId, ExplosionDef, Rot, ShapeDef, Vec2, World, WorldDef};
use support::DT;

/// Boxes of half-size 0.25 on rings at `radii` around the origin, eight to a ring, in a
/// world without gravity.
fn rings(radii: &[f32]) -> (World, Vec<(BodyId, Vec2)>) {
    let mut world = World::new(&WorldDef {
        gravity: Vec2::ZERO,
        ..WorldDef::default()
    })
    .unwrap();
    let mut boxes = Vec::new();
    for &r in radii {
        for k in 0..8 {
            let at = r * Rot::from_angle(k as f32 * std::f32::consts::FRAC_PI_4).rotate(Vec2::X);
            let body = world.create_body(&BodyDef::dynamic(at)).unwrap();
            world
                .create_shape(body, &ShapeDef::new_box(0.25, 0.25).unwrap())
                .unwrap();
            boxes.push((body, at));
        }
    }
    (world, boxes)
}

#[test]
fn an_explosion_pushes_every_box_outward_nearer_ones_faster_and_none_beyond_its_reach() {
    let (mut world, boxes) = rings(&[3.0, 5.0, 7.0, 10.0]);
    // Full strength within 1 m, fading to nothing at 9 m.
    world
        .explode(&ExplosionDef::new(Vec2::ZERO, 1.0, 8.0, 2.0))
        .unwrap();
    world.step(DT).unwrap();
    let mut speeds = [0.0f32; 4];
    for (i, &(body, at)) in boxes.iter().enumerate() {
        let v = world.linear_velocity(body).unwrap();
        let ring = i / 8;
        if ring == 3 {
            assert_eq!(v, Vec2::ZERO, "a box 10 m away moved");
            assert_eq!(world.position(body).unwrap(), at);
            continue;
        }
        let outward = v.dot(at.normalize());
        assert!(
            outward > 0.0 && outward > 0.999 * v.length(),
            "ring {ring}: {v} at {at}"
        );
        speeds[ring] = minmax::max(speeds[ring], outward);
    }
    assert!(
        speeds[0] > speeds[1] && speeds[1] > speeds[2] && speeds[2] > 0.0,
        "{speeds:?}"
    );
    // The middle ring's side-on box faces the blast 4.75 m out, 3.75 m into the 8 m
    // falloff: 4.25/8 of full strength, on the 0.5 m it shows; its mass is 0.25 kg.
    let side_on = boxes[8].0;
    let expected = 2.0 * 0.5 * (4.25 / 8.0) / 0.25;
    let speed = world.linear_velocity(side_on).unwrap().length();
    assert!(
        (speed - expected).abs() < 0.01 * expected,
        "{speed} against {expected}"
    );
}

#[test]
fn an_explosion_spares_the_categories_outside_its_mask() {
    let (mut world, boxes) = rings(&[3.0]);
    let spared = boxes[0].0;
    let shape = world.body_shapes(spared).unwrap()[0];
    let filter = lockstep2d::Filter {
        category_bits: 0b10,
        ..Default::default()
    };
    world.set_shape_filter(shape, filter).unwrap();
    let def = ExplosionDef {
        mask: 0b01,
        ..ExplosionDef::new(Vec2::ZERO, 5.0, 0.0, 1.0)
    };
    world.explode(&def).unwrap();
    assert_eq!(world.linear_velocity(spared).unwrap(), Vec2::ZERO);
    assert!(world.linear_velocity(boxes[1].0).unwrap().length() > 0.0);
}
