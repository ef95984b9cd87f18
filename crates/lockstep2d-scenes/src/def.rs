//! The scene definition: plain data that serde reads from and writes to JSON.
//!
//! Every field but a shape's geometry and a joint's bodies and anchor has a default, so
//! a file names only what differs. Vectors are `[x, y]` arrays, angles are radians, and
//! `f32` fields are read through [`crate::finite`] so a number too large for an `f32` is
//! an error rather than an infinity.

use lockstep2d::{CharacterSettings, Filter, SolverKind, SolverSettings};
use serde::{Deserialize, Serialize};

/// A whole scene: world settings, bodies with their shapes, joints and characters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SceneDef {
    /// Left empty by serde when the file has no name, so `from_json` can say "scene"
    /// and `load_file` can use the file stem.
    #[serde(default)]
    pub name: String,
    /// m/s².
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub gravity: [f32; 2],
    /// Steps per second: each step advances the world by 1 / hz.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub hz: f32,
    /// How many steps a run takes unless told otherwise.
    pub steps: u32,
    /// The solver and its settings: `lockstep2d::SolverSettings`.
    pub solver: SolverJson,
    /// Whether resting bodies fall asleep (Box2D's benchmarks turn it off).
    #[serde(skip_serializing_if = "is_true")]
    pub sleep: bool,
    /// Referred to by index from `joints`.
    pub bodies: Vec<BodyJson>,
    /// Joints between bodies of `bodies`, made after the bodies.
    pub joints: Vec<JointJson>,
    /// Character movers (`World::create_character`), made after the bodies and joints.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub characters: Vec<CharacterJson>,
}

impl Default for SceneDef {
    fn default() -> Self {
        SceneDef {
            name: "scene".to_string(),
            gravity: [0.0, -10.0],
            hz: 60.0,
            steps: 600,
            solver: SolverJson::default(),
            sleep: true,
            bodies: Vec::new(),
            joints: Vec::new(),
            characters: Vec::new(),
        }
    }
}

impl SceneDef {
    /// An empty scene with every setting at its default.
    pub fn new(name: &str) -> SceneDef {
        SceneDef {
            name: name.to_string(),
            ..SceneDef::default()
        }
    }

    /// The scene's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Which solver: `lockstep2d::SolverKind`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverKindJson {
    /// `"soft"`: Box2D v3's soft step, the default.
    #[default]
    Soft,
    /// `"pgs"`: Box2D-Lite's sequential impulses.
    Pgs,
}

/// `lockstep2d::SolverSettings`, field by field, with the same defaults.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverJson {
    /// Which solver.
    pub kind: SolverKindJson,
    /// Soft step: substeps per step.
    pub substeps: u32,
    /// Soft step: the stiffness of contacts, as a spring frequency (Hz).
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub contact_hertz: f32,
    /// Soft step: the damping ratio of contacts.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub contact_damping_ratio: f32,
    /// Soft step: the fastest speed (m/s) at which overlapping bodies are pushed apart.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub max_push_speed: f32,
    /// How far (m) two bodies may move relative to each other while their contact's
    /// manifold is kept; 0 rebuilds it every step.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub contact_recycle_distance: f32,
    /// Soft step: the stiffness that holds joints together, as a spring frequency (Hz).
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub joint_hertz: f32,
    /// Soft step: the damping ratio that holds joints together.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub joint_damping_ratio: f32,
    /// PGS: sequential-impulse passes over every constraint per step.
    pub iterations: u32,
    /// Start each step from last step's impulses.
    pub warm_starting: bool,
    /// Clamp the running total of each impulse rather than each increment.
    pub accumulate_impulses: bool,
    /// Push overlapping bodies apart with a velocity bias.
    pub position_correction: bool,
    /// PGS: fraction of the overlap removed per step by position correction.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub bias_factor: f32,
    /// PGS: overlap (m) left uncorrected, so resting contacts stay in contact.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub allowed_penetration: f32,
    /// Approach speeds (m/s) below this do not bounce.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub restitution_threshold: f32,
    /// Soft step: sweep fast bodies against static shapes so they cannot pass through
    /// walls.
    pub continuous: bool,
    /// The fastest any body's centre of mass may move (m/s).
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub max_linear_speed: f32,
}

