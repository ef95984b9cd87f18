//! Snapshots: a restored world steps to the same bits as the original, in the same world,
//! in a fresh one and through bytes; ids survive; bad buffers are errors.

use crate::support;

use lockstep2d::{
    BodyDef, BodyId, Capsule, ChainDef, CharacterDef, Circle, DistanceJointDef, Error, Filter,
    Geometry, JointDef, JointKind, MotorJointDef, Polygon, PrismaticJointDef,
    SNAPSHOT_FORMAT_VERSION, Segment, ShapeDef, Snapshot, SolidSide, SurfaceMaterial, Vec2,
    WeldJointDef, WheelJointDef, Wind, WindDef, World, WorldDef,
};
use support::{DT, add_ball, add_box, run, world_with_ground};

/// Boxes, circles and capsules, five kinds of joint, a removed body (a freed slot), a
/// persistent force and a wind controller. After 100 steps a far stack sleeps while
/// the chain and the rest still move and touch.
fn busy_world() -> (World, Vec<BodyId>) {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let mut ids = Vec::new();
    for row in 0..5 {
        for col in 0..(5 - row) {
            let x = -8.0 + col as f32 * 1.05 + row as f32 * 0.525;
            ids.push(add_box(
                &mut world,
                Vec2::new(x, 0.5 + row as f32),
                0.5,
                1.0,
            ));
        }
    }
    for i in 0..3 {
        ids.push(add_box(
            &mut world,
            Vec2::new(30.0, 0.5 + i as f32),
            0.5,
            1.0,
        ));
    }
    for i in 0..6 {
        ids.push(add_ball(
            &mut world,
            Vec2::new(i as f32 * 0.9, 3.0 + i as f32),
            0.4,
            0.3,
        ));
        ids.push(add_capsule(
            &mut world,
            Vec2::new(i as f32 * 0.9 + 0.3, 6.0 + i as f32),
        ));
    }
    ids.extend(add_joints(&mut world));
    let doomed = add_box(&mut world, Vec2::new(-20.0, 5.0), 0.5, 1.0);
    world.destroy_body(doomed).unwrap();
    world
        .apply_force_to_center(ids[5], Vec2::new(3.0, 0.0))
        .unwrap();
    world.add_controller(wind());
    (world, ids)
}

/// A light breeze: it pushes, but not hard enough to keep a box stack from sleeping.
fn wind() -> Box<Wind> {
    let def = WindDef {
        velocity: Vec2::new(1.0, 0.0),
        ..WindDef::default()
    };
    Box::new(Wind::new(&def).unwrap())
}

fn add_capsule(world: &mut World, position: Vec2) -> BodyId {
    let body = world.create_body(&BodyDef::dynamic(position)).unwrap();
    let capsule = Geometry::Capsule(Capsule {
        center1: Vec2::new(-0.4, 0.0),
        center2: Vec2::new(0.4, 0.0),
        radius: 0.2,
    });
    world.create_shape(body, &ShapeDef::new(capsule)).unwrap();
    body
}

/// A one-way chain with a conveyor's surface, and a segment, on a static body.
fn add_chain_and_segment(world: &mut World) {
    let ground = world
        .create_body(&BodyDef::static_at(Vec2::new(-6.0, 0.0)))
        .unwrap();
    let points = vec![
        Vec2::new(2.0, 0.0),
        Vec2::new(0.0, 0.5),
        Vec2::new(-2.0, 0.0),
    ];
    let material = SurfaceMaterial {
        tangent_speed: 2.0,
        rolling_resistance: 0.1,
        ..SurfaceMaterial::default()
    };
    let mut chain = ChainDef::open(points, SolidSide::Above).with_material(material);
    chain.one_way = true;
    world.create_chain(ground, &chain).unwrap();
    let segment = Geometry::Segment(Segment {
        point1: Vec2::new(3.0, 0.0),
        point2: Vec2::new(5.0, 0.0),
    });
    world.create_shape(ground, &ShapeDef::new(segment)).unwrap();
}

