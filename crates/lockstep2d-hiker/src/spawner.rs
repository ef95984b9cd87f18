//! The spawner, the pipeline's first stage: mountain chunks made ahead of the hiker
//! (with their items), and rocks sent down from beyond the right edge of the view on a
//! fixed beat. Every draw comes from the seed and a counter in the game's state, so a
//! replay makes the same things in the same steps.

use lockstep2d::{BodyDef, BodyId, Geometry, Polygon, ShapeDef, Vec2};
use lockstep2d_scenes::Pcg32;

use crate::game::Game;
use crate::items::ItemKind;
use crate::tag::{self, Tag};
use crate::terrain::{chunk_span, spawn_chunk};

/// Streams of the seed for rocks and for items (chunks use 1 to 3).
const ROCK_STREAM: u64 = 1 << 40;
const ITEM_STREAM: u64 = 4;

/// Runs the stage.
pub fn spawn(game: &mut Game) -> lockstep2d::Result<()> {
    let hiker_x = game.world.position(game.state.hiker)?.x;
    let reach = hiker_x + game.rules.spawn_ahead;
    while chunk_span(game.state.next_chunk, &game.rules).0 < reach {
        spawn_next_chunk(game)?;
    }
    let due = game.state.step.is_multiple_of(game.rules.rock_interval) && game.state.step > 0;
    if due && game.state.rocks.len() < game.rules.max_rocks {
        send_rock(game)?;
    }
    Ok(())
}

/// The next chunk, and its items: on its ledge, else on the ground.
fn spawn_next_chunk(game: &mut Game) -> lockstep2d::Result<()> {
    let index = game.state.next_chunk;
    let (body, ledge) = spawn_chunk(&mut game.world, &game.mountain, index, &game.rules)?;
    game.state.chunks.push_back((index, body));
    game.state.next_chunk += 1;
    if index == 0 {
        return Ok(());
    }
    let mut rng = game.mountain.chunk_rng(index, ITEM_STREAM);
    let (start, end) = chunk_span(index, &game.rules);
    for k in 0..game.rules.items_per_chunk {
        let kind = ItemKind::from_draw(rng.range(0.0, 1.0));
        let position = match ledge {
            Some(middle) if k == 0 => middle + Vec2::new(0.0, 0.3),
            _ => {
                let x = rng.range(start + 1.0, end - 1.0);
                Vec2::new(x, game.mountain.height(x) + 0.3)
            }
        };
        game.add_item(kind, position)?;
    }
    Ok(())
}

/// A rock just past the right edge of the view, rolling down: a disc most of the time,
/// else a rough pentagon, 0.3 to 0.7 m across the middle.
fn send_rock(game: &mut Game) -> lockstep2d::Result<()> {
    let mut rng = Pcg32::new(
        game.mountain.seed,
        ROCK_STREAM + u64::from(game.state.rocks_sent),
    );
    game.state.rocks_sent += 1;
    let x = game.state.border + game.rules.view_width + 4.0;
    let size = rng.range(0.3, 0.7);
    let position = Vec2::new(x, game.mountain.height(x) + size + 0.3);
    let velocity = Vec2::new(-rng.range(1.0, 4.0), 0.0);
    let shape = if rng.range(0.0, 1.0) < 0.7 {
        ShapeDef::circle(size)
    } else {
        ShapeDef::new(Geometry::Polygon(pentagon(&mut rng, size)?))
    };
    spawn_rock(game, Tag::Rock, position, velocity, shape)?;
    Ok(())
}

/// A rock (or a thrown stone, by `tag`) of `shape` at `position` moving at `velocity`,
/// heavy, a little bouncy, meeting everything solid; counted among the live rocks. Fails,
/// changing nothing, if the world refuses the body or the shape.
pub fn spawn_rock(
    game: &mut Game,
    tag: Tag,
    position: Vec2,
    velocity: Vec2,
    shape: ShapeDef,
) -> lockstep2d::Result<BodyId> {
    let def = BodyDef::dynamic(position)
        .with_velocity(velocity, 0.0)
        .with_user_data(tag.to_bits());
    let body = game.world.create_body(&def)?;
    let mask = tag::TERRAIN | tag::ROCK | tag::ITEM | tag::HIKER;
    let material = shape
        .with_density(2.5)
        .with_restitution(0.35)
        .with_rolling_resistance(0.02)
        .with_filter(tag::filter(tag::ROCK, mask));
    // A shape the world refuses leaves no bodiless rock behind.
    if let Err(error) = game.world.create_shape(body, &material) {
        game.world.destroy_body(body)?;
        return Err(error);
    }
    game.state.rocks.push(body);
    Ok(body)
}

/// Five corners at radii between 0.8 and 1.2 of `size`.
fn pentagon(rng: &mut Pcg32, size: f32) -> lockstep2d::Result<Polygon> {
    let corners: Vec<Vec2> = (0..5)
        .map(|k| {
            let angle = k as f32 * std::f32::consts::TAU / 5.0;
            let (sin, cos) = (lockstep2d::math::sin(angle), lockstep2d::math::cos(angle));
            Vec2::new(cos, sin) * (size * rng.range(0.8, 1.2))
        })
        .collect();
    Polygon::new(&corners)
}
