//! SceneDef to rapier2d world.
//!
//! Substeps: rapier's `num_solver_iterations` is its substep count. Its staged solver
//! divides the step by it, and each substep runs one biased PGS pass
//! (`num_internal_pgs_iterations` = 1), integrates positions, then one unbiased
//! stabilization pass (`num_internal_stabilization_iterations` = 1): Box2D v3's
//! solve / integrate / relax substep. So the scene's 4 substeps are
//! `num_solver_iterations = 4`, which is also rapier's default.
//!
//! Contacts take the scene's stiffness (rapier's default, like Box2D's, is 30 Hz with
//! damping ratio 10, and twice the hertz against fixed bodies) and push-out speed;
//! joints the scene's joint stiffness. rapier has no restitution threshold.
//!
//! Joints are rapier's generic joint with one frame per body, lined up at creation so
//! joint angles and translations start at 0 as lockstep2d's do. rapier has one motor
//! per axis, so a spring and a motor on the same axis become one motor whose force
//! limit caps the spring too. Not converted: the motor joint and weld springs.
//!
//! Segments are rapier's segments; chains its polylines, one-sided on the same side as
//! lockstep2d's links, with one material for the whole chain. Not converted: tangent
//! speed, rolling resistance and one-way shapes (rapier has none of them but through a
//! contact-modifying hook the game writes), and a chain whose links differ in material.

use lockstep2d::{BodyType, Filter, Motor, Spring, SurfaceMaterial};
use lockstep2d_scenes::{BodyJson, JointJson, JointType, SceneDef, ShapeJson};
use rapier2d::parry::query::ShapeCastOptions;
use rapier2d::parry::shape::PolylineFlags;
use rapier2d::prelude::*;

use crate::engine::{BenchWorld, BodyEnd, QueryBox, QueryRay};
use crate::frames::{
    DEFAULT_WHEEL_SPRING, distance_length, local_frame_angle, local_point, stiffness_damping,
};
use crate::settings::Settings;

/// The damping (1/s, per unit mass) of a velocity motor. rapier's motor is a damper
/// towards the target speed; this stiff, it holds the speed until the force limit, as
/// Box2D's and lockstep2d's rigid motors do.
const MOTOR_DAMPING: f32 = 1.0e4;

/// A scene built in rapier2d.
pub struct RapierWorld {
    world: PhysicsWorld,
    bodies: Vec<RigidBodyHandle>,
}

impl RapierWorld {
    /// Builds `def` in rapier2d with `settings`, or says what of it rapier2d cannot
    /// build.
    pub fn new(def: &SceneDef, settings: &Settings) -> Result<RapierWorld, String> {
        let mut world = PhysicsWorld::new();
        world.gravity = vector(settings.gravity);
        world.integration_parameters = integration_parameters(settings);
        let mut out = RapierWorld {
            world,
            bodies: Vec::with_capacity(def.bodies.len()),
        };
        for body in &def.bodies {
            let handle = out.add_body(body, settings)?;
            out.bodies.push(handle);
        }
        for joint in &def.joints {
            out.add_joint(def, joint, settings)?;
        }
        Ok(out)
    }

    /// rapier's world itself, for what the harness does not drive (its character
    /// controller in `character_move.rs`).
    pub fn physics_mut(&mut self) -> &mut PhysicsWorld {
        &mut self.world
    }

    fn add_body(
        &mut self,
        body: &BodyJson,
        settings: &Settings,
    ) -> Result<RigidBodyHandle, String> {
        let kind = match body.body_type {
            BodyType::Static => RigidBodyType::Fixed,
            BodyType::Kinematic => RigidBodyType::KinematicVelocityBased,
            BodyType::Dynamic => RigidBodyType::Dynamic,
        };
        let rigid_body = RigidBodyBuilder::new(kind)
            .translation(vector(body.position))
            .rotation(body.angle)
            .linvel(vector(body.linear_velocity))
            .angvel(body.angular_velocity)
            .linear_damping(body.linear_damping)
            .angular_damping(body.angular_damping)
            .gravity_scale(body.gravity_scale)
            .can_sleep(settings.sleep)
            .build();
        let handle = self.world.bodies.insert(rigid_body);
        for shape in &body.shapes {
            let collider = collider(shape)?;
            self.world
                .colliders
                .insert_with_parent(collider, handle, &mut self.world.bodies);
        }
        Ok(handle)
    }

