//! Reading scene files: JSON text to a [`SceneDef`] whose structure is sound.
//!
//! serde (through `serde_path_to_error`) catches syntax errors, wrong types, unknown
//! fields and numbers that overflow an `f32`, each with the path it happened at. What
//! serde cannot see, that a shape's fields fit its `type` (and that a character's shape
//! is one a character can be), is checked here.
//! Whether the values make sense (a positive density, a convex polygon) is the engine's
//! call, made when the scene is built.

use std::io::Read;
use std::path::Path;

use crate::def::{DEFAULT_DENSITY, MaterialJson, SceneDef, ShapeJson, ShapeKind};
use crate::error::SceneError;

/// Parses a scene and checks its structure. A scene without a `name` is called "scene".
pub fn from_json(text: &str) -> Result<SceneDef, SceneError> {
    let mut def = parse(text)?;
    if def.name.is_empty() {
        def.name = SceneDef::default().name;
    }
    Ok(def)
}

/// Reads a scene file. A scene without a `name` is named after the file's stem.
pub fn load_file(path: &Path) -> Result<SceneDef, SceneError> {
    let text = read_capped(path)
        .map_err(|e| SceneError::new("", format!("cannot read {}: {e}", path.display())))?;
    let mut def = parse(&text)?;
    if def.name.is_empty() {
        def.name = path
            .file_stem()
            .map_or_else(|| SceneDef::default().name, |s| s.to_string_lossy().into());
    }
    Ok(def)
}

/// The largest scene file read: far beyond any scene (Box2D's 5,050-box pyramid is a
/// few hundred kB as JSON), so a path like /dev/zero is an error, not a hang.
pub const MAX_SCENE_FILE_BYTES: u64 = 64 << 20;

/// The file's text, or an error if it is longer than `MAX_SCENE_FILE_BYTES`.
fn read_capped(path: &Path) -> std::io::Result<String> {
    let bytes = read_file_capped(path, MAX_SCENE_FILE_BYTES, "a scene file")?;
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("not UTF-8 text"))
}

/// The bytes of the file at `path`, reading no more than `max_bytes` (`what` names the
/// file in the error): a path like /dev/zero is an error, not a hang.
pub fn read_file_capped(path: &Path, max_bytes: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        let mib = max_bytes >> 20;
        return Err(std::io::Error::other(format!(
            "longer than {mib} MiB, the most {what} may be"
        )));
    }
    Ok(bytes)
}

fn parse(text: &str) -> Result<SceneDef, SceneError> {
    // serde reads a struct from an array too, field by field in order: a scene must
    // be an object, whose fields are named.
    if !text.trim_start().starts_with('{') {
        return Err(SceneError::new("", "a scene is a JSON object ({ ... })"));
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let def: SceneDef = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        // The root path prints as "."; an error there has no field to name.
        let path = match e.path().to_string() {
            root if root == "." => String::new(),
            path => path,
        };
        SceneError::new(path, describe(e.inner()))
    })?;
    deserializer
        .end()
        .map_err(|e| SceneError::new("", describe(&e)))?;
    check_shapes(&def)?;
    if def.name.chars().any(char::is_control) {
        return Err(SceneError::new("name", "must not hold control characters"));
    }
    Ok(def)
}

/// serde_json's message with its position moved into parentheses, after the message
/// rather than in the middle of the sentence.
fn describe(e: &serde_json::Error) -> String {
    let full = e.to_string();
    if e.line() == 0 {
        return full;
    }
    let position = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&position).unwrap_or(&full);
    format!("{message} (line {}, column {})", e.line(), e.column())
}

fn check_shapes(def: &SceneDef) -> Result<(), SceneError> {
    for (i, body) in def.bodies.iter().enumerate() {
        for (j, shape) in body.shapes.iter().enumerate() {
            shape
                .checked_geometry()
                .map_err(|(field, message)| SceneError::new(shape_path(i, j, field), message))?;
        }
    }
    for (i, character) in def.characters.iter().enumerate() {
        character
            .shape
            .checked_character_geometry()
            .map_err(|(field, message)| SceneError::new(character_shape_path(i, field), message))?;
    }
    Ok(())
}

