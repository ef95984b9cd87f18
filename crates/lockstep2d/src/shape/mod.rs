//! Shapes: their geometry, material, mass and bounding boxes.

mod chain;
mod filter;
mod heightfield;
mod outline;
mod polygon;
mod segment;
mod solid_side;
mod submerged;

pub use chain::{ChainDef, SurfaceMaterial};
pub use filter::Filter;
pub use heightfield::{HeightfieldDef, MAX_HEIGHTFIELD_HEIGHTS};
pub use outline::{MAX_OUTLINE_POINTS, Outline};
pub use polygon::{MAX_POLYGON_VERTICES, Polygon};
pub(crate) use segment::ChainLink;
pub use segment::{ChainSegment, Segment};
pub use solid_side::SolidSide;
pub(crate) use submerged::{Submerged, Surface};

use crate::error::{Error, Result, check_non_negative, check_positive};
use crate::id::Slots;
use crate::limits::{MAX_COORDINATE, MAX_MASS, MIN_MASS, check_distance, check_point};
use crate::list::{Link, Links};
use crate::math::{Aabb, Transform, Vec2};
use crate::minmax;

/// A solid disc.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Circle {
    /// The centre, in body coordinates (m).
    pub center: Vec2,
    /// The radius (m); greater than 0.
    pub radius: f32,
}

/// A segment swept by a disc: a rectangle with round ends.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Capsule {
    /// The centre of one end's disc, in body coordinates (m).
    pub center1: Vec2,
    /// The centre of the other end's disc (m); more than `LINEAR_SLOP` from `center1`.
    pub center2: Vec2,
    /// The radius (m); greater than 0.
    pub radius: f32,
}

impl From<Circle> for Geometry {
    fn from(circle: Circle) -> Geometry {
        Geometry::Circle(circle)
    }
}

impl From<Polygon> for Geometry {
    fn from(polygon: Polygon) -> Geometry {
        Geometry::Polygon(polygon)
    }
}

impl From<Capsule> for Geometry {
    fn from(capsule: Capsule) -> Geometry {
        Geometry::Capsule(capsule)
    }
}

impl From<Segment> for Geometry {
    fn from(segment: Segment) -> Geometry {
        Geometry::Segment(segment)
    }
}

impl From<ChainSegment> for Geometry {
    fn from(link: ChainSegment) -> Geometry {
        Geometry::ChainSegment(link)
    }
}

/// The geometry of a shape, in its body's local coordinates.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Geometry {
    /// A solid disc.
    Circle(Circle),
    /// A convex polygon; boxes are polygons too (`Polygon::new_box`).
    Polygon(Polygon),
    /// A rectangle with round ends.
    Capsule(Capsule),
    /// A line, solid from both sides; no area, so no mass.
    Segment(Segment),
    /// One link of a chain, solid from its right side only (`World::create_chain`
    /// makes them); no area, so no mass.
    ChainSegment(ChainSegment),
}

impl Geometry {
    /// Checks what the constructors cannot: finite centres, positive radii, a capsule's
    /// two centres apart. (A `Polygon` can only be built through its validating
    /// constructors.)
    pub(crate) fn validate(&self) -> Result<()> {
        match *self {
            Geometry::Circle(c) => {
                check_point("center", c.center)?;
                check_positive("radius", c.radius)?;
                check_distance("radius", c.radius)
            }
            Geometry::Capsule(c) => {
                check_point("center1", c.center1)?;
                check_point("center2", c.center2)?;
                check_positive("radius", c.radius)?;
                check_distance("radius", c.radius)?;
                if c.center1.distance(c.center2) <= crate::LINEAR_SLOP {
                    return Err(Error::InvalidValue {
                        field: "center2",
                        reason: "must be apart from center1 (use a circle)",
                    });
                }
                Ok(())
            }
            Geometry::Polygon(p) => {
                p.vertices()
                    .iter()
                    .try_for_each(|&v| check_point("vertices", v))?;
                check_distance("radius", p.radius)
            }
            Geometry::Segment(s) => s.validate(),
            Geometry::ChainSegment(link) => link.validate(),
        }
    }

    /// How far the surface is rounded off its core: a disc's or capsule's radius, a
    /// polygon's rounding, nothing for a line.
    pub(crate) fn rounding(&self) -> f32 {
        match self {
            Geometry::Circle(c) => c.radius,
            Geometry::Capsule(c) => c.radius,
            Geometry::Polygon(p) => p.radius,
            Geometry::Segment(_) | Geometry::ChainSegment(_) => 0.0,
        }
    }

