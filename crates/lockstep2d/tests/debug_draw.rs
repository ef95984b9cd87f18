//! Debug drawing: what `World::debug_draw` hands a front end is the world as it is,
//! at the poses asked for, with contacts whose impulses are the ones that held the
//! bodies up.

use lockstep2d::math::sin;
use lockstep2d::minmax::{max_vec2, min_vec2};
use lockstep2d::{
    Aabb, BodyDef, BodyId, Color, DebugDraw, DistanceJointDef, DrawOptions, Error, Geometry,
    JointDef, JointKind, Palette, Segment, ShapeDef, Transform, Vec2, World, WorldDef,
};

const DT: f32 = 1.0 / 60.0;
const GRAVITY: f32 = 10.0;

/// One primitive as the world handed it over.
#[derive(Clone, Debug, PartialEq)]
enum Drawn {
    Polygon(Vec<Vec2>, Color),
    Circle(Vec2, f32, Vec2, Color),
    Capsule(Vec2, Vec2, f32, Color),
    Segment(Vec2, Vec2, Color),
    Point(Vec2, f32, Color),
}

/// Records what it is handed; draws `moved` at its own pose and `marked` in its own
/// colour.
#[derive(Default)]
struct Recorder {
    drawn: Vec<Drawn>,
    moved: Option<(BodyId, Transform)>,
    marked: Option<(BodyId, Color)>,
}

impl DebugDraw for Recorder {
    fn solid_polygon(&mut self, vertices: &[Vec2], color: Color) {
        self.drawn.push(Drawn::Polygon(vertices.to_vec(), color));
    }
    fn solid_circle(&mut self, center: Vec2, radius: f32, rim: Vec2, color: Color) {
        self.drawn.push(Drawn::Circle(center, radius, rim, color));
    }
    fn solid_capsule(&mut self, center1: Vec2, center2: Vec2, radius: f32, color: Color) {
        self.drawn
            .push(Drawn::Capsule(center1, center2, radius, color));
    }
    fn segment(&mut self, a: Vec2, b: Vec2, color: Color) {
        self.drawn.push(Drawn::Segment(a, b, color));
    }
    fn point(&mut self, at: Vec2, size: f32, color: Color) {
        self.drawn.push(Drawn::Point(at, size, color));
    }
    fn body_pose(&mut self, body: BodyId, step_pose: Transform) -> Transform {
        match self.moved {
            Some((moved, pose)) if moved == body => pose,
            _ => step_pose,
        }
    }
    fn body_color(&mut self, body: BodyId, palette_color: Color) -> Color {
        match self.marked {
            Some((marked, color)) if marked == body => color,
            _ => palette_color,
        }
    }
}

impl Recorder {
    fn segments_of(&self, color: Color) -> Vec<(Vec2, Vec2)> {
        let of = |d: &Drawn| match *d {
            Drawn::Segment(a, b, c) if c == color => Some((a, b)),
            _ => None,
        };
        self.drawn.iter().filter_map(of).collect()
    }

    fn points_of(&self, color: Color) -> Vec<Vec2> {
        let of = |d: &Drawn| match *d {
            Drawn::Point(at, _, c) if c == color => Some(at),
            _ => None,
        };
        self.drawn.iter().filter_map(of).collect()
    }

    fn polygons(&self) -> Vec<(Vec<Vec2>, Color)> {
        let of = |d: &Drawn| match d {
            Drawn::Polygon(v, c) => Some((v.clone(), *c)),
            _ => None,
        };
        self.drawn.iter().filter_map(of).collect()
    }
}

fn drawn(world: &World, options: &DrawOptions) -> Recorder {
    drawn_by(Recorder::default(), world, options)
}

fn drawn_by(mut recorder: Recorder, world: &World, options: &DrawOptions) -> Recorder {
    world.debug_draw(&mut recorder, options).unwrap();
    recorder
}

fn world() -> World {
    let def = WorldDef {
        gravity: Vec2::new(0.0, -GRAVITY),
        ..WorldDef::default()
    };
    World::new(&def).unwrap()
}

