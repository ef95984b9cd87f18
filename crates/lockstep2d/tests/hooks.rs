//! Contact hooks: pairs refused, contacts switched off or re-surfaced for a step, in a
//! deterministic order, and nothing of them left once a hook is gone.

use crate::support;

use std::sync::{Arc, Mutex};

use lockstep2d::{
    BodyDef, BodyId, ContactHook, Geometry, PairView, Polygon, PreSolve, ShapeDef, ShapeId,
    Snapshot, Vec2, World, WorldDef,
};
use support::{DT, run, world_with_ground};

/// Tags (shape user data) the test hooks look for.
const GHOST: u64 = 7;
const ICE: u64 = 8;

/// Lets ghosts through everything and makes ice frictionless, and notes the order it
/// saw contacts in.
#[derive(Clone, Debug, Default)]
struct Rules {
    seen: Arc<Mutex<Vec<(ShapeId, ShapeId)>>>,
    refuse_pairs: bool,
}

impl ContactHook for Rules {
    fn allow_pair(&mut self, pair: &PairView) -> bool {
        !(self.refuse_pairs && (pair.user_data_a == GHOST || pair.user_data_b == GHOST))
    }

    fn pre_solve(&mut self, contact: &mut PreSolve) {
        let ids = (contact.pair.shape_a, contact.pair.shape_b);
        self.seen.lock().unwrap().push(ids);
        let tags = [contact.pair.user_data_a, contact.pair.user_data_b];
        if tags.contains(&GHOST) {
            contact.disable();
        }
        if tags.contains(&ICE) {
            contact.set_friction(0.0).unwrap();
            assert!(contact.set_friction(-1.0).is_err());
            assert_eq!(contact.friction(), 0.0, "a refused value changes nothing");
        }
    }
}

fn tagged_box(world: &mut World, at: Vec2, tag: u64, velocity: Vec2) -> BodyId {
    let body = world
        .create_body(&BodyDef::dynamic(at).with_velocity(velocity, 0.0))
        .unwrap();
    let square =
        ShapeDef::new(Geometry::Polygon(Polygon::new_box(0.5, 0.5).unwrap())).with_user_data(tag);
    world.create_shape(body, &square).unwrap();
    body
}

/// A plain box, a ghost and an ice box dropped side by side, each sliding right at
/// 3 m/s.
fn scene(threads: u32) -> (World, [BodyId; 3]) {
    let def = WorldDef {
        threads,
        ..WorldDef::default()
    };
    let mut world = world_with_ground(&def, 0.6);
    let push = Vec2::new(3.0, 0.0);
    let bodies = [0u64, GHOST, ICE].map(|tag| {
        let x = -10.0 + 5.0 * tag as f32;
        tagged_box(&mut world, Vec2::new(x, 0.5), tag, push)
    });
    (world, bodies)
}

#[test]
fn a_hook_lets_one_box_through_and_takes_the_friction_from_another() {
    for refuse_pairs in [false, true] {
        let (mut world, [plain, ghost, ice]) = scene(1);
        let rules = Rules {
            refuse_pairs,
            ..Rules::default()
        };
        world.set_contact_hook(Some(Box::new(rules)));
        run(&mut world, 60);
        let y = |body| world.position(body).unwrap().y;
        let vx = |body| world.linear_velocity(body).unwrap().x;
        assert!(
            (y(plain) - 0.5).abs() < 0.01 && vx(plain).abs() < 0.01,
            "plain box slid"
        );
        assert!(
            y(ghost) < -2.0,
            "the ghost fell through: it is at {}",
            y(ghost)
        );
        assert!(
            (vx(ice) - 3.0).abs() < 0.01,
            "the ice box slid on at {}",
            vx(ice)
        );
    }
}

#[test]
fn without_the_hook_the_next_step_is_the_shapes_own_again() {
    let (mut world, [_, ghost, ice]) = scene(1);
    world.set_contact_hook(Some(Box::new(Rules::default())));
    run(&mut world, 5);
    let removed = world.set_contact_hook(None);
    assert!(removed.is_some());
    run(&mut world, 60);
    assert!(
        world.linear_velocity(ice).unwrap().x.abs() < 0.01,
        "ice has friction again"
    );
    let y = world.position(ghost).unwrap().y;
    assert!(y > -0.6, "the ghost, half-way in, is pushed back out: {y}");
}

#[test]
fn a_hook_sees_contacts_in_the_same_order_on_any_thread_count_and_after_a_restore() {
    let record = |threads: u32| {
        let (mut world, _) = scene(threads);
        let rules = Rules::default();
        let seen = rules.seen.clone();
        world.set_contact_hook(Some(Box::new(rules)));
        run(&mut world, 30);
        let taken = seen.lock().unwrap().clone();
        (taken, world.state_hash(), world)
    };
    let (one, hash_one, mut world) = record(1);
    let (two, hash_two, _) = record(2);
    assert!(!one.is_empty());
    assert_eq!((one, hash_one), (two, hash_two));
    // Saved and restored into a world with the same rules, it steps to the same bits.
    let saved = Snapshot::from_bytes(&world.snapshot().to_bytes()).unwrap();
    let (mut copy, _) = scene(1);
    copy.set_contact_hook(Some(Box::new(Rules::default())));
    copy.restore(&saved);
    for step in 0..60 {
        world.step(DT).unwrap();
        copy.step(DT).unwrap();
        assert_eq!(world.state_hash(), copy.state_hash(), "step {step}");
    }
}
