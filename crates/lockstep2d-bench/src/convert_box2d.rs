//! SceneDef to Box2D v3 world, through `boxdd-sys`'s raw FFI.
//!
//! Settings come from the scene: gravity, contact hertz and damping ratio, push-out
//! speed (`contactSpeed`), joint stiffness (`constraintHertz`), restitution threshold;
//! substeps per step. Every joint kind but the motor joint converts (Box2D's motor joint
//! is now spring-driven and has no offset target to match lockstep2d's). Shapes take
//! their whole material (tangent speed and rolling resistance too); segments and chains
//! convert, chains padded so that Box2D collides on every link as lockstep2d does (see
//! `ChainPoints`), but not one-way shapes: Box2D's one-way platforms are a pre-solve
//! callback, not a shape setting.

use boxdd_sys::ffi::*;
use lockstep2d::{BodyType, SurfaceMaterial};
use lockstep2d_scenes::{BodyJson, JointJson, JointType, SceneDef, ShapeJson};

use crate::engine::{BenchWorld, BodyEnd, QueryBox, QueryRay};
use crate::frames::{
    DEFAULT_WHEEL_SPRING, distance_length, local_frame_angle, local_point, rotation,
};
use crate::geometry::right_normal;
use crate::settings::Settings;

/// A scene built in Box2D v3, through its C API; the world is destroyed on drop.
pub struct Box2dWorld {
    world: b2WorldId,
    bodies: Vec<b2BodyId>,
    dt: f32,
    substeps: i32,
}

impl Box2dWorld {
    /// Builds `def` in Box2D with `settings`, or says what of it Box2D cannot build.
    pub fn new(def: &SceneDef, settings: &Settings) -> Result<Box2dWorld, String> {
        // SAFETY: plain FFI calls on a world this struct owns and destroys in Drop.
        let world = unsafe { b2CreateWorld(&world_def(settings)) };
        let mut out = Box2dWorld {
            world,
            bodies: Vec::with_capacity(def.bodies.len()),
            dt: settings.dt,
            substeps: settings.substeps as i32,
        };
        for body in &def.bodies {
            let id = out.add_body(body, settings)?;
            out.bodies.push(id);
        }
        for joint in &def.joints {
            out.add_joint(def, joint, settings)?;
        }
        Ok(out)
    }

    /// How many contacts the world holds now (touching or not).
    pub fn contact_count(&self) -> usize {
        // SAFETY: a plain query on the world this struct owns.
        let counters = unsafe { b2World_GetCounters(self.world) };
        usize::try_from(counters.contactCount).unwrap_or(0)
    }

    /// How many bodies Box2D simulates now (awake).
    pub fn awake_body_count(&self) -> usize {
        // SAFETY: a plain query on the world this struct owns.
        usize::try_from(unsafe { b2World_GetAwakeBodyCount(self.world) }).unwrap_or(0)
    }

    /// Box2D's own timings of the last step, stage by stage (ms).
    pub fn profile(&self) -> b2Profile {
        // SAFETY: a plain query on the world this struct owns.
        unsafe { b2World_GetProfile(self.world) }
    }

    fn add_body(&mut self, body: &BodyJson, settings: &Settings) -> Result<b2BodyId, String> {
        // SAFETY: b2DefaultBodyDef only fills a struct.
        let mut bd = unsafe { b2DefaultBodyDef() };
        bd.type_ = match body.body_type {
            BodyType::Static => b2BodyType_b2_staticBody,
            BodyType::Kinematic => b2BodyType_b2_kinematicBody,
            BodyType::Dynamic => b2BodyType_b2_dynamicBody,
        };
        bd.position = vec2(body.position);
        bd.rotation = rot(body.angle);
        bd.linearVelocity = vec2(body.linear_velocity);
        bd.angularVelocity = body.angular_velocity;
        bd.linearDamping = body.linear_damping;
        bd.angularDamping = body.angular_damping;
        bd.gravityScale = body.gravity_scale;
        bd.enableSleep = settings.sleep;
        // SAFETY: the world is alive; `bd` outlives the call.
        let id = unsafe { b2CreateBody(self.world, &bd) };
        for shape in &body.shapes {
            add_shape(id, shape)?;
        }
        Ok(id)
    }

