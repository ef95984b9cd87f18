//! A scene shape's geometry, read from its flat JSON fields. The scene was built by
//! lockstep2d first, so the fields its kind needs are there; a missing one is an error
//! rather than a guess.

use lockstep2d_scenes::{ShapeJson, ShapeKind};

#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    Box {
        half_width: f32,
        half_height: f32,
        center: [f32; 2],
        angle: f32,
    },
    Circle {
        center: [f32; 2],
        radius: f32,
    },
    /// Any order: each engine takes the convex hull, as lockstep2d does.
    Polygon(Vec<[f32; 2]>),
    Capsule {
        center1: [f32; 2],
        center2: [f32; 2],
        radius: f32,
    },
}

pub fn geometry(shape: &ShapeJson) -> Result<Geometry, String> {
    let need = |value: Option<f32>, field: &str| value.ok_or(format!("shape without {field}"));
    let need_vec =
        |value: Option<[f32; 2]>, field: &str| value.ok_or(format!("shape without {field}"));
    Ok(match shape.kind {
        ShapeKind::Box => Geometry::Box {
            half_width: need(shape.half_width, "half_width")?,
            half_height: need(shape.half_height, "half_height")?,
            center: shape.center.unwrap_or([0.0, 0.0]),
            angle: shape.angle.unwrap_or(0.0),
        },
        ShapeKind::Circle => Geometry::Circle {
            center: shape.center.unwrap_or([0.0, 0.0]),
            radius: need(shape.radius, "radius")?,
        },
        ShapeKind::Polygon => Geometry::Polygon(
            shape
                .vertices
                .clone()
                .ok_or("polygon without vertices".to_string())?,
        ),
        ShapeKind::Capsule => Geometry::Capsule {
            center1: need_vec(shape.center1, "center1")?,
            center2: need_vec(shape.center2, "center2")?,
            radius: need(shape.radius, "radius")?,
        },
    })
}

impl Geometry {
    /// The farthest any point of the shape reaches from the body origin: the quality
    /// figure's scene bounds are built from it.
    pub fn reach(&self) -> f32 {
        let len = |p: [f32; 2]| p[0].hypot(p[1]);
        match self {
            Geometry::Box {
                half_width,
                half_height,
                center,
                ..
            } => len(*center) + half_width.hypot(*half_height),
            Geometry::Circle { center, radius } => len(*center) + radius,
            Geometry::Polygon(vertices) => vertices.iter().map(|&v| len(v)).fold(0.0, f32::max),
            Geometry::Capsule {
                center1,
                center2,
                radius,
            } => len(*center1).max(len(*center2)) + radius,
        }
    }
}
