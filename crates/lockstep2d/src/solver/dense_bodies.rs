//! What the soft step reads of the bodies, copied into small dense arrays in one pass at
//! the start of a step.
//!
//! A body is a large struct (shapes, forces, sleep state); preparing 15,000 contacts or
//! integrating 5,000 bodies four times a step through it walks far more memory than the
//! few numbers needed. One sequential pass fills these instead, and the hot loops read
//! only them.

use super::integrate::Kick;
use crate::body::{Body, BodyType};
use crate::constraint::BodyInfo;
use crate::id::Slots;
use crate::math::Vec2;

/// The dense copies, kept between steps so a warm world does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct DenseBodies {
    /// One per body slot.
    pub info: Vec<BodyInfo>,
    /// Simulated bodies, in slot order.
    pub kicks: Vec<Kick>,
    /// Bodies whose pose the step advances (awake and not static), in slot order.
    pub movers: Vec<u32>,
    /// The simulated bodies' extents, for spotting a fast one after the solve.
    pub extents: Vec<Extents>,
}

/// How far a simulated body reaches, read by the test for a fast body.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extents {
    pub index: u32,
    /// `Body::extent`: the farthest reach from the centre of mass.
    pub max: f32,
    /// `Body::min_extent`.
    pub min: f32,
}

impl DenseBodies {
    /// Fills the arrays for a step of substeps `h` under `gravity`. User and controller
    /// forces act through every substep of the step.
    pub fn load(&mut self, bodies: &Slots<Body>, gravity: Vec2, h: f32) {
        self.info.clear();
        self.info.resize(bodies.capacity(), BodyInfo::default());
        self.kicks.clear();
        self.movers.clear();
        self.extents.clear();
        for (index, body) in bodies.iter() {
            // A sleeping body is in no constraint of the step (one an active body
            // touches was woken before the solve) and does not move: its entry stays
            // the default, not simulated and at rest.
            if body.is_dynamic() && !body.awake {
                continue;
            }
            let simulated = body.is_simulated();
            let (inv_mass, inv_inertia) = if simulated {
                (body.inv_mass, body.inv_inertia)
            } else {
                (0.0, 0.0)
            };
            let info = &mut self.info[index as usize];
            *info = BodyInfo {
                simulated,
                inv_mass,
                inv_inertia,
                v: body.v,
                w: body.w,
                center_offset: body.xf.q.rotate(body.local_center),
                kick_dv: Vec2::ZERO,
            };
            if body.body_type != BodyType::Static && body.awake {
                self.movers.push(index);
            }
            if simulated {
                let kick = Kick::new(index, body, gravity, h);
                info.kick_dv = kick.dv;
                self.kicks.push(kick);
                self.extents.push(Extents {
                    index,
                    max: body.extent,
                    min: body.min_extent,
                });
            }
        }
    }
}
