//! Building a world from a scene definition.
//!
//! The engine checks every value and names the offending input in `Error::field()`;
//! this file only knows where in the scene that input came from, and turns the field
//! into a path (`density` on shape 0 of body 3 is `bodies[3].shapes[0].density`).

use lockstep2d::{
    BodyId, Capsule, ChainDef, CharacterDef, Circle, DistanceJointDef, Geometry, HeightfieldDef,
    JointDef, JointId, Limit, MotorJointDef, Outline, Polygon, PrismaticJointDef, RevoluteJointDef,
    Segment, ShapeDef, SleepSettings, SurfaceMaterial, Vec2, WeldJointDef, WheelJointDef, World,
    WorldDef,
};

use crate::def::{BodyJson, CharacterJson, JointJson, JointType, SceneDef, ShapeJson};
use crate::error::SceneError;

/// A built scene: the world, and the ids of its bodies, joints and characters in
/// definition order, so `bodies[i]` is the body that `bodies[i]` of the definition made.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The scene's name.
    pub name: String,
    /// The world, before its first step.
    pub world: World,
    /// The bodies, in the definition's order.
    pub bodies: Vec<BodyId>,
    /// The joints, in the definition's order.
    pub joints: Vec<JointId>,
    /// The characters' bodies (`World::character` reads what each last did).
    pub characters: Vec<BodyId>,
    /// Steps per second: step the world by [`Scene::dt`].
    pub hz: u32,
    /// How many steps a run of the scene takes unless told otherwise.
    pub steps: u32,
}

impl SceneDef {
    /// Creates the world. Fails on the first input the engine rejects, naming its path.
    pub fn build(&self) -> Result<Scene, SceneError> {
        check_hz(self.hz)?;
        let mut world = World::new(&WorldDef {
            gravity: vec2(self.gravity),
            solver: self.solver,
            sleep: SleepSettings {
                enabled: self.sleep,
                ..SleepSettings::default()
            },
            ..WorldDef::default()
        })
        .map_err(|e| {
            // Everything World::new checks is gravity or a solver setting.
            let prefix = if e.field() == Some("gravity") {
                ""
            } else {
                "solver"
            };
            engine_error(prefix, &e)
        })?;
        let bodies = self
            .bodies
            .iter()
            .enumerate()
            .map(|(i, body)| add_body(&mut world, i, body))
            .collect::<Result<Vec<_>, _>>()?;
        let joints = self
            .joints
            .iter()
            .enumerate()
            .map(|(k, joint)| add_joint(&mut world, &bodies, k, joint))
            .collect::<Result<Vec<_>, _>>()?;
        let characters = self
            .characters
            .iter()
            .enumerate()
            .map(|(i, character)| add_character(&mut world, i, character))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scene {
            name: self.name.clone(),
            world,
            bodies,
            joints,
            characters,
            hz: self.hz,
            steps: self.steps,
        })
    }
}

impl Scene {
    /// The length of one step (s): 1 / `hz`.
    pub fn dt(&self) -> f32 {
        1.0 / self.hz as f32
    }
}

/// A rate the fixed-step driver runs at (`lockstep2d::FixedClock`).
fn check_hz(hz: u32) -> Result<(), SceneError> {
    if (1..=lockstep2d::MAX_HZ).contains(&hz) {
        return Ok(());
    }
    Err(SceneError::new(
        "hz",
        format!(
            "must be a whole number of steps per second in 1..={}",
            lockstep2d::MAX_HZ
        ),
    ))
}

fn add_body(world: &mut World, i: usize, body: &BodyJson) -> Result<BodyId, SceneError> {
    let id = world
        .create_body(&body.engine_def())
        .map_err(|e| engine_error(&format!("bodies[{i}]"), &e))?;
    for (j, shape) in body.shapes.iter().enumerate() {
        let prefix = format!("bodies[{i}].shapes[{j}]");
        let def = engine_shape(shape).map_err(|e| e.under(&prefix))?;
        match def {
            EngineShape::Shape(def) => world
                .create_shape(id, &def)
                .map(|_| ())
                .map_err(|e| engine_error(&prefix, &e))?,
            EngineShape::Chain(def) => world
                .create_chain(id, &def)
                .map(|_| ())
                .map_err(|e| chain_error(&prefix, shape, &e))?,
            EngineShape::Outline(outline, like) => world
                .create_outline(id, &outline, &like)
                .map(|_| ())
                .map_err(|e| engine_error(&prefix, &e))?,
        }
    }
    Ok(id)
}