    fn add_joint(
        &mut self,
        def: &SceneDef,
        joint: &JointJson,
        settings: &Settings,
    ) -> Result<(), String> {
        let frames = JointFrames::new(def, joint, &self.bodies, settings)?;
        let world = self.world;
        // SAFETY: each b2Default*JointDef only fills a struct; each create call gets a
        // live world, live bodies and a def that outlives the call.
        unsafe {
            match joint.joint_type {
                JointType::Revolute => b2CreateRevoluteJoint(world, &revolute(&frames, joint)),
                JointType::Prismatic => b2CreatePrismaticJoint(world, &prismatic(&frames, joint)),
                JointType::Wheel => b2CreateWheelJoint(world, &wheel(&frames, joint)),
                JointType::Distance => b2CreateDistanceJoint(world, &distance(&frames, joint)),
                JointType::Weld => b2CreateWeldJoint(world, &weld(&frames, joint)),
                JointType::Motor => {
                    return Err(format!(
                        "motor joint {}–{} not converted (Box2D v3's motor joint is spring-driven, with no offset target)",
                        joint.body_a, joint.body_b
                    ));
                }
            };
        }
        Ok(())
    }
}

fn revolute(frames: &JointFrames, joint: &JointJson) -> b2RevoluteJointDef {
    // SAFETY: only fills a struct.
    let mut jd = unsafe { b2DefaultRevoluteJointDef() };
    frames.fill(&mut jd.base);
    if let Some([lower, upper]) = joint.limit {
        (jd.enableLimit, jd.lowerAngle, jd.upperAngle) = (true, lower, upper);
    }
    if let Some(m) = joint.motor {
        (jd.enableMotor, jd.motorSpeed, jd.maxMotorTorque) = (true, m.speed, m.max_force);
    }
    if let Some(s) = joint.spring {
        (jd.enableSpring, jd.hertz, jd.dampingRatio) = (true, s.hertz, s.damping_ratio);
    }
    jd
}

fn prismatic(frames: &JointFrames, joint: &JointJson) -> b2PrismaticJointDef {
    // SAFETY: only fills a struct.
    let mut jd = unsafe { b2DefaultPrismaticJointDef() };
    frames.fill(&mut jd.base);
    if let Some([lower, upper]) = joint.limit {
        (jd.enableLimit, jd.lowerTranslation, jd.upperTranslation) = (true, lower, upper);
    }
    if let Some(m) = joint.motor {
        (jd.enableMotor, jd.motorSpeed, jd.maxMotorForce) = (true, m.speed, m.max_force);
    }
    if let Some(s) = joint.spring {
        (jd.enableSpring, jd.hertz, jd.dampingRatio) = (true, s.hertz, s.damping_ratio);
    }
    jd
}

fn wheel(frames: &JointFrames, joint: &JointJson) -> b2WheelJointDef {
    // SAFETY: only fills a struct.
    let mut jd = unsafe { b2DefaultWheelJointDef() };
    frames.fill(&mut jd.base);
    let s = joint.spring.unwrap_or(DEFAULT_WHEEL_SPRING);
    (jd.enableSpring, jd.hertz, jd.dampingRatio) = (true, s.hertz, s.damping_ratio);
    if let Some([lower, upper]) = joint.limit {
        (jd.enableLimit, jd.lowerTranslation, jd.upperTranslation) = (true, lower, upper);
    }
    if let Some(m) = joint.motor {
        (jd.enableMotor, jd.motorSpeed, jd.maxMotorTorque) = (true, m.speed, m.max_force);
    }
    jd
}

fn distance(frames: &JointFrames, joint: &JointJson) -> b2DistanceJointDef {
    // SAFETY: only fills a struct.
    let mut jd = unsafe { b2DefaultDistanceJointDef() };
    frames.fill(&mut jd.base);
    jd.length = distance_length(joint);
    // As lockstep2d: no spring is a rigid rod; a 0 Hz spring does not pull at all.
    if let Some(s) = joint.spring {
        (jd.enableSpring, jd.hertz, jd.dampingRatio) = (true, s.hertz, s.damping_ratio);
    }
    if let Some([lower, upper]) = joint.limit {
        (jd.enableLimit, jd.minLength, jd.maxLength) = (true, lower, upper);
    }
    jd
}