/// A 1 m box of 4 kg (density 4) resting on a static floor whose top is at y = 0,
/// tilted `slope` radians with it, after a third of a second of settling (before it
/// falls asleep).
fn box_at_rest(slope: f32) -> (World, BodyId) {
    let mut world = world();
    let floor = world
        .create_body(&BodyDef::static_at(Vec2::ZERO).with_angle(slope))
        .unwrap();
    let floor_shape = ShapeDef::new(Geometry::Segment(Segment {
        point1: Vec2::new(-5.0, 0.0),
        point2: Vec2::new(5.0, 0.0),
    }));
    world
        .create_shape(floor, &floor_shape.with_friction(0.9))
        .unwrap();
    let up = Transform::new(Vec2::ZERO, slope)
        .q
        .rotate(Vec2::new(0.0, 0.5));
    let def = BodyDef::dynamic(up).with_angle(slope);
    let body = world.create_body(&def).unwrap();
    let shape = ShapeDef::new_box(0.5, 0.5).unwrap().with_density(4.0);
    world.create_shape(body, &shape.with_friction(0.9)).unwrap();
    for _ in 0..20 {
        world.step(DT).unwrap();
    }
    (world, body)
}

/// The length of the solver's substep: what a contact's impulse of the last solve
/// covers.
fn substep(world: &World) -> f32 {
    DT / world.solver_settings().substeps as f32
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < 1e-5
}

#[test]
fn shapes_are_drawn_at_their_bodies_poses_in_their_bodies_colours() {
    let (mut world, body) = box_at_rest(0.0);
    let palette = Palette::default();
    let xf = world.transform(body).unwrap();
    let polygons = drawn(&world, &DrawOptions::default()).polygons();
    assert_eq!(polygons.len(), 1, "the box; the floor is a line");
    let (corners, color) = &polygons[0];
    let expected = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)];
    for ((x, y), &corner) in expected.into_iter().zip(corners) {
        assert!(close(corner, xf.apply(Vec2::new(x, y))), "{corner}");
    }
    assert_eq!(*color, palette.dynamic_body);
    let floor = drawn(&world, &DrawOptions::default()).segments_of(palette.static_body);
    assert_eq!(floor, [(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0))]);

    for _ in 0..120 {
        world.step(DT).unwrap();
    }
    assert!(!world.is_awake(body).unwrap(), "a resting box falls asleep");
    let (_, color) = &drawn(&world, &DrawOptions::default()).polygons()[0];
    assert_eq!(*color, palette.sleeping_body);
}

#[test]
fn a_resting_box_is_held_up_by_contact_impulses_worth_its_weight() {
    let (world, body) = box_at_rest(0.0);
    let palette = Palette::default();
    let mut options = DrawOptions::default();
    options.contact_points = true;
    options.contact_normals = true;
    options.normal_impulses = true;
    options.impulse_scale = 0.25;
    let picture = drawn(&world, &options);

    let points = picture.points_of(palette.contact_point);
    assert_eq!(points.len(), 2, "two corners on the floor");
    for p in &points {
        assert!(p.y.abs() < 0.01 && (p.x.abs() - 0.5).abs() < 0.01, "{p}");
    }
    for (from, to) in picture.segments_of(palette.contact_normal) {
        assert!(
            points.iter().any(|&p| close(p, from)),
            "a normal starts on a point"
        );
        let normal = to - from;
        assert!((normal.length() - options.normal_length).abs() < 1e-5);
        assert!(
            normal.y.abs() > 0.999 * normal.length(),
            "{normal}: vertical"
        );
    }
    // The floor pushes up with the box's weight: its impulse over the last solve, one
    // substep, is the weight times the substep.
    let pushed: f32 = picture
        .segments_of(palette.normal_impulse)
        .iter()
        .map(|(from, to)| (to - from).length() / options.impulse_scale)
        .sum();
    let weight_impulse = world.mass(body).unwrap() * GRAVITY * substep(&world);
    assert!(
        (pushed - weight_impulse).abs() < 0.01 * weight_impulse,
        "{pushed} N·s against {weight_impulse}"
    );
}

