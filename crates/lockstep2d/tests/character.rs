//! Character movers: walking, climbing, stepping, snapping, jumping, never tunnelling,
//! pushing, measured against what the settings promise.

use crate::support;

use lockstep2d::minmax;
use lockstep2d::{
    BodyDef, BodyId, Capsule, ChainDef, CharacterDef, Geometry, Polygon, ShapeDef, SolidSide, Vec2,
    World, WorldDef,
};
use support::{DT, add_box, world_with_ground};

const GRAVITY: f32 = 10.0;
/// The capsule's radius, and how far its lowest point is below its origin.
const RADIUS: f32 = 0.3;
const FOOT: f32 = 0.8;

fn capsule() -> Geometry {
    Geometry::Capsule(Capsule {
        center1: Vec2::new(0.0, -0.5),
        center2: Vec2::new(0.0, 0.5),
        radius: RADIUS,
    })
}

/// A character at `position` (its origin), standing in `world`.
fn character(world: &mut World, position: Vec2) -> BodyId {
    world
        .create_character(&CharacterDef::new(position, capsule()))
        .unwrap()
}

/// A game's player: the character's body, and nothing else. The world keeps the
/// character's velocity.
struct Player {
    id: BodyId,
}

impl Player {
    fn new(id: BodyId) -> Player {
        Player { id }
    }

    /// One step running at `run` m/s, jumping at `jump` m/s if standing. In the air,
    /// a run of 0 leaves the velocity across as it was.
    fn step(&mut self, world: &mut World, run: f32, jump: Option<f32>) {
        let character = world.character(self.id).unwrap();
        let grounded = character.grounded();
        let mut velocity = character.velocity();
        if grounded || run != 0.0 {
            velocity.x = run;
        }
        if let (true, Some(speed)) = (grounded, jump) {
            velocity.y = speed;
        }
        world.set_character_velocity(self.id, velocity).unwrap();
        world.step(DT).unwrap();
    }
}

/// The tangent of `degrees`, from the engine's own sine and cosine (the platform's
/// differ between machines).
fn tan(degrees: f32) -> f32 {
    let radians = degrees.to_radians();
    lockstep2d::math::sin(radians) / lockstep2d::math::cos(radians)
}

/// Ground whose top is y = 0 for x < 0, then a ramp rising at `degrees` to x = 20.
fn ramp_world(degrees: f32) -> World {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let rise = 20.0 * tan(degrees);
    let ramp = Polygon::new(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(20.0, 0.0),
        Vec2::new(20.0, rise),
    ])
    .unwrap();
    let body = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    world
        .create_shape(body, &ShapeDef::new(Geometry::Polygon(ramp)))
        .unwrap();
    world
}

#[test]
fn it_climbs_a_walkable_slope_at_its_running_speed() {
    let mut world = ramp_world(30.0);
    let id = character(&mut world, Vec2::new(-3.0, FOOT + 0.02));
    let mut player = Player::new(id);
    let mut speeds = Vec::new();
    for _ in 0..180 {
        player.step(&mut world, 5.0, None);
        let p = world.position(id).unwrap();
        let report = world.character(id).unwrap();
        if p.x > 2.0 && p.x < 8.0 {
            assert!(report.grounded(), "grounded on the slope at {p}");
            speeds.push(report.moved().length() / DT);
        }
    }
    assert!(speeds.len() > 30, "{} steps on the slope", speeds.len());
    for speed in &speeds {
        assert!((speed - 5.0).abs() < 0.05, "speed along the slope {speed}");
    }
}