    /// Whether the geometry encloses area, and so has mass at a positive density.
    pub fn has_area(&self) -> bool {
        !matches!(self, Geometry::Segment(_) | Geometry::ChainSegment(_))
    }

    /// The unit normal on the front of a segment or chain link (its right side), in
    /// body coordinates: the side a one-way platform is solid from. `None` for shapes
    /// with area, which have no one front.
    pub fn front_normal(&self) -> Option<Vec2> {
        self.front().map(|(_, normal)| normal)
    }

    /// A segment's or chain link's first point and front normal.
    pub(crate) fn front(&self) -> Option<(Vec2, Vec2)> {
        let segment = match self {
            Geometry::Segment(s) => *s,
            Geometry::ChainSegment(link) => link.segment(),
            _ => return None,
        };
        Some((segment.point1, segment.front_normal()))
    }

    /// The form the narrow phase works with.
    pub(crate) fn collider(&self) -> Collider {
        match *self {
            Geometry::Circle(c) => Collider::Circle(c),
            Geometry::Polygon(p) => Collider::Polygon(p),
            Geometry::Capsule(c) => {
                Collider::Polygon(Polygon::rounded_segment(c.center1, c.center2, c.radius))
            }
            Geometry::Segment(s) => Collider::Polygon(s.as_polygon()),
            Geometry::ChainSegment(link) => Collider::ChainSegment(ChainLink::new(link)),
        }
    }
}

/// Everything needed to attach a shape to a body.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShapeDef {
    /// The shape's outline, in its body's coordinates.
    pub geometry: Geometry,
    /// kg/m². Must be > 0 on a dynamic body, unless the shape is a sensor; ignored on
    /// static and kinematic ones.
    pub density: f32,
    /// Coulomb friction. A contact uses the geometric mean of its two shapes' values.
    pub friction: f32,
    /// Bounciness: 0 is inelastic, 1 keeps the approach speed. A contact uses the larger.
    pub restitution: f32,
    /// Surface speed (m/s) of a conveyor belt: what touches the shape is carried along
    /// its surface at this speed, clockwise round it for a positive value (to the right
    /// along the top of a box). A contact uses the sum of its shapes' values (within `MAX_SPEED`).
    pub tangent_speed: f32,
    /// Box2D's rolling resistance: a torque against rolling of at most this times the
    /// normal force times the larger rounding radius of the two shapes (a disc's or
    /// capsule's radius). A disc of radius r rolling on flat ground loses speed at
    /// ⅔·c·g and stops after 3v²/(4·c·g). A contact uses the larger of its shapes'.
    pub rolling_resistance: f32,
    /// A one-way platform (segments and chain links only): it holds up what comes at
    /// it from its front (`Geometry::front_normal`) and lets through what comes from
    /// behind or from the side, and what a body set to drop through
    /// (`World::set_drop_through`) meets. Which contacts pass is kept in the world's
    /// state, so snapshots and replays carry it.
    pub one_way: bool,
    /// Which other shapes this one may touch.
    pub filter: Filter,
    /// A sensor pushes nothing and is pushed by nothing: it reports which shapes begin
    /// and end overlapping it (`World::sensor_events`). Queries skip sensors unless asked.
    pub is_sensor: bool,
    /// The game's own tag (an entity id, say): stored, saved and returned, never read.
    pub user_data: u64,
}

impl ShapeDef {
    /// Density 1, friction 0.6, restitution 0, touching every shape (Box2D v3's
    /// defaults).
    pub fn new(geometry: Geometry) -> ShapeDef {
        ShapeDef {
            geometry,
            density: 1.0,
            friction: 0.6,
            restitution: 0.0,
            tangent_speed: 0.0,
            rolling_resistance: 0.0,
            one_way: false,
            filter: Filter::default(),
            is_sensor: false,
            user_data: 0,
        }
    }