fn weld(frames: &JointFrames, joint: &JointJson) -> b2WeldJointDef {
    // SAFETY: only fills a struct.
    let mut jd = unsafe { b2DefaultWeldJointDef() };
    frames.fill(&mut jd.base);
    // 0 Hz is Box2D's rigid weld, as no spring is lockstep2d's.
    if let Some(s) = joint.spring {
        (jd.linearHertz, jd.linearDampingRatio) = (s.hertz, s.damping_ratio);
    }
    if let Some(s) = joint.angular_spring {
        (jd.angularHertz, jd.angularDampingRatio) = (s.hertz, s.damping_ratio);
    }
    jd
}

fn world_def(settings: &Settings) -> b2WorldDef {
    // SAFETY: b2DefaultWorldDef only fills a struct.
    let mut wd = unsafe { b2DefaultWorldDef() };
    wd.gravity = vec2(settings.gravity);
    wd.contactHertz = settings.solver.contact_hertz;
    wd.contactDampingRatio = settings.solver.contact_damping_ratio;
    wd.contactSpeed = settings.solver.max_push_speed;
    wd.restitutionThreshold = settings.solver.restitution_threshold;
    wd.enableContinuous = settings.solver.continuous;
    wd.enableSleep = settings.sleep;
    // More than one worker and no task callbacks: Box2D runs its own scheduler threads.
    wd.workerCount = crate::engine::Engine::Box2d.threads_used(settings.threads) as i32;
    wd
}

fn add_shape(body: b2BodyId, shape: &ShapeJson) -> Result<(), String> {
    if shape.is_one_way() {
        // Box2D's one-way platforms are a pre-solve callback the game writes, not a
        // shape setting.
        return Err("a one-way shape (Box2D has no one-way flag)".to_string());
    }
    let scene_filter = shape.filter();
    let filter = b2Filter {
        categoryBits: scene_filter.category_bits,
        maskBits: scene_filter.mask_bits,
        groupIndex: scene_filter.group_index,
    };
    if let ShapeJson::Chain {
        points,
        is_loop,
        solid,
        ..
    } = shape
    {
        crate::geometry::chain_faces_right(points, *is_loop, *solid)?;
        return add_chain(body, shape, points, *is_loop, filter);
    }
    if let ShapeJson::Heightfield {
        heights,
        spacing,
        origin,
        ..
    } = shape
    {
        // Box2D's chains are solid on the right of their points: ground runs right to
        // left.
        let points: Vec<[f32; 2]> = (0..heights.len())
            .rev()
            .map(|i| [origin[0] + i as f32 * spacing, origin[1] + heights[i]])
            .collect();
        return add_chain(body, shape, &points, false, filter);
    }
    // SAFETY: b2DefaultShapeDef only fills a struct. Box2D mixes friction as the
    // geometric mean and restitution as the max, as lockstep2d does.
    let mut sd = unsafe { b2DefaultShapeDef() };
    sd.density = shape.density();
    sd.material = material(shape.material());
    sd.filter = filter;
    add_geometry(body, &sd, shape)
}

/// Creates the one Box2D shape of a scene shape that is not a chain.
fn add_geometry(body: b2BodyId, sd: &b2ShapeDef, shape: &ShapeJson) -> Result<(), String> {
    // SAFETY: the create calls get a live body and geometry that outlives the call.
    unsafe {
        match shape {
            ShapeJson::Box {
                half_width,
                half_height,
                center,
                angle,
                ..
            } => {
                let polygon =
                    b2MakeOffsetBox(*half_width, *half_height, vec2(*center), rot(*angle));
                b2CreatePolygonShape(body, sd, &polygon);
            }
            ShapeJson::Circle { center, radius, .. } => {
                let circle = b2Circle {
                    center: vec2(*center),
                    radius: *radius,
                };
                b2CreateCircleShape(body, sd, &circle);
            }
            ShapeJson::Polygon { vertices, .. } => add_polygon(body, sd, vertices)?,
            ShapeJson::Outline { points, holes, .. } => {
                for piece in crate::geometry::outline_pieces(points, holes)? {
                    add_polygon(body, sd, &piece)?;
                }
            }
            ShapeJson::Capsule {
                center1,
                center2,
                radius,
                ..
            } => {
                let capsule = b2Capsule {
                    center1: vec2(*center1),
                    center2: vec2(*center2),
                    radius: *radius,
                };
                b2CreateCapsuleShape(body, sd, &capsule);
            }
            ShapeJson::Segment { point1, point2, .. } => {
                let segment = b2Segment {
                    point1: vec2(*point1),
                    point2: vec2(*point2),
                };
                b2CreateSegmentShape(body, sd, &segment);
            }
            ShapeJson::Chain { .. } => return Err("a chain is not one shape".to_string()),
            other => {
                return Err(format!(
                    "a shape of type {} (not converted)",
                    other.type_name()
                ));
            }
        }
    }
    Ok(())
}

