//! The operations the API fuzzer performs: each draws its arguments, calls the world
//! and returns what the world returned.

use lockstep2d::{
    BodyDef, BodyId, BodyType, Capsule, ChainDef, CharacterDef, CharacterSettings,
    DistanceJointDef, ExplosionDef, Filter, Geometry, HeightfieldDef, JointDef, JointId, JointKind,
    Limit, Motor, MotorJointDef, MouseJointDef, Outline, Polygon, PrismaticJointDef, Result,
    RevoluteJointDef, Segment, ShapeDef, ShapeId, SolidSide, Spring, SurfaceMaterial, Vec2,
    WeldJointDef, WheelJointDef, World,
};

use lockstep2d::math::{cos, sin};

use crate::values::Draw;

/// The live (and some dead) ids the fuzzer picks from, and its source of choices:
/// everything besides the world that replaying a run needs.
#[derive(Clone, Debug)]
pub struct Picks {
    pub draw: Draw,
    pub bodies: Vec<BodyId>,
    pub shapes: Vec<ShapeId>,
    pub joints: Vec<JointId>,
}

/// Above this many bodies the fuzzer destroys instead of creating, so steps stay cheap.
const MAX_BODIES: usize = 48;

/// One fuzzer operation: its name (for reports) and what it does.
pub struct Op {
    pub name: &'static str,
    /// How often it is drawn, relative to the others.
    pub weight: u32,
    pub run: fn(&mut World, &mut Picks) -> Result<()>,
}

/// Every operation, and how often it is drawn relative to the others. Steps are drawn
/// most, so that what the others do gets simulated.
pub const OPS: &[Op] = &[
    op("step", 30, step),
    op("create_body", 10, create_body),
    op("create_shape", 10, create_shape),
    op("create_chain", 2, create_chain),
    op("create_outline", 2, create_outline),
    op("create_heightfield", 1, create_heightfield),
    op("create_character", 2, create_character),
    op("move_character", 8, move_character),
    op("set_character_velocity", 4, set_character_velocity),
    op("set_character_settings", 1, set_character_settings),
    op("create_joint", 10, create_joint),
    op("push", 6, push),
    op("twist", 2, twist),
    op("apply_force", 3, apply_force),
    op("apply_torque", 1, apply_torque),
    op("set_velocity", 2, set_velocity),
    op("set_spin", 1, set_spin),
    op("set_transform", 3, set_transform),
    op("destroy_body", 3, destroy_body),
    op("destroy_shape", 2, destroy_shape),
    op("destroy_joint", 2, destroy_joint),
    op("set_mouse_target", 2, set_mouse_target),
    op("toggle_option", 2, toggle_option),
    op("set_filter", 1, set_filter),
    op("explode", 1, explode),
    op("set_gravity", 1, set_gravity),
];

const fn op(name: &'static str, weight: u32, run: fn(&mut World, &mut Picks) -> Result<()>) -> Op {
    Op { name, weight, run }
}

/// Draws an operation by weight.
pub fn pick(draw: &mut Draw) -> &'static Op {
    let total: u32 = OPS.iter().map(|op| op.weight).sum();
    let mut ticket = draw.below(total as usize) as u32;
    for op in OPS {
        if ticket < op.weight {
            return op;
        }
        ticket -= op.weight;
    }
    unreachable!("the tickets add up to the total weight")
}

/// An id from `ids` (live or stale), or None if there are none.
fn any<T: Copy>(draw: &mut Draw, ids: &[T]) -> Option<T> {
    (!ids.is_empty()).then(|| ids[draw.below(ids.len())])
}

/// Past this many ids a list forgets its dead ones; below it they stay, so the fuzzer
/// also passes stale ids.
const MAX_IDS: usize = 96;

/// A body to act on: usually a live one, sometimes a destroyed one (a stale id).
fn body(world: &World, picks: &mut Picks) -> Option<BodyId> {
    if picks.bodies.len() > MAX_IDS {
        picks.bodies.retain(|&id| world.body_type(id).is_ok());
    }
    any(&mut picks.draw, &picks.bodies)
}