impl Default for SolverJson {
    fn default() -> Self {
        SolverJson::from(SolverSettings::default())
    }
}

impl From<SolverSettings> for SolverJson {
    fn from(s: SolverSettings) -> Self {
        SolverJson {
            kind: match s.kind {
                SolverKind::Soft => SolverKindJson::Soft,
                SolverKind::Pgs => SolverKindJson::Pgs,
            },
            substeps: s.substeps,
            contact_hertz: s.contact_hertz,
            contact_damping_ratio: s.contact_damping_ratio,
            max_push_speed: s.max_push_speed,
            contact_recycle_distance: s.contact_recycle_distance,
            joint_hertz: s.joint_hertz,
            joint_damping_ratio: s.joint_damping_ratio,
            iterations: s.iterations,
            warm_starting: s.warm_starting,
            accumulate_impulses: s.accumulate_impulses,
            position_correction: s.position_correction,
            bias_factor: s.bias_factor,
            allowed_penetration: s.allowed_penetration,
            restitution_threshold: s.restitution_threshold,
            continuous: s.continuous,
            max_linear_speed: s.max_linear_speed,
        }
    }
}

impl From<SolverJson> for SolverSettings {
    fn from(s: SolverJson) -> Self {
        SolverSettings {
            kind: match s.kind {
                SolverKindJson::Soft => SolverKind::Soft,
                SolverKindJson::Pgs => SolverKind::Pgs,
            },
            substeps: s.substeps,
            contact_hertz: s.contact_hertz,
            contact_damping_ratio: s.contact_damping_ratio,
            max_push_speed: s.max_push_speed,
            contact_recycle_distance: s.contact_recycle_distance,
            joint_hertz: s.joint_hertz,
            joint_damping_ratio: s.joint_damping_ratio,
            iterations: s.iterations,
            warm_starting: s.warm_starting,
            accumulate_impulses: s.accumulate_impulses,
            position_correction: s.position_correction,
            bias_factor: s.bias_factor,
            allowed_penetration: s.allowed_penetration,
            restitution_threshold: s.restitution_threshold,
            continuous: s.continuous,
            max_linear_speed: s.max_linear_speed,
        }
    }
}

/// How a body moves. Bodies are dynamic unless they say otherwise, because most bodies
/// in a scene are (unlike `lockstep2d::BodyDef`, whose default is static).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BodyKind {
    /// `"static"`: never moves.
    Static,
    /// `"kinematic"`: moves by its velocity only.
    Kinematic,
    /// `"dynamic"`: moved by gravity, forces, contacts and joints. The default.
    #[default]
    Dynamic,
}

/// One body and its shapes. Zero velocities, damping and angle are left out when
/// written, so written scenes stay short.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BodyJson {
    /// How the body moves (`"type"` in the file); dynamic when absent.
    #[serde(rename = "type")]
    pub kind: BodyKind,
    /// World position of the body's origin (m); [0, 0] when absent.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub position: [f32; 2],
    /// Radians, counter-clockwise; 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub angle: f32,
    /// Velocity of the centre of mass (m/s); [0, 0] when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero_vec"
    )]
    pub linear_velocity: [f32; 2],
    /// rad/s, counter-clockwise; 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub angular_velocity: f32,
    /// Slows linear motion (`lockstep2d::BodyDef::linear_damping`); 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub linear_damping: f32,
    /// Slows rotation; 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub angular_damping: f32,
    /// Multiplies the world's gravity for this body; 1 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_one"
    )]
    pub gravity_scale: f32,
    /// Never turns. False when absent.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fixed_rotation: bool,
    /// Swept against moving bodies too. False when absent.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bullet: bool,
    /// The game's own tag, stored with the body. 0 when absent.
    #[serde(skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
    /// The body's shapes, in order.
    pub shapes: Vec<ShapeJson>,
}