fn add_character(
    world: &mut World,
    i: usize,
    character: &CharacterJson,
) -> Result<BodyId, SceneError> {
    let path = format!("characters[{i}].shape");
    let shape = match engine_shape(&character.shape).map_err(|e| e.under(&path))? {
        EngineShape::Shape(shape) => shape,
        EngineShape::Chain(_) | EngineShape::Outline(..) => {
            return Err(SceneError::new(
                format!("{path}.type"),
                "a character is a circle, a capsule, a box or a polygon",
            ));
        }
    };
    let def = CharacterDef {
        position: vec2(character.position),
        shape,
        settings: character.settings,
        user_data: character.user_data,
    };
    world
        .create_character(&def)
        .map_err(|e| character_error(i, &e))
}

/// The fields of `lockstep2d::CharacterSettings`, as the engine names them in errors.
const CHARACTER_SETTINGS: [&str; 7] = [
    "skin",
    "max_climb_slope",
    "min_slide_slope",
    "step_height",
    "snap_distance",
    "push_force",
    "gravity_scale",
];

/// A character's error at its path: a setting in `settings`, its position on the
/// character, anything else in its shape.
fn character_error(i: usize, e: &lockstep2d::Error) -> SceneError {
    let prefix = match e.field() {
        Some(field) if CHARACTER_SETTINGS.contains(&field) => format!("characters[{i}].settings"),
        Some("position") | None => format!("characters[{i}]"),
        Some("shape.geometry") => {
            return SceneError::new(format!("characters[{i}].shape.type"), e.reason());
        }
        Some("shape") => return SceneError::new(format!("characters[{i}].shape"), e.reason()),
        Some(_) => format!("characters[{i}].shape"),
    };
    engine_error(&prefix, e)
}

/// The engine's chain definition for a chain shape: the shape's own material on every
/// link unless the chain gives `materials`, in which case the shape must give no
/// material of its own.
fn chain_def(shape: &ShapeJson) -> Result<ChainDef, SceneError> {
    let ShapeJson::Chain {
        points,
        solid,
        is_loop,
        one_way,
        materials,
        filter,
        material,
    } = shape
    else {
        return Err(SceneError::new("type", "not a chain"));
    };
    let materials = match materials {
        None => vec![*material],
        Some(materials) if *material == SurfaceMaterial::default() => materials.clone(),
        Some(_) => {
            return Err(SceneError::new(
                "materials",
                "a chain with `materials` gives each link's material there, and none of its own",
            ));
        }
    };
    Ok(ChainDef {
        points: points.iter().map(|&p| vec2(p)).collect(),
        is_loop: *is_loop,
        solid: *solid,
        materials,
        filter: *filter,
        one_way: *one_way,
        ghosts: None,
    })
}

/// A chain's error at its path. The engine checks each link's material as it makes the
/// link; when the chain gives `materials`, a material value it refuses is named in the
/// material it came from (`materials[2].friction`).
fn chain_error(prefix: &str, shape: &ShapeJson, e: &lockstep2d::Error) -> SceneError {
    let refused = |m: &SurfaceMaterial| m.check().is_err();
    match shape
        .link_materials()
        .and_then(|m| m.iter().position(refused))
    {
        Some(k) => engine_error(&format!("{prefix}.materials[{k}]"), e),
        None => engine_error(prefix, e),
    }
}

/// What a scene shape becomes in the engine: one shape, a chain of link shapes, or an
/// outline's pieces, each made like the shape given.
enum EngineShape {
    Shape(ShapeDef),
    Chain(ChainDef),
    Outline(Outline, ShapeDef),
}

