//! Particles for visual effects: sparks, dust, debris that nothing else reads.
//!
//! They run on the frame time, not the fixed step, because no game logic depends on
//! them (the SDL 2 game-loop article): stepping them once per rendered frame with that frame's length is
//! cheaper than fixed steps plus interpolation and looks the same. They are not part
//! of the `World`, its snapshots or its state hash, so a rollback or a replay never
//! has to reproduce them. Each particle moves by semi-implicit Euler under gravity and
//! a linear drag, and dies at the end of its lifetime.

use lockstep2d::Vec2;
use lockstep2d::checks::{check_finite, check_finite_vec, check_non_negative, check_positive};
use lockstep2d::math::{cos, sin};
use lockstep2d::{Error, Result};

/// One particle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Where it is (m).
    pub position: Vec2,
    /// How fast it moves (m/s).
    pub velocity: Vec2,
    /// Seconds since it was emitted.
    pub age: f32,
    /// Seconds it lives.
    pub lifetime: f32,
}

impl Particle {
    /// How far through its life it is, 0 at birth to 1 at death: a renderer fades it.
    pub fn life_fraction(&self) -> f32 {
        (self.age / self.lifetime).min(1.0)
    }
}

/// How particles leave an emitter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EmitterDef {
    /// Where particles start (m).
    pub position: Vec2,
    /// The direction of the middle of the spray (radians from +x).
    pub angle: f32,
    /// The spray's full width (radians): 2π sprays every way.
    pub spread: f32,
    /// The slowest launch speed (m/s): speeds are spread evenly from this to
    /// `max_speed`.
    pub min_speed: f32,
    /// The fastest launch speed (m/s); at least `min_speed`.
    pub max_speed: f32,
    /// Particles per second of frame time, for a steady stream (0 for bursts only).
    pub rate: f32,
    /// Seconds each particle lives.
    pub lifetime: f32,
}

impl EmitterDef {
    /// A burst in every direction from `position`.
    pub fn burst(position: Vec2, min_speed: f32, max_speed: f32, lifetime: f32) -> EmitterDef {
        EmitterDef {
            position,
            angle: 0.0,
            spread: std::f32::consts::TAU,
            min_speed,
            max_speed,
            rate: 0.0,
            lifetime,
        }
    }

    fn validate(&self) -> Result<()> {
        check_finite_vec("position", self.position)?;
        check_finite("angle", self.angle)?;
        check_non_negative("spread", self.spread)?;
        check_non_negative("min_speed", self.min_speed)?;
        check_non_negative("rate", self.rate)?;
        check_positive("lifetime", self.lifetime)?;
        if !(self.max_speed.is_finite() && self.max_speed >= self.min_speed) {
            return Err(Error::InvalidValue {
                field: "max_speed",
                reason: "must be finite and >= min_speed",
            });
        }
        Ok(())
    }
}

/// A source of particles: a steady stream at `rate`, or bursts on demand.
#[derive(Clone, Debug)]
pub struct Emitter {
    def: EmitterDef,
    /// The fraction of a particle the stream owes from earlier frames.
    owed: f32,
    /// xorshift32 state: cheap, and the same sparks for the same seed.
    rng: u32,
}

impl Emitter {
    /// An emitter as `def` describes, its random launches drawn from `seed` (the same
    /// seed gives the same particles). Fails with `NotFinite` or `InvalidValue` if a
    /// number of `def` is not finite, `spread`, `min_speed` or `rate` is negative,
    /// `lifetime` is not positive or `max_speed` is below `min_speed`.
    pub fn new(def: &EmitterDef, seed: u32) -> Result<Emitter> {
        def.validate()?;
        Ok(Emitter {
            def: *def,
            owed: 0.0,
            // xorshift stays at zero forever; any other seed works.
            rng: seed.max(1),
        })
    }

    /// What the emitter was made from, at its current position.
    pub fn def(&self) -> &EmitterDef {
        &self.def
    }

    /// Moves the emitter (a trail behind a body). A position that is not finite is
    /// refused, and the emitter stays where it was.
    pub fn set_position(&mut self, position: Vec2) -> Result<()> {
        let moved = EmitterDef {
            position,
            ..self.def
        };
        moved.validate()?;
        self.def = moved;
        Ok(())
    }

    /// Emits the stream's particles for a frame of `frame_dt` seconds into `into`.
    pub fn emit(&mut self, frame_dt: f32, into: &mut Particles) {
        self.owed += self.def.rate * frame_dt.max(0.0);
        let count = self.owed.floor();
        self.owed -= count;
        self.burst(count as usize, into);
    }

    /// Emits `count` particles at once (an impact, an explosion).
    pub fn burst(&mut self, count: usize, into: &mut Particles) {
        for _ in 0..count {
            let particle = self.launch();
            into.add(particle);
        }
    }

    fn launch(&mut self) -> Particle {
        let angle = self.def.angle + self.def.spread * (self.random() - 0.5);
        let speed = self.def.min_speed + (self.def.max_speed - self.def.min_speed) * self.random();
        Particle {
            position: self.def.position,
            velocity: speed * Vec2::new(cos(angle), sin(angle)),
            age: 0.0,
            lifetime: self.def.lifetime,
        }
    }

    /// A number in [0, 1).
    fn random(&mut self) -> f32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        (self.rng >> 8) as f32 / (1u32 << 24) as f32
    }
}