#[test]
fn a_slope_too_steep_to_climb_stops_it_and_slides_it_back() {
    let mut world = ramp_world(50.0);
    let id = character(&mut world, Vec2::new(-3.0, FOOT + 0.02));
    let mut player = Player::new(id);
    for _ in 0..180 {
        player.step(&mut world, 5.0, None);
    }
    let stopped = world.position(id).unwrap();
    assert!(
        stopped.x < 0.0,
        "stopped at the foot of the slope: {stopped}"
    );
    assert!(stopped.y < FOOT + 0.05, "did not climb: {stopped}");
    // Set on the slope and left there, it slides back down.
    let on_slope = Vec2::new(4.0, 4.0 * tan(50.0) + 1.2);
    world.set_transform(id, on_slope, 0.0).unwrap();
    let mut slid = false;
    for _ in 0..120 {
        player.step(&mut world, 0.0, None);
        slid |= world.character(id).unwrap().sliding();
    }
    let end = world.position(id).unwrap();
    assert!(slid, "reported sliding");
    // At the foot it stands on the flat ground, which may be as far below its feet as
    // the snap distance while the slope's last stretch holds it.
    let snap = world.character_settings(id).unwrap().snap_distance;
    assert!(
        end.x < 0.5 && end.y < FOOT + snap && world.character(id).unwrap().grounded(),
        "slid back to the foot: {end}"
    );
}

/// Flat ground at y = 0 and a step of `height` from x = 2 on.
fn step_world(height: f32) -> World {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = world
        .create_body(&BodyDef::static_at(Vec2::new(7.0, 0.5 * height)))
        .unwrap();
    let step = Polygon::new_box(5.0, 0.5 * height).unwrap();
    world
        .create_shape(body, &ShapeDef::new(Geometry::Polygon(step)))
        .unwrap();
    world
}

#[test]
fn it_steps_onto_a_ledge_lower_than_its_step_height_and_not_a_higher_one() {
    let mut low = step_world(0.25);
    let id = character(&mut low, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    let mut slowest = f32::INFINITY;
    for _ in 0..60 {
        player.step(&mut low, 5.0, None);
        slowest = minmax::min(slowest, low.character(id).unwrap().moved().x / DT);
    }
    let p = low.position(id).unwrap();
    assert!(
        p.x > 4.5 && (p.y - (0.25 + FOOT)).abs() < 0.05,
        "on the step: {p}"
    );
    assert!(slowest > 4.0, "did not stop: slowest {slowest} m/s");

    let mut high = step_world(0.35);
    let id = character(&mut high, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    for _ in 0..60 {
        player.step(&mut high, 5.0, None);
    }
    let p = high.position(id).unwrap();
    assert!(
        p.x < 2.0 - RADIUS + 0.01 && p.y < FOOT + 0.05,
        "blocked: {p}"
    );
}

#[test]
fn it_stays_grounded_walking_down_a_slope_and_down_steps() {
    let mut world = ramp_world(30.0);
    let top = 20.0 * tan(30.0);
    let id = character(&mut world, Vec2::new(19.0, top + FOOT));
    let mut player = Player::new(id);
    for _ in 0..60 {
        player.step(&mut world, 0.0, None);
    }
    assert!(
        world.character(id).unwrap().grounded(),
        "settled on the slope"
    );
    for _ in 0..150 {
        player.step(&mut world, -5.0, None);
        let report = world.character(id).unwrap();
        let p = world.position(id).unwrap();
        assert!(report.grounded(), "grounded walking down the slope at {p}");
    }

    // Ten steps 0.2 m high and 1 m deep, going down to the right.
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    for i in 0..10 {
        let height = 0.2 * (10 - i) as f32;
        let body = world
            .create_body(&BodyDef::static_at(Vec2::new(i as f32 + 0.5, 0.5 * height)))
            .unwrap();
        let stair = Polygon::new_box(0.5, 0.5 * height).unwrap();
        world
            .create_shape(body, &ShapeDef::new(Geometry::Polygon(stair)))
            .unwrap();
    }
    let id = character(&mut world, Vec2::new(0.3, 2.0 + FOOT));
    let mut player = Player::new(id);
    player.step(&mut world, 0.0, None);
    for _ in 0..200 {
        player.step(&mut world, 4.0, None);
        let p = world.position(id).unwrap();
        assert!(
            world.character(id).unwrap().grounded(),
            "grounded on the stairs at {p}"
        );
    }
    assert!(world.position(id).unwrap().x > 10.5);
}

#[test]
fn a_jump_reaches_the_ballistic_height_and_lands_grounded() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let start = FOOT + 0.02;
    let id = character(&mut world, Vec2::new(0.0, start));
    let mut player = Player::new(id);
    player.step(&mut world, 0.0, None);
    let speed = 6.0;
    player.step(&mut world, 0.0, Some(speed));
    let mut highest = f32::MIN;
    for _ in 0..120 {
        player.step(&mut world, 0.0, None);
        highest = minmax::max(highest, world.position(id).unwrap().y);
    }
    let expected = speed * speed / (2.0 * GRAVITY);
    let height = highest - start;
    assert!(
        (height - expected).abs() < 0.01 * expected,
        "jumped {height} m, v²/2g = {expected}"
    );
    assert!(world.character(id).unwrap().grounded());
    assert!((world.position(id).unwrap().y - start).abs() < 0.02);
}

#[test]
fn it_never_passes_through_a_thin_wall_or_a_chain_however_fast() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let wall = world
        .create_body(&BodyDef::static_at(Vec2::new(5.05, 3.0)))
        .unwrap();
    let thin = Polygon::new_box(0.05, 3.0).unwrap();
    world
        .create_shape(wall, &ShapeDef::new(Geometry::Polygon(thin)))
        .unwrap();
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let skin = world.character_settings(id).unwrap().skin;
    for _ in 0..600 {
        world.move_character(id, Vec2::new(50.0 * DT, 0.0)).unwrap();
        world.step(DT).unwrap();
        let right = world.position(id).unwrap().x + RADIUS;
        assert!(right <= 5.0 + 1e-4, "right side {right} past the wall at 5");
    }
    let right = world.position(id).unwrap().x + RADIUS;
    assert!(right > 5.0 - skin - 0.001, "stopped at the wall: {right}");

    // Falling at 100 m/s onto a chain.
    let mut world = World::new(&WorldDef::default()).unwrap();
    let ground = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let points: Vec<Vec2> = (0..=20).map(|i| Vec2::new(10.0 - i as f32, 0.0)).collect();
    world
        .create_chain(ground, &ChainDef::open(points, SolidSide::Above))
        .unwrap();
    let id = character(&mut world, Vec2::new(0.25, 50.0));
    for _ in 0..600 {
        world
            .move_character(id, Vec2::new(0.0, -100.0 * DT))
            .unwrap();
        world.step(DT).unwrap();
        let foot = world.position(id).unwrap().y - FOOT;
        assert!(foot >= -1e-4, "foot {foot} below the chain");
    }
    let foot = world.position(id).unwrap().y - FOOT;
    assert!(foot < skin + 0.001, "resting on the chain: {foot}");
    assert!(world.character(id).unwrap().grounded());
}