/// The engine's shape or chain definition; an error's path is within the shape.
fn engine_shape(shape: &ShapeJson) -> Result<EngineShape, SceneError> {
    // Polygon constructors report `polygon`; in a scene file those are the vertices.
    let polygon_error = |e: lockstep2d::Error| {
        let field = match e.field() {
            Some("polygon") | None => "vertices",
            Some(field) => field,
        };
        SceneError::new(field, e.reason())
    };
    let geometry = match shape {
        ShapeJson::Box {
            half_width,
            half_height,
            center,
            angle,
            ..
        } => Geometry::Polygon(
            Polygon::new_offset_box(*half_width, *half_height, vec2(*center), *angle)
                .map_err(polygon_error)?,
        ),
        ShapeJson::Circle { center, radius, .. } => Geometry::Circle(Circle {
            center: vec2(*center),
            radius: *radius,
        }),
        ShapeJson::Polygon { vertices, .. } => {
            let points: Vec<Vec2> = vertices.iter().map(|&v| vec2(v)).collect();
            Geometry::Polygon(Polygon::new(&points).map_err(polygon_error)?)
        }
        ShapeJson::Capsule {
            center1,
            center2,
            radius,
            ..
        } => Geometry::Capsule(Capsule {
            center1: vec2(*center1),
            center2: vec2(*center2),
            radius: *radius,
        }),
        ShapeJson::Segment { point1, point2, .. } => Geometry::Segment(Segment {
            point1: vec2(*point1),
            point2: vec2(*point2),
        }),
        ShapeJson::Chain { .. } => return Ok(EngineShape::Chain(chain_def(shape)?)),
        ShapeJson::Heightfield {
            heights,
            spacing,
            origin,
            filter,
            material,
        } => {
            let def = HeightfieldDef {
                heights: heights.clone(),
                spacing: *spacing,
                origin: vec2(*origin),
                materials: vec![*material],
                filter: *filter,
            };
            let chain = def
                .chain()
                .map_err(|e| SceneError::new(e.field().unwrap_or("heights"), e.reason()))?;
            return Ok(EngineShape::Chain(chain));
        }
        ShapeJson::Outline { points, holes, .. } => {
            let outer: Vec<Vec2> = points.iter().map(|&p| vec2(p)).collect();
            let inner: Vec<Vec<Vec2>> = holes
                .iter()
                .map(|hole| hole.iter().map(|&p| vec2(p)).collect())
                .collect();
            let outline = Outline::with_holes(&outer, &inner)
                .map_err(|e| outline_error(e, points.len(), holes))?;
            let like = Geometry::Polygon(*outline.pieces().first().expect("an outline has pieces"));
            return Ok(EngineShape::Outline(outline, shape_def(shape, like)));
        }
    };
    Ok(EngineShape::Shape(shape_def(shape, geometry)))
}

/// The engine's shape of `geometry` with `shape`'s density, flags, filter and material.
fn shape_def(shape: &ShapeJson, geometry: Geometry) -> ShapeDef {
    ShapeDef {
        geometry,
        density: shape.density(),
        one_way: shape.is_one_way(),
        filter: shape.filter(),
        is_sensor: shape.is_sensor(),
        ..ShapeDef::new(geometry).with_material(*shape.material())
    }
}

/// An outline's error: at the point it names (`points[3]`, `holes[0][2]`), else at
/// `points`. The engine counts an outline's `points` (`outer` of them) first, then
/// each hole's in turn.
fn outline_error(e: lockstep2d::Error, outer: usize, holes: &[Vec<[f32; 2]>]) -> SceneError {
    match e {
        lockstep2d::Error::Outline {
            index: Some(i),
            reason,
        } => SceneError::new(outline_point_path(i, outer, holes), reason),
        other => SceneError::new("points", other.reason()),
    }
}

/// The path of the outline's point with index `i` counted across its loops.
fn outline_point_path(i: usize, outer: usize, holes: &[Vec<[f32; 2]>]) -> String {
    if i < outer {
        return format!("points[{i}]");
    }
    let mut k = i - outer;
    for (h, hole) in holes.iter().enumerate() {
        if k < hole.len() {
            return format!("holes[{h}][{k}]");
        }
        k -= hole.len();
    }
    "holes".to_string()
}

