//! The shorthand constructors build exactly what the long forms build: the same
//! definitions, and worlds that step to the same bits.

use lockstep2d::{
    BodyDef, Capsule, ChainDef, Geometry, Segment, ShapeDef, SolidSide, SurfaceMaterial, Vec2,
    World, WorldDef,
};

/// A capsule dropped on a segment, and a box dropped on a chain.
fn drop_capsule_and_box(capsule: ShapeDef, segment: ShapeDef, chain: &ChainDef) -> World {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::default()).unwrap();
    world.create_shape(ground, &segment).unwrap();
    world.create_chain(ground, chain).unwrap();
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::new(-1.0, 3.0)))
        .unwrap();
    world.create_shape(body, &capsule).unwrap();
    let crate_box = world
        .create_body(&BodyDef::dynamic(Vec2::new(4.0, 2.0)))
        .unwrap();
    world
        .create_shape(crate_box, &ShapeDef::new_box(0.2, 0.2).unwrap())
        .unwrap();
    world
}

fn chain_points() -> Vec<Vec2> {
    // Drawn right to left, so the links hold up what falls from above.
    vec![
        Vec2::new(6.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(-6.0, -0.5),
    ]
}

#[test]
fn the_capsule_and_segment_shortcuts_are_the_long_forms() {
    let (c1, c2) = (Vec2::new(-0.4, 0.0), Vec2::new(0.4, 0.0));
    assert_eq!(
        ShapeDef::capsule(c1, c2, 0.25),
        ShapeDef::new(Geometry::Capsule(Capsule {
            center1: c1,
            center2: c2,
            radius: 0.25,
        }))
    );
    let (p1, p2) = (Vec2::new(-3.0, 0.5), Vec2::new(0.0, 0.5));
    assert_eq!(
        ShapeDef::segment(p1, p2),
        ShapeDef::new(Geometry::Segment(Segment {
            point1: p1,
            point2: p2,
        }))
    );

    let chain = ChainDef::open(chain_points(), SolidSide::Above);
    let mut short = drop_capsule_and_box(
        ShapeDef::capsule(c1, c2, 0.25),
        ShapeDef::segment(p1, p2),
        &chain,
    );
    let mut long = drop_capsule_and_box(
        ShapeDef::new(Geometry::Capsule(Capsule {
            center1: c1,
            center2: c2,
            radius: 0.25,
        })),
        ShapeDef::new(Geometry::Segment(Segment {
            point1: p1,
            point2: p2,
        })),
        &chain,
    );
    for _ in 0..180 {
        short.step(1.0 / 60.0).unwrap();
        long.step(1.0 / 60.0).unwrap();
    }
    assert_eq!(short.state_hash(), long.state_hash());
    // The capsule lies on the segment and the box sits on the chain: the worlds did not
    // agree by both doing nothing.
    let heights: Vec<f32> = short
        .body_ids()
        .skip(1)
        .map(|body| short.position(body).unwrap().y)
        .collect();
    assert!(
        (heights[0] - 0.75).abs() < 0.02,
        "the capsule at {heights:?}"
    );
    assert!((heights[1] - 0.2).abs() < 0.02, "the box at {heights:?}");
}

#[test]
fn a_chain_takes_user_data_for_every_link_and_keeps_the_rest_of_its_materials() {
    let slippery = SurfaceMaterial {
        friction: 0.1,
        ..SurfaceMaterial::default()
    };
    let tagged = ChainDef::open(chain_points(), SolidSide::Above)
        .with_material(slippery)
        .with_user_data(77);
    let by_hand = ChainDef::open(chain_points(), SolidSide::Above).with_material(SurfaceMaterial {
        user_data: 77,
        ..slippery
    });
    assert_eq!(tagged, by_hand);

    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::default()).unwrap();
    let links = world.create_chain(ground, &tagged).unwrap();
    assert_eq!(links.len(), 2);
    for link in links {
        assert_eq!(world.shape_user_data(link).unwrap(), 77);
        assert_eq!(world.shape_def(link).unwrap().friction, 0.1);
    }
}