#[test]
fn it_pushes_a_light_box_along_and_a_heavy_one_no_harder_than_its_push_force() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let light = add_box(&mut world, Vec2::new(1.5, 0.5), 0.5, 0.25);
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    for _ in 0..120 {
        player.step(&mut world, 3.0, None);
    }
    let pushed = world.linear_velocity(light).unwrap().x;
    assert!(pushed > 2.7, "light box pushed at {pushed} m/s");
    assert!(world.position(light).unwrap().x > 6.0);

    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let heavy = add_box(&mut world, Vec2::new(1.5, 0.5), 0.5, 1000.0);
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let mut settings = world.character_settings(id).unwrap();
    settings.push_force = 5000.0;
    world.set_character_settings(id, settings).unwrap();
    let mut player = Player::new(id);
    let seconds = 2.0;
    for _ in 0..(seconds / DT) as usize {
        player.step(&mut world, 3.0, None);
    }
    let speed = world.linear_velocity(heavy).unwrap().x;
    let most = settings.push_force * seconds / 1000.0;
    assert!(
        speed <= most,
        "heavy box at {speed} m/s, the push allows {most}"
    );
    assert!(world.position(heavy).unwrap().x - 1.5 < 0.5 * most * seconds);
}

/// A one-way platform, 4 m wide at y = 2, over the ground.
fn platform_world() -> World {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = world.create_body(&BodyDef::static_at(Vec2::ZERO)).unwrap();
    let ledge = lockstep2d::Segment {
        point1: Vec2::new(2.0, 2.0),
        point2: Vec2::new(-2.0, 2.0),
    };
    let mut def = ShapeDef::new(Geometry::Segment(ledge));
    def.one_way = true;
    world.create_shape(body, &def).unwrap();
    world
}

