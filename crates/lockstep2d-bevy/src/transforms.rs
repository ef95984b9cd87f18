//! Bodies' `Transform`s: the last step's pose while game logic runs (after each step,
//! and again at the start of every frame), the smoothed pose for drawing (once a frame,
//! before transform propagation). Game logic reading a body's `Transform` so sees the
//! same values on every run and every peer, whatever the frame rate.

use bevy_ecs::prelude::*;
use bevy_math::prelude::*;
use bevy_transform::prelude::*;
use lockstep2d::{Rot, Transform as Pose};

use crate::components::PhysicsBody;
use crate::physics::Physics;

/// Every body's `Transform` at its smoothed pose; z and scale are the entity's own.
pub(crate) fn write_smoothed_poses(
    physics: Res<Physics>,
    mut bodies: Query<(&PhysicsBody, &mut Transform)>,
) {
    for (body, mut transform) in &mut bodies {
        // A body the engine removed (out of bounds) is left where it was drawn.
        if let Ok(pose) = physics.smoothed_pose(body.0) {
            place(&mut transform, pose);
        }
    }
}

/// The bodies' `Transform`s, kept from one write to the next: a query made afresh is
/// matched against every archetype again.
#[derive(Resource)]
pub(crate) struct BodyTransforms(QueryState<(&'static PhysicsBody, &'static mut Transform)>);

impl FromWorld for BodyTransforms {
    fn from_world(world: &mut World) -> Self {
        BodyTransforms(world.query())
    }
}

/// Every body's `Transform` at the last step's pose.
pub(crate) fn write_step_poses(world: &mut World) {
    // Made at the first write, once every plugin has registered its components that
    // disable entities: a query takes the world's default filters when it is made.
    world.init_resource::<BodyTransforms>();
    world.resource_scope(|world, mut bodies: Mut<BodyTransforms>| {
        world.resource_scope(|world, physics: Mut<Physics>| {
            for (body, mut transform) in bodies.0.iter_mut(world) {
                if let Ok(pose) = physics.world().transform(body.0) {
                    place(&mut transform, pose);
                }
            }
        });
    });
}

/// `pose` in `transform`: x, y and the turn about z; z and scale are left alone.
fn place(transform: &mut Transform, pose: Pose) {
    transform.translation.x = pose.p.x;
    transform.translation.y = pose.p.y;
    transform.rotation = turn_about_z(pose.q);
}

/// The quaternion (0, 0, sin θ/2, cos θ/2) of a turn θ in (−π, π], from its cosine and
/// sine by the half-angle formulas: square roots and divisions only, which IEEE
/// arithmetic rounds alike everywhere, where a sine of the platform's would not. The
/// larger of the two halves comes from its square root, the other from sin θ.
fn turn_about_z(q: Rot) -> Quat {
    if q.c >= 0.0 {
        let w = (0.5 * (1.0 + q.c)).sqrt();
        Quat::from_xyzw(0.0, 0.0, q.s / (2.0 * w), w)
    } else {
        let half = (0.5 * (1.0 - q.c)).sqrt();
        let z = if q.s < 0.0 { -half } else { half };
        Quat::from_xyzw(0.0, 0.0, z, q.s / (2.0 * z))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_about_z_match_the_angle_and_go_back_to_it() {
        for step in -180..=180 {
            let angle = step as f32 * std::f32::consts::PI / 180.0;
            let q = turn_about_z(Rot::from_angle(angle));
            let expected = Quat::from_rotation_z(angle);
            // The same turn (a quaternion and its negation are one turn), unit length.
            assert!(
                q.dot(expected).abs() > 1.0 - 1e-6,
                "{angle}: {q} vs {expected}"
            );
            assert!((q.length() - 1.0).abs() < 1e-6);
            // And the plugin reads the angle back from it as it places new bodies.
            let back = 2.0 * lockstep2d::math::atan2(q.z, q.w);
            let turn = Rot::from_angle(back).inv_mul(Rot::from_angle(angle));
            assert!(
                turn.s.abs() < 1e-5 && turn.c > 0.0,
                "{angle} came back as {back}"
            );
        }
    }
}