fn shape(world: &World, picks: &mut Picks) -> Option<ShapeId> {
    if picks.shapes.len() > MAX_IDS {
        picks.shapes.retain(|&id| world.shape_body(id).is_ok());
    }
    any(&mut picks.draw, &picks.shapes)
}

fn joint(world: &World, picks: &mut Picks) -> Option<JointId> {
    if picks.joints.len() > MAX_IDS {
        picks.joints.retain(|&id| world.joint_force(id).is_ok());
    }
    any(&mut picks.draw, &picks.joints)
}

fn step(world: &mut World, _picks: &mut Picks) -> Result<()> {
    world.step(1.0 / 60.0)
}

fn create_body(world: &mut World, picks: &mut Picks) -> Result<()> {
    if world.body_count() >= MAX_BODIES {
        return destroy_body(world, picks);
    }
    let draw = &mut picks.draw;
    let body_type = match draw.below(10) {
        0 => BodyType::Static,
        1 => BodyType::Kinematic,
        _ => BodyType::Dynamic,
    };
    let def = BodyDef {
        body_type,
        position: draw.vector(10.0),
        angle: draw.value(-3.0, 3.0),
        linear_velocity: draw.vector(5.0),
        angular_velocity: draw.value(-2.0, 2.0),
        linear_damping: draw.value(0.0, 0.5),
        angular_damping: draw.value(0.0, 0.5),
        gravity_scale: draw.value(-1.0, 2.0),
        fixed_rotation: draw.chance(0.1),
        is_bullet: draw.chance(0.1),
        user_data: 0,
    };
    let id = world.create_body(&def)?;
    picks.bodies.push(id);
    // Most bodies get a shape at once, so there is something to collide.
    if picks.draw.chance(0.8) {
        let _ = shape_on(world, picks, id);
    }
    Ok(())
}

fn create_shape(world: &mut World, picks: &mut Picks) -> Result<()> {
    match body(world, picks) {
        Some(id) => shape_on(world, picks, id),
        None => create_body(world, picks),
    }
}

fn shape_on(world: &mut World, picks: &mut Picks, body: BodyId) -> Result<()> {
    let draw = &mut picks.draw;
    let geometry = geometry(draw)?;
    let one_way = matches!(geometry, Geometry::Segment(_)) && draw.chance(0.5);
    let def = ShapeDef {
        geometry,
        density: draw.value(0.2, 5.0),
        one_way,
        is_sensor: draw.chance(0.05),
        ..ShapeDef::new(geometry).with_material(material(draw))
    };
    let id = world.create_shape(body, &def)?;
    picks.shapes.push(id);
    Ok(())
}

/// A circle, capsule, box, segment or polygon about the body origin.
fn geometry(draw: &mut Draw) -> Result<Geometry> {
    Ok(match draw.below(5) {
        0 => Geometry::Circle(lockstep2d::Circle {
            center: draw.vector(0.5),
            radius: draw.value(0.05, 1.0),
        }),
        1 => Geometry::Capsule(Capsule {
            center1: draw.vector(0.5),
            center2: draw.vector(0.5),
            radius: draw.value(0.05, 0.5),
        }),
        2 => Geometry::Polygon(Polygon::new_box(
            draw.value(0.05, 1.0),
            draw.value(0.05, 1.0),
        )?),
        3 => Geometry::Segment(Segment {
            point1: draw.vector(2.0),
            point2: draw.vector(2.0),
        }),
        _ => Geometry::Polygon(Polygon::new(&polygon_points(draw))?),
    })
}

/// A character of any geometry (lines are refused) with drawn settings.
fn create_character(world: &mut World, picks: &mut Picks) -> Result<()> {
    if world.body_count() >= MAX_BODIES {
        return destroy_body(world, picks);
    }
    let draw = &mut picks.draw;
    let mut def = CharacterDef::new(draw.vector(10.0), geometry(draw)?);
    def.settings = character_settings(draw);
    let id = world.create_character(&def)?;
    picks.bodies.push(id);
    Ok(())
}

fn character_settings(draw: &mut Draw) -> CharacterSettings {
    CharacterSettings {
        skin: draw.value(0.002, 0.1),
        max_climb_slope: draw.value(0.0, 1.5),
        min_slide_slope: draw.value(0.0, 1.6),
        step_height: draw.value(0.0, 0.6),
        snap_distance: draw.value(0.0, 0.6),
        push_force: draw.value(0.0, 5000.0),
        one_way_platforms: draw.chance(0.7),
        gravity_scale: draw.value(0.0, 2.0),
    }
}

