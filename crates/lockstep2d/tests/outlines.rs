//! Concave outlines cut into convex pieces: the pieces share out the outline's area
//! exactly, each is convex within the vertex limit, and the cut does not depend on
//! where the outline starts or which way round it goes.

use lockstep2d::math::{cos, sin};
use lockstep2d::minmax;
use lockstep2d::{Error, LINEAR_SLOP, MAX_POLYGON_VERTICES, Outline, Polygon, Vec2};

/// A star of `arms` points, reaching out to `outer` and in to `inner`.
fn star(arms: usize, outer: f32, inner: f32) -> Vec<Vec2> {
    (0..2 * arms)
        .map(|i| {
            let angle = std::f32::consts::PI * i as f32 / arms as f32;
            let r = if i % 2 == 0 { outer } else { inner };
            Vec2::new(r * cos(angle), r * sin(angle))
        })
        .collect()
}

/// A comb: a spine 1 m high along the bottom, with `teeth` teeth 1 m wide standing 3 m
/// up from it, 1 m apart.
fn comb(teeth: usize) -> Vec<Vec2> {
    let right = 2.0 * teeth as f32 - 1.0;
    let mut points = vec![Vec2::new(0.0, 0.0), Vec2::new(right, 0.0)];
    for t in (0..teeth).rev() {
        let x = 2.0 * t as f32;
        points.extend([Vec2::new(x + 1.0, 3.0), Vec2::new(x, 3.0)]);
        if t > 0 {
            points.extend([Vec2::new(x, 1.0), Vec2::new(x - 1.0, 1.0)]);
        }
    }
    points
}

/// A wobbly ring of `n` points: a circle whose radius swings between 1 and 3, so that
/// many corners are reflex.
fn wobbly(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let angle = 2.0 * std::f32::consts::PI * i as f32 / n as f32;
            let r = 2.0 + sin(7.0 * angle) * 0.9 + 0.1 * sin(23.0 * angle);
            Vec2::new(r * cos(angle), r * sin(angle))
        })
        .collect()
}

fn shoelace(points: &[Vec2]) -> f32 {
    let n = points.len();
    0.5 * (0..n)
        .map(|i| points[i].perp_dot(points[(i + 1) % n]))
        .sum::<f32>()
}

/// Whether `p` is inside the polygon through `points` (crossings of a ray to the right).
fn inside(points: &[Vec2], p: Vec2) -> bool {
    let n = points.len();
    let mut crossings = 0;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if x > p.x {
                crossings += 1;
            }
        }
    }
    crossings % 2 == 1
}

/// The distance from `p` to the polygon's nearest edge.
fn edge_distance(points: &[Vec2], p: Vec2) -> f32 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            p.distance(a + t * (b - a))
        })
        .fold(f32::MAX, minmax::min)
}

/// Checks the pieces of `points` against the outline: areas, convexity, and a grid of
/// points each in exactly one piece when inside the outline, in none outside.
fn assert_cut_exactly(points: &[Vec2]) {
    let outline = Outline::new(points).unwrap();
    let pieces = outline.pieces();
    let total: f32 = pieces.iter().map(|p| shoelace(p.vertices())).sum();
    let area = outline.area();
    assert!(
        (total - area).abs() < 1e-5 * area,
        "pieces {total} m², outline {area} m²"
    );
    // Leaving out detail finer than half the linear slop costs at most that much along
    // the perimeter.
    let n = points.len();
    let perimeter: f32 = (0..n)
        .map(|i| points[i].distance(points[(i + 1) % n]))
        .sum();
    let given = shoelace(points).abs();
    assert!(
        (area - given).abs() <= 0.5 * LINEAR_SLOP * perimeter,
        "{area} m², given {given} m²"
    );
    for piece in pieces {
        let v = piece.vertices();
        assert!(v.len() >= 3 && v.len() <= MAX_POLYGON_VERTICES);
        assert!(shoelace(v) > 0.0, "counter-clockwise");
    }
    let (lo, hi) = points.iter().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), &p| {
        (minmax::min_vec2(lo, p), minmax::max_vec2(hi, p))
    });
    let steps = 60;
    for i in 0..=steps {
        for j in 0..=steps {
            let p = lo + (hi - lo) * Vec2::new(i as f32, j as f32) / steps as f32;
            let near_an_edge = edge_distance(points, p) < LINEAR_SLOP
                || pieces.iter().any(|q| edge_distance(q.vertices(), p) < 1e-4);
            if near_an_edge {
                continue;
            }
            let holders = pieces.iter().filter(|q| inside(q.vertices(), p)).count();
            let expected = usize::from(inside(points, p));
            assert_eq!(holders, expected, "{p} is in {holders} pieces");
        }
    }
}

