//! The one renderer: a `World` drawn into a `Pixmap` through a `Camera`. The window and
//! the image files both show these pixels.
//!
//! Sleeping: the engine has no sleeping yet, so every body is drawn awake. When islands
//! can sleep, sleeping bodies should get their own (dimmer) colour here.

use lockstep2d::{BodyId, BodyType, Transform, Vec2, World};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke};

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
    let mut canvas = Canvas { pixmap, camera };
    canvas.pixmap.fill(colors::BACKGROUND.color());
    for body in world.body_ids() {
        let color = if Some(body) == grabbed {
            colors::GRABBED
        } else {
            body_color(world.body_type(body)?)
        };
        let xf = pose(body)?;
        for shape in world.body_shapes(body)? {
            canvas.shape(&outline(&world.shape_def(shape)?.geometry, xf), color);
        }
    }
    for joint in world.joint_ids() {
        let [(a, anchor_a), (b, anchor_b)] = world.joint_local_anchors(joint)?;
        canvas.joint((pose(a)?, anchor_a), (pose(b)?, anchor_b));
    }
    for contact in world.contacts() {
        let normal = contact.manifold.normal;
        for point in contact.manifold.points() {
            canvas.contact(point.point, normal);
        }
    }
    Ok(())
}

fn body_color(body_type: BodyType) -> Rgb {
    match body_type {
        BodyType::Static => colors::STATIC,
        BodyType::Kinematic => colors::KINEMATIC,
        BodyType::Dynamic => colors::DYNAMIC,
    }
}

/// A pixmap seen through a camera: world coordinates in, pixels out.
struct Canvas<'a> {
    pixmap: &'a mut Pixmap,
    camera: &'a Camera,
}

impl Canvas<'_> {
    fn shape(&mut self, shape: &Outline, color: Rgb) {
        let mut path = PathBuilder::new();
        match shape {
            Outline::Circle {
                center,
                radius,
                rim,
            } => {
                let c = self.camera.to_screen(*center);
                path.push_circle(c.x, c.y, radius * self.camera.pixels_per_meter);
                let r = self.camera.to_screen(*rim);
                path.move_to(c.x, c.y);
                path.line_to(r.x, r.y);
            }
            Outline::Loop(points) => self.push_loop(&mut path, points),
        }
        let Some(path) = path.finish() else {
            return; // degenerate on screen (a zero-size circle): nothing to draw
        };
        let fill = paint(colors::fill_of(color));
        let transform = tiny_skia::Transform::identity();
        self.pixmap
            .fill_path(&path, &fill, FillRule::Winding, transform, None);
        let stroke = Stroke {
            width: OUTLINE_WIDTH,
            ..Stroke::default()
        };
        self.pixmap
            .stroke_path(&path, &paint(color), &stroke, transform, None);
    }

    fn push_loop(&self, path: &mut PathBuilder, points: &[Vec2]) {
        for (i, &p) in points.iter().enumerate() {
            let s = self.camera.to_screen(p);
            if i == 0 {
                path.move_to(s.x, s.y);
            } else {
                path.line_to(s.x, s.y);
            }
        }
        path.close();
    }

    /// Box2D-Lite's joint drawing: a line from each body's origin to its anchor, so a
    /// stretched joint shows as two anchors apart.
    fn joint(
        &mut self,
        (pose_a, anchor_a): (Transform, Vec2),
        (pose_b, anchor_b): (Transform, Vec2),
    ) {
        for (xf, anchor) in [(pose_a, anchor_a), (pose_b, anchor_b)] {
            let p = xf.apply(anchor);
            self.line(xf.p, p, colors::JOINT);
            let s = self.camera.to_screen(p);
            if let Some(dot) = PathBuilder::from_circle(s.x, s.y, JOINT_ANCHOR_RADIUS) {
                let transform = tiny_skia::Transform::identity();
                self.pixmap.fill_path(
                    &dot,
                    &paint(colors::JOINT),
                    FillRule::Winding,
                    transform,
                    None,
                );
            }
        }
    }

    fn contact(&mut self, point: Vec2, normal: Vec2) {
        let s = self.camera.to_screen(point);
        // The normal is drawn a fixed number of pixels long, y flipped to the screen.
        let tip = s + NORMAL_LENGTH * Vec2::new(normal.x, -normal.y);
        self.screen_line(s, tip, colors::CONTACT_NORMAL);
        let half = 0.5 * CONTACT_SIZE;
        if let Some(rect) = Rect::from_xywh(s.x - half, s.y - half, CONTACT_SIZE, CONTACT_SIZE) {
            let transform = tiny_skia::Transform::identity();
            self.pixmap
                .fill_rect(rect, &paint(colors::CONTACT_POINT), transform, None);
        }
    }

    /// A line between two world points.
    fn line(&mut self, a: Vec2, b: Vec2, color: Rgb) {
        let (a, b) = (self.camera.to_screen(a), self.camera.to_screen(b));
        self.screen_line(a, b, color);
    }

    fn screen_line(&mut self, a: Vec2, b: Vec2, color: Rgb) {
        let mut path = PathBuilder::new();
        path.move_to(a.x, a.y);
        path.line_to(b.x, b.y);
        let Some(path) = path.finish() else {
            return;
        };
        let stroke = Stroke {
            width: LINE_WIDTH,
            ..Stroke::default()
        };
        self.pixmap.stroke_path(
            &path,
            &paint(color),
            &stroke,
            tiny_skia::Transform::identity(),
            None,
        );
    }
}

/// The mouse spring: a line from the grabbed point to where the mouse pulls it.
pub fn draw_spring(pixmap: &mut Pixmap, camera: &Camera, from: Vec2, to: Vec2) {
    Canvas { pixmap, camera }.line(from, to, colors::SPRING);
}

fn paint(color: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color.color());
    paint.anti_alias = true;
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
