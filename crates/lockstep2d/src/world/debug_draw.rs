//! The world drawn through a front end's `DebugDraw`.

use super::World;
use crate::body::{Body, BodyType};
use crate::contact::tangent_of;
use crate::draw::{Color, DebugDraw, DrawOptions};
use crate::error::Result;
use crate::math::{Aabb, Transform, Vec2};
use crate::shape::{Geometry, MAX_POLYGON_VERTICES, Shape};

impl World {
    /// Draws the world into `draw` as `options` ask: shapes in their bodies' colours
    /// (sleeping bodies dimmed), joints, bounding boxes, centres of mass, then the last
    /// step's contact points, normals and impulses on top. Reads the world and changes
    /// nothing. Each body is drawn where `draw.body_pose` puts it, in the colour
    /// `draw.body_color` gives it; contacts are drawn where the last step found them.
    /// Fails with the field's name, drawing nothing, if an option's length or size is
    /// negative or not finite, or its view is not a finite box.
    pub fn debug_draw(&self, draw: &mut impl DebugDraw, options: &DrawOptions) -> Result<()> {
        options.validate()?;
        let poses = self.drawn_poses(draw);
        if options.shapes {
            self.draw_shapes(draw, options, &poses);
        }
        if options.joints {
            self.draw_joints(draw, options, &poses)?;
        }
        if options.aabbs {
            self.draw_aabbs(draw, options, &poses);
        }
        if options.centers_of_mass {
            self.draw_centers_of_mass(draw, options, &poses);
        }
        self.draw_contacts(draw, options);
        Ok(())
    }

    /// Each live body's pose to draw it at, indexed by body slot, asked for once.
    fn drawn_poses(&self, draw: &mut impl DebugDraw) -> Vec<Transform> {
        let mut poses = vec![Transform::IDENTITY; self.state.bodies.capacity()];
        for (index, body) in self.state.bodies.iter() {
            poses[index as usize] = draw.body_pose(self.state.bodies.id_of(index), body.xf);
        }
        poses
    }

    /// The body's shapes to draw: sensors only if asked for, and only those whose box
    /// at the world's pose touches the view.
    fn drawn_shapes<'w>(
        &'w self,
        body: &'w Body,
        options: &'w DrawOptions,
    ) -> impl Iterator<Item = &'w Shape> + 'w {
        let shapes = self.state.shapes.as_ref();
        body.shapes
            .iter(shapes)
            .map(|index| self.shape(index))
            .filter(move |shape| options.sensors || !shape.def.is_sensor)
            .filter(move |shape| match options.view {
                Some(view) => shape.collider.aabb(body.xf).overlaps(&view),
                None => true,
            })
    }

    fn draw_shapes(&self, draw: &mut impl DebugDraw, options: &DrawOptions, poses: &[Transform]) {
        for (index, body) in self.state.bodies.iter() {
            let color =
                draw.body_color(self.state.bodies.id_of(index), palette_color(body, options));
            let xf = poses[index as usize];
            for shape in self.drawn_shapes(body, options) {
                draw_geometry(draw, &shape.def.geometry, xf, color);
                if shape.def.one_way
                    && let Some((middle, normal)) = line_front(&shape.def.geometry)
                {
                    let middle = xf.apply(middle);
                    let tick = 0.5 * options.normal_length * xf.q.rotate(normal);
                    draw.segment(middle, middle + tick, color);
                }
            }
        }
    }

    /// A line from each body's origin to its anchor and a marker on the anchor; a line
    /// between the anchors shows a joint stretched or a rope's length.
    fn draw_joints(
        &self,
        draw: &mut impl DebugDraw,
        options: &DrawOptions,
        poses: &[Transform],
    ) -> Result<()> {
        let color = options.palette.joint;
        for id in self.joint_ids() {
            let anchors = self.joint_local_anchors(id)?.map(|(body, local)| {
                let xf = poses[body.index()];
                (xf.p, xf.apply(local))
            });
            let [(origin_a, anchor_a), (origin_b, anchor_b)] = anchors;
            draw.segment(origin_a, anchor_a, color);
            draw.segment(origin_b, anchor_b, color);
            if anchor_a != anchor_b {
                draw.segment(anchor_a, anchor_b, color);
            }
            draw.point(anchor_a, options.anchor_size, color);
            draw.point(anchor_b, options.anchor_size, color);
        }
        Ok(())
    }

    fn draw_aabbs(&self, draw: &mut impl DebugDraw, options: &DrawOptions, poses: &[Transform]) {
        for (index, body) in self.state.bodies.iter() {
            let xf = poses[index as usize];
            for shape in self.drawn_shapes(body, options) {
                draw_box(draw, shape.collider.aabb(xf), options.palette.aabb);
            }
        }
    }

    /// Each dynamic body's x and y axes from its centre of mass.
    fn draw_centers_of_mass(
        &self,
        draw: &mut impl DebugDraw,
        options: &DrawOptions,
        poses: &[Transform],
    ) {
        let length = options.axis_length;
        for (index, body) in self.state.bodies.iter() {
            if body.body_type != BodyType::Dynamic {
                continue;
            }
            let xf = poses[index as usize];
            let center = xf.apply(body.local_center);
            let x_axis = xf.q.rotate(Vec2::X);
            let y_axis = xf.q.rotate(Vec2::Y);
            draw.segment(center, center + length * x_axis, options.palette.axis_x);
            draw.segment(center, center + length * y_axis, options.palette.axis_y);
        }
    }

    /// The last step's contacts where it found them: lines first, then the points on
    /// top of them.
    fn draw_contacts(&self, draw: &mut impl DebugDraw, options: &DrawOptions) {
        let lines = options.contact_normals || options.normal_impulses || options.friction_impulses;
        if !lines && !options.contact_points {
            return;
        }
        let palette = &options.palette;
        let in_view = |p: Vec2| {
            options.view.is_none_or(|view| {
                view.min.x <= p.x && p.x <= view.max.x && view.min.y <= p.y && p.y <= view.max.y
            })
        };
        let mut points = Vec::new();
        for contact in self.contacts() {
            let normal = contact.manifold.normal;
            let tangent = tangent_of(normal);
            for (at, point) in contact.world_points().zip(contact.manifold.points()) {
                if !in_view(at) {
                    continue;
                }
                if options.contact_normals {
                    draw.segment(
                        at,
                        at + options.normal_length * normal,
                        palette.contact_normal,
                    );
                }
                if options.normal_impulses {
                    let length = options.impulse_scale * point.normal_impulse;
                    draw.segment(at, at + length * normal, palette.normal_impulse);
                }
                if options.friction_impulses {
                    let length = options.impulse_scale * point.tangent_impulse;
                    draw.segment(at, at + length * tangent, palette.friction_impulse);
                }
                points.push(at);
            }
        }
        if options.contact_points {
            for at in points {
                draw.point(at, options.contact_point_size, palette.contact_point);
            }
        }
    }
}

