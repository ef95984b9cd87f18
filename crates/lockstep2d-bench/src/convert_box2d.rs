//! SceneDef → Box2D v3 world, through `boxdd-sys`'s raw FFI.
//!
//! Settings come from the scene: gravity, contact hertz and damping ratio, push-out
//! speed (`contactSpeed`), joint stiffness (`constraintHertz`), restitution threshold;
//! substeps per step. Every joint kind but the motor joint converts (Box2D's motor joint
//! is now spring-driven and has no offset target to match lockstep2d's).

use boxdd_sys::ffi::*;
use lockstep2d_scenes::{BodyJson, BodyKind, JointJson, JointKind, SceneDef, ShapeJson};

use crate::engine::{BenchWorld, BodyState, QueryBox, QueryRay};
use crate::frames::{
    DEFAULT_WHEEL_SPRING, distance_length, local_frame_angle, local_point, rotation,
};
use crate::geometry::geometry;
use crate::settings::Settings;
use lockstep2d_scenes::ShapeGeometry as Geometry;

pub struct Box2dWorld {
    world: b2WorldId,
    bodies: Vec<b2BodyId>,
    dt: f32,
    substeps: i32,
}

impl Box2dWorld {
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

    /// Box2D's own timings of the last step, stage by stage (ms).
    pub fn profile(&self) -> b2Profile {
        // SAFETY: a plain query on the world this struct owns.
        unsafe { b2World_GetProfile(self.world) }
    }

    fn add_body(&mut self, body: &BodyJson, settings: &Settings) -> Result<b2BodyId, String> {
        // SAFETY: b2DefaultBodyDef only fills a struct.
        let mut bd = unsafe { b2DefaultBodyDef() };
        bd.type_ = match body.kind {
            BodyKind::Static => b2BodyType_b2_staticBody,
            BodyKind::Kinematic => b2BodyType_b2_kinematicBody,
            BodyKind::Dynamic => b2BodyType_b2_dynamicBody,
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
            match joint.kind {
                JointKind::Revolute => b2CreateRevoluteJoint(world, &revolute(&frames, joint)),
                JointKind::Prismatic => b2CreatePrismaticJoint(world, &prismatic(&frames, joint)),
                JointKind::Wheel => b2CreateWheelJoint(world, &wheel(&frames, joint)),
                JointKind::Distance => b2CreateDistanceJoint(world, &distance(&frames, joint)),
                JointKind::Weld => b2CreateWeldJoint(world, &weld(&frames, joint)),
                JointKind::Motor => {
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
    // SAFETY: b2DefaultShapeDef only fills a struct; the create calls get a live body
    // and geometry that outlives the call. Box2D mixes friction as the geometric mean
    // and restitution as the max, as lockstep2d does.
    unsafe {
        let mut sd = b2DefaultShapeDef();
        sd.density = shape.density;
        sd.material.friction = shape.friction;
        sd.material.restitution = shape.restitution;
        sd.filter = b2Filter {
            categoryBits: shape.filter.category_bits,
            maskBits: shape.filter.mask_bits,
            groupIndex: shape.filter.group_index,
        };
        match geometry(shape)? {
            Geometry::Box {
                half_width,
                half_height,
                center,
                angle,
            } => {
                let polygon = b2MakeOffsetBox(half_width, half_height, vec2(center), rot(angle));
                b2CreatePolygonShape(body, &sd, &polygon);
            }
            Geometry::Circle { center, radius } => {
                let circle = b2Circle {
                    center: vec2(center),
                    radius,
                };
                b2CreateCircleShape(body, &sd, &circle);
            }
            Geometry::Polygon { vertices } => {
                let points: Vec<b2Vec2> = vertices.iter().map(|&v| vec2(v)).collect();
                let hull = b2ComputeHull(points.as_ptr(), points.len() as i32);
                if hull.count == 0 {
                    return Err("a polygon whose hull Box2D rejects".to_string());
                }
                let polygon = b2MakePolygon(&hull, 0.0);
                b2CreatePolygonShape(body, &sd, &polygon);
            }
            Geometry::Capsule {
                center1,
                center2,
                radius,
            } => {
                let capsule = b2Capsule {
                    center1: vec2(center1),
                    center2: vec2(center2),
                    radius,
                };
                b2CreateCapsuleShape(body, &sd, &capsule);
            }
        }
    }
    Ok(())
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

    fn bodies(&self) -> Vec<BodyState> {
        self.bodies
            .iter()
            .map(|&id| {
                // SAFETY: bodies live as long as the world.
                let (p, q, v) = unsafe {
                    (
                        b2Body_GetPosition(id),
                        b2Body_GetRotation(id),
                        b2Body_GetLinearVelocity(id),
                    )
                };
                BodyState {
                    position: [p.x, p.y],
                    angle: lockstep2d::math::atan2(q.s, q.c),
                    velocity: [v.x, v.y],
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

fn vec2([x, y]: [f32; 2]) -> b2Vec2 {
    b2Vec2 { x, y }
}

fn rot(angle: f32) -> b2Rot {
    let (c, s) = rotation(angle);
    b2Rot { c, s }
}