    fn add_joint(
        &mut self,
        def: &SceneDef,
        joint: &JointJson,
        settings: &Settings,
    ) -> Result<(), String> {
        let body = |i: usize| {
            def.bodies
                .get(i)
                .zip(self.bodies.get(i))
                .ok_or(format!("joint on body {i}, which the scene does not have"))
        };
        let (a, handle_a) = body(joint.body_a)?;
        let (b, handle_b) = body(joint.body_b)?;
        let axis = joint.axis.unwrap_or([1.0, 0.0]);
        let frame = |body: &BodyJson, point: [f32; 2]| {
            Pose::new(
                vector(local_point(body, point)),
                local_frame_angle(body, axis),
            )
        };
        let base = GenericJointBuilder::new(JointAxesMask::empty())
            .local_frame1(frame(a, joint.anchor))
            .local_frame2(frame(b, joint.anchor_b.unwrap_or(joint.anchor)))
            .contacts_enabled(joint.collide_connected)
            .softness(SpringCoefficients::new(
                settings.solver.joint_hertz,
                settings.solver.joint_damping_ratio,
            ));
        let data = match joint.joint_type {
            JointType::Revolute => revolute(base, joint),
            JointType::Prismatic => prismatic(base, joint),
            JointType::Wheel => wheel(base, joint),
            JointType::Distance => distance(base, joint),
            JointType::Weld => weld(base, joint)?,
            JointType::Motor => return Err(unconverted(joint, "motor joint (rapier has none)")),
        };
        let (handle_a, handle_b) = (*handle_a, *handle_b);
        self.world
            .impulse_joints
            .insert(handle_a, handle_b, data.build(), true);
        Ok(())
    }
}

fn integration_parameters(settings: &Settings) -> IntegrationParameters {
    let solver = &settings.solver;
    IntegrationParameters {
        dt: settings.dt,
        num_solver_iterations: settings.substeps as usize,
        contact_softness: SpringCoefficients::new(
            solver.contact_hertz,
            solver.contact_damping_ratio,
        ),
        static_contact_softness: SpringCoefficients::new(
            2.0 * solver.contact_hertz,
            solver.contact_damping_ratio,
        ),
        normalized_max_corrective_velocity: solver.max_push_speed,
        ..IntegrationParameters::default()
    }
}

/// Friction mixes as the geometric mean and restitution as the max, as lockstep2d's
/// and Box2D's do (rapier's default is the average for both).
fn collider(shape: &ShapeJson) -> Result<Collider, String> {
    unsupported_surface(shape)?;
    let material = match shape.link_materials() {
        Some(materials) => one_material(materials)?,
        None => *shape.material(),
    };
    let builder = match shape {
        ShapeJson::Box {
            half_width,
            half_height,
            center,
            angle,
            ..
        } => ColliderBuilder::cuboid(*half_width, *half_height)
            .position(Pose::new(vector(*center), *angle)),
        ShapeJson::Circle { center, radius, .. } => {
            ColliderBuilder::ball(*radius).translation(vector(*center))
        }
        ShapeJson::Polygon { vertices, .. } => {
            let points: Vec<Vector> = vertices.iter().map(|&v| vector(v)).collect();
            ColliderBuilder::convex_hull(&points).ok_or("a polygon whose hull rapier rejects")?
        }
        ShapeJson::Capsule {
            center1,
            center2,
            radius,
            ..
        } => ColliderBuilder::capsule_from_endpoints(vector(*center1), vector(*center2), *radius),
        ShapeJson::Segment { point1, point2, .. } => {
            ColliderBuilder::segment(vector(*point1), vector(*point2))
        }
        ShapeJson::Chain {
            points,
            is_loop,
            solid,
            ..
        } => {
            crate::geometry::chain_faces_right(points, *is_loop, *solid)?;
            polyline(points, *is_loop)
        }
        ShapeJson::Outline { points, holes, .. } => compound(points, holes)?,
        // parry's heightfield spans x from -scale.x / 2 to scale.x / 2 about its
        // collider's origin, heights times scale.y.
        ShapeJson::Heightfield {
            heights,
            spacing,
            origin,
            ..
        } => {
            if heights.len() < 2 {
                return Err("a heightfield of fewer than two heights".to_string());
            }
            let width = spacing * (heights.len() - 1) as f32;
            ColliderBuilder::heightfield(heights.clone(), Vector::new(width, 1.0))
                .translation(vector([origin[0] + 0.5 * width, origin[1]]))
        }
        other => {
            return Err(format!(
                "a shape of type {} (not converted)",
                other.type_name()
            ));
        }
    };
    Ok(builder
        .collision_groups(interaction_groups(&shape.filter())?)
        .density(shape.density())
        .friction(material.friction)
        .restitution(material.restitution)
        .friction_combine_rule(CoefficientCombineRule::GeometricMean)
        .restitution_combine_rule(CoefficientCombineRule::Max)
        .build())
}