/// The palette's colour for a body of its type, dimmed asleep.
fn palette_color(body: &Body, options: &DrawOptions) -> Color {
    let palette = &options.palette;
    match body.body_type {
        BodyType::Static => palette.static_body,
        BodyType::Kinematic => palette.kinematic_body,
        BodyType::Dynamic if body.awake => palette.dynamic_body,
        BodyType::Dynamic => palette.sleeping_body,
    }
}

/// One shape's primitive at `xf`.
fn draw_geometry(draw: &mut impl DebugDraw, geometry: &Geometry, xf: Transform, color: Color) {
    match geometry {
        Geometry::Circle(c) => {
            let rim = xf.apply(c.center + Vec2::new(c.radius, 0.0));
            draw.solid_circle(xf.apply(c.center), c.radius, rim, color);
        }
        Geometry::Polygon(p) => {
            let mut vertices = [Vec2::ZERO; MAX_POLYGON_VERTICES];
            let corners = p.vertices();
            for (world, &local) in vertices.iter_mut().zip(corners) {
                *world = xf.apply(local);
            }
            draw.solid_polygon(&vertices[..corners.len()], color);
        }
        Geometry::Capsule(c) => {
            draw.solid_capsule(xf.apply(c.center1), xf.apply(c.center2), c.radius, color);
        }
        Geometry::Segment(s) => draw.segment(xf.apply(s.point1), xf.apply(s.point2), color),
        Geometry::ChainSegment(link) => {
            draw.segment(xf.apply(link.point1), xf.apply(link.point2), color);
        }
    }
}

/// A segment's or chain link's middle and the unit normal of its front, in its body's
/// frame; `None` for a shape with area.
fn line_front(geometry: &Geometry) -> Option<(Vec2, Vec2)> {
    let (a, b) = match geometry {
        Geometry::Segment(s) => (s.point1, s.point2),
        Geometry::ChainSegment(link) => (link.point1, link.point2),
        _ => return None,
    };
    Some((0.5 * (a + b), geometry.front_normal()?))
}

fn draw_box(draw: &mut impl DebugDraw, aabb: Aabb, color: Color) {
    let corners = [
        aabb.min,
        Vec2::new(aabb.max.x, aabb.min.y),
        aabb.max,
        Vec2::new(aabb.min.x, aabb.max.y),
    ];
    for k in 0..4 {
        draw.segment(corners[k], corners[(k + 1) % 4], color);
    }
}