impl Default for BodyJson {
    fn default() -> Self {
        BodyJson {
            kind: BodyKind::Dynamic,
            position: [0.0, 0.0],
            angle: 0.0,
            linear_velocity: [0.0, 0.0],
            angular_velocity: 0.0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            gravity_scale: 1.0,
            fixed_rotation: false,
            bullet: false,
            user_data: 0,
            shapes: Vec::new(),
        }
    }
}

impl BodyJson {
    /// A dynamic body at `position`, without shapes.
    pub fn dynamic(position: [f32; 2]) -> BodyJson {
        BodyJson {
            position,
            ..BodyJson::default()
        }
    }

    /// A static body at `position`, without shapes.
    pub fn fixed(position: [f32; 2]) -> BodyJson {
        BodyJson {
            kind: BodyKind::Static,
            position,
            ..BodyJson::default()
        }
    }

    /// The same body turned to `angle` radians.
    pub fn with_angle(self, angle: f32) -> BodyJson {
        BodyJson { angle, ..self }
    }

    /// The same body with `shape` added after its others.
    pub fn with_shape(mut self, shape: ShapeJson) -> BodyJson {
        self.shapes.push(shape);
        self
    }
}

/// The `type` of a shape: which geometry fields it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShapeKind {
    /// `half_width`, `half_height`; optional `center`, `angle`.
    Box,
    /// `radius`; optional `center`.
    Circle,
    /// `vertices` of a convex outline, any order (the convex hull is taken).
    Polygon,
    /// `center1`, `center2`, `radius`.
    Capsule,
    /// `point1`, `point2`: a line, solid from both sides; no mass.
    Segment,
    /// `points`; optional `loop`, `materials`: a polyline of one-sided links, solid on
    /// the right of the direction the points run in; no mass.
    Chain,
}

impl ShapeKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ShapeKind::Box => "box",
            ShapeKind::Circle => "circle",
            ShapeKind::Polygon => "polygon",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Segment => "segment",
            ShapeKind::Chain => "chain",
        }
    }

    /// Whether the shape is a line (a segment or a chain), with no area and so no mass.
    pub fn is_line(self) -> bool {
        matches!(self, ShapeKind::Segment | ShapeKind::Chain)
    }
}

/// Shape defaults: Box2D v3's, as `lockstep2d::ShapeDef::new`.
pub(crate) const DEFAULT_DENSITY: f32 = 1.0;
const DEFAULT_FRICTION: f32 = 0.6;

