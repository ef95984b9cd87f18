//! The renderer's pixels: the background where nothing is, each body's colour inside
//! its outline, where the camera says it is.

use lockstep2d::{
    Aabb, BodyDef, BodyId, ChainDef, Circle, Geometry, Polygon, Segment, ShapeDef, SolidSide,
    Transform, Vec2, World, WorldDef,
};
use lockstep2d_testbed::colors::{self, Rgb};
use lockstep2d_testbed::{Camera, Pixmap, WorldStyle, draw_world, draw_world_styled, scene_bounds};

/// A floor, a box in the air and a ball beside it: nothing touches, so no contact
/// markers cross the shapes.
fn world() -> (World, BodyId, BodyId, BodyId) {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let floor = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, -1.0)))
        .unwrap();
    let slab = Geometry::Polygon(Polygon::new_box(8.0, 1.0).unwrap());
    world.create_shape(floor, &ShapeDef::new(slab)).unwrap();
    let boxed = world
        .create_body(&BodyDef::dynamic(Vec2::new(-2.0, 3.0)).with_angle(0.3))
        .unwrap();
    let square = Geometry::Polygon(Polygon::new_box(1.0, 1.0).unwrap());
    world.create_shape(boxed, &ShapeDef::new(square)).unwrap();
    let ball = world
        .create_body(&BodyDef::dynamic(Vec2::new(3.0, 2.0)))
        .unwrap();
    let disc = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.8,
    });
    world.create_shape(ball, &ShapeDef::new(disc)).unwrap();
    (world, floor, boxed, ball)
}

fn rgb_at(pixmap: &Pixmap, p: Vec2) -> Rgb {
    let c = pixmap
        .pixel(p.x as u32, p.y as u32)
        .expect("inside the picture");
    Rgb(c.red(), c.green(), c.blue())
}

fn draw(
    world: &World,
    camera: &Camera,
    pose: &dyn Fn(BodyId) -> lockstep2d::Result<Transform>,
) -> Pixmap {
    let mut pixmap = Pixmap::new(camera.width, camera.height).unwrap();
    draw_world(&mut pixmap, world, camera, pose, None).unwrap();
    pixmap
}

#[test]
fn bodies_are_drawn_where_the_camera_puts_them() {
    let (world, _, boxed, _) = world();
    let mut camera = Camera::new(160, 120);
    // The floor is static, so the scene's bounds leave it out: frame it by hand.
    camera.fit(Aabb {
        min: Vec2::new(-8.0, -2.0),
        max: Vec2::new(8.0, 5.0),
    });
    let pixmap = draw(&world, &camera, &|b| world.transform(b));

    let at = |p: Vec2| rgb_at(&pixmap, camera.to_screen(p));
    assert_eq!(
        at(Vec2::new(-2.0, 3.0)),
        colors::fill_of(colors::DYNAMIC),
        "box centre"
    );
    // Inside the turned box's outline but off its centre: a point in its own frame.
    let inside = world.transform(boxed).unwrap().apply(Vec2::new(0.5, -0.5));
    assert_eq!(
        at(inside),
        colors::fill_of(colors::DYNAMIC),
        "inside the box"
    );
    assert_eq!(
        at(Vec2::new(3.0, 2.3)),
        colors::fill_of(colors::DYNAMIC),
        "in the ball"
    );
    assert_eq!(
        at(Vec2::new(4.0, -0.5)),
        colors::fill_of(colors::STATIC),
        "the floor"
    );
    // Between the box and the ball, and above everything: nothing there.
    assert_eq!(at(Vec2::new(0.5, 1.0)), colors::BACKGROUND);
    assert_eq!(
        rgb_at(&pixmap, Vec2::new(1.0, 1.0)),
        colors::BACKGROUND,
        "top-left"
    );
}