/// A swinging revolute chain, a prismatic slider, a rope, a weld, a wheel and a motor.
fn add_joints(world: &mut World) -> Vec<BodyId> {
    let anchor = world
        .create_body(&BodyDef::static_at(Vec2::new(12.0, 12.0)))
        .unwrap();
    let pin = Polygon::new_box(0.1, 0.1).unwrap();
    world
        .create_shape(anchor, &ShapeDef::new(Geometry::Polygon(pin)))
        .unwrap();
    let mut links = Vec::new();
    let mut previous = anchor;
    for i in 0..4 {
        let link = add_box(world, Vec2::new(12.5 + i as f32, 12.0), 0.4, 1.0);
        let at = Vec2::new(12.0 + i as f32, 12.0);
        world
            .create_joint(&JointDef::revolute(previous, link, at))
            .unwrap();
        links.push(link);
        previous = link;
    }
    let (a, b) = (links[0], links[3]);
    let slider = add_box(world, Vec2::new(16.0, 8.0), 0.3, 1.0);
    let wheel = add_ball(world, Vec2::new(18.0, 10.0), 0.3, 0.0);
    let kinds = [
        (
            a,
            slider,
            JointKind::Prismatic(PrismaticJointDef::new(Vec2::new(16.0, 8.0), Vec2::X)),
        ),
        (
            b,
            slider,
            JointKind::Distance(DistanceJointDef::rope(
                Vec2::new(15.5, 12.0),
                Vec2::new(16.0, 8.0),
                5.0,
            )),
        ),
        (
            b,
            wheel,
            JointKind::Wheel(WheelJointDef::new(Vec2::new(18.0, 10.0), Vec2::Y)),
        ),
        (
            a,
            wheel,
            JointKind::Motor(MotorJointDef::new(Vec2::new(4.0, -2.0), 0.0, 5.0, 1.0)),
        ),
    ];
    for (body_a, body_b, kind) in kinds {
        world
            .create_joint(&JointDef::new(body_a, body_b, kind))
            .unwrap();
    }
    let glued = add_box(world, Vec2::new(16.8, 8.0), 0.3, 1.0);
    let weld = JointKind::Weld(WeldJointDef::new(Vec2::new(16.5, 8.0)));
    world
        .create_joint(&JointDef::new(slider, glued, weld))
        .unwrap();
    links.extend([slider, wheel, glued]);
    links
}

/// The state hash after each of `steps` steps.
fn hashes(world: &mut World, steps: usize) -> Vec<u64> {
    (0..steps)
        .map(|_| {
            world.step(DT).unwrap();
            world.state_hash()
        })
        .collect()
}

/// The busy world after 100 steps, checked to be busy: some bodies asleep, some awake,
/// contacts touching.
fn busy_world_at_100() -> (World, Vec<BodyId>) {
    let (mut world, ids) = busy_world();
    run(&mut world, 100);
    let asleep = ids
        .iter()
        .filter(|&&id| !world.is_awake(id).unwrap())
        .count();
    assert!(
        asleep >= 3,
        "the far stack should sleep by step 100, {asleep} asleep"
    );
    assert!(
        world.awake_body_count() > 10,
        "the scene should still be moving"
    );
    assert!(world.contact_count() > 10);
    (world, ids)
}

#[test]
fn restoring_replays_the_same_bits_in_the_same_world() {
    let (mut world, _) = busy_world_at_100();
    let snapshot = world.snapshot();
    let original = hashes(&mut world, 100);
    let original_bytes = world.snapshot().to_bytes();
    world.restore(&snapshot);
    assert_eq!((snapshot.step_count(), world.step_count()), (100, 100));
    assert_eq!(hashes(&mut world, 100), original);
    // The whole state, contacts and trees included, not just the bodies' poses.
    assert_eq!(world.snapshot().to_bytes(), original_bytes);
}

/// A rollback ring reuses its snapshots: `snapshot_into` a snapshot that held a bigger
/// world (more bodies, contacts and tree nodes) and `restore` into a world that holds
/// one, and nothing of the bigger state is left behind: the bytes and the replay are
/// those of a fresh snapshot.
#[test]
fn snapshots_taken_into_reused_storage_leave_nothing_of_the_old_state() {
    let (mut world, _) = busy_world_at_100();
    let fresh = world.snapshot();
    let expected = hashes(&mut world, 60);
    world.restore(&fresh);

    let (mut bigger, _) = busy_world_at_100();
    for i in 0..20 {
        add_box(
            &mut bigger,
            Vec2::new(-4.0 + 0.4 * i as f32, 9.0),
            0.15,
            1.0,
        );
    }
    run(&mut bigger, 30);
    let mut reused = bigger.snapshot();
    world.snapshot_into(&mut reused);
    assert_eq!(reused.to_bytes(), fresh.to_bytes());

    bigger.restore(&reused);
    assert_eq!(bigger.snapshot().to_bytes(), fresh.to_bytes());
    assert_eq!(hashes(&mut bigger, 60), expected);
}

