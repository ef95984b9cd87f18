//! The one renderer: a `World` drawn into a `Pixmap` through a `Camera`. The window and
//! the image files both show these pixels.
//!
//! Sleeping: the engine has no sleeping yet, so every body is drawn awake. When islands
//! can sleep, sleeping bodies should get their own (dimmer) colour here.

use lockstep2d::{BodyId, BodyType, Vec2, World};
use tiny_skia::{BlendMode, FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke};

use crate::PoseFn;
use crate::camera::Camera;
use crate::colors::{self, Rgb};
use crate::outline::{Outline, outline};

/// Line widths and marker sizes in pixels, whatever the zoom.
const OUTLINE_WIDTH: f32 = 1.5;
const LINE_WIDTH: f32 = 1.0;
const CONTACT_SIZE: f32 = 4.0;
const NORMAL_LENGTH: f32 = 12.0;
const JOINT_ANCHOR_RADIUS: f32 = 3.0;

/// Body colours in drawing order, so that the grabbed body's outline is on top.
const BODY_COLORS: [Rgb; 4] = [
    colors::STATIC,
    colors::KINEMATIC,
    colors::DYNAMIC,
    colors::GRABBED,
];

/// Draws the world: shapes (filled and outlined, by body type), joints, then contact
/// points and normals on top. `pose` gives each body's pose, normally the driver's
/// smoothed pose; `grabbed` is drawn highlighted.
///
/// Each kind of mark is gathered into one path per colour and drawn with one call:
/// tiny-skia's set-up cost per call is far larger than a small shape's pixels.
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
    pixmap.fill(colors::BACKGROUND.color());
    let view = View { camera };
    let mut shapes: [PathBuilder; 4] = Default::default();
    for body in world.body_ids() {
        let color = if Some(body) == grabbed {
            colors::GRABBED
        } else {
            body_color(world.body_type(body)?)
        };
        let group = BODY_COLORS.iter().position(|&c| c == color).unwrap_or(0);
        let xf = pose(body)?;
        for shape in world.body_shapes(body)? {
            view.push_shape(
                &mut shapes[group],
                &outline(&world.shape_def(shape)?.geometry, xf),
            );
        }
    }
    draw_shapes(pixmap, shapes);
    draw_joints(pixmap, &view, world, pose)?;
    draw_contacts(pixmap, &view, world);
    Ok(())
}

fn body_color(body_type: BodyType) -> Rgb {
    match body_type {
        BodyType::Static => colors::STATIC,
        BodyType::Kinematic => colors::KINEMATIC,
        BodyType::Dynamic => colors::DYNAMIC,
    }
}

/// Every fill goes down before any outline, so an outline is never hidden by a
/// neighbour's fill.
fn draw_shapes(pixmap: &mut Pixmap, shapes: [PathBuilder; 4]) {
    let paths: Vec<(Rgb, Path)> = BODY_COLORS
        .into_iter()
        .zip(shapes)
        .filter_map(|(color, path)| Some((color, path.finish()?)))
        .collect();
    for (color, path) in &paths {
        fill(pixmap, path, colors::fill_of(*color));
    }
    for (color, path) in &paths {
        stroke(pixmap, path, *color, OUTLINE_WIDTH);
    }
}

/// Box2D-Lite's joint drawing: a line from each body's origin to its anchor, so a
/// stretched joint shows as two anchors apart.
fn draw_joints(
    pixmap: &mut Pixmap,
    view: &View,
    world: &World,
    pose: &PoseFn,
) -> lockstep2d::Result<()> {
    let (mut lines, mut dots) = (PathBuilder::new(), PathBuilder::new());
    for joint in world.joint_ids() {
        for (body, anchor) in world.joint_local_anchors(joint)? {
            let xf = pose(body)?;
            let (origin, s) = (
                view.camera.to_screen(xf.p),
                view.camera.to_screen(xf.apply(anchor)),
            );
            push_line(&mut lines, origin, s);
            dots.push_circle(s.x, s.y, JOINT_ANCHOR_RADIUS);
        }
    }
    if let Some(lines) = lines.finish() {
        stroke(pixmap, &lines, colors::JOINT, LINE_WIDTH);
    }
    if let Some(dots) = dots.finish() {
        fill(pixmap, &dots, colors::JOINT);
    }
    Ok(())
}

