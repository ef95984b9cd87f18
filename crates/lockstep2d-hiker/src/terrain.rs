//! The mountain: a height for every x from the seed alone, cut into chunks of chain.
//!
//! The height is a pure function of the seed and x (a slope plus two octaves of value
//! noise), so a chunk made again after a rollback, or on another machine, has the same
//! points, and neighbouring chunks meet exactly: each chunk's chain is carried on by its
//! neighbours' points (`ChainDef::with_ghosts`), so nothing catches on a seam.

use lockstep2d::{
    BodyDef, BodyId, ChainDef, Geometry, Segment, ShapeDef, SolidSide, Vec2, World, minmax,
};
use lockstep2d_scenes::Pcg32;

use crate::rules::Rules;
use crate::tag::{self, Tag};

/// The generator's streams: one per use of the seed, so none repeats another.
const HILL_STREAM: u64 = 1;
const BUMP_STREAM: u64 = 2;
const LEDGE_STREAM: u64 = 3;

/// Hills this far apart (m), bumps this far apart.
const HILL_LENGTH: f32 = 24.0;
const BUMP_LENGTH: f32 = 3.0;

/// The mountain's shape: the seed and the rules' slope and bump sizes.
#[derive(Clone, Copy, Debug)]
pub struct Mountain {
    /// The game's seed.
    pub seed: u64,
    slope: f32,
    hill_height: f32,
    bump_height: f32,
}

impl Mountain {
    /// The mountain a game of `seed` climbs under `rules`.
    pub fn new(seed: u64, rules: &Rules) -> Mountain {
        Mountain {
            seed,
            slope: rules.slope,
            hill_height: rules.hill_height,
            bump_height: rules.bump_height,
        }
    }

    /// The ground's height at `x`.
    pub fn height(&self, x: f32) -> f32 {
        self.slope * x
            + self.hill_height * self.noise(HILL_STREAM, x / HILL_LENGTH)
            + self.bump_height * self.noise(BUMP_STREAM, x / BUMP_LENGTH)
    }

    /// Value noise in [-1, 1]: a random value at each whole `u`, eased between them.
    fn noise(&self, stream: u64, u: f32) -> f32 {
        let cell = u.floor();
        let t = u - cell;
        let eased = t * t * (3.0 - 2.0 * t);
        let at = |i: f32| {
            let lattice = (i as i64 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            Pcg32::new(self.seed ^ lattice, stream).range(-1.0, 1.0)
        };
        let (a, b) = (at(cell), at(cell + 1.0));
        a + (b - a) * eased
    }

    /// The generator of chunk `index`'s extras (its ledge, its items).
    pub fn chunk_rng(&self, index: u32, purpose: u64) -> Pcg32 {
        Pcg32::new(self.seed, (u64::from(index) << 8) | purpose)
    }
}

/// Where chunk `index` starts and ends along x.
pub fn chunk_span(index: u32, rules: &Rules) -> (f32, f32) {
    let start = index as f32 * rules.chunk_width;
    (start, start + rules.chunk_width)
}

/// Makes chunk `index`: a static body holding the mountain's chain over the chunk (drawn
/// right to left so its front faces up, carried on by the points either side), and
/// half the time a one-way ledge above it. Returns the body and the ledge's top middle.
pub fn spawn_chunk(
    world: &mut World,
    mountain: &Mountain,
    index: u32,
    rules: &Rules,
) -> lockstep2d::Result<(BodyId, Option<Vec2>)> {
    let (start, end) = chunk_span(index, rules);
    let spacing = rules.point_spacing;
    let count = (rules.chunk_width / spacing).round() as u32;
    let point = |k: i64| {
        let x = end - k as f32 * spacing;
        Vec2::new(x, mountain.height(x))
    };
    let points = (0..=i64::from(count)).map(point).collect();
    let chain = ChainDef {
        filter: tag::filter(tag::TERRAIN, !0),
        ..ChainDef::open(points, SolidSide::Above)
    }
    .with_ghosts(point(-1), point(i64::from(count) + 1));
    let body_def = BodyDef::static_at(Vec2::ZERO).with_user_data(Tag::Chunk(index).to_bits());
    let body = world.create_body(&body_def)?;
    world.create_chain(body, &chain)?;
    let ledge = ledge(mountain, index, start, rules);
    if let Some((right, left)) = ledge {
        let line = Geometry::Segment(Segment {
            point1: right,
            point2: left,
        });
        let def = ShapeDef::new(line)
            .one_way()
            .with_filter(tag::filter(tag::TERRAIN, !0));
        world.create_shape(body, &def)?;
    }
    Ok((body, ledge.map(|(right, left)| (right + left) * 0.5)))
}

/// Half the chunks carry a ledge 3 m wide, 2.2 m above the highest ground under it:
/// its right end and its left end.
fn ledge(mountain: &Mountain, index: u32, start: f32, rules: &Rules) -> Option<(Vec2, Vec2)> {
    let mut rng = mountain.chunk_rng(index, LEDGE_STREAM);
    if index == 0 || rng.range(0.0, 1.0) < 0.5 {
        return None;
    }
    let left = start + rng.range(2.0, rules.chunk_width - 5.0);
    let right = left + 3.0;
    let ground = (0..=6)
        .map(|k| mountain.height(left + 0.5 * k as f32))
        .fold(f32::MIN, minmax::max);
    let y = ground + 2.2;
    Some((Vec2::new(right, y), Vec2::new(left, y)))
}