/// One shape. A flat struct rather than an enum so that files stay flat: the geometry
/// fields are optional, and reading or building checks that those present fit the `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapeJson {
    /// Which geometry (`"type"` in the file), and so which geometry fields it takes.
    #[serde(rename = "type")]
    pub kind: ShapeKind,
    /// Box: half the width (m).
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub half_width: Option<f32>,
    /// Box: half the height (m).
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub half_height: Option<f32>,
    /// Box or circle centre in body coordinates; [0, 0] when absent.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub center: Option<[f32; 2]>,
    /// Box rotation in the body's frame; 0 when absent.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub angle: Option<f32>,
    /// Polygon: the outline's vertices in body coordinates, any order, at most eight.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub vertices: Option<Vec<[f32; 2]>>,
    /// Capsule: the centre of one end's disc, in body coordinates.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub center1: Option<[f32; 2]>,
    /// Capsule: the centre of the other end's disc.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub center2: Option<[f32; 2]>,
    /// Circle or capsule: the radius (m).
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub radius: Option<f32>,
    /// Segment: one end, in body coordinates.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub point1: Option<[f32; 2]>,
    /// Segment: the other end.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub point2: Option<[f32; 2]>,
    /// A chain's points in body coordinates, in order.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub points: Option<Vec<[f32; 2]>>,
    /// Whether a chain joins its last point back to its first; open when absent.
    #[serde(default, rename = "loop", skip_serializing_if = "Option::is_none")]
    pub is_loop: Option<bool>,
    /// A chain's materials, one per link in order; every link takes the shape's own
    /// material when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub materials: Option<Vec<MaterialJson>>,
    /// kg/m²; must be > 0 on a dynamic body, unless the shape is a sensor.
    #[serde(
        default = "default_density",
        deserialize_with = "crate::finite::deserialize"
    )]
    pub density: f32,
    /// Coulomb friction, mixed as the geometric mean; 0.6 when absent.
    #[serde(
        default = "default_friction",
        deserialize_with = "crate::finite::deserialize"
    )]
    pub friction: f32,
    /// Bounciness, mixed as the larger; 0 when absent.
    #[serde(default, deserialize_with = "crate::finite::deserialize")]
    pub restitution: f32,
    /// Conveyor surface speed (m/s), clockwise round the shape; 0 when absent.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub tangent_speed: f32,
    /// Box2D's rolling resistance; 0 when absent.
    #[serde(
        default,
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub rolling_resistance: f32,
    /// A one-way platform: segments and chains only. False when absent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_way: bool,
    /// Which shapes it may touch: `{"category_bits", "mask_bits", "group_index"}`, any
    /// left out at its default (1, all, 0); touching every shape when absent.
    #[serde(default, skip_serializing_if = "is_default_filter")]
    pub filter: Filter,
    /// A sensor: reports overlaps, pushes nothing. False when absent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sensor: bool,
    /// The game's own tag, stored with the shape. 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}

fn is_default_filter(filter: &Filter) -> bool {
    *filter == Filter::default()
}

impl ShapeJson {
    /// A shape of `kind` with no geometry and default material.
    fn bare(kind: ShapeKind) -> ShapeJson {
        ShapeJson {
            kind,
            half_width: None,
            half_height: None,
            center: None,
            angle: None,
            radius: None,
            vertices: None,
            center1: None,
            center2: None,
            point1: None,
            point2: None,
            points: None,
            is_loop: None,
            materials: None,
            density: DEFAULT_DENSITY,
            friction: DEFAULT_FRICTION,
            restitution: 0.0,
            tangent_speed: 0.0,
            rolling_resistance: 0.0,
            one_way: false,
            filter: Filter::default(),
            sensor: false,
            user_data: 0,
        }
    }

    /// A box centred on the body origin.
    pub fn new_box(half_width: f32, half_height: f32) -> ShapeJson {
        ShapeJson {
            half_width: Some(half_width),
            half_height: Some(half_height),
            ..ShapeJson::bare(ShapeKind::Box)
        }
    }

    /// A circle centred on the body origin.
    pub fn circle(radius: f32) -> ShapeJson {
        ShapeJson {
            radius: Some(radius),
            ..ShapeJson::bare(ShapeKind::Circle)
        }
    }

    /// The convex hull of `vertices`, in body coordinates.
    pub fn polygon(vertices: Vec<[f32; 2]>) -> ShapeJson {
        ShapeJson {
            vertices: Some(vertices),
            ..ShapeJson::bare(ShapeKind::Polygon)
        }
    }

    /// A capsule between the disc centres `center1` and `center2`.
    pub fn capsule(center1: [f32; 2], center2: [f32; 2], radius: f32) -> ShapeJson {
        ShapeJson {
            center1: Some(center1),
            center2: Some(center2),
            radius: Some(radius),
            ..ShapeJson::bare(ShapeKind::Capsule)
        }
    }

    /// A two-sided line from `point1` to `point2`.
    pub fn segment(point1: [f32; 2], point2: [f32; 2]) -> ShapeJson {
        ShapeJson {
            point1: Some(point1),
            point2: Some(point2),
            ..ShapeJson::bare(ShapeKind::Segment)
        }
    }

    /// An open chain through `points`, solid on the right of the way they run.
    pub fn chain(points: Vec<[f32; 2]>) -> ShapeJson {
        ShapeJson {
            points: Some(points),
            ..ShapeJson::bare(ShapeKind::Chain)
        }
    }