/// An outline as one rapier collider of lockstep2d's own convex pieces.
fn compound(points: &[[f32; 2]], holes: &[Vec<[f32; 2]>]) -> Result<ColliderBuilder, String> {
    let pieces = crate::geometry::outline_pieces(points, holes)?
        .iter()
        .map(|piece| {
            let vertices: Vec<Vector> = piece.iter().map(|&p| vector(p)).collect();
            SharedShape::convex_hull(&vertices)
                .map(|shape| (Pose::IDENTITY, shape))
                .ok_or_else(|| "a piece whose hull rapier rejects".to_string())
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(ColliderBuilder::compound(pieces))
}

/// A chain as rapier's polyline, one-sided (`PolylineFlags::ORIENTED`) on the right of
/// each link as lockstep2d's chain is; a loop joins its last point to its first.
fn polyline(points: &[[f32; 2]], is_loop: bool) -> ColliderBuilder {
    let vertices: Vec<Vector> = points.iter().map(|&p| vector(p)).collect();
    let n = vertices.len() as u32;
    let links = if is_loop { n } else { n.saturating_sub(1) };
    let indices = (0..links).map(|i| [i, (i + 1) % n]).collect();
    ColliderBuilder::polyline_with_flags(vertices, Some(indices), PolylineFlags::ORIENTED)
}

/// rapier has one material per collider, so a chain converts only if all its links'
/// materials are one.
fn one_material(materials: &[SurfaceMaterial]) -> Result<SurfaceMaterial, String> {
    match materials {
        [first, rest @ ..] if rest.iter().all(|m| m == first) => Ok(*first),
        _ => Err("a chain with a material per link (rapier has one per collider)".into()),
    }
}

/// Surface settings rapier has no counterpart for: a scene using one is skipped for
/// rapier rather than run without it.
fn unsupported_surface(shape: &ShapeJson) -> Result<(), String> {
    let own = std::iter::once(shape.material());
    let mut materials = own.chain(shape.link_materials().into_iter().flatten());
    let tangent = materials.clone().any(|m| m.tangent_speed != 0.0);
    let rolling = materials.any(|m| m.rolling_resistance != 0.0);
    if tangent {
        return Err("a shape with a tangent speed (rapier has no conveyor surfaces)".into());
    }
    if rolling {
        return Err("a shape with rolling resistance, which rapier does not have".into());
    }
    if shape.is_one_way() {
        return Err("a one-way shape (rapier's are a contact-modifying hook)".into());
    }
    Ok(())
}

/// A filter as rapier's groups: the same test on category and mask, but rapier has 32
/// categories and no group index.
fn interaction_groups(filter: &Filter) -> Result<InteractionGroups, String> {
    let high_mask = filter.mask_bits >> 32;
    if filter.category_bits >> 32 != 0 || !(high_mask == 0 || high_mask == u64::from(u32::MAX)) {
        return Err("a filter on categories above 32, which rapier does not have".into());
    }
    if filter.group_index != 0 {
        return Err("a filter group index, which rapier does not have".into());
    }
    Ok(InteractionGroups::new(
        Group::from_bits_retain(filter.category_bits as u32),
        Group::from_bits_retain(filter.mask_bits as u32),
        InteractionTestMode::And,
    ))
}

fn revolute(base: GenericJointBuilder, joint: &JointJson) -> GenericJointBuilder {
    let j = base.locked_axes(JointAxesMask::LOCKED_REVOLUTE_AXES);
    free_axis(j, JointAxis::AngX, joint.limit, joint.motor, joint.spring)
}

fn prismatic(base: GenericJointBuilder, joint: &JointJson) -> GenericJointBuilder {
    let j = base.locked_axes(JointAxesMask::LOCKED_PRISMATIC_AXES);
    free_axis(j, JointAxis::LinX, joint.limit, joint.motor, joint.spring)
}

/// Free to turn and to slide along the axis (frame x) on a spring; the motor turns it.
fn wheel(base: GenericJointBuilder, joint: &JointJson) -> GenericJointBuilder {
    let spring = joint.spring.or(Some(DEFAULT_WHEEL_SPRING));
    let j = free_axis(
        base.locked_axes(JointAxesMask::LIN_Y),
        JointAxis::LinX,
        joint.limit,
        None,
        spring,
    );
    free_axis(j, JointAxis::AngX, None, joint.motor, None)
}

/// rapier's rope: the anchors' distance is the frames' coupled x axis. No spring is a
/// rigid rod (limits at the length); a spring pulls towards the length.
fn distance(base: GenericJointBuilder, joint: &JointJson) -> GenericJointBuilder {
    let length = distance_length(joint);
    let mut j = base.coupled_axes(JointAxesMask::LIN_AXES);
    match joint.spring {
        None => j = j.limits(JointAxis::LinX, [length, length]),
        Some(spring) => {
            let (k, c) = stiffness_damping(spring);
            j = j.motor_position(JointAxis::LinX, length, k, c);
        }
    }
    if let Some(limit) = joint.limit {
        j = j.limits(JointAxis::LinX, limit);
    }
    j
}

fn weld(base: GenericJointBuilder, joint: &JointJson) -> Result<GenericJointBuilder, String> {
    if joint.spring.is_some() || joint.angular_spring.is_some() {
        return Err(unconverted(joint, "weld joint with springs"));
    }
    Ok(base.locked_axes(JointAxesMask::LOCKED_FIXED_AXES))
}

/// Limit, motor and spring on one free axis of a joint.
fn free_axis(
    mut j: GenericJointBuilder,
    axis: JointAxis,
    limit: Option<[f32; 2]>,
    motor: Option<Motor>,
    spring: Option<Spring>,
) -> GenericJointBuilder {
    if let Some(limit) = limit {
        j = j.limits(axis, limit);
    }
    let (k, c) = spring.map(stiffness_damping).unwrap_or((0.0, 0.0));
    match motor {
        Some(m) => j
            .set_motor(axis, 0.0, m.speed, k, c + MOTOR_DAMPING)
            .motor_max_force(axis, m.max_force),
        None if spring.is_some() => j.motor_position(axis, 0.0, k, c),
        None => j,
    }
}

fn unconverted(joint: &JointJson, what: &str) -> String {
    format!("{what} {}–{} not converted", joint.body_a, joint.body_b)
}

impl BenchWorld for RapierWorld {
    /// The query pipeline over the broad phase's BVH; solid shapes, so a ray from inside
    /// hits at 0 as lockstep2d's does.
    fn cast_rays(&self, rays: &[QueryRay]) -> usize {
        let pipeline = self.world.query_pipeline();
        rays.iter()
            .filter(|r| {
                let ray = Ray::new(vector(r.origin), vector(r.translation));
                pipeline.cast_ray_and_get_normal(&ray, 1.0, true).is_some()
            })
            .count()
    }

    /// rapier's shape cast with a ball, its options the defaults but for the reach:
    /// `stop_at_penetration` holds, so a ball that starts touching a shape hits it at 0.
    fn cast_circles(&self, casts: &[QueryRay], radius: f32) -> usize {
        let pipeline = self.world.query_pipeline();
        let ball = Ball::new(radius);
        let options = ShapeCastOptions::with_max_time_of_impact(1.0);
        casts
            .iter()
            .filter(|c| {
                let start = Pose::new(vector(c.origin), 0.0);
                let translation = vector(c.translation);
                pipeline
                    .cast_shape(&start, translation, &ball, options)
                    .is_some()
            })
            .count()
    }

    /// rapier's AABB query tests the BVH's boxes only (`intersect_aabb_conservative`).
    fn overlap_boxes(&self, boxes: &[QueryBox]) -> usize {
        let pipeline = self.world.query_pipeline();
        boxes
            .iter()
            .map(|b| {
                let aabb = Aabb::new(vector(b.min), vector(b.max));
                let found: Vec<ColliderHandle> = pipeline
                    .intersect_aabb_conservative(aabb)
                    .map(|(handle, _)| handle)
                    .collect();
                found.len()
            })
            .sum()
    }

    /// rapier's exact shape query: a cuboid over the box, each candidate tested with
    /// `intersection_test`.
    fn overlap_boxes_exact(&self, boxes: &[QueryBox]) -> usize {
        let pipeline = self.world.query_pipeline();
        boxes
            .iter()
            .map(|b| {
                let center = [0.5 * (b.min[0] + b.max[0]), 0.5 * (b.min[1] + b.max[1])];
                let half = [0.5 * (b.max[0] - b.min[0]), 0.5 * (b.max[1] - b.min[1])];
                let cuboid = Cuboid::new(vector(half));
                let found: Vec<ColliderHandle> = pipeline
                    .intersect_shape(Pose::new(vector(center), 0.0), &cuboid)
                    .map(|(handle, _)| handle)
                    .collect();
                found.len()
            })
            .sum()
    }

    fn step(&mut self) -> Result<(), String> {
        self.world.step();
        Ok(())
    }

    /// rapier's snapshot as its own examples take one: bincode of the serializable
    /// `PhysicsWorld` (bodies, colliders, joints, islands, broad and narrow phase).
    fn snapshot_bytes(&self) -> Option<Vec<u8>> {
        bincode::serialize(&self.world).ok()
    }

    fn bodies(&self) -> Vec<BodyEnd> {
        self.bodies
            .iter()
            .map(|&h| {
                let body = &self.world.bodies[h];
                BodyEnd {
                    position: body.translation().to_array(),
                    angle: body.rotation().angle(),
                    velocity: body.linvel().to_array(),
                    spin: body.angvel(),
                }
            })
            .collect()
    }
}

fn vector([x, y]: [f32; 2]) -> Vector {
    Vector::new(x, y)
}