/// A snapshot shares the world's shapes until one is edited (copy on write): editing,
/// destroying and creating shapes after it leave the snapshot as it was, and restoring
/// it brings the old shapes back, filter and all.
#[test]
fn shape_edits_after_a_snapshot_leave_the_snapshot_alone() {
    let (mut world, ids) = busy_world_at_100();
    let snapshot = world.snapshot();
    let bytes = snapshot.to_bytes();
    let expected = hashes(&mut world, 60);
    world.restore(&snapshot);

    let edited = world.body_shapes(ids[1]).unwrap()[0];
    let before = world.shape_def(edited).unwrap();
    let ghost = Filter {
        mask_bits: 0,
        ..Filter::default()
    };
    world.set_shape_filter(edited, ghost).unwrap();
    let doomed = world.body_shapes(ids[2]).unwrap()[0];
    world.destroy_shape(doomed).unwrap();
    add_box(&mut world, Vec2::new(0.0, 20.0), 0.5, 1.0);
    run(&mut world, 10);
    assert_eq!(snapshot.to_bytes(), bytes);

    world.restore(&snapshot);
    assert_eq!(world.shape_def(edited).unwrap(), before);
    assert!(world.shape_def(doomed).is_ok());
    assert_eq!(hashes(&mut world, 60), expected);
}

#[test]
fn a_snapshot_through_bytes_restores_into_a_fresh_world() {
    let (mut world, _) = busy_world_at_100();
    let bytes = world.snapshot().to_bytes();
    let original = hashes(&mut world, 100);

    let mut fresh = World::new(&WorldDef::default()).unwrap();
    fresh.add_controller(wind());
    fresh.restore(&Snapshot::from_bytes(&bytes).unwrap());
    assert_eq!(hashes(&mut fresh, 100), original);
    assert_eq!(fresh.snapshot().to_bytes(), world.snapshot().to_bytes());
}

#[test]
fn a_snapshot_restores_into_a_world_with_other_threads() {
    let (mut world, _) = busy_world_at_100();
    let snapshot = world.snapshot();
    let original = hashes(&mut world, 100);
    let mut other = World::new(&WorldDef {
        threads: 4,
        ..WorldDef::default()
    })
    .unwrap();
    other.add_controller(wind());
    other.restore(&snapshot);
    assert_eq!(hashes(&mut other, 100), original);
}

#[test]
fn ids_taken_before_a_snapshot_resolve_after_a_restore() {
    let (mut world, ids) = busy_world_at_100();
    let snapshot = world.snapshot();
    let positions: Vec<Vec2> = ids.iter().map(|&id| world.position(id).unwrap()).collect();
    world.destroy_body(ids[0]).unwrap();
    let newcomer = add_box(&mut world, Vec2::new(0.0, 20.0), 0.5, 1.0);
    run(&mut world, 10);

    world.restore(&snapshot);
    for (&id, &position) in ids.iter().zip(&positions) {
        assert_eq!(world.position(id).unwrap(), position);
    }
    // The newcomer took the destroyed body's slot; that slot holds the old body again.
    assert!(matches!(
        world.position(newcomer),
        Err(Error::StaleId { kind: "body", .. })
    ));
}

#[test]
fn events_waiting_for_the_next_step_survive_a_restore() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let resting = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    run(&mut world, 30);
    // Destroying a touching shape between steps queues its end event for the next step.
    world.destroy_body(resting).unwrap();
    let bytes = world.snapshot().to_bytes();
    world.step(DT).unwrap();
    assert_eq!(world.contact_events().end.len(), 1);

    let mut fresh = World::new(&WorldDef::default()).unwrap();
    fresh.restore(&Snapshot::from_bytes(&bytes).unwrap());
    fresh.step(DT).unwrap();
    assert_eq!(fresh.contact_events(), world.contact_events());
}

#[test]
fn bytes_are_the_same_for_the_same_state() {
    let (world, _) = busy_world_at_100();
    let bytes = world.snapshot().to_bytes();
    assert_eq!(bytes, world.snapshot().to_bytes());
    assert_eq!(&bytes[..4], b"LS2D");
    assert_eq!(bytes[4..8], SNAPSHOT_FORMAT_VERSION.to_le_bytes());
}

/// A pyramid's boxes repeat their shape and their contacts repeat their anchors, so the
/// deflated bytes are a fraction of the payload: a settled 210-box pyramid fits in
/// PYRAMID_BYTES_PER_BODY per box, well under what the payload alone takes
/// (docs/decisions.md, "Snapshot bytes deflated").
const PYRAMID_BYTES_PER_BODY: usize = 200;