    /// A chain through `points` closed into a loop: counter-clockwise keeps things out,
    /// clockwise keeps them in.
    pub fn chain_loop(points: Vec<[f32; 2]>) -> ShapeJson {
        ShapeJson {
            is_loop: Some(true),
            ..ShapeJson::chain(points)
        }
    }

    /// The same segment or chain as a one-way platform.
    pub fn one_way(self) -> ShapeJson {
        ShapeJson {
            one_way: true,
            ..self
        }
    }

    /// A chain whose links take `materials`, one per link in order.
    pub fn with_materials(self, materials: Vec<MaterialJson>) -> ShapeJson {
        ShapeJson {
            materials: Some(materials),
            ..self
        }
    }

    /// The same shape with a conveyor's `tangent_speed` (m/s).
    pub fn with_tangent_speed(self, tangent_speed: f32) -> ShapeJson {
        ShapeJson {
            tangent_speed,
            ..self
        }
    }

    /// The same shape with `rolling_resistance`.
    pub fn with_rolling_resistance(self, rolling_resistance: f32) -> ShapeJson {
        ShapeJson {
            rolling_resistance,
            ..self
        }
    }

    /// The shape's own surface material: what every link of a chain without
    /// `materials` takes.
    pub fn material(&self) -> MaterialJson {
        MaterialJson {
            friction: self.friction,
            restitution: self.restitution,
            tangent_speed: self.tangent_speed,
            rolling_resistance: self.rolling_resistance,
            user_data: self.user_data,
        }
    }

    /// The same shape with `density` (kg/m²).
    pub fn with_density(self, density: f32) -> ShapeJson {
        ShapeJson { density, ..self }
    }

    /// The same shape with `friction`.
    pub fn with_friction(self, friction: f32) -> ShapeJson {
        ShapeJson { friction, ..self }
    }

    /// The same shape with `restitution`.
    pub fn with_restitution(self, restitution: f32) -> ShapeJson {
        ShapeJson {
            restitution,
            ..self
        }
    }

    /// The same shape with `filter`.
    pub fn with_filter(self, filter: Filter) -> ShapeJson {
        ShapeJson { filter, ..self }
    }
}

/// One link's surface material in a chain's `materials`: `lockstep2d::SurfaceMaterial`,
/// each field defaulting as a shape's does.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MaterialJson {
    /// Coulomb friction; 0.6 when absent.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub friction: f32,
    /// Bounciness; 0 when absent.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub restitution: f32,
    /// Conveyor surface speed (m/s); 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub tangent_speed: f32,
    /// Box2D's rolling resistance; 0 when absent.
    #[serde(
        deserialize_with = "crate::finite::deserialize",
        skip_serializing_if = "is_zero"
    )]
    pub rolling_resistance: f32,
    /// The game's own tag, stored with the link. 0 when absent.
    #[serde(skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

impl Default for MaterialJson {
    fn default() -> Self {
        MaterialJson {
            friction: DEFAULT_FRICTION,
            restitution: 0.0,
            tangent_speed: 0.0,
            rolling_resistance: 0.0,
            user_data: 0,
        }
    }
}

impl MaterialJson {
    /// The same material with `friction`.
    pub fn with_friction(self, friction: f32) -> MaterialJson {
        MaterialJson { friction, ..self }
    }

    /// The same material with `restitution`.
    pub fn with_restitution(self, restitution: f32) -> MaterialJson {
        MaterialJson {
            restitution,
            ..self
        }
    }

    /// The same material with `tangent_speed` (m/s).
    pub fn with_tangent_speed(self, tangent_speed: f32) -> MaterialJson {
        MaterialJson {
            tangent_speed,
            ..self
        }
    }
}

impl From<MaterialJson> for lockstep2d::SurfaceMaterial {
    fn from(m: MaterialJson) -> Self {
        lockstep2d::SurfaceMaterial {
            friction: m.friction,
            restitution: m.restitution,
            tangent_speed: m.tangent_speed,
            rolling_resistance: m.rolling_resistance,
            user_data: m.user_data,
        }
    }
}

