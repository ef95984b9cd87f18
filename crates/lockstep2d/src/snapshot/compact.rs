//! The saved types whose encoding differs from their memory layout, to keep snapshots
//! small: fixed-size arrays are saved up to their used length; what is a function of
//! other saved data is rebuilt on load instead of stored (a shape's collider from its
//! definition, a polygon's normals and centroid from its hull).
//!
//! Lengths are postcard's varints, the same bytes on 32- and 64-bit machines; a length
//! too large for its array is refused on load (it would otherwise make a slice panic).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::broadphase::ProxyKey;
use crate::collide::{Manifold, ManifoldPoint};
use crate::list::Link;
use crate::math::Vec2;
use crate::shape::{MAX_POLYGON_VERTICES, Polygon, Shape, ShapeDef};

/// A polygon is saved as its hull: every polygon a caller can build comes from
/// `Polygon::from_hull`, which computes the normals and the centroid from the hull, so
/// loading runs it again for the same bits (40 bytes less per box).
#[derive(Serialize)]
struct PolygonRef<'a> {
    vertices: &'a [Vec2],
    radius: f32,
}

#[derive(Deserialize)]
struct PolygonOwned {
    vertices: Vec<Vec2>,
    radius: f32,
}

impl Serialize for Polygon {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PolygonRef {
            vertices: self.vertices(),
            radius: self.radius,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Polygon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = PolygonOwned::deserialize(deserializer)?;
        if !(3..=MAX_POLYGON_VERTICES).contains(&saved.vertices.len()) {
            return Err(D::Error::custom(
                "a polygon with a wrong number of vertices",
            ));
        }
        Polygon::from_hull(&saved.vertices, saved.radius)
            .map_err(|_| D::Error::custom("a polygon too thin to simulate"))
    }
}

#[derive(Serialize)]
struct ManifoldRef<'a> {
    normal: Vec2,
    points: &'a [ManifoldPoint],
    rolling_impulse: f32,
}

#[derive(Deserialize)]
struct ManifoldOwned {
    normal: Vec2,
    points: Vec<ManifoldPoint>,
    rolling_impulse: f32,
}

impl Serialize for Manifold {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ManifoldRef {
            normal: self.normal,
            points: self.points(),
            rolling_impulse: self.rolling_impulse,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Manifold {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = ManifoldOwned::deserialize(deserializer)?;
        let mut manifold = Manifold {
            normal: saved.normal,
            rolling_impulse: saved.rolling_impulse,
            ..Manifold::default()
        };
        if saved.points.len() > manifold.points.len() {
            return Err(D::Error::custom("a manifold with too many points"));
        }
        manifold.point_count = saved.points.len() as u8;
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
    link: Link,
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedShape {
            body: self.body,
            def: self.def,
            proxy: self.proxy,
            link: self.link,
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
            link: saved.link,
        })
    }
}
