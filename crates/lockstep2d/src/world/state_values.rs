//! What a decoded state must hold besides sound links: every value the calls that build
//! a world check, checked again, so that a snapshot written by another program (or
//! edited with its checksums mended) loads only a world the API could have made. A
//! settings block with four billion substeps would otherwise hang the first step, and
//! a NaN velocity or joint impulse spread to every body it touches.

use super::SimState;
use super::bounds;
use crate::body::{Body, BodyType};
use crate::collide::Manifold;
use crate::contact::Contact;
use crate::error::{Error, Result, check_finite, check_finite_vec, check_non_negative};
use crate::limits::{
    MAX_COEFFICIENT, MAX_COORDINATE, check_coefficient, check_speed, check_stored_point,
    check_velocity,
};
use crate::math::Vec2;
use crate::shape::MassData;

impl SimState {
    /// Checks the settings as `World::new` does, each body, shape and joint as creating
    /// it does, and every contact's stored values.
    pub fn check_values(&self) -> Result<()> {
        check_finite_vec("gravity", self.gravity)?;
        self.settings.validate()?;
        check_non_negative("hit_event_threshold", self.hit_event_threshold)?;
        bounds::validate(self.bounds)?;
        self.sleep.validate()?;
        check_non_negative("impulse_to_force", self.impulse_to_force)?;
        for body in self.bodies.values() {
            check_body(body)?;
            self.check_mass(body)?;
        }
        for (_, shape) in self.shapes.iter() {
            let on_dynamic = self.bodies.get(shape.body).is_some_and(Body::is_dynamic);
            shape.def.validate(on_dynamic)?;
            if shape.collider != shape.def.collider() {
                return Err(Error::InvalidValue {
                    field: "collider",
                    reason: "must be the one its geometry makes",
                });
            }
        }
        for character in &self.characters {
            let body = self
                .bodies
                .get(character.body)
                .expect("links checked first");
            let slot = body
                .shapes
                .iter(self.shapes.as_ref())
                .next()
                .expect("links checked first");
            let shape = &self.shapes.get(slot).expect("links checked first").def;
            character.check_values(shape)?;
        }
        for joint in self.joints.values() {
            joint.check_values()?;
        }
        for contact in &self.contacts.contacts {
            check_coefficient("friction", contact.friction)?;
            check_coefficient("restitution", contact.restitution)?;
            check_speed("tangent_speed", contact.tangent_speed)?;
            check_rolling_resistance(contact.rolling_resistance)?;
            check_manifold(&contact.manifold)?;
            self.check_one_way(contact)?;
        }
        Ok(())
    }
}

impl SimState {
    /// A contact is one-way exactly when one of its shapes is, as making it sets it: a
    /// forged flag would let a body through a solid wall, or rebuild a manifold every
    /// step that should be recycled.
    fn check_one_way(&self, contact: &Contact) -> Result<()> {
        let shape = |s: u32| &self.shapes.get(s).expect("links are checked first").def;
        if contact.one_way != (shape(contact.shape_a).one_way || shape(contact.shape_b).one_way) {
            return Err(Error::InvalidValue {
                field: "one_way",
                reason: "must be whether either of the contact's shapes is one-way",
            });
        }
        Ok(())
    }

    /// A body's mass, inertia, their inverses and its centre of mass are what its
    /// shapes give (what `World::create_shape` leaves), and a static body is still. A
    /// forged inverse inertia of 10³⁸ is finite, but spins the body to NaN in a step.
    fn check_mass(&self, body: &Body) -> Result<()> {
        let shapes = self.shapes.as_ref();
        let masses: Vec<MassData> = (body.shapes.iter(shapes))
            .map(|s| shapes.get(s).expect("links are checked first").def.mass())
            .collect();
        let mut expected = *body;
        expected.set_mass(&masses);
        let derived = |b: &Body| (b.mass, b.inv_mass, b.inertia, b.inv_inertia, b.local_center);
        if derived(&expected) != derived(body) {
            return Err(Error::InvalidValue {
                field: "mass",
                reason: "must be what the body's shapes give",
            });
        }
        if body.body_type == BodyType::Static && (body.v, body.w) != (Vec2::ZERO, 0.0) {
            return Err(Error::InvalidValue {
                field: "linear_velocity",
                reason: "a static body is still",
            });
        }
        Ok(())
    }
}

/// A body's pose, motion, forces and mass, as `BodyDef::validate` and the mass update
/// leave them: finite, and masses and dampings not negative.
fn check_body(body: &Body) -> Result<()> {
    check_stored_point("position", body.xf.p)?;
    check_stored_point("center", body.center)?;
    check_finite("rotation", body.xf.q.c)?;
    check_finite("rotation", body.xf.q.s)?;
    let rotation_length = body.xf.q.c * body.xf.q.c + body.xf.q.s * body.xf.q.s;
    if (rotation_length - 1.0).abs() > 1e-3 {
        return Err(Error::InvalidValue {
            field: "rotation",
            reason: "must be a unit rotation",
        });
    }
    check_velocity("linear_velocity", body.v)?;
    check_speed("angular_velocity", body.w)?;
    for (field, v) in [
        ("local_center", body.local_center),
        ("force", body.force),
        ("step_force", body.step_force),
    ] {
        check_finite_vec(field, v)?;
    }
    for (field, x) in [
        ("torque", body.torque),
        ("step_torque", body.step_torque),
        ("gravity_scale", body.gravity_scale),
    ] {
        check_finite(field, x)?;
    }
    for (field, x) in [
        ("mass", body.mass),
        ("inv_mass", body.inv_mass),
        ("inertia", body.inertia),
        ("inv_inertia", body.inv_inertia),
        ("linear_damping", body.linear_damping),
        ("angular_damping", body.angular_damping),
        ("sleep_time", body.sleep_time),
        ("extent", body.extent),
        ("min_extent", body.min_extent),
    ] {
        check_non_negative(field, x)?;
    }
    Ok(())
}

/// A manifold's normal is a unit vector (or zero with no points), its point count at
/// most two, and its points' anchors, separations and impulses finite.
fn check_manifold(manifold: &Manifold) -> Result<()> {
    if manifold.point_count > 2 {
        return Err(Error::InvalidValue {
            field: "point_count",
            reason: "must be at most 2",
        });
    }
    check_finite_vec("normal", manifold.normal)?;
    for point in manifold.points() {
        check_finite_vec("anchor_a", point.anchor_a)?;
        check_finite_vec("anchor_b", point.anchor_b)?;
        check_finite("separation", point.separation)?;
        check_finite("normal_impulse", point.normal_impulse)?;
        check_finite("tangent_impulse", point.tangent_impulse)?;
    }
    check_finite("rolling_impulse", manifold.rolling_impulse)
}

/// A contact's rolling resistance is a coefficient times a rounding radius, so at most
/// `MAX_COEFFICIENT · MAX_COORDINATE`.
fn check_rolling_resistance(x: f32) -> Result<()> {
    check_non_negative("rolling_resistance", x)?;
    if x > MAX_COEFFICIENT * MAX_COORDINATE {
        return Err(Error::InvalidValue {
            field: "rolling_resistance",
            reason: "must be at most MAX_COEFFICIENT · MAX_COORDINATE",
        });
    }
    Ok(())
}