#[test]
fn friction_impulses_hold_a_box_on_a_slope_against_gravity_along_it() {
    let slope = 0.3_f32;
    let (world, body) = box_at_rest(slope);
    assert!(
        world.linear_velocity(body).unwrap().length() < 1e-3,
        "at rest"
    );
    let palette = Palette::default();
    let mut options = DrawOptions::default();
    options.friction_impulses = true;
    let picture = drawn(&world, &options);
    let along = Transform::new(Vec2::ZERO, slope).q.rotate(Vec2::X);
    let held: f32 = picture
        .segments_of(palette.friction_impulse)
        .iter()
        .map(|(from, to)| (to - from).dot(along) / options.impulse_scale)
        .sum();
    let down_slope = world.mass(body).unwrap() * GRAVITY * sin(slope) * substep(&world);
    assert!(
        (held.abs() - down_slope).abs() < 0.02 * down_slope,
        "{held} N·s against {down_slope}"
    );
}

#[test]
fn bounding_boxes_touch_their_shapes_and_axes_start_at_the_centre_of_mass() {
    let mut world = world();
    let body = world
        .create_body(&BodyDef::dynamic(Vec2::new(2.0, 3.0)).with_angle(0.7))
        .unwrap();
    let offset = ShapeDef::new_box(1.0, 0.25).unwrap();
    world.create_shape(body, &offset).unwrap();
    world
        .create_shape(body, &ShapeDef::circle(0.5).with_density(3.0))
        .unwrap();
    let palette = Palette::default();
    let mut options = DrawOptions::default();
    options.aabbs = true;
    options.centers_of_mass = true;
    let picture = drawn(&world, &options);

    let boxes = picture.segments_of(palette.aabb);
    assert_eq!(boxes.len(), 8, "four sides for each of two shapes");
    let (corners, _) = &picture.polygons()[0];
    let low = |s: &[(Vec2, Vec2)]| s.iter().fold(Vec2::INFINITY, |m, (a, _)| min_vec2(m, *a));
    let high = |s: &[(Vec2, Vec2)]| {
        s.iter()
            .fold(Vec2::NEG_INFINITY, |m, (a, _)| max_vec2(m, *a))
    };
    let corner_low = corners.iter().fold(Vec2::INFINITY, |m, &c| min_vec2(m, c));
    let corner_high = corners
        .iter()
        .fold(Vec2::NEG_INFINITY, |m, &c| max_vec2(m, c));
    assert!(close(low(&boxes[..4]), corner_low), "tight below and left");
    assert!(
        close(high(&boxes[..4]), corner_high),
        "tight above and right"
    );

    let center = world.center_of_mass(body).unwrap();
    let x_axes = picture.segments_of(palette.axis_x);
    let y_axes = picture.segments_of(palette.axis_y);
    assert_eq!((x_axes.len(), y_axes.len()), (1, 1));
    assert!(close(x_axes[0].0, center) && close(y_axes[0].0, center));
    let turned = Transform::new(Vec2::ZERO, 0.7).q.rotate(Vec2::X);
    assert!(close(x_axes[0].1 - center, options.axis_length * turned));
}