pub(crate) fn shape_path(body: usize, shape: usize, field: &str) -> String {
    format!("bodies[{body}].shapes[{shape}].{field}")
}

pub(crate) fn character_shape_path(character: usize, field: &str) -> String {
    format!("characters[{character}].shape.{field}")
}

/// A shape's geometry once its fields are known to fit its type; absent optional
/// fields are filled in. Scene readers other than `build` (the benchmark's converters)
/// take shapes through it too, so every reader sees the same defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeGeometry<'a> {
    /// A box, `2·half_width` by `2·half_height`.
    Box {
        /// Half the width (m).
        half_width: f32,
        /// Half the height (m).
        half_height: f32,
        /// Its centre in body coordinates; [0, 0] when the file has none.
        center: [f32; 2],
        /// Its rotation in the body's frame (rad); 0 when the file has none.
        angle: f32,
    },
    /// A disc.
    Circle {
        /// Its centre in body coordinates; [0, 0] when the file has none.
        center: [f32; 2],
        /// The radius (m).
        radius: f32,
    },
    /// A convex polygon.
    Polygon {
        /// The outline's vertices in body coordinates, any order.
        vertices: &'a [[f32; 2]],
    },
    /// A rectangle with round ends.
    Capsule {
        /// The centre of one end's disc, in body coordinates.
        center1: [f32; 2],
        /// The centre of the other end's disc.
        center2: [f32; 2],
        /// The radius (m).
        radius: f32,
    },
    /// A two-sided line.
    Segment {
        /// One end, in body coordinates.
        point1: [f32; 2],
        /// The other end.
        point2: [f32; 2],
    },
    /// A polyline of one-sided links, solid on the right of the way the points run.
    Chain {
        /// The points in body coordinates, in order.
        points: &'a [[f32; 2]],
        /// Whether the last point joins back to the first.
        is_loop: bool,
    },
}