/// Contact normals, then the points on top of them.
fn draw_contacts(pixmap: &mut Pixmap, view: &View, world: &World) {
    let (mut normals, mut points) = (PathBuilder::new(), PathBuilder::new());
    let half = 0.5 * CONTACT_SIZE;
    for contact in world.contacts() {
        let normal = contact.manifold.normal;
        // Drawn a fixed number of pixels long, y flipped to the screen.
        let offset = NORMAL_LENGTH * Vec2::new(normal.x, -normal.y);
        for point in contact.manifold.points() {
            let s = view.camera.to_screen(point.point);
            if !view.shows(
                s - Vec2::splat(NORMAL_LENGTH),
                s + Vec2::splat(NORMAL_LENGTH),
            ) {
                continue;
            }
            push_line(&mut normals, s, s + offset);
            if let Some(rect) = Rect::from_xywh(s.x - half, s.y - half, CONTACT_SIZE, CONTACT_SIZE)
            {
                points.push_rect(rect);
            }
        }
    }
    if let Some(normals) = normals.finish() {
        stroke(pixmap, &normals, colors::CONTACT_NORMAL, LINE_WIDTH);
    }
    if let Some(points) = points.finish() {
        fill(pixmap, &points, colors::CONTACT_POINT);
    }
}

/// A camera's picture: world coordinates in, pixels out.
struct View<'a> {
    camera: &'a Camera,
}

impl View<'_> {
    /// Adds a shape's outline to `path`, unless it is wholly off the picture.
    fn push_shape(&self, path: &mut PathBuilder, shape: &Outline) {
        match shape {
            Outline::Circle {
                center,
                radius,
                rim,
            } => {
                let c = self.camera.to_screen(*center);
                let r = radius * self.camera.pixels_per_meter;
                if self.shows(c - Vec2::splat(r), c + Vec2::splat(r)) {
                    path.push_circle(c.x, c.y, r);
                    push_line(path, c, self.camera.to_screen(*rim));
                }
            }
            Outline::Loop(points) => self.push_loop(path, points),
        }
    }

    fn push_loop(&self, path: &mut PathBuilder, points: &[Vec2]) {
        let screen: Vec<Vec2> = points.iter().map(|&p| self.camera.to_screen(p)).collect();
        let (min, max) = screen.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(min, max), &s| (min.min(s), max.max(s)),
        );
        let Some((first, rest)) = screen.split_first() else {
            return;
        };
        if !self.shows(min, max) {
            return;
        }
        // Shapes sharing a path must all turn the same way, or their overlaps cancel
        // under `Winding`: loops are counter-clockwise as seen, tiny-skia's circles
        // clockwise, so loops go in backwards.
        path.move_to(first.x, first.y);
        for s in rest.iter().rev() {
            path.line_to(s.x, s.y);
        }
        path.close();
    }

    /// Whether a box in pixels, widened by an outline, overlaps the picture.
    fn shows(&self, min: Vec2, max: Vec2) -> bool {
        let (w, h) = (self.camera.width as f32, self.camera.height as f32);
        max.x >= -OUTLINE_WIDTH
            && max.y >= -OUTLINE_WIDTH
            && min.x <= w + OUTLINE_WIDTH
            && min.y <= h + OUTLINE_WIDTH
    }
}

fn push_line(path: &mut PathBuilder, a: Vec2, b: Vec2) {
    path.move_to(a.x, a.y);
    path.line_to(b.x, b.y);
}

/// The mouse spring: a line from the grabbed point to where the mouse pulls it.
pub fn draw_spring(pixmap: &mut Pixmap, camera: &Camera, from: Vec2, to: Vec2) {
    let mut line = PathBuilder::new();
    push_line(&mut line, camera.to_screen(from), camera.to_screen(to));
    if let Some(line) = line.finish() {
        stroke(pixmap, &line, colors::SPRING, LINE_WIDTH);
    }
}

fn fill(pixmap: &mut Pixmap, path: &Path, color: Rgb) {
    let transform = tiny_skia::Transform::identity();
    pixmap.fill_path(path, &paint(color), FillRule::Winding, transform, None);
}

fn stroke(pixmap: &mut Pixmap, path: &Path, color: Rgb, width: f32) {
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    let transform = tiny_skia::Transform::identity();
    pixmap.stroke_path(path, &paint(color), &stroke, transform, None);
}

/// Every colour here is opaque, so `Source` blends exactly as `SourceOver` would, and it
/// lets tiny-skia memset the fully covered runs instead of blending them pixel by pixel.
fn paint(color: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color.color());
    paint.anti_alias = true;
    paint.blend_mode = BlendMode::Source;
    paint
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
