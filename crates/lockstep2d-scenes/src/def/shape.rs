//! A scene's shape: its geometry, tagged by `"type"`, and its surface, as the flat
//! fields of one JSON object.
//!
//! Each type takes exactly its own fields, so serde rejects one another type uses (a
//! `radius` on a box, a `density` on a line, `one_way` on a circle) as an unknown field.

use lockstep2d::{Filter, SolidSide, SurfaceMaterial};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use super::{is_zero, is_zero_u64, is_zero_vec};

/// One shape of a body, in the body's frame. The five solid types have area, and so a
/// mass from their density; segments, chains and heightfields are lines, with neither. Every type has
/// a surface material and a collision filter. New types may come in a minor release.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
#[non_exhaustive]
pub enum ShapeJson {
    /// A box, `2·half_width` by `2·half_height`.
    Box {
        /// Half the width (m).
        half_width: f32,
        /// Half the height (m).
        half_height: f32,
        /// Its centre in body coordinates; [0, 0] when absent.
        #[serde(default, skip_serializing_if = "is_zero_vec")]
        center: [f32; 2],
        /// Its rotation in the body's frame (rad); 0 when absent.
        #[serde(default, skip_serializing_if = "is_zero")]
        angle: f32,
        /// Density, sensor flag and filter.
        #[serde(flatten)]
        solid: Solid,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// A disc.
    Circle {
        /// Its centre in body coordinates; [0, 0] when absent.
        #[serde(default, skip_serializing_if = "is_zero_vec")]
        center: [f32; 2],
        /// The radius (m).
        radius: f32,
        /// Density, sensor flag and filter.
        #[serde(flatten)]
        solid: Solid,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// The convex hull of `vertices`: at most eight, in body coordinates, any order.
    Polygon {
        /// The outline's vertices.
        vertices: Vec<[f32; 2]>,
        /// Density, sensor flag and filter.
        #[serde(flatten)]
        solid: Solid,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// A simple polygon of any shape (`lockstep2d::Outline`), with or without holes:
    /// its points in body coordinates, in order either way round, at most
    /// `MAX_OUTLINE_POINTS` with its holes'. The body gets one polygon shape for each
    /// of its convex pieces. Its surface alone, as a line with no mass, is a chain
    /// loop with `"solid": "outside"`.
    Outline {
        /// The points, in order.
        points: Vec<[f32; 2]>,
        /// The holes, each the points of a simple polygon strictly inside the outline,
        /// in order either way round, apart from every other hole; none when absent.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        holes: Vec<Vec<[f32; 2]>>,
        /// Density, sensor flag and filter, of every piece.
        #[serde(flatten)]
        solid: Solid,
        /// Friction, restitution and the rest of its surface, of every piece.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// A rectangle with round ends: the discs of `radius` at `center1` and `center2`
    /// and all between.
    Capsule {
        /// The centre of one end's disc, in body coordinates.
        center1: [f32; 2],
        /// The centre of the other end's disc.
        center2: [f32; 2],
        /// The radius (m).
        radius: f32,
        /// Density, sensor flag and filter.
        #[serde(flatten)]
        solid: Solid,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// A line from `point1` to `point2`, solid from both sides unless one-way.
    Segment {
        /// One end, in body coordinates.
        point1: [f32; 2],
        /// The other end.
        point2: [f32; 2],
        /// A one-way platform: solid only from the right of the way from `point1` to
        /// `point2`.
        /// False when absent.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        one_way: bool,
        /// A sensor: reports overlaps, pushes nothing. False when absent.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        sensor: bool,
        /// Which shapes it may touch; every shape when absent.
        #[serde(default, skip_serializing_if = "is_default_filter")]
        filter: Filter,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// Ground from heights at a fixed spacing along x (`lockstep2d::HeightfieldDef`):
    /// the chain of its points, solid above, one link per cell.
    Heightfield {
        /// The heights (m) above `origin`'s y, left to right.
        heights: Vec<f32>,
        /// The distance (m) along x between neighbouring heights.
        spacing: f32,
        /// Where the first height is measured from, in body coordinates; [0, 0] when
        /// absent.
        #[serde(default, skip_serializing_if = "is_zero_vec")]
        origin: [f32; 2],
        /// Which shapes it may touch; every shape when absent.
        #[serde(default, skip_serializing_if = "is_default_filter")]
        filter: Filter,
        /// Friction, restitution and the rest of its surface, on every cell.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
    /// A polyline of one-sided links, solid on the side `solid` names:
    /// `lockstep2d::ChainDef`. A chain's links are never sensors.
    Chain {
        /// The points in body coordinates, in order.
        points: Vec<[f32; 2]>,
        /// The side it holds things back on: `"above"`, `"below"`, `"left"` or
        /// `"right"` for an open chain, `"outside"` or `"inside"` for a loop,
        /// `"right_of_points"` for the right of the way the points run.
        solid: SolidSide,
        /// Whether the last point joins back to the first; open when absent.
        #[serde(default, rename = "loop", skip_serializing_if = "std::ops::Not::not")]
        is_loop: bool,
        /// One-way links, passable from their back. False when absent.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        one_way: bool,
        /// The links' materials, one per link in order (and then the shape gives no
        /// material of its own); every link takes the shape's own material when absent.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            serialize_with = "write_materials"
        )]
        materials: Option<Vec<SurfaceMaterial>>,
        /// Which shapes it may touch; every shape when absent.
        #[serde(default, skip_serializing_if = "is_default_filter")]
        filter: Filter,
        /// Friction, restitution and the rest of its surface.
        #[serde(flatten, serialize_with = "write_material")]
        material: SurfaceMaterial,
    },
}

/// What a shape with area has besides its geometry and material. (serde cannot read a
/// flattened struct inside another, so the material is a field of its own beside this.)
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solid {
    /// kg/m²; must be > 0 on a dynamic body, unless the shape is a sensor. 1 when absent.
    #[serde(default = "default_density")]
    pub density: f32,
    /// A sensor: reports overlaps, pushes nothing. False when absent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sensor: bool,
    /// Which shapes it may touch: `{"category_bits", "mask_bits", "group_index"}`, any
    /// left out at its default (1, all, 0); touching every shape when absent.
    #[serde(default, skip_serializing_if = "is_default_filter")]
    pub filter: Filter,
}

impl Default for Solid {
    fn default() -> Self {
        Solid {
            density: default_density(),
            sensor: false,
            filter: Filter::default(),
        }
    }
}

/// `lockstep2d::ShapeDef::new`'s density (Box2D v3's).
fn default_density() -> f32 {
    1.0
}

/// A shape's material, written with friction and restitution always and the other
/// fields only when set, so a written scene's shapes stay short.
fn write_material<S: Serializer>(material: &SurfaceMaterial, out: S) -> Result<S::Ok, S::Error> {
    // Every field named, so a field added to the engine's material fails to compile here
    // rather than go unwritten.
    let SurfaceMaterial {
        friction,
        restitution,
        tangent_speed,
        rolling_resistance,
        user_data,
    } = material;
    let mut map = out.serialize_map(None)?;
    map.serialize_entry("friction", friction)?;
    map.serialize_entry("restitution", restitution)?;
    if !is_zero(tangent_speed) {
        map.serialize_entry("tangent_speed", tangent_speed)?;
    }
    if !is_zero(rolling_resistance) {
        map.serialize_entry("rolling_resistance", rolling_resistance)?;
    }
    if !is_zero_u64(user_data) {
        map.serialize_entry("user_data", user_data)?;
    }
    map.end()
}

/// A chain's link materials, each written as `write_material` writes a shape's.
fn write_materials<S: Serializer>(
    materials: &Option<Vec<SurfaceMaterial>>,
    out: S,
) -> Result<S::Ok, S::Error> {
    struct Short<'a>(&'a SurfaceMaterial);
    impl Serialize for Short<'_> {
        fn serialize<S: Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
            write_material(self.0, out)
        }
    }
    let materials = materials.as_deref().unwrap_or_default();
    out.collect_seq(materials.iter().map(Short))
}

fn is_default_filter(filter: &Filter) -> bool {
    *filter == Filter::default()
}

impl ShapeJson {
    /// A box centred on the body origin.
    pub fn new_box(half_width: f32, half_height: f32) -> ShapeJson {
        ShapeJson::offset_box(half_width, half_height, [0.0, 0.0], 0.0)
    }

    /// A box centred at `center` in its body's frame, turned by `angle`.
    pub fn offset_box(
        half_width: f32,
        half_height: f32,
        center: [f32; 2],
        angle: f32,
    ) -> ShapeJson {
        ShapeJson::Box {
            half_width,
            half_height,
            center,
            angle,
            solid: Solid::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// A circle centred on the body origin.
    pub fn circle(radius: f32) -> ShapeJson {
        ShapeJson::Circle {
            center: [0.0, 0.0],
            radius,
            solid: Solid::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// The convex hull of `vertices`, in body coordinates.
    pub fn polygon(vertices: Vec<[f32; 2]>) -> ShapeJson {
        ShapeJson::Polygon {
            vertices,
            solid: Solid::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// A concave body's outline through `points`, either way round.
    pub fn outline(points: Vec<[f32; 2]>) -> ShapeJson {
        ShapeJson::Outline {
            points,
            holes: Vec::new(),
            solid: Solid::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// The same outline with `holes`, each through its points either way round. Any
    /// other type is returned as it is.
    pub fn with_holes(mut self, new_holes: Vec<Vec<[f32; 2]>>) -> ShapeJson {
        if let ShapeJson::Outline { holes, .. } = &mut self {
            *holes = new_holes;
        }
        self
    }

    /// Ground through `heights`, `spacing` apart along x, from the body's origin.
    pub fn heightfield(heights: Vec<f32>, spacing: f32) -> ShapeJson {
        ShapeJson::Heightfield {
            heights,
            spacing,
            origin: [0.0, 0.0],
            filter: Filter::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// A capsule between the disc centres `center1` and `center2`.
    pub fn capsule(center1: [f32; 2], center2: [f32; 2], radius: f32) -> ShapeJson {
        ShapeJson::Capsule {
            center1,
            center2,
            radius,
            solid: Solid::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// A two-sided line from `point1` to `point2`.
    pub fn segment(point1: [f32; 2], point2: [f32; 2]) -> ShapeJson {
        ShapeJson::Segment {
            point1,
            point2,
            one_way: false,
            sensor: false,
            filter: Filter::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// An open chain through `points`, solid on side `solid`.
    pub fn chain(points: Vec<[f32; 2]>, solid: SolidSide) -> ShapeJson {
        ShapeJson::Chain {
            points,
            solid,
            is_loop: false,
            one_way: false,
            materials: None,
            filter: Filter::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// A chain through `points` closed into a loop, solid on side `solid`.
    pub fn chain_loop(points: Vec<[f32; 2]>, solid: SolidSide) -> ShapeJson {
        ShapeJson::Chain {
            points,
            solid,
            is_loop: true,
            one_way: false,
            materials: None,
            filter: Filter::default(),
            material: SurfaceMaterial::default(),
        }
    }

    /// The name of its type, as `"type"` writes it.
    pub fn type_name(&self) -> &'static str {
        match self {
            ShapeJson::Box { .. } => "box",
            ShapeJson::Circle { .. } => "circle",
            ShapeJson::Polygon { .. } => "polygon",
            ShapeJson::Capsule { .. } => "capsule",
            ShapeJson::Segment { .. } => "segment",
            ShapeJson::Chain { .. } => "chain",
            ShapeJson::Outline { .. } => "outline",
            ShapeJson::Heightfield { .. } => "heightfield",
        }
    }

    /// Whether the shape is a line (a segment or a chain), with no area and so no mass.
    pub fn is_line(&self) -> bool {
        self.solid().is_none()
    }

    /// The density, sensor flag and surface of a shape with area; `None` for a line.
    pub fn solid(&self) -> Option<&Solid> {
        match self {
            ShapeJson::Box { solid, .. }
            | ShapeJson::Circle { solid, .. }
            | ShapeJson::Polygon { solid, .. }
            | ShapeJson::Outline { solid, .. }
            | ShapeJson::Capsule { solid, .. } => Some(solid),
            ShapeJson::Segment { .. } | ShapeJson::Chain { .. } | ShapeJson::Heightfield { .. } => {
                None
            }
        }
    }

    fn solid_mut(&mut self) -> Option<&mut Solid> {
        match self {
            ShapeJson::Box { solid, .. }
            | ShapeJson::Circle { solid, .. }
            | ShapeJson::Polygon { solid, .. }
            | ShapeJson::Outline { solid, .. }
            | ShapeJson::Capsule { solid, .. } => Some(solid),
            ShapeJson::Segment { .. } | ShapeJson::Chain { .. } | ShapeJson::Heightfield { .. } => {
                None
            }
        }
    }

    /// The surface material, which every type has.
    pub fn material(&self) -> &SurfaceMaterial {
        match self {
            ShapeJson::Box { material, .. }
            | ShapeJson::Circle { material, .. }
            | ShapeJson::Polygon { material, .. }
            | ShapeJson::Outline { material, .. }
            | ShapeJson::Capsule { material, .. }
            | ShapeJson::Segment { material, .. }
            | ShapeJson::Heightfield { material, .. }
            | ShapeJson::Chain { material, .. } => material,
        }
    }

    /// The surface material, to change.
    pub fn material_mut(&mut self) -> &mut SurfaceMaterial {
        match self {
            ShapeJson::Box { material, .. }
            | ShapeJson::Circle { material, .. }
            | ShapeJson::Polygon { material, .. }
            | ShapeJson::Outline { material, .. }
            | ShapeJson::Capsule { material, .. }
            | ShapeJson::Segment { material, .. }
            | ShapeJson::Heightfield { material, .. }
            | ShapeJson::Chain { material, .. } => material,
        }
    }

    /// The collision filter, which every type has.
    pub fn filter(&self) -> Filter {
        match self {
            ShapeJson::Segment { filter, .. }
            | ShapeJson::Chain { filter, .. }
            | ShapeJson::Heightfield { filter, .. } => *filter,
            ShapeJson::Box { solid, .. }
            | ShapeJson::Circle { solid, .. }
            | ShapeJson::Polygon { solid, .. }
            | ShapeJson::Outline { solid, .. }
            | ShapeJson::Capsule { solid, .. } => solid.filter,
        }
    }

    /// The density (kg/m²); 0 for a line, which has no mass.
    pub fn density(&self) -> f32 {
        self.solid().map_or(0.0, |solid| solid.density)
    }

    /// Whether it is a sensor, which reports overlaps and pushes nothing.
    pub fn is_sensor(&self) -> bool {
        match self {
            ShapeJson::Segment { sensor, .. } => *sensor,
            _ => self.solid().is_some_and(|solid| solid.sensor),
        }
    }

    /// Whether it is a one-way platform (only a line can be).
    pub fn is_one_way(&self) -> bool {
        match self {
            ShapeJson::Segment { one_way, .. } | ShapeJson::Chain { one_way, .. } => *one_way,
            _ => false,
        }
    }

    /// The same shape with `density` (kg/m²). A line has no mass: it is returned as
    /// it is.
    pub fn with_density(mut self, density: f32) -> ShapeJson {
        if let Some(solid) = self.solid_mut() {
            solid.density = density;
        }
        self
    }

    /// The same shape as a sensor. A chain's links are never sensors: a chain is
    /// returned as it is.
    pub fn as_sensor(mut self) -> ShapeJson {
        match &mut self {
            ShapeJson::Segment { sensor, .. } => *sensor = true,
            shape => {
                if let Some(solid) = shape.solid_mut() {
                    solid.sensor = true;
                }
            }
        }
        self
    }

    /// The same segment or chain as a one-way platform. Only lines can be one-way: a
    /// shape with area is returned as it is.
    pub fn one_way(mut self) -> ShapeJson {
        if let ShapeJson::Segment { one_way, .. } | ShapeJson::Chain { one_way, .. } = &mut self {
            *one_way = true;
        }
        self
    }

    /// The same chain, its links taking `materials`, one per link in order. Any other
    /// type is returned as it is.
    pub fn with_materials(mut self, link_materials: Vec<SurfaceMaterial>) -> ShapeJson {
        if let ShapeJson::Chain { materials, .. } = &mut self {
            *materials = Some(link_materials);
        }
        self
    }

    /// A chain's materials, one per link, when it gives them; `None` for a chain whose
    /// links all take its own material, and for any other type.
    pub fn link_materials(&self) -> Option<&[SurfaceMaterial]> {
        match self {
            ShapeJson::Chain { materials, .. } => materials.as_deref(),
            _ => None,
        }
    }

    /// The same shape with its material changed by `change`.
    fn with_material(mut self, change: impl FnOnce(&mut SurfaceMaterial)) -> ShapeJson {
        change(self.material_mut());
        self
    }

    /// The same shape with `friction`.
    pub fn with_friction(self, friction: f32) -> ShapeJson {
        self.with_material(|m| m.friction = friction)
    }

    /// The same shape with `restitution`.
    pub fn with_restitution(self, restitution: f32) -> ShapeJson {
        self.with_material(|m| m.restitution = restitution)
    }

    /// The same shape with a conveyor's `tangent_speed` (m/s).
    pub fn with_tangent_speed(self, tangent_speed: f32) -> ShapeJson {
        self.with_material(|m| m.tangent_speed = tangent_speed)
    }

    /// The same shape with `rolling_resistance`.
    pub fn with_rolling_resistance(self, rolling_resistance: f32) -> ShapeJson {
        self.with_material(|m| m.rolling_resistance = rolling_resistance)
    }

    /// The same shape with `filter`.
    pub fn with_filter(mut self, new_filter: Filter) -> ShapeJson {
        match &mut self {
            ShapeJson::Segment { filter, .. }
            | ShapeJson::Chain { filter, .. }
            | ShapeJson::Heightfield { filter, .. } => *filter = new_filter,
            ShapeJson::Box { solid, .. }
            | ShapeJson::Circle { solid, .. }
            | ShapeJson::Polygon { solid, .. }
            | ShapeJson::Outline { solid, .. }
            | ShapeJson::Capsule { solid, .. } => solid.filter = new_filter,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{Circle, Geometry, ShapeDef, Vec2};

    #[test]
    fn defaults_are_the_engines() {
        let engine = ShapeDef::new(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        }));
        let scene = ShapeJson::circle(1.0);
        assert_eq!(scene.density(), engine.density);
        assert_eq!(*scene.material(), engine.material());
        assert_eq!(scene.filter(), engine.filter);
        assert_eq!((scene.is_sensor(), scene.is_one_way()), (false, false));
    }
}
