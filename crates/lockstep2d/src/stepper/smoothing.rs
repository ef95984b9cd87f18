//! Smooth poses for the renderer: the world moves in whole steps, the screen in frames,
//! and `alpha` says how far between two steps a frame falls.

use crate::error::Result;
use crate::id::BodyId;
use crate::math::{Rot, Transform, Vec2, atan2};
use crate::world::World;

/// How the pose shown to the renderer is derived from the steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Smoothing {
    /// The pose after the last step: motion judders when frames and steps do not align.
    None,
    /// Blend the previous and current step's poses by alpha: smooth, one step behind.
    #[default]
    Interpolate,
    /// Predict from the current pose and velocity: no lag, but wrong at impacts.
    Extrapolate,
}

/// A body's pose before the last step, with what identifies it as the same body in the
/// same place: its id (slot and generation) and its teleport count.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Previous {
    body: BodyId,
    pose_epoch: u32,
    xf: Transform,
}

/// The poses of moving bodies before the last step, by body slot.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct PoseHistory {
    previous: Vec<Option<Previous>>,
}

impl PoseHistory {
    /// Records every moving body's pose; call just before a step. Static bodies are
    /// skipped: their pose is their pose.
    pub fn capture(&mut self, world: &World) {
        for (body, pose_epoch, xf) in world.moving_poses() {
            let slot = body.index();
            if slot >= self.previous.len() {
                self.previous.resize(slot + 1, None);
            }
            self.previous[slot] = Some(Previous {
                body,
                pose_epoch,
                xf,
            });
        }
    }

    /// The pose before the last step, if it is still the same body and it has not
    /// been teleported (or created) since: then there is nothing to blend from.
    fn previous(&self, world: &World, body: BodyId) -> Result<Option<Transform>> {
        let epoch = world.pose_epoch(body)?;
        Ok(self
            .previous
            .get(body.index())
            .copied()
            .flatten()
            .filter(|p| p.body == body && p.pose_epoch == epoch)
            .map(|p| p.xf))
    }

    pub fn pose(
        &self,
        world: &World,
        body: BodyId,
        smoothing: Smoothing,
        alpha: f32,
        dt: f32,
    ) -> Result<Transform> {
        let current = world.transform(body)?;
        match smoothing {
            Smoothing::None => Ok(current),
            Smoothing::Interpolate => Ok(match self.previous(world, body)? {
                Some(previous) => interpolate(previous, current, alpha),
                None => current,
            }),
            Smoothing::Extrapolate => extrapolate(world, body, current, alpha * dt),
        }
    }
}

/// Blends two poses: position linearly, rotation by the signed angle between them, so
/// it turns the short way (179° to −179° passes through 180°, not 0°). At alpha = 0
/// the result is `from`, bit for bit.
pub fn interpolate(from: Transform, to: Transform, alpha: f32) -> Transform {
    if alpha == 0.0 {
        return from;
    }
    let turn = from.q.inv_mul(to.q);
    let delta = atan2(turn.s, turn.c);
    Transform {
        p: from.p + alpha * (to.p - from.p),
        q: Rot::from_angle(alpha * delta).compose(from.q),
    }
}

/// Moves the pose on by its velocities for `lead` seconds: the centre of mass along
/// its velocity, the rotation by ω·lead about that centre.
fn extrapolate(world: &World, body: BodyId, current: Transform, lead: f32) -> Result<Transform> {
    let center = world.center_of_mass(body)?;
    let local_center = current.inv_apply(center);
    let v = world.linear_velocity(body)?;
    let w = world.angular_velocity(body)?;
    let q = Rot::from_angle(w * lead).compose(current.q);
    let new_center: Vec2 = center + lead * v;
    Ok(Transform {
        p: new_center - q.rotate(local_center),
        q,
    })
}
