//! Explosions, in Box2D v3's model: every shape within reach is pushed straight away
//! from the centre by an impulse proportional to how much of it faces the blast (its
//! width across the direction to the centre), at full strength within `radius` and
//! fading linearly to nothing over `falloff` beyond it.

use super::{SimState, World};
use crate::body::Body;
use crate::broadphase::ProxyFilter;
use crate::collide::{Core, closest_points};
use crate::error::{Result, check_finite};
use crate::limits::{check_distance, check_point};
use crate::math::{Aabb, Vec2};
use crate::shape::Shape;

/// An explosion, in Box2D v3's model: every shape within reach is pushed straight away
/// from the centre by an impulse proportional to how much of it faces the blast (its
/// width across the direction to the centre), at full strength within `radius` and
/// fading linearly to nothing over `falloff` beyond it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExplosionDef {
    /// The centre (world).
    pub position: Vec2,
    /// Within this distance (m) of the centre a shape gets the full impulse.
    pub radius: f32,
    /// Beyond `radius` the impulse fades to zero over this distance (m).
    pub falloff: f32,
    /// Impulse (N·s) per metre of a shape's width facing the blast; negative pulls in.
    pub impulse_per_length: f32,
    /// The categories of shapes it pushes.
    pub mask: u64,
}

impl ExplosionDef {
    /// An explosion at `position` pushing every category.
    pub fn new(position: Vec2, radius: f32, falloff: f32, impulse_per_length: f32) -> Self {
        ExplosionDef {
            position,
            radius,
            falloff,
            impulse_per_length,
            mask: u64::MAX,
        }
    }

    fn validate(&self) -> Result<()> {
        check_point("position", self.position)?;
        check_distance("radius", self.radius)?;
        check_distance("falloff", self.falloff)?;
        check_finite("impulse_per_length", self.impulse_per_length)
    }
}

impl World {
    /// Pushes the dynamic bodies around `def.position` (see `ExplosionDef`), waking them.
    /// Shapes are visited in slot order, so the result is the same on every run; sensors
    /// and disabled bodies are not pushed.
    pub fn explode(&mut self, def: &ExplosionDef) -> Result<()> {
        def.validate()?;
        let reach = def.radius + def.falloff;
        let area = Aabb {
            min: def.position - Vec2::splat(reach),
            max: def.position + Vec2::splat(reach),
        };
        let filter = ProxyFilter {
            category: u64::MAX,
            mask: def.mask,
        };
        let mut found = Vec::new();
        self.state.broadphase.visit_box(&area, filter, |shape| {
            found.push(shape);
            true
        });
        found.sort_unstable();
        let blasts: Vec<_> = found
            .iter()
            .filter_map(|&s| self.blast_on(def, s))
            .collect();
        // Tried on copies first: a blast that would make any velocity infinite is
        // refused whole, changing nothing.
        let mut pushed: Vec<(u32, Body)> = Vec::with_capacity(blasts.len());
        for &(index, impulse, point) in &blasts {
            let slot = pushed.iter().position(|(i, _)| *i == index);
            let body = match slot {
                Some(slot) => &mut pushed[slot].1,
                None => {
                    pushed.push((index, *self.body(index)));
                    &mut pushed.last_mut().expect("just pushed").1
                }
            };
            body.apply_impulse(impulse, point, 0.0)?;
        }
        for (index, body) in pushed {
            self.wake_island(index);
            let target = self.body_at_mut(index);
            (target.v, target.w) = (body.v, body.w);
        }
        Ok(())
    }

    /// The body, impulse and point of application the blast gives shape `index`, if any.
    fn blast_on(&self, def: &ExplosionDef, index: u32) -> Option<(u32, Vec2, Vec2)> {
        let SimState { shapes, bodies, .. } = &self.state;
        let shape: &Shape = shapes.get(index).expect("the trees list live shapes");
        let body = bodies.get(shape.body).expect("shapes name live bodies");
        if !body.is_dynamic()
            || shape.def.is_sensor
            || shape.def.filter.category_bits & def.mask == 0
        {
            return None;
        }
        let core = Core::of(&shape.collider).placed(body.xf);
        let (_, on_core, gap) = closest_points(&Core::disc(def.position, 0.0), &core);
        let distance = gap.length() - core.radius;
        if distance > def.radius + def.falloff {
            return None;
        }
        // Inside the shape there is no nearest surface point: push at its centroid.
        let point = if distance > 0.0 {
            on_core - core.radius * gap / gap.length()
        } else {
            body.xf.apply(shape.collider.centroid())
        };
        let direction = (point - def.position).try_normalize().unwrap_or(Vec2::X);
        let facing = shape.collider.width_across(body.xf.q.inv_rotate(direction));
        let scale = if distance > def.radius && def.falloff > 0.0 {
            ((def.radius + def.falloff - distance) / def.falloff).clamp(0.0, 1.0)
        } else {
            1.0
        };
        let impulse = (def.impulse_per_length * facing * scale) * direction;
        Some((shape.body, impulse, point))
    }
}