#[test]
fn it_jumps_up_through_a_one_way_platform_lands_on_it_and_drops_through_on_request() {
    let mut world = platform_world();
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    player.step(&mut world, 0.0, None);
    player.step(&mut world, 0.0, Some(8.0));
    for _ in 0..90 {
        player.step(&mut world, 0.0, None);
    }
    let on_top = world.position(id).unwrap().y - FOOT;
    assert!(
        (on_top - 2.0).abs() < 0.03,
        "standing on the platform: foot at {on_top}"
    );
    assert!(world.character(id).unwrap().grounded());
    world.set_drop_through(id, true).unwrap();
    for _ in 0..60 {
        player.step(&mut world, 0.0, None);
    }
    world.set_drop_through(id, false).unwrap();
    let foot = world.position(id).unwrap().y - FOOT;
    assert!(foot < 0.05, "dropped through to the ground: foot at {foot}");
}

#[test]
fn a_moving_platform_and_a_conveyor_carry_what_stands_on_them() {
    let mut world = World::new(&WorldDef::default()).unwrap();
    let lift = world
        .create_body(&BodyDef {
            body_type: lockstep2d::BodyType::Kinematic,
            position: Vec2::new(0.0, -0.1),
            linear_velocity: Vec2::new(1.5, 0.5),
            ..BodyDef::default()
        })
        .unwrap();
    let deck = Polygon::new_box(3.0, 0.1).unwrap();
    world
        .create_shape(lift, &ShapeDef::new(Geometry::Polygon(deck)))
        .unwrap();
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    for _ in 0..120 {
        player.step(&mut world, 0.0, None);
    }
    let offset = world.position(id).unwrap() - world.position(lift).unwrap();
    assert!(world.character(id).unwrap().grounded());
    assert!((offset.x).abs() < 0.05, "rode the platform: {offset}");
    assert!(
        (offset.y - (FOOT + 0.1)).abs() < 0.05,
        "stayed on it: {offset}"
    );

    let mut world = World::new(&WorldDef::default()).unwrap();
    let belt = world
        .create_body(&BodyDef::static_at(Vec2::new(0.0, -0.1)))
        .unwrap();
    let mut def = ShapeDef::new(Geometry::Polygon(Polygon::new_box(20.0, 0.1).unwrap()));
    def.tangent_speed = 2.0;
    world.create_shape(belt, &def).unwrap();
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let mut player = Player::new(id);
    for _ in 0..60 {
        player.step(&mut world, 0.0, None);
    }
    let carried = world.character(id).unwrap().moved().x / DT;
    assert!((carried - 2.0).abs() < 0.02, "carried at {carried} m/s");
}

#[test]
fn a_restored_world_continues_a_jumping_character_to_the_same_bits() {
    let mut world = step_world(0.25);
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    add_box(&mut world, Vec2::new(1.0, 0.5), 0.4, 0.5);
    let mut player = Player::new(id);
    for _ in 0..20 {
        player.step(&mut world, 4.0, None);
    }
    player.step(&mut world, 4.0, Some(5.0));
    for _ in 0..5 {
        player.step(&mut world, 0.0, None);
    }
    // Saved mid-jump, rising and drifting: the game keeps nothing, the world its velocity.
    let saved = world.character(id).unwrap();
    assert!(!saved.grounded() && saved.velocity().y > 1.0 && saved.velocity().x == 4.0);
    let bytes = world.snapshot().to_bytes();
    let land = |world: &mut World| {
        let mut player = Player::new(id);
        let mut hashes = Vec::new();
        for _ in 0..60 {
            player.step(world, 0.0, None);
            hashes.push(world.state_hash());
        }
        hashes
    };
    let first = land(&mut world);
    assert!(world.character(id).unwrap().grounded(), "landed");
    let mut restored = World::new(&WorldDef::default()).unwrap();
    restored.restore(&lockstep2d::Snapshot::from_bytes(&bytes).unwrap());
    assert_eq!(land(&mut restored), first);
    let (a, b) = (
        restored.character(id).unwrap(),
        world.character(id).unwrap(),
    );
    assert_eq!((a.report(), a.velocity()), (b.report(), b.velocity()));
}