/// The live particles, with what moves them.
#[derive(Clone, Debug)]
pub struct Particles {
    particles: Vec<Particle>,
    gravity: Vec2,
    /// Linear drag (1/s): each second a particle keeps about e^(−drag) of its speed.
    drag: f32,
    /// The most alive at once: past it, new particles replace nothing and are dropped,
    /// so an effect cannot cost without bound.
    capacity: usize,
}

impl Particles {
    /// No particles yet, moved by `gravity` (m/s²) and slowed by a linear `drag` (1/s),
    /// with at most `capacity` alive at once. Fails with `NotFinite` if `gravity` or
    /// `drag` is not finite and with `InvalidValue` if `drag` is negative.
    pub fn new(gravity: Vec2, drag: f32, capacity: usize) -> Result<Particles> {
        check_finite_vec("gravity", gravity)?;
        check_non_negative("drag", drag)?;
        Ok(Particles {
            particles: Vec::with_capacity(capacity),
            gravity,
            drag,
            capacity,
        })
    }

    fn add(&mut self, particle: Particle) {
        if self.particles.len() < self.capacity {
            self.particles.push(particle);
        }
    }

    /// Advances every particle by one frame of `frame_dt` seconds (the frame's real
    /// length, not the fixed step) and removes those past their lifetime. A negative
    /// or non-finite frame time counts as none: a clock glitch must not fling sparks.
    pub fn update(&mut self, frame_dt: f32) {
        let dt = if frame_dt.is_finite() {
            frame_dt.max(0.0)
        } else {
            0.0
        };
        // Exact decay over the frame, so a long frame cannot reverse a particle.
        let keep = 1.0 / (1.0 + self.drag * dt);
        for p in &mut self.particles {
            p.velocity = (p.velocity + self.gravity * dt) * keep;
            p.position += p.velocity * dt;
            p.age += dt;
        }
        self.particles.retain(|p| p.age < p.lifetime);
    }

    /// The live particles, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Particle> {
        self.particles.iter()
    }

    /// How many particles are alive.
    pub fn len(&self) -> usize {
        self.particles.len()
    }

    /// True when no particle is alive.
    pub fn is_empty(&self) -> bool {
        self.particles.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn still_air() -> Particles {
        Particles::new(Vec2::new(0.0, -10.0), 0.0, 1000).unwrap()
    }

    /// A stream's count depends on the time that passed, not on how it was cut into
    /// frames: 50 per second for 2 s is 100 particles at 60 fps or at 7 fps.
    #[test]
    fn a_stream_emits_by_frame_time() {
        let def = EmitterDef {
            rate: 50.0,
            ..EmitterDef::burst(Vec2::ZERO, 1.0, 2.0, 10.0)
        };
        for frames in [120, 14] {
            let (mut emitter, mut particles) = (Emitter::new(&def, 7).unwrap(), still_air());
            for _ in 0..frames {
                emitter.emit(2.0 / frames as f32, &mut particles);
            }
            assert!((99..=100).contains(&particles.len()), "{frames} frames");
        }
    }

    /// A particle falls as a thrown stone does, and is gone at the end of its life.
    #[test]
    fn particles_fall_and_die() {
        let mut particles = still_air();
        let def = EmitterDef {
            angle: std::f32::consts::FRAC_PI_2,
            spread: 0.0,
            ..EmitterDef::burst(Vec2::ZERO, 10.0, 10.0, 1.5)
        };
        Emitter::new(&def, 1).unwrap().burst(1, &mut particles);
        for _ in 0..60 {
            particles.update(1.0 / 60.0);
        }
        // After 1 s: y = 10·1 − 5·1² = 5 m, to within the frame-step error.
        let y = particles.iter().next().unwrap().position.y;
        assert!((y - 5.0).abs() < 0.1, "{y}");
        for _ in 0..31 {
            particles.update(1.0 / 60.0);
        }
        assert!(particles.is_empty());
    }

    #[test]
    fn bad_definitions_are_errors_and_capacity_caps() {
        let good = EmitterDef::burst(Vec2::ZERO, 1.0, 2.0, 1.0);
        for bad in [
            EmitterDef {
                lifetime: 0.0,
                ..good
            },
            EmitterDef {
                max_speed: 0.5,
                ..good
            },
            EmitterDef {
                rate: f32::NAN,
                ..good
            },
            EmitterDef {
                position: Vec2::new(f32::INFINITY, 0.0),
                ..good
            },
        ] {
            assert!(Emitter::new(&bad, 1).is_err(), "{bad:?}");
        }
        assert!(Particles::new(Vec2::ZERO, -1.0, 10).is_err());
        let mut emitter = Emitter::new(&good, 3).unwrap();
        assert!(emitter.set_position(Vec2::new(f32::NAN, 0.0)).is_err());
        assert_eq!(
            emitter.def(),
            &good,
            "a refused move leaves the emitter in place"
        );
        emitter.set_position(Vec2::ONE).unwrap();
        assert_eq!(emitter.def().position, Vec2::ONE);
        let mut particles = Particles::new(Vec2::ZERO, 0.0, 10).unwrap();
        Emitter::new(&good, 3).unwrap().burst(25, &mut particles);
        assert_eq!(particles.len(), 10);
    }
}