#[test]
fn the_scene_bounds_frame_the_moving_bodies() {
    let (world, ..) = world();
    let bounds = scene_bounds(&world).unwrap();
    let half_width = lockstep2d::math::cos(0.3) + lockstep2d::math::sin(0.3);
    let corner = -2.0 - half_width;
    assert!(
        (bounds.min.x - corner).abs() < 0.01,
        "the turned box's corner: {bounds:?}"
    );
    assert!((bounds.max.x - 3.8).abs() < 0.01, "the ball's edge");
    assert!(bounds.min.y > 0.0, "the floor is left out");
}

#[test]
fn bodies_are_drawn_at_the_pose_they_are_given() {
    let (world, _, boxed, _) = world();
    let mut camera = Camera::new(160, 120);
    camera.fit(scene_bounds(&world).unwrap());
    // A renderer fed smoothed poses draws there, not at the world's pose.
    let moved = Transform::new(Vec2::new(0.5, 5.0), 0.0);
    let pose = |b: BodyId| {
        if b == boxed {
            Ok(moved)
        } else {
            world.transform(b)
        }
    };
    let pixmap = draw(&world, &camera, &pose);
    let at = |p: Vec2| rgb_at(&pixmap, camera.to_screen(p));
    assert_eq!(at(Vec2::new(0.5, 5.0)), colors::fill_of(colors::DYNAMIC));
    assert_eq!(
        at(Vec2::new(-2.0, 3.0)),
        colors::BACKGROUND,
        "no longer there"
    );
}

#[test]
fn the_same_world_draws_the_same_bytes() {
    let (world, ..) = world();
    let mut camera = Camera::new(96, 64);
    camera.fit(scene_bounds(&world).unwrap());
    let a = draw(&world, &camera, &|b| world.transform(b));
    let b = draw(&world, &camera, &|b| world.transform(b));
    assert_eq!(a.encode_png().unwrap(), b.encode_png().unwrap());
}

#[test]
fn overlapping_shapes_of_one_colour_are_filled_where_they_overlap() {
    // A box and a circle wound the opposite ways: drawn as one path under a winding
    // rule, their overlap would cancel and leave a hole.
    let mut world = World::new(&WorldDef::default()).unwrap();
    let body = world.create_body(&BodyDef::dynamic(Vec2::ZERO)).unwrap();
    let square = Geometry::Polygon(Polygon::new_box(1.0, 1.0).unwrap());
    world.create_shape(body, &ShapeDef::new(square)).unwrap();
    let disc = Geometry::Circle(Circle {
        center: Vec2::new(1.0, 0.0),
        radius: 1.0,
    });
    world.create_shape(body, &ShapeDef::new(disc)).unwrap();
    let camera = Camera::new(160, 120);
    let pixmap = draw(&world, &camera, &|b| world.transform(b));
    let overlap = camera.to_screen(Vec2::new(0.3, 0.2));
    assert_eq!(rgb_at(&pixmap, overlap), colors::fill_of(colors::DYNAMIC));
}

#[test]
fn sleeping_bodies_are_drawn_dimmed() {
    let (mut world, _, boxed, _) = world();
    let mut camera = Camera::new(160, 120);
    camera.fit(Aabb {
        min: Vec2::new(-8.0, -2.0),
        max: Vec2::new(8.0, 5.0),
    });
    // Long enough for both bodies to land on the floor and fall asleep.
    for _ in 0..240 {
        world.step(1.0 / 60.0).unwrap();
    }
    assert!(!world.is_awake(boxed).unwrap());
    let pixmap = draw(&world, &camera, &|b| world.transform(b));
    let center = world.transform(boxed).unwrap().p;
    assert_eq!(
        rgb_at(&pixmap, camera.to_screen(center)),
        colors::fill_of(colors::SLEEPING)
    );
}