/// Creates the Box2D polygon of the hull of `vertices` on `body`.
fn add_polygon(body: b2BodyId, sd: &b2ShapeDef, vertices: &[[f32; 2]]) -> Result<(), String> {
    let points: Vec<b2Vec2> = vertices.iter().map(|&v| vec2(v)).collect();
    // SAFETY: the points outlive the call; the body is live.
    unsafe {
        let hull = b2ComputeHull(points.as_ptr(), points.len() as i32);
        if hull.count == 0 {
            return Err("a polygon whose hull Box2D rejects".to_string());
        }
        b2CreatePolygonShape(body, sd, &b2MakePolygon(&hull, 0.0));
    }
    Ok(())
}

fn add_chain(
    body: b2BodyId,
    shape: &ShapeJson,
    points: &[[f32; 2]],
    is_loop: bool,
    filter: b2Filter,
) -> Result<(), String> {
    let chain = ChainPoints::new(shape, points, is_loop)?;
    // SAFETY: b2DefaultChainDef only fills a struct; the points and materials it points
    // to outlive the create call, which gets a live body.
    unsafe {
        let mut cd = b2DefaultChainDef();
        cd.points = chain.points.as_ptr();
        cd.count = chain.points.len() as i32;
        cd.materials = chain.materials.as_ptr();
        cd.materialCount = chain.materials.len() as i32;
        cd.filter = filter;
        cd.isLoop = is_loop;
        b2CreateChain(body, &cd);
    }
    Ok(())
}

/// A scene chain as Box2D's chain definition takes it. Box2D's open chain does not
/// collide on its first and last links: they only lend their far points as ghosts. Ours
/// collides on every link, with square ledges at its ends, so the points go to Box2D
/// with one more at each end, a metre behind the end point (the end minus the end
/// link's right-hand normal, the ghost lockstep2d gives that end): both engines then
/// collide on the same links with the same ends. A loop goes as it is.
struct ChainPoints {
    points: Vec<b2Vec2>,
    /// One for every link, or one for each of Box2D's points (an open chain's link k
    /// takes point k's material, so the padded ends' materials are placeholders).
    materials: Vec<b2SurfaceMaterial>,
}

impl ChainPoints {
    fn new(shape: &ShapeJson, points: &[[f32; 2]], is_loop: bool) -> Result<ChainPoints, String> {
        // Box2D asserts on fewer than four points, loops included.
        if is_loop && points.len() < 4 {
            return Err("a chain loop of fewer than four points (Box2D's least)".to_string());
        }
        if points.len() < 2 {
            return Err("a chain of fewer than two points".to_string());
        }
        let scene_materials: Vec<b2SurfaceMaterial> = match shape.link_materials() {
            Some(materials) => materials.iter().map(material).collect(),
            None => vec![material(shape.material())],
        };
        let links = if is_loop {
            points.len()
        } else {
            points.len() - 1
        };
        if scene_materials.len() != 1 && scene_materials.len() != links {
            return Err("a chain whose materials are neither one nor one per link".to_string());
        }
        if is_loop {
            return Ok(ChainPoints {
                points: points.iter().map(|&p| vec2(p)).collect(),
                materials: scene_materials,
            });
        }
        let n = points.len();
        let first = right_normal(points[0], points[1]);
        let last = right_normal(points[n - 2], points[n - 1]);
        let before = [points[0][0] - first[0], points[0][1] - first[1]];
        let after = [points[n - 1][0] - last[0], points[n - 1][1] - last[1]];
        let padded = std::iter::once(before)
            .chain(points.iter().copied())
            .chain(std::iter::once(after));
        let materials = match scene_materials.as_slice() {
            [one] => vec![*one],
            per_link => {
                // Box2D's link k (from padded point k + 1) takes material k + 1.
                let (head, tail) = (per_link[0], per_link[links - 1]);
                let mut padded_materials = Vec::with_capacity(n + 2);
                padded_materials.push(head);
                padded_materials.extend_from_slice(per_link);
                padded_materials.extend([tail, tail]);
                padded_materials
            }
        };
        Ok(ChainPoints {
            points: padded.map(vec2).collect(),
            materials,
        })
    }
}

