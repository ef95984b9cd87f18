//! The saved types whose encoding differs from their memory layout, to keep snapshots
//! small: fixed-size arrays are saved up to their used length, and a shape's collider,
//! which is a function of its definition, is rebuilt on load instead of stored.
//!
//! Lengths are postcard's varints, the same bytes on 32- and 64-bit machines; a length
//! too large for its array is refused on load (it would otherwise make a slice panic).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::broadphase::ProxyKey;
use crate::collide::{Manifold, ManifoldPoint};
use crate::math::Vec2;
use crate::shape::{MAX_POLYGON_VERTICES, Polygon, Shape, ShapeDef};

#[derive(Serialize)]
struct PolygonRef<'a> {
    vertices: &'a [Vec2],
    normals: &'a [Vec2],
    radius: f32,
    centroid: Vec2,
}

#[derive(Deserialize)]
struct PolygonOwned {
    vertices: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
    centroid: Vec2,
}

impl Serialize for Polygon {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PolygonRef {
            vertices: &self.vertices[..self.count],
            normals: &self.normals[..self.count],
            radius: self.radius,
            centroid: self.centroid,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Polygon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = PolygonOwned::deserialize(deserializer)?;
        let count = saved.vertices.len();
        if count > MAX_POLYGON_VERTICES || saved.normals.len() != count {
            return Err(D::Error::custom(
                "a polygon with a wrong number of vertices",
            ));
        }
        let mut polygon = Polygon {
            vertices: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            normals: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count,
            radius: saved.radius,
            centroid: saved.centroid,
        };
        polygon.vertices[..count].copy_from_slice(&saved.vertices);
        polygon.normals[..count].copy_from_slice(&saved.normals);
        Ok(polygon)
    }
}

#[derive(Serialize)]
struct ManifoldRef<'a> {
    normal: Vec2,
    points: &'a [ManifoldPoint],
}

#[derive(Deserialize)]
struct ManifoldOwned {
    normal: Vec2,
    points: Vec<ManifoldPoint>,
}

impl Serialize for Manifold {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ManifoldRef {
            normal: self.normal,
            points: self.points(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Manifold {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = ManifoldOwned::deserialize(deserializer)?;
        let mut manifold = Manifold {
            normal: saved.normal,
            ..Manifold::default()
        };
        if saved.points.len() > manifold.points.len() {
            return Err(D::Error::custom("a manifold with too many points"));
        }
        manifold.point_count = saved.points.len();
        manifold.points[..saved.points.len()].copy_from_slice(&saved.points);
        Ok(manifold)
    }
}

/// A shape without its collider, which `ShapeDef::collider` rebuilds exactly.
#[derive(Serialize, Deserialize)]
struct SavedShape {
    body: u32,
    def: ShapeDef,
    proxy: ProxyKey,
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedShape {
            body: self.body,
            def: self.def,
            proxy: self.proxy,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = SavedShape::deserialize(deserializer)?;
        Ok(Shape {
            body: saved.body,
            collider: saved.def.collider(),
            def: saved.def,
            proxy: saved.proxy,
        })
    }
}
