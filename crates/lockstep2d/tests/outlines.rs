//! Concave outlines, with holes and without, cut into convex pieces: the pieces share
//! out the outline's area less its holes' exactly, each is convex within the vertex
//! limit, none covers a hole, and the cut does not depend on where a loop starts, which
//! way round it goes, or the order of the holes.

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

/// The square of side `size` with its lower-left corner at (`x`, `y`), counter-clockwise.
fn square(x: f32, y: f32, size: f32) -> Vec<Vec2> {
    [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        .map(|(i, j)| Vec2::new(x + i * size, y + j * size))
        .to_vec()
}

/// An L, 8 m by 6 m, its arms 3 m thick.
fn l_shape() -> Vec<Vec2> {
    [
        (0.0, 0.0),
        (8.0, 0.0),
        (8.0, 3.0),
        (3.0, 3.0),
        (3.0, 6.0),
        (0.0, 6.0),
    ]
    .map(|(x, y)| Vec2::new(x, y))
    .to_vec()
}

/// A triangle in the L's corner, where both arms meet.
fn corner_triangle() -> Vec<Vec2> {
    vec![
        Vec2::new(0.5, 0.5),
        Vec2::new(2.5, 0.7),
        Vec2::new(1.0, 2.5),
    ]
}

/// Checks the pieces of `outer` with `holes` against them: the pieces' areas sum to the
/// outer area less the holes', each is convex within the vertex limit, and a grid of
/// points is each in exactly one piece when inside the outer loop and outside every
/// hole, in none otherwise.
fn assert_holed_cut_exactly(outer: &[Vec2], holes: &[Vec<Vec2>]) {
    let outline = Outline::with_holes(outer, holes).unwrap();
    let pieces = outline.pieces();
    let expected = shoelace(outer).abs() - holes.iter().map(|h| shoelace(h).abs()).sum::<f32>();
    let total: f32 = pieces.iter().map(|p| shoelace(p.vertices())).sum();
    assert!(
        (total - expected).abs() < 1e-3 * expected,
        "pieces {total} m², outer less holes {expected} m²"
    );
    assert!((outline.area() - expected).abs() < 1e-3 * expected);
    for piece in pieces {
        let v = piece.vertices();
        assert!(v.len() >= 3 && v.len() <= MAX_POLYGON_VERTICES);
        let n = v.len();
        for k in 0..n {
            let turn = (v[(k + 1) % n] - v[k]).perp_dot(v[(k + 2) % n] - v[(k + 1) % n]);
            assert!(turn > 0.0, "convex, counter-clockwise: {v:?}");
        }
    }
    let (lo, hi) = outer.iter().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), &p| {
        (minmax::min_vec2(lo, p), minmax::max_vec2(hi, p))
    });
    let loops = || std::iter::once(outer).chain(holes.iter().map(Vec::as_slice));
    let spacing = 0.137;
    let mut checked = 0;
    let mut y = lo.y - 0.5 + 0.0031;
    while y < hi.y + 0.5 {
        let mut x = lo.x - 0.5 + 0.0017;
        while x < hi.x + 0.5 {
            let p = Vec2::new(x, y);
            x += spacing;
            let near_an_edge = loops().any(|l| edge_distance(l, p) < LINEAR_SLOP)
                || pieces.iter().any(|q| edge_distance(q.vertices(), p) < 1e-4);
            if near_an_edge {
                continue;
            }
            let holders = pieces.iter().filter(|q| inside(q.vertices(), p)).count();
            let solid = inside(outer, p) && !holes.iter().any(|h| inside(h, p));
            assert_eq!(holders, usize::from(solid), "{p} is in {holders} pieces");
            checked += 1;
        }
        y += spacing;
    }
    assert!(checked > 1000, "only {checked} points checked");
}

#[test]
fn holed_pieces_share_out_the_outline_less_its_holes_and_cover_no_hole() {
    let two_holes = [square(1.0, 1.0, 3.0), square(6.0, 5.0, 2.5)];
    assert_holed_cut_exactly(&square(0.0, 0.0, 10.0), &two_holes);
    assert_holed_cut_exactly(&l_shape(), &[corner_triangle()]);
    // A grid of holes whose rightmost points share their x by rows and columns, so
    // later bridges run to the ends of earlier ones.
    let grid: Vec<Vec<Vec2>> = (0..4)
        .flat_map(|i| (0..4).map(move |j| square(1.0 + 2.0 * i as f32, 1.0 + 2.0 * j as f32, 1.0)))
        .collect();
    assert_holed_cut_exactly(&square(0.0, 0.0, 9.0), &grid);
    // Stars for holes in a wobbly ring, each hole concave.
    let holes: Vec<Vec<Vec2>> = [(-0.6, 0.0), (0.6, 0.1), (0.0, 0.8)]
        .iter()
        .map(|&(x, y)| {
            star(5, 0.25, 0.1)
                .iter()
                .map(|&p| p + Vec2::new(x, y))
                .collect()
        })
        .collect();
    assert_holed_cut_exactly(&wobbly(150), &holes);
}