    /// A disc of `radius` about the body origin, with the defaults of `new`.
    pub fn circle(radius: f32) -> ShapeDef {
        ShapeDef::new(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius,
        }))
    }

    /// A capsule from `center1` to `center2` (body coordinates) of `radius`, with the
    /// defaults of `new`. `create_shape` checks it as any capsule.
    pub fn capsule(center1: Vec2, center2: Vec2, radius: f32) -> ShapeDef {
        ShapeDef::new(Geometry::Capsule(Capsule {
            center1,
            center2,
            radius,
        }))
    }

    /// A line from `point1` to `point2` (body coordinates), solid from both sides, with
    /// the defaults of `new`. As a one-way platform (`one_way`) it holds up what comes
    /// from its right, seen from `point1` toward `point2`.
    pub fn segment(point1: Vec2, point2: Vec2) -> ShapeDef {
        ShapeDef::new(Geometry::Segment(Segment { point1, point2 }))
    }

    /// A box `2·half_width` by `2·half_height` about the body origin, with the defaults
    /// of `new`. Fails as `Polygon::new_box` does.
    pub fn new_box(half_width: f32, half_height: f32) -> Result<ShapeDef> {
        Ok(ShapeDef::new(Geometry::Polygon(Polygon::new_box(
            half_width,
            half_height,
        )?)))
    }

    /// The same definition as a sensor (see `is_sensor`).
    pub fn sensor(self) -> ShapeDef {
        ShapeDef {
            is_sensor: true,
            ..self
        }
    }

    /// The same definition with `user_data` as its tag.
    pub fn with_user_data(self, user_data: u64) -> ShapeDef {
        ShapeDef { user_data, ..self }
    }

    /// The same definition with `filter` as its collision filter.
    pub fn with_filter(self, filter: Filter) -> ShapeDef {
        ShapeDef { filter, ..self }
    }

    /// The same definition with `density` (kg/m²).
    pub fn with_density(self, density: f32) -> ShapeDef {
        ShapeDef { density, ..self }
    }

    /// The same definition with `friction`.
    pub fn with_friction(self, friction: f32) -> ShapeDef {
        ShapeDef { friction, ..self }
    }

    /// The same definition with `restitution`.
    pub fn with_restitution(self, restitution: f32) -> ShapeDef {
        ShapeDef {
            restitution,
            ..self
        }
    }

    /// The same definition with a conveyor's `tangent_speed` (m/s).
    pub fn with_tangent_speed(self, tangent_speed: f32) -> ShapeDef {
        ShapeDef {
            tangent_speed,
            ..self
        }
    }

    /// The same definition with `rolling_resistance`.
    pub fn with_rolling_resistance(self, rolling_resistance: f32) -> ShapeDef {
        ShapeDef {
            rolling_resistance,
            ..self
        }
    }

    /// The same definition as a one-way platform (see `one_way`).
    pub fn one_way(self) -> ShapeDef {
        ShapeDef {
            one_way: true,
            ..self
        }
    }

    /// The definition with every surface value taken from `material`.
    pub fn with_material(self, material: SurfaceMaterial) -> ShapeDef {
        ShapeDef {
            friction: material.friction,
            restitution: material.restitution,
            tangent_speed: material.tangent_speed,
            rolling_resistance: material.rolling_resistance,
            user_data: material.user_data,
            ..self
        }
    }

    /// What the shape's surface is made of.
    pub fn material(&self) -> SurfaceMaterial {
        SurfaceMaterial {
            friction: self.friction,
            restitution: self.restitution,
            tangent_speed: self.tangent_speed,
            rolling_resistance: self.rolling_resistance,
            user_data: self.user_data,
        }
    }

    /// Checks the definition; `needs_mass` is true for shapes on dynamic bodies.
    pub(crate) fn validate(&self, needs_mass: bool) -> Result<()> {
        check_non_negative("density", self.density)?;
        // Lines have no area: they add nothing to a body's mass at any density.
        let needs_mass = needs_mass && self.geometry.has_area();
        if needs_mass && !self.is_sensor && self.density <= 0.0 {
            return Err(Error::InvalidValue {
                field: "density",
                reason: "must be > 0 on a dynamic body (unless a sensor)",
            });
        }
        self.material().check()?;
        if self.one_way && self.geometry.front_normal().is_none() {
            return Err(Error::InvalidValue {
                field: "one_way",
                reason: "only a segment or a chain link can be a one-way platform",
            });
        }
        self.geometry.validate()?;
        if needs_mass && !self.is_sensor {
            self.mass().check_usable()?;
        }
        Ok(())
    }

    /// Mass properties at this definition's density.
    pub(crate) fn mass(&self) -> MassData {
        self.collider().mass(self.density)
    }

    pub(crate) fn collider(&self) -> Collider {
        self.geometry.collider()
    }
}

/// A shape as the world stores it.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub body: u32,
    pub def: ShapeDef,
    pub collider: Collider,
    pub proxy: crate::broadphase::ProxyKey,
    /// Its neighbours in its body's list of shapes.
    pub link: Link,
}

impl Links for Slots<Shape> {
    fn link(&self, key: u32) -> Option<&Link> {
        self.get(key).map(|shape| &shape.link)
    }

