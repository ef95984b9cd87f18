//! Pairs with a circle on the B side: circle–circle and (rounded) polygon–circle.

use super::{LocalManifold, LocalPoint};
use crate::math::{Transform, Vec2};
use crate::shape::{Circle, Polygon};

/// Two discs: one point on the line between the centres.
pub(super) fn circles(a: &Circle, xf: Transform, b: &Circle, speculative: f32) -> LocalManifold {
    let center_b = xf.apply(b.center);
    let offset = center_b - a.center;
    let distance = offset.length();
    let separation = distance - a.radius - b.radius;
    if separation > speculative {
        return LocalManifold::default();
    }
    let normal = if distance > f32::EPSILON {
        offset / distance
    } else {
        Vec2::Y
    };
    LocalManifold::single(
        normal,
        between_surfaces(a.center, a.radius, center_b, b.radius, normal, separation),
    )
}

/// A (possibly rounded) polygon and a disc: find the face the centre is farthest
/// outside, then decide whether the centre faces that edge or one of its end vertices.
pub(super) fn polygon_circle(
    a: &Polygon,
    xf: Transform,
    b: &Circle,
    speculative: f32,
) -> LocalManifold {
    let center = xf.apply(b.center);
    let radius = a.radius + b.radius;
    let vertices = a.vertices();
    let normals = a.normals();

    let (face, face_separation) = (0..vertices.len())
        .map(|i| (i, normals[i].dot(center - vertices[i])))
        .fold(
            (0, f32::MIN),
            |best, cur| if cur.1 > best.1 { cur } else { best },
        );
    if face_separation > radius + speculative {
        return LocalManifold::default();
    }

    let v1 = vertices[face];
    let v2 = vertices[(face + 1) % vertices.len()];
    let before_v1 = (center - v1).dot(v2 - v1) < 0.0;
    let after_v2 = (center - v2).dot(v1 - v2) < 0.0;
    // Beyond an end of the face, the nearest feature is that vertex (a round corner).
    let corner = match (before_v1, after_v2) {
        (true, _) if face_separation > f32::EPSILON => Some(v1),
        (_, true) if face_separation > f32::EPSILON => Some(v2),
        _ => None,
    };
    let (normal, separation, on_core) = match corner {
        Some(v) => {
            let offset = center - v;
            let distance = offset.length();
            if distance - radius > speculative {
                return LocalManifold::default();
            }
            let normal = if distance > f32::EPSILON {
                offset / distance
            } else {
                normals[face]
            };
            (normal, distance - radius, v)
        }
        None => {
            let normal = normals[face];
            (
                normal,
                face_separation - radius,
                center - face_separation * normal,
            )
        }
    };
    LocalManifold::single(
        normal,
        between_surfaces(on_core, a.radius, center, b.radius, normal, separation),
    )
}

/// The contact point midway between two rounded surfaces: A's is `radius_a` out from
/// `core_a` along the normal, B's is `radius_b` back from `core_b`.
pub(super) fn between_surfaces(
    core_a: Vec2,
    radius_a: f32,
    core_b: Vec2,
    radius_b: f32,
    normal: Vec2,
    separation: f32,
) -> LocalPoint {
    let surface_a = core_a + radius_a * normal;
    let surface_b = core_b - radius_b * normal;
    LocalPoint {
        point: 0.5 * (surface_a + surface_b),
        separation,
        id: 0,
    }
}