/// A scene material as Box2D's surface material.
fn material(m: &SurfaceMaterial) -> b2SurfaceMaterial {
    // SAFETY: only fills a struct.
    let mut out = unsafe { b2DefaultSurfaceMaterial() };
    out.friction = m.friction;
    out.restitution = m.restitution;
    out.tangentSpeed = m.tangent_speed;
    out.rollingResistance = m.rolling_resistance;
    out
}

/// A joint's two bodies and its frame on each: the anchor (B's own anchor for a distance
/// joint) in the body's coordinates, turned so that the frame's x axis is the joint's
/// axis and both frames line up at creation.
struct JointFrames {
    body_a: b2BodyId,
    body_b: b2BodyId,
    frame_a: b2Transform,
    frame_b: b2Transform,
    collide_connected: bool,
    hertz: f32,
    damping_ratio: f32,
}

impl JointFrames {
    fn new(
        def: &SceneDef,
        joint: &JointJson,
        ids: &[b2BodyId],
        settings: &Settings,
    ) -> Result<JointFrames, String> {
        let body = |i: usize| {
            def.bodies
                .get(i)
                .zip(ids.get(i))
                .ok_or(format!("joint on body {i}, which the scene does not have"))
        };
        let (a, id_a) = body(joint.body_a)?;
        let (b, id_b) = body(joint.body_b)?;
        let axis = joint.axis.unwrap_or([1.0, 0.0]);
        let frame = |body: &BodyJson, point: [f32; 2]| b2Transform {
            p: vec2(local_point(body, point)),
            q: rot(local_frame_angle(body, axis)),
        };
        Ok(JointFrames {
            body_a: *id_a,
            body_b: *id_b,
            frame_a: frame(a, joint.anchor),
            frame_b: frame(b, joint.anchor_b.unwrap_or(joint.anchor)),
            collide_connected: joint.collide_connected,
            hertz: settings.solver.joint_hertz,
            damping_ratio: settings.solver.joint_damping_ratio,
        })
    }

    fn fill(&self, base: &mut b2JointDef) {
        base.bodyIdA = self.body_a;
        base.bodyIdB = self.body_b;
        base.localFrameA = self.frame_a;
        base.localFrameB = self.frame_b;
        base.collideConnected = self.collide_connected;
        base.constraintHertz = self.hertz;
        base.constraintDampingRatio = self.damping_ratio;
    }
}

impl BenchWorld for Box2dWorld {
    fn cast_rays(&self, rays: &[QueryRay]) -> usize {
        rays.iter()
            .filter(|r| {
                // SAFETY: a plain query on the world this struct owns.
                let result = unsafe {
                    b2World_CastRayClosest(
                        self.world,
                        vec2(r.origin),
                        vec2(r.translation),
                        b2DefaultQueryFilter(),
                    )
                };
                result.hit
            })
            .count()
    }

    /// Box2D's shape cast with a circle proxy (one point and the radius) around each
    /// cast's origin, clipped at each hit so only nearer ones follow.
    fn cast_circles(&self, casts: &[QueryRay], radius: f32) -> usize {
        let center = vec2([0.0, 0.0]);
        // SAFETY: the proxy copies the point.
        let proxy = unsafe { b2MakeProxy(&center, 1, radius) };
        casts
            .iter()
            .filter(|c| {
                let mut hit = false;
                let context = (&mut hit as *mut bool).cast();
                // SAFETY: the proxy outlives the call; the callback only sets `hit`,
                // which outlives it too.
                unsafe {
                    b2World_CastShape(
                        self.world,
                        vec2(c.origin),
                        &proxy,
                        vec2(c.translation),
                        b2DefaultQueryFilter(),
                        Some(clip_to_hit),
                        context,
                    );
                }
                hit
            })
            .count()
    }

