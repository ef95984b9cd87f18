//! The one renderer: a `World` drawn into a `Pixmap` through a `Camera`. The window and
//! the image files both show these pixels.
//!
//! Sleeping dynamic bodies are drawn in their own dimmer colour, so a resting pile that
//! costs nothing shows as such.

use std::ops::Range;

use lockstep2d::math::{cos, sin};
use lockstep2d::{BodyId, BodyType, Vec2, World};
use tiny_skia::Pixmap;

use crate::PoseFn;
use crate::camera::Camera;
use crate::colors::{self, Rgb};
use crate::outline::{Outline, one_way_front, outline};
use crate::raster::Raster;

/// Line widths and marker sizes in pixels, whatever the zoom.
const OUTLINE_WIDTH: f32 = 1.5;
const LINE_WIDTH: f32 = 1.0;
const CONTACT_SIZE: f32 = 4.0;
const NORMAL_LENGTH: f32 = 12.0;
const JOINT_ANCHOR_RADIUS: f32 = 3.0;
/// The tick on the front of a one-way segment or chain link.
const ONE_WAY_TICK: f32 = 6.0;

/// Body colours in drawing order, so that the grabbed body's outline is on top.
const BODY_COLORS: [Rgb; 4] = [
    colors::STATIC,
    colors::KINEMATIC,
    colors::DYNAMIC,
    colors::GRABBED,
];

/// How `draw_world_styled` colours bodies and what it leaves out: a game's look on
/// the testbed's renderer.
pub struct WorldStyle<'a> {
    /// A body's colour, or `None` for the testbed's colour by body type.
    pub body_color: &'a dyn Fn(BodyId) -> Option<Rgb>,
    /// Whether sensor shapes are drawn.
    pub sensors: bool,
    /// Whether contact points and normals are drawn.
    pub contacts: bool,
}

/// Draws the world: shapes (filled and outlined, by body type), joints, then contact
/// points and normals on top. `pose` gives each body's pose, normally the driver's
/// smoothed pose; `grabbed` is drawn highlighted.
///
/// Contacts are the last step's: with interpolation the shapes are drawn up to one
/// step behind them, which shows at low physics rates.
pub fn draw_world(
    pixmap: &mut Pixmap,
    world: &World,
    camera: &Camera,
    pose: &PoseFn,
    grabbed: Option<BodyId>,
) -> lockstep2d::Result<()> {
    let highlight = |body| (Some(body) == grabbed).then_some(colors::GRABBED);
    let style = WorldStyle {
        body_color: &highlight,
        sensors: true,
        contacts: true,
    };
    draw_world_styled(pixmap, world, camera, pose, &style)
}

/// `draw_world` with the colours and choices of `style`.
pub fn draw_world_styled(
    pixmap: &mut Pixmap,
    world: &World,
    camera: &Camera,
    pose: &PoseFn,
    style: &WorldStyle,
) -> lockstep2d::Result<()> {
    pixmap.fill(colors::BACKGROUND.color());
    let mut shapes = ScreenShapes::default();
    for body in world.body_ids() {
        let color = match (style.body_color)(body) {
            Some(color) => color,
            None => body_color(world.body_type(body)?, world.is_awake(body)?),
        };
        let xf = pose(body)?;
        for shape in world.body_shapes(body)? {
            let def = world.shape_def(shape)?;
            if def.is_sensor && !style.sensors {
                continue;
            }
            let outline = outline(&def.geometry, xf);
            if shapes.push(camera, &outline, color)
                && let Some((middle, normal)) = one_way_front(&def, xf)
            {
                shapes.add_tick(camera, middle, normal, color);
            }
        }
    }
    let mut raster = Raster::new(pixmap);
    shapes.draw(&mut raster);
    draw_joints(&mut raster, camera, world, pose)?;
    if style.contacts {
        draw_contacts(&mut raster, camera, world);
    }
    Ok(())
}

fn body_color(body_type: BodyType, awake: bool) -> Rgb {
    match body_type {
        BodyType::Static => colors::STATIC,
        BodyType::Kinematic => colors::KINEMATIC,
        BodyType::Dynamic if awake => colors::DYNAMIC,
        BodyType::Dynamic => colors::SLEEPING,
    }
}

/// The shapes on the picture as loops of pixel coordinates, gathered first so that
/// every fill goes down before any outline and no fill hides a neighbour's outline.
#[derive(Default)]
struct ScreenShapes {
    points: Vec<Vec2>,
    /// Each shape's colour and its range of `points`.
    loops: Vec<(Rgb, Range<usize>)>,
    /// A line from each circle's centre to its rim, which shows it turning; and a tick
    /// from the middle of each one-way line out of its front, which shows the side it
    /// holds things up from.
    spokes: Vec<(Rgb, Vec2, Vec2)>,
}