    fn link_mut(&mut self, key: u32) -> &mut Link {
        &mut self.get_mut(key).expect("lists name live shapes").link
    }
}

/// Mass, centre of mass and rotational inertia about that centre.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MassData {
    /// kg.
    pub mass: f32,
    /// The centre of mass, in body coordinates (m).
    pub center: Vec2,
    /// The rotational inertia about `center` (kg·m²).
    pub inertia: f32,
}

impl MassData {
    /// Fails unless the mass and inertia are finite and so are their inverses: what a
    /// dynamic body's shapes, alone or together, must have for the step to divide by
    /// them. A huge density or size overflows the mass or inertia; a tiny one makes
    /// the mass so small that its inverse overflows.
    pub(crate) fn check_usable(&self) -> Result<()> {
        let mass_usable = (MIN_MASS..=MAX_MASS).contains(&self.mass);
        let inertia_usable = self.inertia.is_finite()
            && self.inertia > 0.0
            && (1.0 / self.inertia).is_finite()
            && self.inertia <= MAX_MASS * MAX_COORDINATE * MAX_COORDINATE;
        if mass_usable && inertia_usable && self.center.is_finite() {
            return Ok(());
        }
        Err(Error::InvalidValue {
            field: "density",
            reason: "with this size gives a mass or inertia too large or too small to \
                     simulate (mass within 10⁻²⁰ to 10²⁰ kg, lockstep2d::MIN_MASS and \
                     MAX_MASS; inertia finite, with a finite inverse, and at most \
                     MAX_MASS · MAX_COORDINATE²)",
        })
    }
}

/// The form the narrow phase works with: circles, and (rounded) convex polygons, which
/// include boxes and capsules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Collider {
    Circle(Circle),
    Polygon(Polygon),
    ChainSegment(ChainLink),
}

impl Collider {
    pub fn aabb(&self, xf: Transform) -> Aabb {
        match self {
            Collider::Circle(c) => {
                let p = xf.apply(c.center);
                let r = Vec2::splat(c.radius);
                Aabb {
                    min: p - r,
                    max: p + r,
                }
            }
            Collider::Polygon(poly) => {
                let first = xf.apply(poly.vertices[0]);
                let (min, max) = poly.vertices()[1..]
                    .iter()
                    .map(|&v| xf.apply(v))
                    .fold((first, first), |(lo, hi), v| {
                        (minmax::min_vec2(lo, v), minmax::max_vec2(hi, v))
                    });
                let r = Vec2::splat(poly.radius);
                Aabb {
                    min: min - r,
                    max: max + r,
                }
            }
            Collider::ChainSegment(link) => {
                let (p1, p2) = (xf.apply(link.point1), xf.apply(link.point2));
                Aabb {
                    min: minmax::min_vec2(p1, p2),
                    max: minmax::max_vec2(p1, p2),
                }
            }
        }
    }

    /// The farthest the shape's core (a polygon's or a capsule's vertices, a circle's
    /// centre, a chain link's ends) lies from `about`, in body coordinates. Turning the
    /// body through an angle θ about `about` moves no point of the core by more than
    /// this times θ, and the rounding around the core turns with it: a disc about its
    /// centre of mass does not move at all.
    pub fn turn_reach(&self, about: Vec2) -> f32 {
        let farthest = |points: &[Vec2]| {
            let squared = points.iter().map(|&p| (p - about).length_squared());
            squared.fold(0.0, minmax::max).sqrt()
        };
        match self {
            Collider::Circle(c) => farthest(&[c.center]),
            Collider::Polygon(p) => farthest(p.vertices()),
            Collider::ChainSegment(link) => farthest(&[link.point1, link.point2]),
        }
    }

    /// The shape's centroid in body coordinates.
    pub fn centroid(&self) -> Vec2 {
        match self {
            Collider::Circle(c) => c.center,
            Collider::Polygon(p) => p.centroid(),
            Collider::ChainSegment(link) => 0.5 * (link.point1 + link.point2),
        }
    }

    /// The least distance from the centroid to the surface: the radius of the largest
    /// disc about the centroid that the shape covers. Never negative: the centroid of a
    /// sliver of a polygon may fall a rounding error outside one of its edges.
    pub fn min_extent(&self) -> f32 {
        match self {
            Collider::Circle(c) => c.radius,
            Collider::Polygon(p) => {
                let inner = (0..p.count)
                    .map(|i| p.normals[i].dot(p.vertices[i] - p.centroid))
                    .fold(f32::MAX, minmax::min);
                minmax::max(inner + p.radius, 0.0)
            }
            Collider::ChainSegment(_) => 0.0,
        }
    }