    /// Box2D's AABB query tests the tree's fattened boxes only.
    fn overlap_boxes(&self, boxes: &[QueryBox]) -> usize {
        let mut found: Vec<b2ShapeId> = Vec::new();
        let mut total = 0;
        for b in boxes {
            found.clear();
            let aabb = b2AABB {
                lowerBound: vec2(b.min),
                upperBound: vec2(b.max),
            };
            let context = (&mut found as *mut Vec<b2ShapeId>).cast();
            // SAFETY: the callback only pushes onto `found`, which outlives the call.
            unsafe {
                b2World_OverlapAABB(
                    self.world,
                    vec2([0.0, 0.0]),
                    aabb,
                    b2DefaultQueryFilter(),
                    Some(collect_shape),
                    context,
                );
            }
            total += found.len();
        }
        total
    }

    /// Box2D's exact shape query: a box proxy (its four corners), each candidate tested
    /// by GJK distance.
    fn overlap_boxes_exact(&self, boxes: &[QueryBox]) -> usize {
        let mut found: Vec<b2ShapeId> = Vec::new();
        let mut total = 0;
        for b in boxes {
            found.clear();
            let corners = [
                vec2(b.min),
                vec2([b.max[0], b.min[1]]),
                vec2(b.max),
                vec2([b.min[0], b.max[1]]),
            ];
            let context = (&mut found as *mut Vec<b2ShapeId>).cast();
            // SAFETY: the proxy copies the corners; the callback only pushes onto `found`,
            // which outlives the call.
            unsafe {
                let proxy = b2MakeProxy(corners.as_ptr(), 4, 0.0);
                b2World_OverlapShape(
                    self.world,
                    vec2([0.0, 0.0]),
                    &proxy,
                    b2DefaultQueryFilter(),
                    Some(collect_shape),
                    context,
                );
            }
            total += found.len();
        }
        total
    }

    fn step(&mut self) -> Result<(), String> {
        // SAFETY: the world is alive until Drop.
        unsafe { b2World_Step(self.world, self.dt, self.substeps) };
        Ok(())
    }

    fn bodies(&self) -> Vec<BodyEnd> {
        self.bodies
            .iter()
            .map(|&id| {
                // SAFETY: bodies live as long as the world.
                let (p, q, v, w) = unsafe {
                    (
                        b2Body_GetPosition(id),
                        b2Body_GetRotation(id),
                        b2Body_GetLinearVelocity(id),
                        b2Body_GetAngularVelocity(id),
                    )
                };
                BodyEnd {
                    position: [p.x, p.y],
                    angle: lockstep2d::math::atan2(q.s, q.c),
                    velocity: [v.x, v.y],
                    spin: w,
                }
            })
            .collect()
    }

    fn foreign_heap_bytes(&self) -> usize {
        // SAFETY: reads a global counter. It counts every live Box2D world; the bench
        // holds one at a time.
        unsafe { b2GetByteCount() }.max(0) as usize
    }
}

impl Drop for Box2dWorld {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once, here.
        unsafe { b2DestroyWorld(self.world) };
    }
}

/// Box2D's overlap callback: pushes the shape onto the `Vec<b2ShapeId>` in `context`.
unsafe extern "C" fn collect_shape(shape: b2ShapeId, context: *mut std::ffi::c_void) -> bool {
    // SAFETY: `overlap_boxes` passes a live `Vec<b2ShapeId>` as the context.
    let found = unsafe { &mut *context.cast::<Vec<b2ShapeId>>() };
    found.push(shape);
    true
}

/// Box2D's cast callback for the closest hit: sets the `bool` in `context` and clips the
/// cast to this hit, so only nearer shapes are tested after it.
unsafe extern "C" fn clip_to_hit(
    _shape: b2ShapeId,
    _point: b2Pos,
    _normal: b2Vec2,
    fraction: f32,
    context: *mut std::ffi::c_void,
) -> f32 {
    // SAFETY: `cast_circles` passes a live `bool` as the context.
    let hit = unsafe { &mut *context.cast::<bool>() };
    *hit = true;
    fraction
}

fn vec2([x, y]: [f32; 2]) -> b2Vec2 {
    b2Vec2 { x, y }
}

fn rot(angle: f32) -> b2Rot {
    let (c, s) = rotation(angle);
    b2Rot { c, s }
}