/// A character mover: `lockstep2d::CharacterDef`. Its shape is a circle, capsule, box
/// or polygon, in the character's frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterJson {
    /// World position of the character's origin; [0, 0] when absent.
    #[serde(default, deserialize_with = "crate::finite::deserialize")]
    pub position: [f32; 2],
    /// The character's one shape: a circle, capsule, box or polygon, in its frame.
    pub shape: ShapeJson,
    /// How it moves; the engine's defaults when absent, and for each field left out.
    #[serde(default, skip_serializing_if = "CharacterSettingsJson::is_default")]
    pub settings: CharacterSettingsJson,
    /// The game's own tag, stored with the character's body. 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

impl CharacterJson {
    /// A character at `position` with `shape` and the engine's settings.
    pub fn new(position: [f32; 2], shape: ShapeJson) -> CharacterJson {
        CharacterJson {
            position,
            shape,
            settings: CharacterSettingsJson::default(),
            user_data: 0,
        }
    }
}

/// `lockstep2d::CharacterSettings`, field by field, with the same defaults. Slopes are
/// angles in radians from the horizontal.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CharacterSettingsJson {
    /// The gap (m) the character keeps from every surface.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub skin: f32,
    /// The steepest slope (rad) it walks up.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub max_climb_slope: f32,
    /// Slopes (rad) at least this steep are no ground: it slides down them.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub min_slide_slope: f32,
    /// The highest ledge (m) it steps up onto; 0 for none.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub step_height: f32,
    /// How far (m) ground may drop away below it and still be followed down; 0 for none.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub snap_distance: f32,
    /// The largest force (N) it pushes a dynamic body with.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub push_force: f32,
    /// Whether it lands on one-way platforms.
    pub one_way_platforms: bool,
}

impl Default for CharacterSettingsJson {
    fn default() -> Self {
        CharacterSettingsJson::from(CharacterSettings::default())
    }
}

impl CharacterSettingsJson {
    /// Whether every field is the engine's default, bit for bit (so −0.0 is written).
    fn is_default(&self) -> bool {
        let own = CharacterSettingsJson::default();
        let numbers = |s: &CharacterSettingsJson| {
            [
                s.skin,
                s.max_climb_slope,
                s.min_slide_slope,
                s.step_height,
                s.snap_distance,
                s.push_force,
            ]
            .map(f32::to_bits)
        };
        numbers(self) == numbers(&own) && self.one_way_platforms == own.one_way_platforms
    }
}

impl From<CharacterSettings> for CharacterSettingsJson {
    fn from(s: CharacterSettings) -> Self {
        CharacterSettingsJson {
            skin: s.skin,
            max_climb_slope: s.max_climb_slope,
            min_slide_slope: s.min_slide_slope,
            step_height: s.step_height,
            snap_distance: s.snap_distance,
            push_force: s.push_force,
            one_way_platforms: s.one_way_platforms,
        }
    }
}

impl From<CharacterSettingsJson> for CharacterSettings {
    fn from(s: CharacterSettingsJson) -> Self {
        CharacterSettings {
            skin: s.skin,
            max_climb_slope: s.max_climb_slope,
            min_slide_slope: s.min_slide_slope,
            step_height: s.step_height,
            snap_distance: s.snap_distance,
            push_force: s.push_force,
            one_way_platforms: s.one_way_platforms,
        }
    }
}

/// The `type` of a joint; revolute is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JointType {
    /// `"revolute"`: a pin at `anchor`, with optional limit, motor and spring on the
    /// angle.
    #[default]
    Revolute,
    /// `"prismatic"`: a slider through `anchor` along `axis`.
    Prismatic,
    /// `"distance"`: a rod, spring or rope from `anchor` to `anchor_b`.
    Distance,
    /// `"weld"`: glued at `anchor`, rigidly or by springs.
    Weld,
    /// `"wheel"`: a wheel at `anchor` on a suspension along `axis`.
    Wheel,
    /// `"motor"`: drives B to `linear_offset` and `angular_offset` from A.
    Motor,
}

