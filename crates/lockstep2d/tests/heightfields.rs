//! Heightfields: ground from heights at a fixed spacing, which is the chain of its
//! points, so shapes slide across its cells' joints as across one surface.

use crate::support;

use lockstep2d::{
    BodyDef, BodyId, ChainDef, Circle, Error, Geometry, HeightfieldDef, Polygon, ShapeDef,
    SolidSide, SurfaceMaterial, Vec2, World, WorldDef,
};
use support::{DT, slide_for_five_seconds};

const FRICTION: f32 = 0.02;

fn material() -> SurfaceMaterial {
    SurfaceMaterial {
        friction: FRICTION,
        ..SurfaceMaterial::default()
    }
}

/// 101 heights one metre apart from x = -50, all `height`.
fn flat(height: f32) -> HeightfieldDef {
    HeightfieldDef::new(vec![height; 101], 1.0)
        .at(Vec2::new(-50.0, 0.0))
        .with_material(material())
}

fn slider(world: &mut World, geometry: Geometry, at: Vec2) -> BodyId {
    let def = BodyDef::dynamic(at).with_velocity(Vec2::new(-5.0, 0.0), 0.0);
    let body = world.create_body(&def).unwrap();
    let shape = ShapeDef::new(geometry).with_friction(FRICTION);
    world.create_shape(body, &shape).unwrap();
    body
}

/// A box's speed after five seconds' slide from x = 45 at 5 m/s, and its largest
/// vertical speed after the first half second, on ground made by `make`.
fn slide(make: impl Fn(&mut World, BodyId)) -> (f32, f32) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    make(&mut world, ground);
    let square = Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap());
    let body = slider(&mut world, square, Vec2::new(45.0, 0.5));
    slide_for_five_seconds(&mut world, body)
}

#[test]
fn a_box_slides_across_the_cells_as_across_one_long_box() {
    let (on_box, _) = slide(|world, ground| {
        let slab = Polygon::new_offset_box(50.0, 1.0, Vec2::new(0.0, -1.0), 0.0).unwrap();
        let def = ShapeDef::new(Geometry::Polygon(slab)).with_friction(FRICTION);
        world.create_shape(ground, &def).unwrap();
    });
    let (on_field, vy) = slide(|world, ground| {
        let cells = world.create_heightfield(ground, &flat(0.0)).unwrap();
        assert_eq!(cells.len(), 100);
    });
    assert!(on_box > 3.9, "keeps sliding on the box: {on_box}");
    assert!(vy < 0.01, "jumps at a cell's joint: |vy| up to {vy}");
    let lost = (on_box - on_field) / on_box;
    assert!(
        lost < 0.01,
        "{on_field} m/s on the heightfield, {on_box} on the box"
    );
}

#[test]
fn a_heightfield_is_the_chain_of_its_points_to_the_bit() {
    let heights: Vec<f32> = (0..60)
        .map(|i| lockstep2d::math::sin(0.3 * i as f32) + 0.01 * (i % 7) as f32)
        .collect();
    let def = HeightfieldDef::new(heights, 0.5).at(Vec2::new(-15.0, -1.0));
    let points: Vec<Vec2> = (0..60).map(|i| def.point(i)).collect();
    let run = |make: &dyn Fn(&mut World, BodyId)| {
        let mut world = World::new(&WorldDef::default()).unwrap();
        let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
        make(&mut world, ground);
        for i in 0..12 {
            let ball = Geometry::Circle(Circle {
                center: Vec2::ZERO,
                radius: 0.3,
            });
            slider(&mut world, ball, Vec2::new(-12.0 + 2.0 * i as f32, 3.0));
        }
        for _ in 0..240 {
            world.step(DT).unwrap();
        }
        world.state_hash()
    };
    let field = run(&|world, ground| {
        world.create_heightfield(ground, &def).unwrap();
    });
    let chain = run(&|world, ground| {
        world
            .create_chain(ground, &ChainDef::open(points.clone(), SolidSide::Above))
            .unwrap();
    });
    assert_eq!(field, chain);
}

#[test]
fn bad_heightfields_are_refused_and_make_nothing() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let hash = world.state_hash();
    let field = |e: Error| e.field();
    let cases = [
        (HeightfieldDef::new(vec![0.0], 1.0), "heights"),
        (
            HeightfieldDef::new(vec![0.0, f32::NAN, 0.0], 1.0),
            "heights",
        ),
        (HeightfieldDef::new(vec![0.0, 2.0e6], 1.0), "heights"),
        (HeightfieldDef::new(vec![0.0, 1.0], 0.001), "spacing"),
        (
            HeightfieldDef::new(vec![0.0, 1.0], f32::INFINITY),
            "spacing",
        ),
        (
            HeightfieldDef::new(vec![0.0; 3], 1.0).at(Vec2::new(1.0e6, 0.0)),
            "heights",
        ),
    ];
    for (def, named) in cases {
        let e = world.create_heightfield(ground, &def).unwrap_err();
        assert_eq!(field(e.clone()), Some(named), "{e}");
    }
    let mut two_materials = flat(0.0);
    two_materials.materials = vec![material(), material()];
    assert!(world.create_heightfield(ground, &two_materials).is_err());
    assert_eq!(world.state_hash(), hash);
    assert!(world.body_shapes(ground).unwrap().is_empty());
}
