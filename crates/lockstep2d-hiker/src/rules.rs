//! `Rules`: every number the game is tuned by, in one place.

/// The game's tuning. `Rules::default()` is the game as shipped; tests shrink or
/// stretch single values to isolate one stage.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// Steps per second.
    pub hz: u32,
    /// Width of one chunk of mountain (m).
    pub chunk_width: f32,
    /// Distance between the points of a chunk's chain (m).
    pub point_spacing: f32,
    /// Chunks are made until the mountain reaches this far ahead of the hiker (m).
    pub spawn_ahead: f32,
    /// How far behind the hiker the world border trails (m): the left edge of the view.
    pub border_behind: f32,
    /// The width of the view (m), from the border to its right edge.
    pub view_width: f32,
    /// A chunk goes once its right end is this far behind the border (m).
    pub chunk_margin: f32,
    /// The mountain's mean slope (rise per metre).
    pub slope: f32,
    /// The height of its hills (m), about 24 m apart.
    pub hill_height: f32,
    /// The height of its bumps (m), about 3 m apart.
    pub bump_height: f32,
    /// A rock is sent down every this many steps, while fewer than `max_rocks` live.
    pub rock_interval: u64,
    /// The most rocks alive at once.
    pub max_rocks: usize,
    /// Items made on each chunk, at most.
    pub items_per_chunk: u32,
    /// The hiker's running speed (m/s).
    pub run_speed: f32,
    /// Its speed while crouching (m/s).
    pub crouch_speed: f32,
    /// The upward speed of a jump (m/s).
    pub jump_speed: f32,
    /// The upward speed of a jump in boots (m/s).
    pub boots_jump_speed: f32,
    /// Jumps a pair of boots gives.
    pub boots_jumps: u32,
    /// Health at the start and after each fall.
    pub max_health: f32,
    /// A rock hitting the hiker faster than this (m/s) hurts; slower touches do not.
    pub hurt_speed: f32,
    /// Health lost per m/s of a hit above `hurt_speed` (halved while crouching).
    pub damage_per_speed: f32,
    /// Health an apple gives back.
    pub apple_health: f32,
    /// The monster's speed (m/s).
    pub monster_speed: f32,
    /// The health it drains per second while it touches the hiker.
    pub monster_drain: f32,
    /// Items the hiker can carry.
    pub inventory_size: usize,
    /// The speed a stone is thrown at (m/s).
    pub throw_speed: f32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            hz: 60,
            chunk_width: 16.0,
            point_spacing: 1.0,
            spawn_ahead: 40.0,
            border_behind: 8.0,
            view_width: 24.0,
            chunk_margin: 2.0,
            slope: 0.25,
            hill_height: 2.0,
            bump_height: 0.3,
            rock_interval: 90,
            max_rocks: 10,
            items_per_chunk: 2,
            run_speed: 4.0,
            crouch_speed: 1.5,
            jump_speed: 6.5,
            boots_jump_speed: 9.0,
            boots_jumps: 3,
            max_health: 100.0,
            hurt_speed: 3.0,
            damage_per_speed: 6.0,
            apple_health: 30.0,
            monster_speed: 1.2,
            monster_drain: 40.0,
            inventory_size: 3,
            throw_speed: 9.0,
        }
    }
}

/// Limits on the rules that keep the game playable and its numbers in the engine's
/// range: a view no wider than this (m), speeds no faster (m/s).
const MAX_LENGTH: f32 = 1_000.0;
const MAX_SPEED: f32 = 100.0;

impl Rules {
    /// Fails, naming the field, for a rule the game cannot run by: a rate the driver
    /// does not take, lengths that are not positive or beyond 1 km (a chunk at least
    /// two of its point spacings), slopes and speeds not finite or beyond 100, no
    /// inventory or no health.
    pub fn check(&self) -> lockstep2d::Result<()> {
        if self.hz == 0 || self.hz > lockstep2d::MAX_HZ {
            return invalid("hz", "must be from 1 to MAX_HZ steps a second");
        }
        let lengths = [
            ("chunk_width", self.chunk_width),
            ("point_spacing", self.point_spacing),
            ("spawn_ahead", self.spawn_ahead),
            ("border_behind", self.border_behind),
            ("view_width", self.view_width),
            ("chunk_margin", self.chunk_margin),
        ];
        for (field, length) in lengths {
            positive_below(field, length, MAX_LENGTH)?;
        }
        if self.point_spacing <= 10.0 * lockstep2d::LINEAR_SLOP
            || self.chunk_width < 2.0 * self.point_spacing
        {
            return invalid(
                "point_spacing",
                "must be over 5 cm and at most half a chunk",
            );
        }
        let sizes = [
            ("slope", self.slope),
            ("hill_height", self.hill_height),
            ("bump_height", self.bump_height),
            ("run_speed", self.run_speed),
            ("crouch_speed", self.crouch_speed),
            ("jump_speed", self.jump_speed),
            ("boots_jump_speed", self.boots_jump_speed),
            ("hurt_speed", self.hurt_speed),
            ("damage_per_speed", self.damage_per_speed),
            ("apple_health", self.apple_health),
            ("monster_speed", self.monster_speed),
            ("monster_drain", self.monster_drain),
            ("throw_speed", self.throw_speed),
        ];
        for (field, size) in sizes {
            lockstep2d::checks::check_non_negative(field, size)?;
            if size > MAX_SPEED {
                return invalid(field, "must be at most 100");
            }
        }
        lockstep2d::checks::check_positive("max_health", self.max_health)?;
        if self.inventory_size == 0 {
            return invalid("inventory_size", "must be at least 1");
        }
        Ok(())
    }

    /// The step's length (s).
    pub fn dt(&self) -> f32 {
        1.0 / self.hz as f32
    }
}

fn invalid(field: &'static str, reason: &'static str) -> lockstep2d::Result<()> {
    Err(lockstep2d::Error::InvalidValue { field, reason })
}

fn positive_below(field: &'static str, value: f32, most: f32) -> lockstep2d::Result<()> {
    lockstep2d::checks::check_positive(field, value)?;
    if value > most {
        return invalid(field, "must be at most 1,000 m");
    }
    Ok(())
}