/// A motor on a joint's free coordinate: `lockstep2d::Motor`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MotorJson {
    /// The target speed (rad/s or m/s).
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub speed: f32,
    /// The most force (N) or torque (N·m) it may use.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub max_force: f32,
}

/// A spring on a joint: `lockstep2d::Spring`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpringJson {
    /// The spring's frequency (Hz); 0 for none.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub hertz: f32,
    /// The damping ratio: 0 undamped, 1 critically damped; 0 when absent.
    #[serde(default, deserialize_with = "crate::finite::deserialize")]
    pub damping_ratio: f32,
}

/// Box2D-Lite's Baumgarte factor, as `lockstep2d::RevoluteJointDef::at`.
const DEFAULT_JOINT_BIAS_FACTOR: f32 = 0.2;

/// A joint between two bodies, named by their index in `bodies`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JointJson {
    /// Which joint (`"type"` in the file); revolute when absent.
    #[serde(rename = "type", default)]
    pub kind: JointType,
    /// The first body, by its index in the scene's `bodies`.
    pub body_a: usize,
    /// The second body, by its index; not `body_a`.
    pub body_b: usize,
    /// World point where the bodies are pinned.
    #[serde(deserialize_with = "crate::finite::deserialize")]
    pub anchor: [f32; 2],
    /// 0 is rigid; larger values make the pin a spring.
    #[serde(default, deserialize_with = "crate::finite::deserialize")]
    pub softness: f32,
    /// PGS only: the fraction of the position error corrected per step; 0.2 when absent.
    #[serde(
        default = "default_joint_bias_factor",
        deserialize_with = "crate::finite::deserialize"
    )]
    pub bias_factor: f32,
    /// Whether the two bodies' shapes still collide with each other; false when absent.
    #[serde(default)]
    pub collide_connected: bool,
    /// Distance: B's anchor (`anchor` is A's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor_b: Option<[f32; 2]>,
    /// Prismatic and wheel: the axis's world direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub axis: Option<[f32; 2]>,
    /// Distance: the rest length (default: the anchors' distance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<f32>,
    /// Revolute, prismatic, wheel, distance: `[lower, upper]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<[f32; 2]>,
    /// Revolute, prismatic, wheel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motor: Option<MotorJson>,
    /// Revolute, prismatic, wheel, distance; weld: the linear spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spring: Option<SpringJson>,
    /// Weld: the angular spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angular_spring: Option<SpringJson>,
    /// Motor joint: where B's centre of mass should be, in A's frame relative to A's
    /// centre of mass (m); [0, 0] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_offset: Option<[f32; 2]>,
    /// Motor joint: B's target angle relative to A (rad); 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angular_offset: Option<f32>,
    /// Motor joint: the most force (N) it may push with; 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_force: Option<f32>,
    /// Motor joint: the most torque (N·m) it may turn with; 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_torque: Option<f32>,
    /// A step whose joint force (N) exceeds this is reported; never when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_threshold: Option<f32>,
    /// Likewise for the joint torque (N·m).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torque_threshold: Option<f32>,
    /// Whether the joint is removed in the step it goes over a threshold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub breaks: bool,
    /// The game's own tag, stored with the joint. 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub user_data: u64,
}

impl JointJson {
    /// A rigid revolute joint at the world point `anchor`.
    pub fn revolute(body_a: usize, body_b: usize, anchor: [f32; 2]) -> JointJson {
        JointJson {
            kind: JointType::Revolute,
            body_a,
            body_b,
            anchor,
            softness: 0.0,
            bias_factor: DEFAULT_JOINT_BIAS_FACTOR,
            collide_connected: false,
            anchor_b: None,
            axis: None,
            length: None,
            limit: None,
            motor: None,
            spring: None,
            angular_spring: None,
            linear_offset: None,
            angular_offset: None,
            max_force: None,
            max_torque: None,
            force_threshold: None,
            torque_threshold: None,
            breaks: false,
            user_data: 0,
        }
    }

