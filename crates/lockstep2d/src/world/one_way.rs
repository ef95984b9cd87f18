//! One-way platforms: which contacts with a one-way shape hold, and which let the other
//! shape through.
//!
//! A contact with a one-way shape is open (`Contact::passing`: its manifold emptied, so
//! nothing pushes and nothing is reported) unless the other shape came at the platform
//! from its front: on first touching, the normal from the platform must lean to its
//! front and no point may be deeper than `ENTRY_DEPTH`. An open contact stays open
//! while the shapes overlap, so a body jumping up through a platform is not caught
//! half-way; it closes again once the shape is clear in front (landing on the platform
//! it has just passed) or the shapes part. A body set to drop through
//! (`World::set_drop_through`) opens every such contact it has.
//!
//! The flag lives on the contact, in the world's state, so a snapshot, a rollback or a
//! replay carries it; it is decided from the contact's own shapes and bodies alone, so
//! the narrow phase may decide it on any thread.

use crate::LINEAR_SLOP;
use crate::body::Body;
use crate::contact::Contact;
use crate::shape::Shape;

/// How deep a shape may already be in a platform when it first touches it and still
/// stand on it: a body arriving from the front is stopped by a speculative contact
/// before it sinks in, so anything deeper came through.
const ENTRY_DEPTH: f32 = 3.0 * LINEAR_SLOP;

/// Opens or closes `contact` (whose manifold was just rebuilt) if one of its shapes is a
/// one-way platform, emptying the manifold of an open one. `was_touching` says whether
/// it held last step.
pub(super) fn gate(
    contact: &mut Contact,
    (shape_a, shape_b): (&Shape, &Shape),
    (body_a, body_b): (&Body, &Body),
    was_touching: bool,
) {
    // The platform, its body, the other body, and the sign that turns the manifold's
    // normal (from A to B) into one from the platform to the other shape.
    let (platform, platform_body, other, sign) = if shape_a.def.one_way {
        (shape_a, body_a, body_b, 1.0)
    } else if shape_b.def.one_way {
        (shape_b, body_b, body_a, -1.0)
    } else {
        return;
    };
    let manifold = &mut contact.manifold;
    if manifold.point_count == 0 {
        contact.passing = false;
        return;
    }
    let (_, front) = platform
        .def
        .geometry
        .front()
        .expect("only segments and chain links are one-way");
    let front = platform_body.xf.q.rotate(front);
    let in_front = sign * manifold.normal.dot(front) > 0.0
        && manifold
            .points()
            .iter()
            .all(|p| p.separation >= -ENTRY_DEPTH);
    // Last step's manifold was empty if the contact was open, so it held only if closed.
    contact.passing = other.drop_through || !(was_touching || in_front);
    if contact.passing {
        manifold.point_count = 0;
    }
}