#[test]
fn holes_in_any_order_either_way_round_from_any_start_cut_the_same_bits() {
    let cases = [
        (
            square(0.0, 0.0, 10.0),
            vec![square(1.0, 1.0, 3.0), square(6.0, 5.0, 2.5)],
        ),
        (
            wobbly(90),
            vec![
                star(4, 0.3, 0.12),
                square(0.8, -0.2, 0.3),
                square(-1.0, 0.2, 0.4),
            ],
        ),
    ];
    for (outer, holes) in cases {
        let first = bits(Outline::with_holes(&outer, &holes).unwrap().pieces());
        let mut outer_turned = outer.clone();
        outer_turned.rotate_left(outer.len() / 2);
        outer_turned.reverse();
        let mut holes_turned: Vec<Vec<Vec2>> = holes.iter().rev().cloned().collect();
        for (k, hole) in holes_turned.iter_mut().enumerate() {
            let start = 1 + k % (hole.len() - 1);
            hole.rotate_left(start);
            if k % 2 == 0 {
                hole.reverse();
            }
        }
        let turned = Outline::with_holes(&outer_turned, &holes_turned).unwrap();
        assert_eq!(bits(turned.pieces()), first);
        let mut swapped = holes.clone();
        swapped.swap(0, 1);
        let swapped = Outline::with_holes(&outer, &swapped).unwrap();
        assert_eq!(bits(swapped.pieces()), first);
    }
}

#[test]
fn holes_out_of_place_are_refused_naming_a_point_of_theirs() {
    let v = Vec2::new;
    let outer = square(0.0, 0.0, 10.0);
    let refused = |holes: &[Vec<Vec2>]| match Outline::with_holes(&outer, holes) {
        Err(Error::Outline {
            index: Some(index), ..
        }) => index,
        other => panic!("{other:?}"),
    };
    let fine = square(1.0, 1.0, 2.0);
    // Points 4 to 7 are the first hole's, 8 to 11 the second's.
    let second_hole = 8..12;
    let crossing_the_edge = square(9.0, 5.0, 2.0);
    assert!(second_hole.contains(&refused(&[fine.clone(), crossing_the_edge])));
    let outside = square(12.0, 5.0, 2.0);
    assert_eq!(refused(&[fine.clone(), outside]), 8);
    let in_the_first = square(1.5, 1.5, 1.0);
    assert_eq!(refused(&[fine.clone(), in_the_first]), 8);
    let round_the_first = square(0.5, 0.5, 4.0);
    assert_eq!(
        refused(&[round_the_first, fine.clone()]),
        8,
        "the inner hole"
    );
    let overlapping = square(2.0, 2.0, 2.0);
    assert!(second_hole.contains(&refused(&[fine.clone(), overlapping])));
    let touching_the_edge = vec![v(5.0, 5.0), v(10.0, 6.0), v(5.0, 7.0)];
    assert_eq!(refused(&[fine.clone(), touching_the_edge]), 8);
    let touching_a_corner = vec![v(8.0, 8.0), v(10.0, 10.0), v(7.0, 9.0)];
    assert!(second_hole.contains(&refused(&[fine.clone(), touching_a_corner])));
    let not_finite = vec![v(5.0, 5.0), v(6.0, 5.0), v(6.0, f32::NAN)];
    assert_eq!(refused(&[fine.clone(), not_finite]), 10);
    let bow_tie = vec![v(5.0, 5.0), v(6.0, 6.0), v(6.0, 5.0), v(5.0, 6.0)];
    assert_eq!(refused(&[fine.clone(), bow_tie]), 8);
    assert_eq!(refused(&[vec![v(5.0, 5.0), v(6.0, 5.0)]]), 4);
    let infinite = vec![v(5.0, 5.0), v(f32::INFINITY, 5.0), v(5.0, 6.0)];
    let e = Outline::with_holes(&outer, &[fine, infinite]).unwrap_err();
    assert_eq!(e.to_string(), "outline: point 9: must be finite");
}

/// In the plane a post standing on the ground would pass through the ring's lower
/// side, so the post here is a peg held out from a wall, clear of the ground: the ring
/// starts with the peg in its hole and falls round it to the ground. Had any piece
/// covered the hole, the ring would have caught on the peg.
#[test]
fn a_ring_dropped_over_a_post_falls_round_it_to_the_ground() {
    use lockstep2d::{BodyDef, Circle, Geometry, ShapeDef, World, WorldDef};
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let floor = Polygon::new_offset_box(10.0, 0.5, Vec2::new(0.0, -0.5), 0.0).unwrap();
    world
        .create_shape(ground, &ShapeDef::new(Geometry::Polygon(floor)))
        .unwrap();
    // A post 0.3 m thick from 2.5 m up to 3.5 m; the ring is 4 m across, its hole 3.4 m.
    let post_top = 3.5;
    let post = Polygon::new_offset_box(0.15, 0.5, Vec2::new(0.0, post_top - 0.5), 0.0).unwrap();
    world
        .create_shape(ground, &ShapeDef::new(Geometry::Polygon(post)))
        .unwrap();
    let ring = Outline::with_holes(&square(-2.0, -2.0, 4.0), &[square(-1.7, -1.7, 3.4)]).unwrap();
    assert!(
        (ring.area() - (16.0 - 3.4 * 3.4)).abs() < 1e-3,
        "{}",
        ring.area()
    );
    // Its hole spans 2.3 m to 5.7 m up at the start: round the post, clear of it.
    let start = 4.0;
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, start)))
        .unwrap();
    let like = ShapeDef::new(Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 1.0,
    }));
    world.create_outline(body, &ring, &like).unwrap();
    for _ in 0..240 {
        world.step(1.0 / 60.0).unwrap();
    }
    let rest = world.position(body).unwrap();
    assert!(
        (rest.y - 2.0).abs() < 0.05 && rest.x.abs() < 0.1,
        "the ring at {rest}: on the ground, its centre 2 m up, below the post's top at \
         {post_top} m"
    );
    assert!(world.linear_velocity(body).unwrap().length() < 0.05);
}
