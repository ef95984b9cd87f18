use lockstep2d::*;
fn main() {
    for ws in [true, false] {
        let mut def = WorldDef::default();
        def.solver.warm_starting = ws;
        let mut world = World::new(&def).unwrap();
        let ground = world
            .create_body(&BodyDef::fixed(Vec2::new(0.0, -10.0)))
            .unwrap();
        world
            .create_shape(
                ground,
                &ShapeDef::new(Geometry::Polygon(Polygon::new_box(50.0, 10.0).unwrap()))
                    .with_friction(0.2),
            )
            .unwrap();
        let mut x = Vec2::new(-6.0, 0.75);
        let mut ids = vec![];
        for i in 0..12 {
            let mut y = x;
            for _ in i..12 {
                let b = world.create_body(&BodyDef::dynamic(y)).unwrap();
                world
                    .create_shape(
                        b,
                        &ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap()))
                            .with_density(10.0)
                            .with_friction(0.2),
                    )
                    .unwrap();
                ids.push(b);
                y += Vec2::new(1.125, 0.0);
            }
            x += Vec2::new(0.5625, 2.0);
        }
        for _ in 0..180 {
            world.step(1.0 / 60.0).unwrap();
        }
        let p0: Vec<Vec2> = ids.iter().map(|&b| world.position(b).unwrap()).collect();
        let t = std::time::Instant::now();
        for _ in 180..600 {
            world.step(1.0 / 60.0).unwrap();
        }
        let el = t.elapsed();
        let maxd = ids
            .iter()
            .zip(&p0)
            .map(|(&b, p)| (world.position(b).unwrap() - *p).length())
            .fold(0.0f32, f32::max);
        let top = world.position(*ids.last().unwrap()).unwrap();
        println!(
            "warm {ws}: max move {maxd} top {top} contacts {} {:?}/step",
            world.contact_count(),
            el / 420
        );
    }
}