#[test]
fn one_way_lines_carry_a_tick_on_their_front_and_two_sided_ones_none() {
    // Two level lines drawn right to left, so their fronts face up; the left one is a
    // one-way platform, the right one a plain segment; and a one-way chain link below,
    // drawn left to right, so its front faces down.
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let line = |x: f32, y: f32, dir: f32| {
        Geometry::Segment(Segment {
            point1: Vec2::new(x + dir, y),
            point2: Vec2::new(x - dir, y),
        })
    };
    let one_way = ShapeDef::new(line(-2.0, 1.0, 1.0)).one_way();
    world.create_shape(ground, &one_way).unwrap();
    world
        .create_shape(ground, &ShapeDef::new(line(2.0, 1.0, 1.0)))
        .unwrap();
    let chain = ChainDef {
        one_way: true,
        ..ChainDef::open(
            vec![Vec2::new(-3.0, -1.0), Vec2::new(-1.0, -1.0)],
            SolidSide::Below,
        )
    };
    world.create_chain(ground, &chain).unwrap();
    let mut camera = Camera::new(160, 120);
    camera.fit(Aabb {
        min: Vec2::new(-4.0, -2.0),
        max: Vec2::new(4.0, 2.0),
    });
    let pixmap = draw(&world, &camera, &|b| world.transform(b));
    // Four pixels off each line's middle, on either side.
    let off = |p: Vec2, pixels: f32| rgb_at(&pixmap, camera.to_screen(p) + Vec2::new(0.0, pixels));
    let (up, down) = (-4.0, 4.0);
    assert_ne!(
        off(Vec2::new(-2.0, 1.0), up),
        colors::BACKGROUND,
        "tick above"
    );
    assert_eq!(off(Vec2::new(-2.0, 1.0), down), colors::BACKGROUND);
    assert_eq!(
        off(Vec2::new(2.0, 1.0), up),
        colors::BACKGROUND,
        "two-sided"
    );
    assert_eq!(off(Vec2::new(2.0, 1.0), down), colors::BACKGROUND);
    assert_ne!(
        off(Vec2::new(-2.0, -1.0), down),
        colors::BACKGROUND,
        "tick below"
    );
    assert_eq!(off(Vec2::new(-2.0, -1.0), up), colors::BACKGROUND);
}

/// A game's style: each body in the colour the game gives it (or by body type where it
/// gives none), and sensors left out when asked.
#[test]
fn a_style_colours_bodies_its_own_way_and_can_leave_sensors_out() {
    let (mut world, _, boxed, ball) = world();
    let ring = ShapeDef::circle(2.5).sensor();
    world.create_shape(ball, &ring).unwrap();
    let mut camera = Camera::new(160, 120);
    camera.fit(Aabb {
        min: Vec2::new(-8.0, -2.0),
        max: Vec2::new(8.0, 5.0),
    });
    let red = Rgb(235, 80, 80);
    let color = |body| (body == boxed).then_some(red);
    let draw_with = |sensors| {
        let style = WorldStyle {
            body_color: &color,
            sensors,
            contacts: false,
        };
        let mut pixmap = Pixmap::new(160, 120).unwrap();
        draw_world_styled(
            &mut pixmap,
            &world,
            &camera,
            &|b| world.transform(b),
            &style,
        )
        .unwrap();
        pixmap
    };
    let pixmap = draw_with(false);
    let at = |pixmap: &Pixmap, p: Vec2| rgb_at(pixmap, camera.to_screen(p));
    assert_eq!(
        at(&pixmap, Vec2::new(-2.0, 3.0)),
        colors::fill_of(red),
        "the box"
    );
    assert_eq!(
        at(&pixmap, Vec2::new(3.0, 2.3)),
        colors::fill_of(colors::DYNAMIC)
    );
    // Inside the sensor ring, outside the ball: empty without sensors.
    let in_ring = Vec2::new(3.0, 3.8);
    assert_eq!(at(&pixmap, in_ring), colors::BACKGROUND);
    assert_ne!(at(&draw_with(true), in_ring), colors::BACKGROUND);
}