fn add_joint(
    world: &mut World,
    bodies: &[BodyId],
    k: usize,
    joint: &JointJson,
) -> Result<JointId, SceneError> {
    let path = format!("joints[{k}]");
    let body = |field: &str, index: usize| {
        bodies.get(index).copied().ok_or_else(|| {
            SceneError::new(
                format!("{path}.{field}"),
                format!(
                    "no body with index {index} (the scene has {} bodies)",
                    bodies.len()
                ),
            )
        })
    };
    if let Some(field) = joint.unused_field() {
        let kind = format!("{:?}", joint.joint_type).to_lowercase();
        return Err(SceneError::new(
            format!("{path}.{field}"),
            format!("not used by a {kind} joint"),
        ));
    }
    let def = JointDef {
        body_a: body("body_a", joint.body_a)?,
        body_b: body("body_b", joint.body_b)?,
        collide_connected: joint.collide_connected,
        kind: joint_kind(joint),
        force_threshold: joint.force_threshold.unwrap_or(f32::MAX),
        torque_threshold: joint.torque_threshold.unwrap_or(f32::MAX),
        remove_over_threshold: joint.breaks,
        user_data: joint.user_data,
    };
    world
        .create_joint(&def)
        .map_err(|e| engine_error(&path, &e))
}

/// The engine's joint definition for a scene joint whose fields fit its type.
fn joint_kind(joint: &JointJson) -> lockstep2d::JointKind {
    use lockstep2d::JointKind as Kind;
    let anchor = vec2(joint.anchor);
    let axis = vec2(joint.axis.unwrap_or([1.0, 0.0]));
    let limit = joint.limit.map(|[lower, upper]| Limit { lower, upper });
    let motor = joint.motor;
    match joint.joint_type {
        JointType::Revolute => Kind::Revolute(RevoluteJointDef {
            softness: joint.softness,
            bias_factor: joint.bias_factor,
            limit,
            motor,
            spring: joint.spring,
            ..RevoluteJointDef::at(anchor)
        }),
        JointType::Prismatic => Kind::Prismatic(PrismaticJointDef {
            limit,
            motor,
            spring: joint.spring,
            ..PrismaticJointDef::new(anchor, axis)
        }),
        JointType::Wheel => Kind::Wheel(WheelJointDef {
            limit,
            motor,
            spring: joint.spring.or(WheelJointDef::new(anchor, axis).spring),
            ..WheelJointDef::new(anchor, axis)
        }),
        JointType::Distance => {
            let rod = DistanceJointDef::rod(anchor, vec2(joint.anchor_b.unwrap_or(joint.anchor)));
            Kind::Distance(DistanceJointDef {
                length: joint.length.unwrap_or(rod.length),
                spring: joint.spring,
                limit,
                ..rod
            })
        }
        JointType::Weld => Kind::Weld(WeldJointDef {
            linear_spring: joint.spring,
            angular_spring: joint.angular_spring,
            ..WeldJointDef::new(anchor)
        }),
        JointType::Motor => Kind::Motor(MotorJointDef::new(
            vec2(joint.linear_offset.unwrap_or([0.0, 0.0])),
            joint.angular_offset.unwrap_or(0.0),
            joint.max_force.unwrap_or(0.0),
            joint.max_torque.unwrap_or(0.0),
        )),
    }
}

/// An engine error at `prefix.<field>`, or at `prefix` when it names no field.
fn engine_error(prefix: &str, e: &lockstep2d::Error) -> SceneError {
    match e.field() {
        Some(field) if prefix.is_empty() => SceneError::new(field, e.reason()),
        Some(field) => SceneError::new(format!("{prefix}.{field}"), e.reason()),
        None => SceneError::new(prefix, e.to_string()),
    }
}

fn vec2([x, y]: [f32; 2]) -> Vec2 {
    Vec2::new(x, y)
}