#[test]
fn a_settled_pyramid_snapshot_is_compact() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let rows = 20;
    for row in 0..rows {
        for col in 0..(rows - row) {
            let x = col as f32 * 1.05 + row as f32 * 0.525;
            add_box(&mut world, Vec2::new(x, 0.5 + row as f32), 0.5, 1.0);
        }
    }
    run(&mut world, 120);
    let boxes = rows * (rows + 1) / 2;
    let bytes = world.snapshot().to_bytes();
    assert!(world.contact_count() >= boxes, "the pyramid is in contact");
    assert!(
        bytes.len() <= PYRAMID_BYTES_PER_BODY * boxes,
        "{} bytes for {boxes} boxes",
        bytes.len()
    );
}

#[test]
fn truncated_buffers_are_errors() {
    let (world, _) = busy_world_at_100();
    let bytes = world.snapshot().to_bytes();
    for len in [0, 3, 15, 16, 17, bytes.len() / 2, bytes.len() - 1] {
        let error = Snapshot::from_bytes(&bytes[..len]).unwrap_err();
        assert!(
            matches!(error, Error::SnapshotTruncated { found, .. } if found == len),
            "{len} bytes: {error}"
        );
    }
}

#[test]
fn corrupted_buffers_are_errors() {
    let (world, _) = busy_world_at_100();
    let bytes = world.snapshot().to_bytes();
    // The magic, the stored bytes' checksum, the payload's length and checksum, and
    // the stored bytes at their start, middle and end.
    for index in [0, 13, 17, 21, 24, bytes.len() / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[index] ^= 0x10;
        let error = Snapshot::from_bytes(&bad).unwrap_err();
        assert!(
            matches!(error, Error::SnapshotCorrupt { .. }),
            "byte {index}: {error}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Snapshot::from_bytes(&longer),
        Err(Error::SnapshotCorrupt { .. })
    ));
}

#[test]
fn another_format_version_is_an_error() {
    let (world, _) = busy_world_at_100();
    let mut bytes = world.snapshot().to_bytes();
    bytes[4..8].copy_from_slice(&(SNAPSHOT_FORMAT_VERSION + 1).to_le_bytes());
    assert_eq!(
        Snapshot::from_bytes(&bytes).unwrap_err(),
        Error::SnapshotVersion {
            found: SNAPSHOT_FORMAT_VERSION + 1,
            supported: SNAPSHOT_FORMAT_VERSION
        }
    );
}

/// The payload (postcard, before deflate) of a small world that has never stepped, so
/// that no change to the physics moves it: bodies, shapes of every kind, a joint, a
/// character, a freed slot, the broad phase.
/// If this fails and a saved type changed, bump `SNAPSHOT_FORMAT_VERSION`
/// (snapshot/encoding.rs) so old files are refused instead of decoded wrong, then update
/// this constant; if only a default setting changed, update the constant alone.
const GOLDEN_CHECKSUM: u32 = 147599004;

#[test]
fn the_encoding_of_a_fixed_world_is_pinned() {
    let mut world = world_with_ground(&WorldDef::default(), 0.6);
    let body = add_box(&mut world, Vec2::new(0.0, 0.5), 0.5, 1.0);
    let ball = add_ball(&mut world, Vec2::new(0.0, 2.0), 0.3, 0.5);
    add_capsule(&mut world, Vec2::new(2.0, 1.0));
    add_chain_and_segment(&mut world);
    let doomed = add_box(&mut world, Vec2::new(5.0, 0.5), 0.5, 1.0);
    world.destroy_body(doomed).unwrap();
    let hinge = JointDef::revolute(body, ball, Vec2::new(0.0, 1.0));
    world.create_joint(&hinge).unwrap();
    let walker = Geometry::Circle(Circle {
        center: Vec2::ZERO,
        radius: 0.4,
    });
    let walker = world
        .create_character(&CharacterDef::new(Vec2::new(-3.0, 0.5), walker))
        .unwrap();
    world.move_character(walker, Vec2::new(0.1, 0.0)).unwrap();
    world
        .set_character_velocity(walker, Vec2::new(2.0, 3.0))
        .unwrap();
    let bytes = world.snapshot().to_bytes();
    let checksum = u32::from_le_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!(
        (SNAPSHOT_FORMAT_VERSION, checksum),
        (22, GOLDEN_CHECKSUM),
        "GOLDEN_CHECKSUM: the bytes of a fixed world changed (see the constant's comment)"
    );
}