/// Asks a body (usually a character) to move: a run, a jump or a fall.
fn move_character(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let displacement = picks.draw.vector(0.3);
    world.move_character(id, displacement)
}

/// Sets a body's (usually a character's) own velocity: a run, a jump, a dive.
fn set_character_velocity(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let velocity = picks.draw.vector(20.0);
    world.set_character_velocity(id, velocity)
}

fn set_character_settings(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let settings = character_settings(&mut picks.draw);
    world.set_character_settings(id, settings)
}

/// A surface: friction, bounce, a conveyor's speed and rolling resistance.
fn material(draw: &mut Draw) -> SurfaceMaterial {
    SurfaceMaterial {
        friction: draw.value(0.0, 1.0),
        restitution: draw.value(0.0, 1.0),
        tangent_speed: if draw.chance(0.2) {
            draw.value(-3.0, 3.0)
        } else {
            0.0
        },
        rolling_resistance: if draw.chance(0.2) {
            draw.value(0.0, 0.3)
        } else {
            0.0
        },
        user_data: 0,
    }
}

/// A concave outline on a body: a ring of points at drawn distances from a centre,
/// which may cross itself (and must then be refused), with a drawn material; now and
/// then with holes, rings drawn the same way about points near the centre, which may
/// cross the outline or each other, lie outside it or inside each other (and must then
/// be refused).
fn create_outline(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(body) = body(world, picks) else {
        return Ok(());
    };
    let draw = &mut picks.draw;
    let count = 3 + draw.below(14);
    let center = draw.vector(3.0);
    let points = drawn_ring(draw, center, count, 2.0);
    let holes: Vec<Vec<Vec2>> = if draw.chance(0.4) {
        (0..1 + draw.below(3))
            .map(|_| {
                let count = 3 + draw.below(6);
                let at = center + draw.vector(0.4);
                drawn_ring(draw, at, count, 0.3)
            })
            .collect()
    } else {
        Vec::new()
    };
    let outline = Outline::with_holes(&points, &holes)?;
    // Each piece takes its own geometry; the rest of the shape is drawn.
    let any = Geometry::Circle(lockstep2d::Circle {
        center: Vec2::ZERO,
        radius: 1.0,
    });
    let like = ShapeDef {
        density: draw.value(0.0, 5.0),
        ..ShapeDef::new(any).with_material(material(draw))
    };
    let ids = world.create_outline(body, &outline, &like)?;
    picks.shapes.extend(ids);
    Ok(())
}

/// A heightfield on a body: drawn heights and spacing (too tight ones among them), a
/// drawn material.
fn create_heightfield(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(body) = body(world, picks) else {
        return Ok(());
    };
    let draw = &mut picks.draw;
    let count = 1 + draw.below(20);
    let heights = (0..count).map(|_| draw.value(-2.0, 2.0)).collect();
    let def = HeightfieldDef::new(heights, draw.value(0.0, 2.0))
        .at(draw.vector(5.0))
        .with_material(material(draw));
    let ids = world.create_heightfield(body, &def)?;
    picks.shapes.extend(ids);
    Ok(())
}

/// A ring of `count` points about `center`, each at a drawn distance up to `reach`;
/// now and then two swapped, so that it crosses itself.
fn drawn_ring(draw: &mut Draw, center: Vec2, count: usize, reach: f32) -> Vec<Vec2> {
    let mut points: Vec<Vec2> = (0..count)
        .map(|i| {
            let angle = std::f32::consts::TAU * i as f32 / count as f32;
            let distance = draw.value(0.025 * reach, reach);
            center + distance * Vec2::new(cos(angle), sin(angle))
        })
        .collect();
    if draw.chance(0.2) {
        points.swap(0, count / 2);
    }
    points
}

