//! A scene shape's geometry as the converters read it: the scene crate's own
//! `ShapeGeometry`, so every engine gets the same defaults lockstep2d does.

use lockstep2d_scenes::{ShapeGeometry, ShapeJson};

/// The shape's geometry with the scene crate's defaults filled in, or the scene error
/// as text.
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
        ShapeGeometry::Segment { point1, point2 } => len(point1).max(len(point2)),
        ShapeGeometry::Chain { points, .. } => points.iter().map(|&p| len(p)).fold(0.0, f32::max),
    }
}

/// The unit normal on the right of `from → to`: the side a chain link collides on.
pub fn right_normal(from: [f32; 2], to: [f32; 2]) -> [f32; 2] {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let length = dx.hypot(dy);
    [dy / length, -dx / length]
}