/// The field that does not fit, and why.
pub(crate) type FieldError = (&'static str, String);

impl ShapeJson {
    /// The geometry, or an error naming the first field that is missing for this type or
    /// not used by it.
    pub fn geometry(&self) -> Result<ShapeGeometry<'_>, SceneError> {
        self.checked_geometry()
            .map_err(|(field, reason)| SceneError::new(field, reason))
    }

    /// `geometry`, with the error as the field and the reason, for callers that prefix
    /// the field with the shape's path.
    pub(crate) fn checked_geometry(&self) -> Result<ShapeGeometry<'_>, FieldError> {
        self.check_unused()?;
        self.check_line_fields()?;
        let kind = self.kind;
        Ok(match kind {
            ShapeKind::Box => ShapeGeometry::Box {
                half_width: required(kind, "half_width", self.half_width)?,
                half_height: required(kind, "half_height", self.half_height)?,
                center: self.center.unwrap_or_default(),
                angle: self.angle.unwrap_or_default(),
            },
            ShapeKind::Circle => ShapeGeometry::Circle {
                center: self.center.unwrap_or_default(),
                radius: required(kind, "radius", self.radius)?,
            },
            ShapeKind::Polygon => ShapeGeometry::Polygon {
                vertices: required(kind, "vertices", self.vertices.as_deref())?,
            },
            ShapeKind::Capsule => ShapeGeometry::Capsule {
                center1: required(kind, "center1", self.center1)?,
                center2: required(kind, "center2", self.center2)?,
                radius: required(kind, "radius", self.radius)?,
            },
            ShapeKind::Segment => ShapeGeometry::Segment {
                point1: required(kind, "point1", self.point1)?,
                point2: required(kind, "point2", self.point2)?,
            },
            ShapeKind::Chain => ShapeGeometry::Chain {
                points: required(kind, "points", self.points.as_deref())?,
                is_loop: self.is_loop.unwrap_or(false),
            },
        })
    }

    /// `checked_geometry` for a character's shape, which must be solid and have area: a
    /// circle, capsule, box or polygon, not a sensor.
    pub(crate) fn checked_character_geometry(&self) -> Result<ShapeGeometry<'_>, FieldError> {
        if self.kind.is_line() {
            return Err((
                "type",
                format!(
                    "a character is a circle, a capsule, a box or a polygon, not a {} shape",
                    self.kind.as_str()
                ),
            ));
        }
        if self.sensor {
            return Err((
                "sensor",
                "a character's shape cannot be a sensor".to_string(),
            ));
        }
        self.checked_geometry()
    }

    /// Fails on a geometry field that this type of shape does not take: a typo'd type
    /// or a field left over from another type would otherwise be silently ignored.
    fn check_unused(&self) -> Result<(), FieldError> {
        let present = [
            ("half_width", self.half_width.is_some()),
            ("half_height", self.half_height.is_some()),
            ("center", self.center.is_some()),
            ("angle", self.angle.is_some()),
            ("vertices", self.vertices.is_some()),
            ("center1", self.center1.is_some()),
            ("center2", self.center2.is_some()),
            ("radius", self.radius.is_some()),
            ("point1", self.point1.is_some()),
            ("point2", self.point2.is_some()),
            ("points", self.points.is_some()),
            ("loop", self.is_loop.is_some()),
            ("materials", self.materials.is_some()),
        ];
        let takes: &[&str] = match self.kind {
            ShapeKind::Box => &["half_width", "half_height", "center", "angle"],
            ShapeKind::Circle => &["center", "radius"],
            ShapeKind::Polygon => &["vertices"],
            ShapeKind::Capsule => &["center1", "center2", "radius"],
            ShapeKind::Segment => &["point1", "point2"],
            ShapeKind::Chain => &["points", "loop", "materials"],
        };
        match present
            .iter()
            .find(|(field, is_present)| *is_present && !takes.contains(field))
        {
            Some(&(field, _)) => {
                Err((field, format!("not used by a {} shape", self.kind.as_str())))
            }
            None => Ok(()),
        }
    }
}

impl ShapeJson {
    /// Fails on a field that only makes sense on a shape with area, or on a line: a
    /// one-way shape that is not a line; a density other than the default on a line
    /// (lines have no mass); a chain sensor (a chain's links are never sensors); the
    /// shape's own material on a chain whose `materials` give every link its own.
    fn check_line_fields(&self) -> Result<(), FieldError> {
        let kind = self.kind.as_str();
        if self.one_way && !self.kind.is_line() {
            return Err((
                "one_way",
                format!("only a segment or a chain can be one-way, not a {kind} shape"),
            ));
        }
        if !self.kind.is_line() {
            return Ok(());
        }
        if self.density != DEFAULT_DENSITY {
            return Err((
                "density",
                format!("not used by a {kind} shape (a line has no area, so no mass)"),
            ));
        }
        if self.kind == ShapeKind::Chain && self.sensor {
            return Err(("sensor", "a chain cannot be a sensor".to_string()));
        }
        if self.materials.is_some() {
            let own = MaterialJson::default();
            let set = [
                ("friction", self.friction != own.friction),
                ("restitution", self.restitution != own.restitution),
                ("tangent_speed", self.tangent_speed != own.tangent_speed),
                (
                    "rolling_resistance",
                    self.rolling_resistance != own.rolling_resistance,
                ),
                ("user_data", self.user_data != own.user_data),
            ];
            if let Some(&(field, _)) = set.iter().find(|(_, is_set)| *is_set) {
                return Err((
                    field,
                    "not used by a chain with `materials` (give it in each material)".to_string(),
                ));
            }
        }
        Ok(())
    }
}

fn required<T>(kind: ShapeKind, field: &'static str, value: Option<T>) -> Result<T, FieldError> {
    value.ok_or_else(|| (field, format!("required for a {} shape", kind.as_str())))
}