/// A chain of two to nine points, a random walk of steps up to 3 m, open or closed, on
/// any body, one-way or not; an open one sometimes carried on by ghosts (given to a loop
/// too, now and then, which the world must refuse).
fn create_chain(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(body) = body(world, picks) else {
        return Ok(());
    };
    let draw = &mut picks.draw;
    let count = 2 + draw.below(8);
    let mut point = draw.vector(3.0);
    let points = (0..count)
        .map(|_| {
            point += draw.vector(3.0);
            point
        })
        .collect::<Vec<_>>();
    let links = if draw.chance(0.3) { count } else { count - 1 };
    let ghosts = draw.chance(0.3).then(|| {
        let ends = (points[0], points[count - 1]);
        [ends.0 + draw.vector(3.0), ends.1 + draw.vector(3.0)]
    });
    let materials = (0..if draw.chance(0.5) { 1 } else { links })
        .map(|_| material(draw))
        .collect();
    // Every side, those that do not fit the chain too: they must be refused.
    let sides = [
        SolidSide::Above,
        SolidSide::Below,
        SolidSide::Left,
        SolidSide::Right,
        SolidSide::Outside,
        SolidSide::Inside,
        SolidSide::RightOfPoints,
    ];
    let def = ChainDef {
        points,
        is_loop: links == count,
        solid: sides[draw.below(sides.len())],
        materials,
        filter: Filter::default(),
        one_way: draw.chance(0.3),
        ghosts,
    };
    let ids = world.create_chain(body, &def)?;
    picks.shapes.extend(ids);
    Ok(())
}

/// Three to eight corners around the body origin, a quarter turn or less apart, so the
/// hull is a proper polygon; in extreme mode any points at all.
fn polygon_points(draw: &mut Draw) -> Vec<Vec2> {
    let count = 3 + draw.below(6);
    let mut angle = draw.range(0.0, 1.0);
    let step = std::f32::consts::TAU / count as f32;
    (0..count)
        .map(|_| {
            angle += step * draw.range(0.6, 1.0);
            let radius = draw.value(0.2, 1.0);
            Vec2::new(
                radius * lockstep2d::math::cos(angle),
                radius * lockstep2d::math::sin(angle),
            )
        })
        .collect()
}

fn create_joint(world: &mut World, picks: &mut Picks) -> Result<()> {
    let (Some(a), Some(b)) = (body(world, picks), body(world, picks)) else {
        return Ok(());
    };
    let (pa, pb) = (world.position(a)?, world.position(b)?);
    let draw = &mut picks.draw;
    let anchor = (pa + pb) * 0.5 + draw.vector(0.5);
    let kind = joint_kind(draw, anchor, pa, pb);
    let mut def = JointDef::new(a, b, kind).with_collide_connected(draw.chance(0.2));
    if draw.chance(0.2) {
        def = def.breakable(draw.value(0.0, 5000.0), draw.value(0.0, 5000.0));
    }
    let id = world.create_joint(&def)?;
    picks.joints.push(id);
    Ok(())
}

/// A joint of a random kind at `anchor`, with random options.
fn joint_kind(draw: &mut Draw, anchor: Vec2, pa: Vec2, pb: Vec2) -> JointKind {
    let limit = draw.chance(0.3).then(|| {
        let lower = draw.value(-1.0, 0.0);
        Limit {
            lower,
            upper: lower + draw.value(0.0, 2.0),
        }
    });
    let motor = draw.chance(0.3).then(|| Motor {
        speed: draw.value(-3.0, 3.0),
        max_force: draw.value(0.0, 500.0),
    });
    let spring = draw.chance(0.3).then(|| Spring {
        hertz: draw.value(0.0, 10.0),
        damping_ratio: draw.value(0.0, 2.0),
    });
    let axis = Vec2::new(draw.value(-1.0, 1.0), draw.value(-1.0, 1.0));
    match draw.below(7) {
        0 => JointKind::Revolute(RevoluteJointDef {
            limit,
            motor,
            spring,
            ..RevoluteJointDef::at(anchor)
        }),
        1 => JointKind::Prismatic(PrismaticJointDef {
            limit,
            motor,
            spring,
            ..PrismaticJointDef::new(anchor, axis)
        }),
        2 => JointKind::Distance(DistanceJointDef {
            spring,
            limit: limit.filter(|_| spring.is_some()),
            length: draw.value(0.0, 4.0),
            ..DistanceJointDef::rod(pa, pb)
        }),
        3 => JointKind::Weld(WeldJointDef {
            linear_spring: spring,
            angular_spring: spring,
            ..WeldJointDef::new(anchor)
        }),
        4 => JointKind::Wheel(WheelJointDef {
            limit,
            motor,
            spring,
            ..WheelJointDef::new(anchor, axis)
        }),
        5 => JointKind::Motor(MotorJointDef::new(
            draw.vector(1.0),
            draw.value(-1.0, 1.0),
            draw.value(0.0, 500.0),
            draw.value(0.0, 500.0),
        )),
        _ => JointKind::Mouse(MouseJointDef::new(anchor, draw.value(0.0, 1000.0))),
    }
}

