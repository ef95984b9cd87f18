//! Geometry the converters share.

use lockstep2d::{Outline, SolidSide, Vec2};
use lockstep2d_scenes::ShapeJson;

/// The farthest any point of the shape reaches from the body origin: the quality
/// figure's scene bounds are built from it.
pub fn reach(shape: &ShapeJson) -> f32 {
    let len = |p: &[f32; 2]| p[0].hypot(p[1]);
    let farthest = |points: &[[f32; 2]]| points.iter().map(len).fold(0.0, f32::max);
    match shape {
        ShapeJson::Box {
            half_width,
            half_height,
            center,
            ..
        } => len(center) + half_width.hypot(*half_height),
        ShapeJson::Circle { center, radius, .. } => len(center) + radius,
        ShapeJson::Polygon { vertices, .. } => farthest(vertices),
        ShapeJson::Capsule {
            center1,
            center2,
            radius,
            ..
        } => len(center1).max(len(center2)) + radius,
        ShapeJson::Segment { point1, point2, .. } => len(point1).max(len(point2)),
        ShapeJson::Chain { points, .. } | ShapeJson::Outline { points, .. } => farthest(points),
        ShapeJson::Heightfield {
            heights,
            spacing,
            origin,
            ..
        } => {
            let ends = [0, heights.len().saturating_sub(1)];
            let x = ends.map(|i| origin[0] + i as f32 * spacing);
            let y = heights
                .iter()
                .map(|h| (origin[1] + h).abs())
                .fold(0.0, f32::max);
            x[0].abs().max(x[1].abs()).hypot(y)
        }
        // A type this bench does not convert is refused before any is measured.
        _ => 0.0,
    }
}

/// An outline's convex pieces as lockstep2d cuts them (round its holes), each a list of
/// points, so that the peers are given the very pieces it simulates.
pub fn outline_pieces(
    points: &[[f32; 2]],
    holes: &[Vec<[f32; 2]>],
) -> Result<Vec<Vec<[f32; 2]>>, String> {
    let vectors = |points: &[[f32; 2]]| -> Vec<Vec2> {
        points.iter().map(|&[x, y]| Vec2::new(x, y)).collect()
    };
    let holes: Vec<Vec<Vec2>> = holes.iter().map(|hole| vectors(hole)).collect();
    let outline = Outline::with_holes(&vectors(points), &holes).map_err(|e| e.to_string())?;
    Ok(outline
        .pieces()
        .iter()
        .map(|piece| piece.vertices().iter().map(|v| [v.x, v.y]).collect())
        .collect())
}

/// The unit normal on the right of the way from `from` to `to`: the side a chain link
/// collides on.
pub fn right_normal(from: [f32; 2], to: [f32; 2]) -> [f32; 2] {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let length = dx.hypot(dy);
    [dy / length, -dx / length]
}

/// Refuses a chain whose solid side lies on the left of the way its points run: the
/// converters hand the peers the points in order, and both peers' chains are solid on
/// the right (the scenes draw ground right to left, so none is refused).
pub fn chain_faces_right(
    points: &[[f32; 2]],
    is_loop: bool,
    solid: SolidSide,
) -> Result<(), String> {
    let points: Vec<Vec2> = points.iter().map(|&[x, y]| Vec2::new(x, y)).collect();
    match solid.faces_left_of_points(&points, is_loop) {
        Ok(false) => Ok(()),
        Ok(true) => Err("a chain solid on the left of its points (peers take the right)".into()),
        Err(e) => Err(e.to_string()),
    }
}