    /// The width of the shape seen from direction `dir` (unit, body coordinates): its
    /// extent across it.
    pub fn width_across(&self, dir: Vec2) -> f32 {
        match self {
            Collider::Circle(c) => 2.0 * c.radius,
            Collider::Polygon(p) => {
                let across = dir.perp();
                let (lo, hi) = p
                    .vertices()
                    .iter()
                    .map(|&v| across.dot(v))
                    .fold((f32::MAX, f32::MIN), |(lo, hi), x| {
                        (minmax::min(lo, x), minmax::max(hi, x))
                    });
                hi - lo + 2.0 * p.radius
            }
            Collider::ChainSegment(link) => {
                let across = dir.perp();
                across.dot(link.point2 - link.point1).abs()
            }
        }
    }

    fn mass(&self, density: f32) -> MassData {
        match self {
            Collider::Circle(c) => {
                let mass = density * std::f32::consts::PI * c.radius * c.radius;
                MassData {
                    mass,
                    center: c.center,
                    inertia: 0.5 * mass * c.radius * c.radius,
                }
            }
            Collider::Polygon(p) if p.count == 2 => capsule_mass(p, density),
            Collider::Polygon(p) => p.mass(density),
            Collider::ChainSegment(link) => MassData {
                center: 0.5 * (link.point1 + link.point2),
                ..MassData::default()
            },
        }
    }
}

/// A capsule is a rectangle (length × 2r) plus one full disc split over its two ends.
fn capsule_mass(segment: &Polygon, density: f32) -> MassData {
    let (p1, p2, r) = (segment.vertices[0], segment.vertices[1], segment.radius);
    let length = p1.distance(p2);
    let box_mass = density * length * 2.0 * r;
    let disc_mass = density * std::f32::consts::PI * r * r;
    let box_inertia = box_mass * (length * length + 4.0 * r * r) / 12.0;
    // Each half disc of mass m: about the centre of its flat side its inertia is m r²/2
    // (half a disc's). Shift to its own centroid (4r/3π out from the flat side), then to
    // the capsule's centre, which is length/2 + 4r/3π away from that centroid.
    let half = 0.5 * disc_mass;
    let offset = 0.5 * length;
    let centroid_offset = 4.0 * r / (3.0 * std::f32::consts::PI);
    let half_about_own_centroid = half * r * r / 2.0 - half * centroid_offset * centroid_offset;
    let d = offset + centroid_offset;
    let disc_inertia = 2.0 * (half_about_own_centroid + half * d * d);
    MassData {
        mass: box_mass + disc_mass,
        center: 0.5 * (p1 + p2),
        inertia: box_inertia + disc_inertia,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Capsules whose radius is too small to cover the rounding of their centroid.
    #[test]
    fn no_shape_reaches_less_than_nothing_from_its_centroid() {
        let mut seed = 7u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32
        };
        let mut accepted = 0;
        for _ in 0..2_000 {
            let capsule = Capsule {
                center1: Vec2::new(next() - 0.5, next() - 0.5),
                center2: Vec2::new(next() - 0.5, next() - 0.5),
                radius: 1e-6 * next(),
            };
            let Ok(()) = Geometry::Capsule(capsule).validate() else {
                continue;
            };
            accepted += 1;
            let extent = ShapeDef::new(Geometry::Capsule(capsule))
                .collider()
                .min_extent();
            assert!(extent >= 0.0, "{capsule:?}: {extent}");
        }
        assert!(accepted > 100, "only {accepted} capsules were accepted");
    }

    #[test]
    fn capsule_with_tiny_length_is_nearly_a_disc() {
        let def = ShapeDef::new(Geometry::Capsule(Capsule {
            center1: Vec2::new(-0.01, 0.0),
            center2: Vec2::new(0.01, 0.0),
            radius: 1.0,
        }));
        let m = def.mass();
        let disc = std::f32::consts::PI;
        assert!((m.mass - disc).abs() / disc < 0.02);
        assert!((m.inertia - 0.5 * disc).abs() / (0.5 * disc) < 0.03);
    }

    #[test]
    fn zero_density_on_dynamic_body_is_rejected() {
        let def = ShapeDef::new(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        }))
        .with_density(0.0);
        assert_eq!(
            def.validate(true).unwrap_err().field(),
            Some("density"),
            "zero density on a dynamic body"
        );
        assert!(def.validate(false).is_ok());
    }
}
