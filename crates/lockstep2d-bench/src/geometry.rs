//! A scene shape's geometry as the converters read it: the scene crate's own
//! `ShapeGeometry`, so every engine gets the same defaults lockstep2d does.

use lockstep2d_scenes::{ShapeGeometry, ShapeJson};

pub fn geometry(shape: &ShapeJson) -> Result<ShapeGeometry<'_>, String> {
    shape.geometry().map_err(|e| e.to_string())
}

/// The farthest any point of the shape reaches from the body origin: the quality
/// figure's scene bounds are built from it.
pub fn reach(geometry: &ShapeGeometry) -> f32 {
    let len = |p: [f32; 2]| p[0].hypot(p[1]);
    match *geometry {
        ShapeGeometry::Box {
            half_width,
            half_height,
            center,
            ..
        } => len(center) + half_width.hypot(half_height),
        ShapeGeometry::Circle { center, radius } => len(center) + radius,
        ShapeGeometry::Polygon { vertices } => vertices.iter().map(|&v| len(v)).fold(0.0, f32::max),
        ShapeGeometry::Capsule {
            center1,
            center2,
            radius,
        } => len(center1).max(len(center2)) + radius,
    }
}