impl ScreenShapes {
    /// Adds a shape unless it is wholly off the picture; says whether it added it.
    fn push(&mut self, camera: &Camera, shape: &Outline, color: Rgb) -> bool {
        let start = self.points.len();
        let spoke = match shape {
            Outline::Circle {
                center,
                radius,
                rim,
            } => {
                let c = camera.to_screen(*center);
                circle_loop(c, radius * camera.pixels_per_meter, &mut self.points);
                Some((color, c, camera.to_screen(*rim)))
            }
            Outline::Loop(points) => {
                let screen = points.iter().map(|&p| camera.to_screen(p));
                self.points.extend(screen);
                None
            }
        };
        if shows(camera, &self.points[start..]) {
            self.loops.push((color, start..self.points.len()));
            self.spokes.extend(spoke);
            true
        } else {
            self.points.truncate(start);
            false
        }
    }

    /// A tick `ONE_WAY_TICK` pixels long from the world point `middle` along the unit
    /// world direction `normal`.
    fn add_tick(&mut self, camera: &Camera, middle: Vec2, normal: Vec2, color: Rgb) {
        let from = camera.to_screen(middle);
        // The screen's y runs down.
        let to = from + ONE_WAY_TICK * Vec2::new(normal.x, -normal.y);
        self.spokes.push((color, from, to));
    }

    fn draw(mut self, raster: &mut Raster) {
        let rank = |color: &Rgb| BODY_COLORS.iter().position(|c| c == color);
        self.loops.sort_by_key(|(color, _)| rank(color));
        for (color, range) in &self.loops {
            raster.fill_convex(&self.points[range.clone()], colors::fill_of(*color));
        }
        let half_width = 0.5 * OUTLINE_WIDTH;
        for (color, range) in &self.loops {
            let points = &self.points[range.clone()];
            let next = points.iter().cycle().skip(1);
            for (&a, &b) in points.iter().zip(next) {
                raster.line(a, b, half_width, *color);
            }
        }
        for &(color, centre, rim) in &self.spokes {
            raster.line(centre, rim, half_width, color);
        }
    }
}

/// A circle as a polygon with sides short enough that it bulges less than a quarter
/// pixel past them: r(1 − cos(π/n)) ≈ π²r/2n² ≤ 1/4.
fn circle_loop(centre: Vec2, radius: f32, points: &mut Vec<Vec2>) {
    let sides = (4.5 * radius.max(0.0).sqrt()).ceil().clamp(8.0, 256.0) as u32;
    points.extend((0..sides).map(|k| {
        let theta = std::f32::consts::TAU * k as f32 / sides as f32;
        centre + radius * Vec2::new(cos(theta), sin(theta))
    }));
}

/// Whether a loop in pixels, widened by its outline, overlaps the picture.
fn shows(camera: &Camera, points: &[Vec2]) -> bool {
    let (min, max) = points.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(min, max), &s| (min.min(s), max.max(s)),
    );
    let (w, h) = (camera.width as f32, camera.height as f32);
    max.x >= -OUTLINE_WIDTH
        && max.y >= -OUTLINE_WIDTH
        && min.x <= w + OUTLINE_WIDTH
        && min.y <= h + OUTLINE_WIDTH
}

/// Box2D-Lite's joint drawing: a line from each body's origin to its anchor, so a
/// stretched joint shows as two anchors apart.
fn draw_joints(
    raster: &mut Raster,
    camera: &Camera,
    world: &World,
    pose: &PoseFn,
) -> lockstep2d::Result<()> {
    for joint in world.joint_ids() {
        for (body, anchor) in world.joint_local_anchors(joint)? {
            let xf = pose(body)?;
            let s = camera.to_screen(xf.apply(anchor));
            raster.line(camera.to_screen(xf.p), s, 0.5 * LINE_WIDTH, colors::JOINT);
            raster.dot(s, JOINT_ANCHOR_RADIUS, colors::JOINT);
        }
    }
    Ok(())
}

/// Contact normals, then the points on top of them.
fn draw_contacts(raster: &mut Raster, camera: &Camera, world: &World) {
    let mut points = Vec::new();
    for contact in world.contacts() {
        let normal = contact.manifold.normal;
        // Drawn a fixed number of pixels long, y flipped to the screen.
        let offset = NORMAL_LENGTH * Vec2::new(normal.x, -normal.y);
        for point in contact.world_points() {
            let s = camera.to_screen(point);
            raster.line(s, s + offset, 0.5 * LINE_WIDTH, colors::CONTACT_NORMAL);
            points.push(s);
        }
    }
    let half = Vec2::splat(0.5 * CONTACT_SIZE);
    for s in points {
        raster.fill_rect(s - half, s + half, colors::CONTACT_POINT);
    }
}

/// The mouse spring: a line from the grabbed point to where the mouse pulls it.
pub fn draw_spring(pixmap: &mut Pixmap, camera: &Camera, from: Vec2, to: Vec2) {
    let (from, to) = (camera.to_screen(from), camera.to_screen(to));
    Raster::new(pixmap).line(from, to, 0.5 * LINE_WIDTH, colors::SPRING);
}

/// A drawn frame as a window wants it: one `0RGB` word per pixel. Frames are opaque
/// (the background is filled first), so premultiplied colours are the colours.
pub fn to_0rgb(pixmap: &Pixmap, out: &mut Vec<u32>) {
    out.clear();
    out.extend(
        pixmap
            .pixels()
            .iter()
            .map(|p| u32::from_be_bytes([0, p.red(), p.green(), p.blue()])),
    );
}
