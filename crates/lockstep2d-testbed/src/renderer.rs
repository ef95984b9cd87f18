//! The one renderer: a `World` drawn into a `Pixmap` through a `Camera`. The window and
//! the image files both show these pixels. What is in the picture is the engine's
//! debug drawing (`World::debug_draw`); this file turns its primitives into pixels.
//!
//! Sleeping dynamic bodies are drawn in their own dimmer colour, so a resting pile that
//! costs nothing shows as such.

use std::ops::Range;

use lockstep2d::math::{cos, sin};
use lockstep2d::{BodyId, Color, DebugDraw, DrawOptions, Transform, Vec2, World};
use tiny_skia::Pixmap;

use crate::PoseFn;
use crate::camera::Camera;
use crate::capsule::capsule_loop;
use crate::colors::{self, Rgb};
use crate::raster::Raster;

/// Line widths in pixels, whatever the zoom.
const OUTLINE_WIDTH: f32 = 1.5;
const LINE_WIDTH: f32 = 1.0;

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
    let mut options = testbed_options(camera);
    options.sensors = style.sensors;
    options.contact_points = style.contacts;
    options.contact_normals = style.contacts;
    draw_world_with(pixmap, world, camera, pose, style.body_color, &options)
}

/// What the testbed shows unless told otherwise: shapes, sensors, joints, contact points
/// and normals, with lengths and markers sized for `camera`'s zoom.
pub fn testbed_options(camera: &Camera) -> DrawOptions {
    let mut options = DrawOptions::default().scaled_for(camera.pixels_per_meter);
    options.contact_points = true;
    options.contact_normals = true;
    options
}

/// Draws the world as `options` say, over the background: the engine's debug drawing
/// in the testbed's pixels, each body at `pose` and in `body_color`'s colour where it
/// gives one. Fails with the first error `pose` returns, drawing nothing.
pub fn draw_world_with(
    pixmap: &mut Pixmap,
    world: &World,
    camera: &Camera,
    pose: &PoseFn,
    body_color: &dyn Fn(BodyId) -> Option<Rgb>,
    options: &DrawOptions,
) -> lockstep2d::Result<()> {
    let mut picture = Picture::new(camera, pose, body_color);
    world.debug_draw(&mut picture, options)?;
    if let Some(error) = picture.pose_error {
        return Err(error);
    }
    pixmap.fill(colors::BACKGROUND.color());
    picture.draw(&mut Raster::new(pixmap));
    Ok(())
}

/// The primitives in pixel coordinates, gathered first so that every fill goes down
/// before any outline (no fill hides a neighbour's outline), then the lines, then the
/// markers on top.
struct Picture<'c> {
    camera: &'c Camera,
    pose: &'c PoseFn<'c>,
    body_color: &'c dyn Fn(BodyId) -> Option<Rgb>,
    /// The first pose `pose` could not give.
    pose_error: Option<lockstep2d::Error>,
    points: Vec<Vec2>,
    /// Each shape's colour and its range of `points`.
    loops: Vec<(Rgb, Range<usize>)>,
    /// Lines in the order drawn: a circle's spoke, which shows it turning, then every
    /// other line.
    spokes: Vec<(Rgb, Vec2, Vec2)>,
    lines: Vec<(Rgb, Vec2, Vec2)>,
    /// Square markers: centre, size and colour.
    markers: Vec<(Vec2, f32, Rgb)>,
}

impl<'c> Picture<'c> {
    fn new(
        camera: &'c Camera,
        pose: &'c PoseFn<'c>,
        body_color: &'c dyn Fn(BodyId) -> Option<Rgb>,
    ) -> Picture<'c> {
        Picture {
            camera,
            pose,
            body_color,
            pose_error: None,
            points: Vec::new(),
            loops: Vec::new(),
            spokes: Vec::new(),
            lines: Vec::new(),
            markers: Vec::new(),
        }
    }

    /// Keeps the loop just added to `points` from `start` unless it is wholly off the
    /// picture; says whether it kept it.
    fn keep_loop(&mut self, start: usize, color: Color) -> bool {
        if shows(self.camera, &self.points[start..]) {
            self.loops.push((color.into(), start..self.points.len()));
            true
        } else {
            self.points.truncate(start);
            false
        }
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
        for &(color, a, b) in &self.spokes {
            raster.line(a, b, half_width, color);
        }
        for &(color, a, b) in &self.lines {
            raster.line(a, b, 0.5 * LINE_WIDTH, color);
        }
        for &(at, size, color) in &self.markers {
            let half = Vec2::splat(0.5 * size);
            raster.fill_rect(at - half, at + half, color);
        }
    }
}

impl DebugDraw for Picture<'_> {
    fn solid_polygon(&mut self, vertices: &[Vec2], color: Color) {
        let start = self.points.len();
        let camera = self.camera;
        self.points
            .extend(vertices.iter().map(|&v| camera.to_screen(v)));
        self.keep_loop(start, color);
    }

    fn solid_circle(&mut self, center: Vec2, radius: f32, rim: Vec2, color: Color) {
        let start = self.points.len();
        let c = self.camera.to_screen(center);
        circle_loop(c, radius * self.camera.pixels_per_meter, &mut self.points);
        if self.keep_loop(start, color) {
            let spoke = (color.into(), c, self.camera.to_screen(rim));
            self.spokes.push(spoke);
        }
    }

    fn solid_capsule(&mut self, center1: Vec2, center2: Vec2, radius: f32, color: Color) {
        let start = self.points.len();
        let camera = self.camera;
        let outline = capsule_loop(center1, center2, radius);
        self.points.extend(outline.map(|p| camera.to_screen(p)));
        self.keep_loop(start, color);
    }

    fn segment(&mut self, a: Vec2, b: Vec2, color: Color) {
        let (a, b) = (self.camera.to_screen(a), self.camera.to_screen(b));
        if shows(self.camera, &[a, b]) {
            self.lines.push((color.into(), a, b));
        }
    }

    fn point(&mut self, at: Vec2, size: f32, color: Color) {
        self.markers
            .push((self.camera.to_screen(at), size, color.into()));
    }

    fn body_pose(&mut self, body: BodyId, step_pose: Transform) -> Transform {
        (self.pose)(body).unwrap_or_else(|error| {
            self.pose_error.get_or_insert(error);
            step_pose
        })
    }

    fn body_color(&mut self, body: BodyId, palette_color: Color) -> Color {
        (self.body_color)(body).map_or(palette_color, Color::from)
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

/// Whether a loop or line in pixels, widened by its outline, overlaps the picture.
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