#[test]
fn left_alone_it_falls_under_gravity_lands_and_keeps_no_fall() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let id = character(&mut world, Vec2::new(0.0, 3.0));
    let mut floating = CharacterDef::new(Vec2::new(3.0, 3.0), capsule());
    floating.settings.gravity_scale = 0.0;
    let floater = world.create_character(&floating).unwrap();
    for _ in 0..30 {
        world.step(DT).unwrap();
    }
    // Half a second of free fall: v = gt, drop = gt²/2, exactly on the parabola.
    let falling = world.character(id).unwrap();
    assert!(!falling.grounded());
    assert!((falling.velocity().y + 0.5 * GRAVITY).abs() < 1e-4);
    assert!((falling.position().y - (3.0 - 0.125 * GRAVITY)).abs() < 1e-4);
    for _ in 0..90 {
        world.step(DT).unwrap();
    }
    let landed = world.character(id).unwrap();
    assert!(landed.grounded() && landed.velocity() == Vec2::ZERO);
    assert_eq!(
        world.character(floater).unwrap().position(),
        Vec2::new(3.0, 3.0)
    );
}

#[test]
fn a_wall_stops_the_kept_run_into_it() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let wall = world
        .create_body(&BodyDef::static_at(Vec2::new(2.0, 1.0)))
        .unwrap();
    let slab = Polygon::new_box(0.2, 1.5).unwrap();
    world
        .create_shape(wall, &ShapeDef::new(Geometry::Polygon(slab)))
        .unwrap();
    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    world
        .set_character_velocity(id, Vec2::new(3.0, 0.0))
        .unwrap();
    for _ in 0..60 {
        world.step(DT).unwrap();
    }
    let stopped = world.character(id).unwrap();
    assert_eq!(stopped.velocity(), Vec2::ZERO, "the wall took the run");
    let right = stopped.position().x + RADIUS;
    assert!(right < 1.8 && right > 1.7, "against the wall, at {right}");
}

#[test]
fn bad_character_calls_are_refused_and_change_nothing() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let bodies = world.body_count();
    let line = Geometry::Segment(lockstep2d::Segment {
        point1: Vec2::ZERO,
        point2: Vec2::X,
    });
    assert!(
        world
            .create_character(&CharacterDef::new(Vec2::ZERO, line))
            .is_err()
    );
    let mut def = CharacterDef::new(Vec2::ZERO, capsule());
    def.settings.skin = -1.0;
    assert!(world.create_character(&def).is_err());
    def.settings.skin = 0.02;
    def.settings.max_climb_slope = f32::NAN;
    assert!(world.create_character(&def).is_err());
    def.settings.max_climb_slope = 0.5;
    def.settings.gravity_scale = -1.0;
    assert!(world.create_character(&def).is_err());
    assert_eq!(world.body_count(), bodies);

    let id = character(&mut world, Vec2::new(0.0, FOOT + 0.02));
    let hash = world.state_hash();
    assert!(world.move_character(id, Vec2::new(f32::NAN, 0.0)).is_err());
    let ground = world.body_ids().next().unwrap();
    assert!(world.move_character(ground, Vec2::X).is_err());
    for fast in [Vec2::new(0.0, f32::INFINITY), Vec2::new(2.0e6, 0.0)] {
        assert!(world.set_character_velocity(id, fast).is_err());
    }
    assert!(world.set_character_velocity(ground, Vec2::X).is_err());
    assert!(world.character(ground).is_err());
    let extra = ShapeDef::new(capsule());
    assert!(world.create_shape(id, &extra).is_err());
    let own = world.body_shapes(id).unwrap()[0];
    assert!(world.destroy_shape(own).is_err());
    assert_eq!(world.state_hash(), hash);
    world.destroy_body(id).unwrap();
    assert!(world.character(id).is_err());
    assert_eq!(world.character_ids().count(), 0);
}