    /// A joint of another `kind` at `anchor`, with no options yet.
    pub fn new(kind: JointType, body_a: usize, body_b: usize, anchor: [f32; 2]) -> JointJson {
        JointJson {
            kind,
            ..JointJson::revolute(body_a, body_b, anchor)
        }
    }

    /// The first field set that this joint's `type` does not use, if any.
    pub fn unused_field(&self) -> Option<&'static str> {
        let set = [
            ("anchor_b", self.anchor_b.is_some()),
            ("axis", self.axis.is_some()),
            ("length", self.length.is_some()),
            ("limit", self.limit.is_some()),
            ("motor", self.motor.is_some()),
            ("spring", self.spring.is_some()),
            ("angular_spring", self.angular_spring.is_some()),
            ("linear_offset", self.linear_offset.is_some()),
            ("angular_offset", self.angular_offset.is_some()),
            ("max_force", self.max_force.is_some()),
            ("max_torque", self.max_torque.is_some()),
        ];
        let used: &[&str] = match self.kind {
            JointType::Revolute => &["limit", "motor", "spring"],
            JointType::Prismatic | JointType::Wheel => &["axis", "limit", "motor", "spring"],
            JointType::Distance => &["anchor_b", "length", "limit", "spring"],
            JointType::Weld => &["spring", "angular_spring"],
            JointType::Motor => &["linear_offset", "angular_offset", "max_force", "max_torque"],
        };
        set.into_iter()
            .find(|(name, is_set)| *is_set && !used.contains(name))
            .map(|(name, _)| name)
    }

    /// A soft joint: see `lockstep2d::RevoluteJointDef` for how the pair maps to a spring.
    pub fn with_spring(self, softness: f32, bias_factor: f32) -> JointJson {
        JointJson {
            softness,
            bias_factor,
            ..self
        }
    }

    /// The same joint, its bodies' shapes colliding with each other or not.
    pub fn with_collide_connected(self, collide_connected: bool) -> JointJson {
        JointJson {
            collide_connected,
            ..self
        }
    }
}

fn default_density() -> f32 {
    DEFAULT_DENSITY
}

fn default_friction() -> f32 {
    DEFAULT_FRICTION
}

fn default_joint_bias_factor() -> f32 {
    DEFAULT_JOINT_BIAS_FACTOR
}

// Bit comparisons: −0.0 must be written out, or it would read back as +0.0.
fn is_zero(x: &f32) -> bool {
    x.to_bits() == 0
}

fn is_zero_vec(v: &[f32; 2]) -> bool {
    v.iter().all(|x| x.to_bits() == 0)
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep2d::{Circle, Geometry, RevoluteJointDef, ShapeDef, Vec2, WorldDef};

    #[test]
    fn defaults_are_the_engines() {
        let shape = ShapeDef::new(Geometry::Circle(Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        }));
        let json = ShapeJson::circle(1.0);
        assert_eq!(
            (json.density, json.friction, json.restitution),
            (shape.density, shape.friction, shape.restitution)
        );
        assert_eq!(
            (json.tangent_speed, json.rolling_resistance, json.one_way),
            (shape.tangent_speed, shape.rolling_resistance, shape.one_way)
        );
        assert_eq!(
            lockstep2d::SurfaceMaterial::from(MaterialJson::default()),
            lockstep2d::SurfaceMaterial::default()
        );
        assert_eq!(json.material(), MaterialJson::default());
        let joint = RevoluteJointDef::at(Vec2::ZERO);
        assert_eq!(DEFAULT_JOINT_BIAS_FACTOR, joint.bias_factor);
        assert_eq!(
            SceneDef::default().gravity,
            WorldDef::default().gravity.to_array()
        );
        let body = lockstep2d::BodyDef::default();
        assert_eq!(BodyJson::default().gravity_scale, body.gravity_scale);
        assert_eq!(
            CharacterSettings::from(CharacterSettingsJson::default()),
            CharacterSettings::default()
        );
    }
}