#[test]
fn the_pieces_share_out_the_outline_exactly_and_each_is_convex() {
    assert_cut_exactly(&star(5, 2.0, 0.8));
    assert_cut_exactly(&star(12, 3.0, 2.2));
    assert_cut_exactly(&comb(6));
    assert_cut_exactly(&wobbly(200));
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    assert_eq!(
        Outline::new(&square).unwrap().pieces().len(),
        1,
        "a convex outline is one piece"
    );
}

fn bits(pieces: &[Polygon]) -> Vec<[u32; 2]> {
    pieces
        .iter()
        .flat_map(|p| p.vertices().iter().map(|v| [v.x.to_bits(), v.y.to_bits()]))
        .collect()
}

#[test]
fn the_cut_is_the_same_bits_from_any_start_either_way_round() {
    for points in [star(7, 2.0, 0.5), comb(4), wobbly(120)] {
        let first = bits(Outline::new(&points).unwrap().pieces());
        for start in [1, points.len() / 3, points.len() - 1] {
            let mut turned = points.clone();
            turned.rotate_left(start);
            assert_eq!(bits(Outline::new(&turned).unwrap().pieces()), first);
            turned.reverse();
            assert_eq!(bits(Outline::new(&turned).unwrap().pieces()), first);
        }
    }
}

#[test]
fn bad_outlines_are_refused_naming_the_point() {
    let v = Vec2::new;
    let refused = |points: &[Vec2]| match Outline::new(points) {
        Err(Error::Outline { index, .. }) => index,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(&[v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)]),
        Some(0)
    );
    assert_eq!(
        refused(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]),
        Some(1)
    );
    assert_eq!(
        refused(&[v(0.0, 0.0), v(0.5, 0.0), v(1.0, 0.0), v(0.0, 1.0)]),
        Some(1)
    );
    assert_eq!(
        refused(&[v(0.0, 0.0), v(f32::INFINITY, 0.0), v(0.0, 1.0)]),
        Some(1)
    );
    assert_eq!(refused(&[v(0.0, 0.0), v(2.0e6, 0.0), v(0.0, 1.0)]), Some(1));
    assert_eq!(refused(&[v(0.0, 0.0), v(1.0, 0.0)]), None);
    let e = Outline::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap_err();
    assert_eq!(e.to_string(), "outline: point 1: repeats the next point");
}

/// A bowl: a U of thick walls, open at the top.
fn bowl() -> Vec<Vec2> {
    [
        (-3.0, 0.0),
        (3.0, 0.0),
        (3.0, 3.0),
        (2.5, 3.0),
        (2.0, 0.8),
        (0.0, 0.5),
        (-2.0, 0.8),
        (-2.5, 3.0),
        (-3.0, 3.0),
    ]
    .map(|(x, y)| Vec2::new(x, y))
    .to_vec()
}

#[test]
fn a_concave_body_rests_in_a_concave_bowl_and_a_hollow_one_holds_a_ball_out() {
    use lockstep2d::{BodyDef, Circle, Geometry, ShapeDef, SolidSide, World, WorldDef};
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let like = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 1.0,
    }));
    let bowl_pieces = world
        .create_outline(ground, &Outline::new(&bowl()).unwrap(), &like)
        .unwrap();
    assert!(bowl_pieces.len() > 1);
    // A star dropped into the bowl comes to rest in it, above its floor.
    let star_body = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, 3.0)))
        .unwrap();
    let star_outline = Outline::new(&star(5, 0.6, 0.3)).unwrap();
    let pieces = world
        .create_outline(star_body, &star_outline, &like)
        .unwrap();
    assert_eq!(pieces.len(), star_outline.pieces().len());
    let mass = world.mass(star_body).unwrap();
    assert!(
        (mass - star_outline.area()).abs() < 1e-4 * mass,
        "density 1: mass {mass}"
    );
    // A hollow rock beside it: a ball dropped on it stays on top.
    let rock = Outline::hollow(&star(6, 0.8, 0.5)).unwrap();
    assert_eq!(rock.solid, SolidSide::Outside);
    let rock_body = world
        .create_body(&BodyDef::static_at(Vec2::new(6.0, 1.0)))
        .unwrap();
    world.create_chain(rock_body, &rock).unwrap();
    let ball = world
        .create_body(&BodyDef::dynamic(Vec2::new(6.0, 3.0)))
        .unwrap();
    let round = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.2,
    }));
    world.create_shape(ball, &round).unwrap();
    for _ in 0..240 {
        world.step(1.0 / 60.0).unwrap();
    }
    let rest = world.position(star_body).unwrap();
    assert!(
        rest.x.abs() < 2.0 && rest.y > 0.5 && rest.y < 2.0,
        "star at {rest}"
    );
    assert!(world.linear_velocity(star_body).unwrap().length() < 0.05);
    let on_rock = world.position(ball).unwrap();
    assert!(on_rock.y > 1.5, "ball held out of the rock, at {on_rock}");
}