#[test]
fn bodies_and_joints_are_drawn_at_the_poses_given() {
    let mut world = world();
    let hook = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, 5.0)))
        .unwrap();
    let bob = world
        .create_body(&BodyDef::dynamic(Vec2::new(0.0, 3.0)))
        .unwrap();
    world.create_shape(bob, &ShapeDef::circle(0.2)).unwrap();
    let rod = DistanceJointDef::rod(Vec2::new(0.0, 5.0), Vec2::new(0.0, 3.0));
    world
        .create_joint(&JointDef::new(hook, bob, JointKind::Distance(rod)))
        .unwrap();
    let moved = Transform::new(Vec2::new(1.0, 3.0), 0.0);
    let mine = Color::rgb(1, 2, 3);
    let recorder = Recorder {
        moved: Some((bob, moved)),
        marked: Some((bob, mine)),
        ..Recorder::default()
    };
    let picture = drawn_by(recorder, &world, &DrawOptions::default());
    assert!(picture.drawn.contains(&Drawn::Circle(
        moved.p,
        0.2,
        moved.p + Vec2::new(0.2, 0.0),
        mine
    )));
    let joint = Palette::default().joint;
    let anchors = picture.points_of(joint);
    assert_eq!(anchors, [Vec2::new(0.0, 5.0), moved.p]);
    let between = (Vec2::new(0.0, 5.0), moved.p);
    assert!(
        picture.segments_of(joint).contains(&between),
        "the rod drawn from anchor to anchor"
    );
}

#[test]
fn the_view_leaves_out_what_it_does_not_show_and_sensors_can_be_left_out() {
    let mut world = world();
    for x in [-10.0, 0.0, 10.0] {
        let body = world
            .create_body(&BodyDef::static_at(Vec2::new(x, 0.0)))
            .unwrap();
        world
            .create_shape(body, &ShapeDef::new_box(1.0, 1.0).unwrap())
            .unwrap();
    }
    let zone = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, 4.0)))
        .unwrap();
    world
        .create_shape(zone, &ShapeDef::circle(1.0).sensor())
        .unwrap();
    let mut options = DrawOptions::default();
    options.view = Some(Aabb {
        min: Vec2::new(-2.0, -2.0),
        max: Vec2::new(2.0, 6.0),
    });
    let picture = drawn(&world, &options);
    assert_eq!(picture.polygons().len(), 1, "only the middle box");
    assert_eq!(picture.drawn.len(), 2, "and the sensor");
    options.sensors = false;
    assert_eq!(drawn(&world, &options).drawn.len(), 1);
}

#[test]
fn a_one_way_line_has_a_tick_out_of_its_front() {
    let mut world = world();
    let ledge = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, 2.0)))
        .unwrap();
    // Right of the way from +x to −x is up.
    let line = Geometry::Segment(Segment {
        point1: Vec2::new(1.0, 0.0),
        point2: Vec2::new(-1.0, 0.0),
    });
    world
        .create_shape(ledge, &ShapeDef::new(line).one_way())
        .unwrap();
    let options = DrawOptions::default();
    let lines = drawn(&world, &options).segments_of(Palette::default().static_body);
    let tick = (
        Vec2::new(0.0, 2.0),
        Vec2::new(0.0, 2.0 + 0.5 * options.normal_length),
    );
    assert_eq!(lines.len(), 2);
    assert!(
        close(lines[1].0, tick.0) && close(lines[1].1, tick.1),
        "{lines:?}"
    );
}

#[test]
fn bad_options_are_refused_and_nothing_is_drawn() {
    let (world, _) = box_at_rest(0.0);
    let refused = |options: &DrawOptions| {
        let mut recorder = Recorder::default();
        let result = world.debug_draw(&mut recorder, options);
        assert!(recorder.drawn.is_empty(), "drawn before the refusal");
        result.unwrap_err()
    };
    let mut options = DrawOptions::default();
    options.normal_length = f32::NAN;
    assert!(matches!(
        refused(&options),
        Error::NotFinite {
            field: "normal_length"
        }
    ));
    let options = DrawOptions::default().scaled_for(0.0);
    assert!(matches!(refused(&options), Error::NotFinite { .. }));
    let mut options = DrawOptions::default();
    options.impulse_scale = -1.0;
    assert!(matches!(
        refused(&options),
        Error::InvalidValue {
            field: "impulse_scale",
            ..
        }
    ));
    options = DrawOptions::default();
    options.view = Some(Aabb {
        min: Vec2::ONE,
        max: Vec2::ZERO,
    });
    assert!(matches!(
        refused(&options),
        Error::InvalidValue { field: "view", .. }
    ));
}