/// An impulse that changes the body's speed by at most 20 m/s, or now and then any
/// impulse (an extreme one in extreme mode).
fn push(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let mass = world.mass(id)?;
    let draw = &mut picks.draw;
    let change = Vec2::new(draw.range(-1.0, 1.0), draw.range(-1.0, 1.0)) * 14.0;
    let impulse = if draw.chance(0.9) {
        change * mass
    } else {
        draw.vector(1e3)
    };
    let point = world.position(id)? + draw.vector(0.5);
    world.apply_linear_impulse(id, impulse, point)
}

/// An angular impulse of at most about 1 rad/s per kg·m² of mass, or an extreme one.
fn twist(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let inertia = world.inertia(id)?;
    world.apply_angular_impulse(id, picks.draw.value(-1.0, 1.0) * inertia)
}

fn apply_force(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let mass = world.mass(id)?;
    let draw = &mut picks.draw;
    let force = draw.vector(20.0) * mass;
    let point = world.position(id)? + draw.vector(0.5);
    world.apply_force(id, force, point)
}

fn apply_torque(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let inertia = world.inertia(id)?;
    world.apply_torque(id, picks.draw.value(-10.0, 10.0) * inertia)
}

fn set_velocity(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    world.set_linear_velocity(id, picks.draw.vector(15.0))
}

fn set_spin(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    world.set_angular_velocity(id, picks.draw.value(-5.0, 5.0))
}

fn set_transform(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let position = picks.draw.vector(10.0);
    let angle = picks.draw.value(-3.0, 3.0);
    world.set_transform(id, position, angle)
}

fn destroy_body(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    world.destroy_body(id)
}

fn destroy_shape(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = shape(world, picks) else {
        return Ok(());
    };
    world.destroy_shape(id)
}

fn destroy_joint(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = joint(world, picks) else {
        return Ok(());
    };
    world.destroy_joint(id)
}

/// Moves a mouse joint's target (a joint of another kind is an error).
fn set_mouse_target(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = joint(world, picks) else {
        return Ok(());
    };
    world.set_mouse_target(id, picks.draw.vector(10.0))
}

fn toggle_option(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = body(world, picks) else {
        return Ok(());
    };
    let on = picks.draw.chance(0.5);
    match picks.draw.below(4) {
        0 => world.set_bullet(id, on),
        1 => world.set_fixed_rotation(id, on),
        2 => world.set_drop_through(id, on),
        _ => world.set_enabled(id, on || picks.draw.chance(0.5)),
    }
}

fn set_filter(world: &mut World, picks: &mut Picks) -> Result<()> {
    let Some(id) = shape(world, picks) else {
        return Ok(());
    };
    let filter = Filter {
        category_bits: 1 << picks.draw.below(3),
        mask_bits: u64::MAX << picks.draw.below(3),
        group_index: picks.draw.below(3) as i32 - 1,
    };
    world.set_shape_filter(id, filter)
}

fn explode(world: &mut World, picks: &mut Picks) -> Result<()> {
    let draw = &mut picks.draw;
    let def = ExplosionDef::new(
        draw.vector(10.0),
        draw.value(0.0, 3.0),
        draw.value(0.0, 3.0),
        draw.value(-20.0, 20.0),
    );
    world.explode(&def)
}

fn set_gravity(world: &mut World, picks: &mut Picks) -> Result<()> {
    let gravity = Vec2::new(picks.draw.value(-5.0, 5.0), picks.draw.value(-20.0, 0.0));
    world.set_gravity(gravity)
}
